import { describe, expect, it } from 'vitest';
import { ROLLING_RANGES, resolveRollingRange } from './index.ts';

describe('rolling ranges of saved reports', () => {
  it('stand for complete days before a local today, weeks from Monday, across month and year ends', () => {
    // Wednesday 11 March 2026.
    expect(Object.fromEntries(ROLLING_RANGES.map((rule) => [rule, resolveRollingRange(rule, '2026-03-11')]))).toEqual({
      yesterday: { startDate: '2026-03-10', endDate: '2026-03-10' },
      last7CompleteDays: { startDate: '2026-03-04', endDate: '2026-03-10' },
      last30CompleteDays: { startDate: '2026-02-09', endDate: '2026-03-10' },
      lastCompleteWeek: { startDate: '2026-03-02', endDate: '2026-03-08' },
      lastCompleteMonth: { startDate: '2026-02-01', endDate: '2026-02-28' },
    });
    // On a Monday the last complete week ended yesterday; on 1 January the last month is December.
    expect(resolveRollingRange('lastCompleteWeek', '2026-03-09')).toEqual({ startDate: '2026-03-02', endDate: '2026-03-08' });
    expect(resolveRollingRange('lastCompleteWeek', '2026-03-08')).toEqual({ startDate: '2026-02-23', endDate: '2026-03-01' });
    expect(resolveRollingRange('lastCompleteMonth', '2027-01-01')).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
    expect(resolveRollingRange('yesterday', '2028-03-01')).toEqual({ startDate: '2028-02-29', endDate: '2028-02-29' });
  });
});
