import { describe, expect, it } from 'vitest';
import { daysOf, monthPlan, yearPlan } from './period-plan.ts';

/** The sum a plan reads, as a multiset of dates: each period's days counted with its sign. */
function datesRead(plan: { plus: string[]; minus: string[] }): Map<string, number> {
  const counted = new Map<string, number>();
  const daysOfPeriod = (period: string) =>
    period.length === 10
      ? [period]
      : period.length === 7
        ? daysOf({
            startDate: `${period}-01`,
            endDate: new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5, 7)), 0)).toISOString().slice(0, 10),
          })
        : daysOf({ startDate: `${period}-01-01`, endDate: `${period}-12-31` });
  for (const [periods, sign] of [
    [plan.plus, 1],
    [plan.minus, -1],
  ] as const)
    for (const period of periods) for (const day of daysOfPeriod(period)) counted.set(day, (counted.get(day) ?? 0) + sign);
  for (const [day, count] of counted) if (count === 0) counted.delete(day);
  return counted;
}

describe('period plans', () => {
  it('reads a range as whole months and the fewest days added or taken away', () => {
    const days = (from: number, to: number, month = '2026-06') =>
      Array.from({ length: to - from + 1 }, (_, i) => `${month}-${String(from + i).padStart(2, '0')}`);
    expect(monthPlan('2026-05-01', '2026-05-03')).toEqual({ plus: ['2026-05-01', '2026-05-02', '2026-05-03'], minus: [] });
    expect(monthPlan('2026-04-30', '2026-06-01')).toEqual({ plus: ['2026-04-30', '2026-05', '2026-06-01'], minus: [] });
    expect(monthPlan('2026-09-01', '2026-11-29')).toEqual({ plus: ['2026-09', '2026-10', '2026-11'], minus: ['2026-11-30'] });
    expect(monthPlan('2026-06-01', '2026-06-10')).toEqual({ plus: days(1, 10), minus: [] });
    expect(monthPlan('2026-01-20', '2026-03-02')).toEqual({ plus: [...days(20, 31, '2026-01'), '2026-02', '2026-03-01', '2026-03-02'], minus: [] });
    // A year to yesterday: two days of the first month, whole months, the last month less today and the day after.
    const year = monthPlan('2025-11-29', '2026-11-28');
    expect(year.plus.filter((period) => period.length === 10)).toEqual(['2025-11-29', '2025-11-30']);
    expect(year.plus.filter((period) => period.length === 7)).toHaveLength(12);
    expect(year.minus).toEqual(['2026-11-29', '2026-11-30']);
    // February of a leap year, less its first day.
    expect(monthPlan('2028-02-02', '2028-02-29')).toEqual({ plus: ['2028-02'], minus: ['2028-02-01'] });
  });

  it('with years, reads a year row less what lies outside the range when that is fewer', () => {
    // The same year to yesterday: the first month's days and the next month, then this year less this
    // month's days from today and the month to come.
    expect(yearPlan('2025-11-29', '2026-11-28')).toEqual({
      plus: ['2025-11-29', '2025-11-30', '2025-12', '2026'],
      minus: ['2026-11-29', '2026-11-30', '2026-12'],
    });
    expect(yearPlan('2026-01-01', '2026-12-31')).toEqual({ plus: ['2026'], minus: [] });
    // A year less January and its first week of February, or a short range: months and days are fewer.
    expect(yearPlan('2026-02-08', '2026-12-31')).toEqual({
      plus: ['2026'],
      minus: ['2026-01', '2026-02-01', '2026-02-02', '2026-02-03', '2026-02-04', '2026-02-05', '2026-02-06', '2026-02-07'],
    });
    expect(yearPlan('2026-06-10', '2026-06-12')).toEqual({ plus: ['2026-06-10', '2026-06-11', '2026-06-12'], minus: [] });
  });

  it('sums to exactly the range, every day once, for ranges across months, years and leap days', () => {
    let seed = 20261129;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const day = (offset: number) => new Date(Date.UTC(2024, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
    for (let round = 0; round < 300; round += 1) {
      const start = Math.floor(random() * 900);
      const range = { startDate: day(start), endDate: day(start + Math.floor(random() * 400)) };
      const expected = new Map(daysOf(range).map((date) => [date, 1]));
      expect(datesRead(monthPlan(range.startDate, range.endDate)), JSON.stringify(range)).toEqual(expected);
      expect(datesRead(yearPlan(range.startDate, range.endDate)), JSON.stringify(range)).toEqual(expected);
    }
  });
});
