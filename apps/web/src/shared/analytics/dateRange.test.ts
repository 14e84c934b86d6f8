import { RANGE_LIMITS, translateMessage } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { DATE_PRESETS, maxDaysFor, presetRange, rangeLength, rangeProblem, rangeProblemMessage } from './dateRange.ts';

// 2026-11-18 is a Wednesday in the year's fourth quarter.
const TODAY = '2026-11-18';

describe('date presets', () => {
  it.each([
    ['today', '2026-11-18', '2026-11-18'],
    ['thisWeek', '2026-11-16', '2026-11-18'],
    ['lastWeek', '2026-11-09', '2026-11-15'],
    ['last7Days', '2026-11-12', '2026-11-18'],
    ['thisMonth', '2026-11-01', '2026-11-18'],
    ['lastMonth', '2026-10-01', '2026-10-31'],
    ['thisQuarter', '2026-10-01', '2026-11-18'],
    ['thisYear', '2026-01-01', '2026-11-18'],
  ] as const)('%s is %s to %s', (preset, startDate, endDate) => {
    expect(presetRange(preset, TODAY)).toEqual({ startDate, endDate });
  });

  it('weeks start on Monday, also on a Sunday and on a Monday', () => {
    // 2026-11-22 is a Sunday: its week began on Monday the 16th.
    expect(presetRange('thisWeek', '2026-11-22')).toEqual({ startDate: '2026-11-16', endDate: '2026-11-22' });
    expect(presetRange('thisWeek', '2026-11-16')).toEqual({ startDate: '2026-11-16', endDate: '2026-11-16' });
    expect(presetRange('lastWeek', '2026-11-16')).toEqual({ startDate: '2026-11-09', endDate: '2026-11-15' });
  });

  it('last month and this quarter cross the year boundary', () => {
    expect(presetRange('lastMonth', '2026-01-10')).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
    expect(presetRange('thisQuarter', '2026-03-31')).toEqual({ startDate: '2026-01-01', endDate: '2026-03-31' });
    expect(presetRange('thisQuarter', '2026-07-01')).toEqual({ startDate: '2026-07-01', endDate: '2026-07-01' });
  });

  it('same period last year moves the current range back one year (29 February becomes 28)', () => {
    expect(presetRange('samePeriodLastYear', TODAY, { startDate: '2026-11-01', endDate: '2026-11-18' })).toEqual({
      startDate: '2025-11-01',
      endDate: '2025-11-18',
    });
    expect(presetRange('samePeriodLastYear', '2028-03-01', { startDate: '2028-02-29', endDate: '2028-03-01' })).toEqual({
      startDate: '2027-02-28',
      endDate: '2027-03-01',
    });
    expect(presetRange('samePeriodLastYear', TODAY)).toEqual({ startDate: '2025-11-18', endDate: '2025-11-18' });
  });

  it('lists the nine presets of the spec', () => {
    expect(DATE_PRESETS).toHaveLength(9);
  });
});

describe('range limits', () => {
  it('counts both ends', () => {
    expect(rangeLength({ startDate: TODAY, endDate: TODAY })).toBe(1);
    expect(rangeLength({ startDate: '2026-01-01', endDate: '2026-03-31' })).toBe(90);
  });

  it('allows 90 days by day, 31 by hour and 366 by week or month, as the server does', () => {
    expect(maxDaysFor('day')).toBe(90);
    expect(maxDaysFor('hour')).toBe(RANGE_LIMITS.hourly);
    expect(maxDaysFor('week')).toBe(366);
    expect(maxDaysFor('month')).toBe(366);
  });

  it('refuses a 91-day range with the Time selection error naming 90 days, and accepts 90', () => {
    expect(rangeProblem({ startDate: '2026-01-01', endDate: '2026-03-31' }, 90)).toBeNull();
    const problem = rangeProblem({ startDate: '2026-01-01', endDate: '2026-04-01' }, 90);
    expect(problem).toEqual({ kind: 'tooLong', maxDays: 90 });
    const message = rangeProblemMessage(problem ?? { kind: 'order' });
    expect(message).toEqual({ key: 'messages:errors.timeSelectionError', params: { days: 90 } });
    // The key is the server's (contracts catalogue): web and server say the same words.
    expect(translateMessage('en', 'errors.timeSelectionError', message.params)).toBe('Time selection error: the range can be at most 90 days');
  });

  it('this year is too long by day but fine by month', () => {
    const thisYear = presetRange('thisYear', TODAY);
    expect(rangeProblem(thisYear, maxDaysFor('day'))).toEqual({ kind: 'tooLong', maxDays: 90 });
    expect(rangeProblem(thisYear, maxDaysFor('month'))).toBeNull();
  });

  it('refuses a range that runs backwards', () => {
    const problem = rangeProblem({ startDate: '2026-02-02', endDate: '2026-02-01' }, 90);
    expect(problem).toEqual({ kind: 'order' });
    expect(rangeProblemMessage(problem ?? { kind: 'order' }).key).toBe('messages:traffic.rangeOrder');
  });
});
