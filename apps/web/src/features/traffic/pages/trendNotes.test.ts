import type { TrendResponse } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { datesOfPeriod, type TrendNoteTexts, trendNotes } from './trendNotes.ts';

const texts: TrendNoteTexts = {
  holiday: (names) => `Holiday: ${names}`,
  event: (names) => `Event: ${names}`,
  weather: (cities) => `Weather: ${cities}`,
  condition: (condition) => condition,
  precipitation: (mm) => `${mm} mm`,
  more: (count) => `+${count} more`,
};

const weather = (date: string, cityName: string, condition: 'sunny' | 'rain', shopCount: number) => ({
  date,
  country: 'KR',
  city: cityName,
  cityName,
  condition,
  highC: 12,
  lowC: 4,
  precipitationMm: condition === 'rain' ? 8 : 0,
  shopCount,
  source: 'demo',
});

const trend = (granularity: TrendResponse['granularity'], keys: string[]): TrendResponse =>
  ({
    granularity,
    points: keys.map((key) => ({ key, values: { entries: 1 } })),
    holidays: [
      { date: '2026-12-25', name: 'Christmas', country: 'AU' },
      { date: '2026-12-25', name: 'Christmas', country: 'KR' },
      { date: '2026-12-25', name: 'Weihnachten', country: 'DE' },
    ],
    calendarEvents: [{ eventId: 'e1', name: 'Winter sale', startDate: '2026-12-24', endDate: '2026-12-26' }],
    weather: [weather('2026-12-25', 'Shanghai', 'sunny', 2), weather('2026-12-25', 'Seoul', 'rain', 5)],
  }) as TrendResponse;

describe('trend tooltip notes', () => {
  it("name a day's holidays with their countries, its events and its cities' weather, biggest city first", () => {
    const notes = trendNotes(trend('day', ['2026-12-24', '2026-12-25', '2026-12-27']), texts);
    expect(notes.get('2026-12-25')).toEqual([
      'Holiday: Christmas (AU, KR), Weihnachten (DE)',
      'Event: Winter sale',
      'Weather: Seoul rain 8 mm 4~12°C, Shanghai sunny 4~12°C',
    ]);
    expect(notes.get('2026-12-24')).toEqual(['Event: Winter sale']);
    expect(notes.has('2026-12-27')).toBe(false);
  });

  it('give every hour its day’s notes, and a week its holidays and events but no weather', () => {
    expect(trendNotes(trend('hour', ['2026-12-25T10']), texts).get('12-25 10:00')?.[0]).toBe('Holiday: Christmas (AU, KR), Weihnachten (DE)');
    expect(trendNotes(trend('week', ['2026-12-21']), texts).get('2026-12-21')).toEqual(['Holiday: Christmas (AU, KR), Weihnachten (DE)', 'Event: Winter sale']);
  });

  it('cover the days of a week from Monday and of a month', () => {
    expect(datesOfPeriod('2026-12-21', 'week')).toHaveLength(7);
    expect(datesOfPeriod('2026-02', 'month').at(-1)).toBe('2026-02-28');
  });
});
