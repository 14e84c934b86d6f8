import { describe, expect, it } from 'vitest';
import { businessHoursOf, storeDayStatus } from './completeness.ts';
import { businessMinutes, cutsShort, elapsedCut, elapsedPartOf, partialBuckets } from './like-for-like.ts';

const shanghai = { timeZone: 'Asia/Shanghai', businessHours: '10:00-22:00' };
const week = { startDate: '2026-03-09', endDate: '2026-03-15' };

describe('like for like: the elapsed part of a running range', () => {
  it('cuts a running range at the passed hours of its running day (14:30 in Shanghai)', () => {
    const at = new Date('2026-03-11T06:30:00Z');
    const cut = elapsedCut(week, shanghai, at, 'hour');
    expect(cut).toEqual({ days: 2, hour: 14, fraction: 0.5 });
    expect(cut && elapsedPartOf({ startDate: '2026-03-02', endDate: '2026-03-08' }, cut)).toEqual({
      wholeDays: { startDate: '2026-03-02', endDate: '2026-03-03' },
      partialDay: { date: '2026-03-04', hour: 14, fraction: 0.5 },
    });
    // Sales lag a day: only whole days count.
    expect(elapsedCut(week, shanghai, at, 'day')).toEqual({ days: 2, hour: null, fraction: 0 });
    // A range that is over is not cut.
    expect(elapsedCut({ startDate: '2026-03-02', endDate: '2026-03-08' }, shanghai, at, 'hour')).toBeNull();
    expect(cutsShort(week, cut)).toBe(true);
  });

  it('counts a day whole once the shop has closed and not at all before it opens', () => {
    const today = { startDate: '2026-03-11', endDate: '2026-03-11' };
    // 23:00 in Shanghai: closed at 22:00, the day is whole (nothing is cut).
    const late = elapsedCut(today, shanghai, new Date('2026-03-11T15:00:00Z'), 'hour');
    expect(late).toEqual({ days: 1, hour: null, fraction: 0 });
    expect(cutsShort(today, late)).toBe(false);
    // 08:00: not open yet, nothing of today counts.
    expect(elapsedCut(today, shanghai, new Date('2026-03-11T00:00:00Z'), 'hour')).toEqual({ days: 0, hour: null, fraction: 0 });
    // Unreadable or overnight hours: the clock alone decides.
    expect(elapsedCut(today, { timeZone: 'Asia/Shanghai', businessHours: '20:00-02:00' }, new Date('2026-03-11T15:00:00Z'), 'hour')).toEqual({
      days: 0,
      hour: 23,
      fraction: 0,
    });
    expect(businessMinutes('09:30-21:00')).toEqual([570, 1260]);
    expect(businessMinutes('late')).toBeNull();
  });

  it("follows each shop's own time zone (Sydney is three hours ahead of Shanghai)", () => {
    const at = new Date('2026-03-11T06:30:00Z');
    expect(elapsedCut(week, { timeZone: 'Australia/Sydney', businessHours: '10:00-22:00' }, at, 'hour')).toEqual({ days: 2, hour: 17, fraction: 0.5 });
  });
});

describe('partial buckets', () => {
  it('marks the running hour, day, week and month, and weeks and months the range holds only part of', () => {
    const range = { startDate: '2026-02-25', endDate: '2026-03-11' };
    const now = [{ date: '2026-03-11', hour: 14 }];
    expect(Object.fromEntries(partialBuckets('week', range, now))).toEqual({ '2026-02-23': 'edge', '2026-03-09': 'running' });
    expect(Object.fromEntries(partialBuckets('month', range, now))).toEqual({ '2026-02': 'edge', '2026-03': 'running' });
    expect(Object.fromEntries(partialBuckets('day', range, now))).toEqual({ '2026-03-11': 'running' });
    expect(Object.fromEntries(partialBuckets('hour', { startDate: '2026-03-11', endDate: '2026-03-11' }, now))).toEqual({ '2026-03-11T14': 'running' });
    // A range that ended before today: only its edges.
    expect(Object.fromEntries(partialBuckets('day', { startDate: '2026-03-01', endDate: '2026-03-07' }, now))).toEqual({});
  });
});

describe('store-day status', () => {
  it('is missing without reports, incomplete with a silent passed business hour, complete otherwise', () => {
    const open = businessHoursOf('10:00-22:00');
    expect(open).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
    expect(storeDayStatus(new Set(), open)).toBe('missing');
    expect(storeDayStatus(new Set(open.filter((hour) => hour !== 15)), open)).toBe('incomplete');
    expect(storeDayStatus(new Set(open), open)).toBe('complete');
    // The running day at 14:xx: hours 10-13 are due.
    expect(storeDayStatus(new Set([10, 11, 12, 13]), open, 14)).toBe('complete');
    expect(storeDayStatus(new Set([10, 11]), open, 14)).toBe('incomplete');
    // Before opening nothing is due: not missing.
    expect(storeDayStatus(new Set(), open, 7)).toBe('complete');
    expect(businessHoursOf('09:30-21:15')).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
  });
});
