import { describe, expect, it } from 'vitest';
import {
  differsFromViewer,
  formatDate,
  formatDateTime,
  formatHour,
  formatTime,
  instantOfWallClock,
  latestLocalDate,
  NO_TIME,
  wallClockIn,
  zoneName,
  zoneOffsetMinutes,
} from './dateTime.ts';

const AT = '2026-11-24T06:47:52Z';
const SHANGHAI = { viewerTimeZone: 'Asia/Shanghai' };

describe('one format per language', () => {
  it('writes dates, date-times and times ISO-like and 24-hour in every language', () => {
    for (const locale of ['zh', 'en', 'kr', 'jp'] as const) {
      expect(formatDate(AT, locale, { timeZone: 'Asia/Shanghai' })).toBe('2026-11-24');
      expect(formatDateTime(AT, locale, { ...SHANGHAI, timeZone: 'Asia/Shanghai' })).toBe('2026-11-24 14:47');
      expect(formatTime(AT, locale, { ...SHANGHAI, timeZone: 'Asia/Shanghai' })).toBe('14:47');
      expect(formatHour(9, locale)).toBe('09:00');
    }
  });

  it('adds seconds only when asked', () => {
    expect(formatDateTime(AT, 'en', { ...SHANGHAI, timeZone: 'Asia/Shanghai', seconds: true })).toBe('2026-11-24 14:47:52');
    expect(formatTime(AT, 'en', { ...SHANGHAI, timeZone: 'Asia/Shanghai', seconds: true })).toBe('14:47:52');
  });

  it('writes midnight as 00, never 24', () => {
    expect(formatDateTime('2026-11-24T16:00:00Z', 'en', { ...SHANGHAI, timeZone: 'Asia/Shanghai' })).toBe('2026-11-25 00:00');
  });

  it('shows -- for nothing or a value that is no time', () => {
    expect(formatDateTime(null, 'en')).toBe(NO_TIME);
    expect(formatDateTime(undefined, 'zh')).toBe(NO_TIME);
    expect(formatDateTime('', 'en')).toBe(NO_TIME);
    expect(formatDate('not a time', 'jp')).toBe(NO_TIME);
  });

  it('keeps a calendar day as it is, whatever the viewer’s zone', () => {
    expect(formatDate('2026-11-24', 'kr')).toBe('2026-11-24');
  });

  it('accepts Date objects and epoch milliseconds', () => {
    const date = new Date(AT);
    expect(formatDateTime(date, 'en', { ...SHANGHAI, timeZone: 'Asia/Shanghai' })).toBe('2026-11-24 14:47');
    expect(formatDateTime(date.getTime(), 'en', { ...SHANGHAI, timeZone: 'Asia/Shanghai' })).toBe('2026-11-24 14:47');
  });
});

describe("a store's time zone", () => {
  it("writes the store's clock and names its zone when it differs from the viewer's", () => {
    expect(formatDateTime(AT, 'en', { ...SHANGHAI, timeZone: 'Asia/Seoul' })).toBe('2026-11-24 15:47 (South Korea Time UTC+09:00)');
    expect(formatDateTime(AT, 'zh', { ...SHANGHAI, timeZone: 'Asia/Seoul' })).toBe('2026-11-24 15:47 (韩国时间 UTC+09:00)');
    expect(formatTime(AT, 'jp', { ...SHANGHAI, timeZone: 'Australia/Sydney' })).toBe('17:47 (シドニー時間 UTC+11:00)');
  });

  it('names no zone whose clock reads the same as the viewer’s (Kuala Lumpur seen from Shanghai)', () => {
    expect(formatDateTime(AT, 'en', { ...SHANGHAI, timeZone: 'Asia/Kuala_Lumpur' })).toBe('2026-11-24 14:47');
    expect(differsFromViewer('Asia/Kuala_Lumpur', new Date(AT), 'Asia/Shanghai')).toBe(false);
    expect(differsFromViewer('Asia/Tokyo', new Date(AT), 'Asia/Shanghai')).toBe(true);
  });

  it('follows daylight saving (Sydney +11 in November, +10 in June)', () => {
    expect(zoneOffsetMinutes('Australia/Sydney', new Date(AT))).toBe(660);
    expect(zoneOffsetMinutes('Australia/Sydney', new Date('2026-06-01T00:00:00Z'))).toBe(600);
    expect(zoneName('Asia/Ho_Chi_Minh', 'kr', new Date(AT))).toMatch(/UTC\+07:00$/);
  });

  it('falls back to the viewer’s zone for a zone it does not know', () => {
    expect(formatDateTime(AT, 'en', { ...SHANGHAI, timeZone: 'Mars/Olympus' })).toMatch(/^2026-11-24 \d{2}:47$/);
  });
});

describe("the stores' today", () => {
  it("is the latest of the stores' days: Seoul's new day from 15:00 UTC, while Kuala Lumpur's is still the old one", () => {
    expect(latestLocalDate(['Asia/Kuala_Lumpur', 'Asia/Seoul'], Date.parse('2026-11-29T14:59:00Z'))).toBe('2026-11-29');
    expect(latestLocalDate(['Asia/Kuala_Lumpur', 'Asia/Seoul'], Date.parse('2026-11-29T15:00:00Z'))).toBe('2026-11-30');
    expect(latestLocalDate(['Asia/Kuala_Lumpur'], Date.parse('2026-11-29T15:00:00Z'))).toBe('2026-11-29');
  });
});

describe("a picker on a store's clock", () => {
  const fields = (date: Date) => [date.getFullYear(), date.getMonth() + 1, date.getDate(), date.getHours(), date.getMinutes(), date.getSeconds()];

  it("shows an instant as the store's wall clock, whatever the browser's zone, and reads it back", () => {
    // 06:47:52 UTC is 14:47:52 in Shanghai and 17:47:52 in Sydney (+11 in November).
    expect(fields(wallClockIn(Date.parse(AT), 'Asia/Shanghai'))).toEqual([2026, 11, 24, 14, 47, 52]);
    expect(fields(wallClockIn(Date.parse(AT), 'Australia/Sydney'))).toEqual([2026, 11, 24, 17, 47, 52]);
    for (const zone of ['Asia/Shanghai', 'Australia/Sydney', 'America/New_York', 'Europe/London']) {
      expect(new Date(instantOfWallClock(wallClockIn(Date.parse(AT), zone), zone)).toISOString()).toBe('2026-11-24T06:47:52.000Z');
    }
  });

  it('reads a wall clock on either side of a daylight-saving change with that day’s offset', () => {
    // Sydney: 09:00 on 3 October is +10 (23:00 UTC the day before); on 5 October +11.
    expect(new Date(instantOfWallClock(new Date(2026, 9, 3, 9, 0, 0), 'Australia/Sydney')).toISOString()).toBe('2026-10-02T23:00:00.000Z');
    expect(new Date(instantOfWallClock(new Date(2026, 9, 5, 9, 0, 0), 'Australia/Sydney')).toISOString()).toBe('2026-10-04T22:00:00.000Z');
  });
});
