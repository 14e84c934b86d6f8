import { RANGE_LIMITS, translateMessage } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { comparisonRefusal, pairLabels, previousPeriod } from './comparisonRanges.ts';

const range = (startDate: string, endDate: string) => ({ startDate, endDate });

describe('comparison ranges', () => {
  it('takes two ranges of equal length that share no day, in either order', () => {
    expect(comparisonRefusal(range('2026-11-01', '2026-11-07'), range('2026-11-08', '2026-11-14'))).toBeNull();
    expect(comparisonRefusal(range('2026-11-08', '2026-11-14'), range('2026-11-01', '2026-11-07'))).toBeNull();
    expect(comparisonRefusal(range('2026-11-01', '2026-11-01'), range('2026-11-02', '2026-11-02'))).toBeNull();
  });

  it('refuses the same range twice: the same day cannot be picked twice', () => {
    expect(comparisonRefusal(range('2026-11-01', '2026-11-07'), range('2026-11-01', '2026-11-07'))?.key).toBe('messages:traffic.sameDayTwice');
    expect(comparisonRefusal(range('2026-11-05', '2026-11-05'), range('2026-11-05', '2026-11-05'))?.key).toBe('messages:traffic.sameDayTwice');
  });

  it('refuses ranges of different lengths before looking at overlap, as the server does', () => {
    expect(comparisonRefusal(range('2026-11-01', '2026-11-07'), range('2026-11-10', '2026-11-15'))?.key).toBe('messages:traffic.rangesUnequal');
    // Unequal and overlapping: the server names the lengths first.
    expect(comparisonRefusal(range('2026-11-01', '2026-11-07'), range('2026-11-03', '2026-11-05'))?.key).toBe('messages:traffic.rangesUnequal');
  });

  it('refuses equal ranges that share even one day', () => {
    expect(comparisonRefusal(range('2026-11-01', '2026-11-07'), range('2026-11-07', '2026-11-13'))?.key).toBe('messages:traffic.rangesOverlap');
    expect(comparisonRefusal(range('2026-11-07', '2026-11-13'), range('2026-11-01', '2026-11-07'))?.key).toBe('messages:traffic.rangesOverlap');
    expect(comparisonRefusal(range('2026-11-01', '2026-11-07'), range('2026-11-04', '2026-11-10'))?.key).toBe('messages:traffic.rangesOverlap');
  });

  it('refuses a range that runs backwards or is too long on its own, with the span', () => {
    expect(comparisonRefusal(range('2026-11-07', '2026-11-01'), range('2026-10-01', '2026-10-07'))?.key).toBe('messages:traffic.rangeOrder');
    expect(comparisonRefusal(range('2026-01-01', '2026-04-30'), range('2025-01-01', '2025-04-30'))).toEqual({
      key: 'messages:errors.timeSelectionError',
      params: { days: RANGE_LIMITS.days },
    });
  });

  it('words every refusal with the message the server answers, in every language', () => {
    for (const key of ['traffic.sameDayTwice', 'traffic.rangesUnequal', 'traffic.rangesOverlap'] as const) {
      for (const locale of ['en', 'zh', 'kr', 'jp'] as const) {
        const text = translateMessage(locale, key);
        expect(text, `${locale} ${key}`).not.toBe(key);
        expect(text.trim()).not.toBe('');
      }
    }
    expect(translateMessage('en', 'traffic.rangesOverlap')).toBe('The two time ranges must not overlap');
  });

  it('offers the days just before a range, of the same length, as the range to compare with', () => {
    expect(previousPeriod(range('2026-11-12', '2026-11-18'))).toEqual(range('2026-11-05', '2026-11-11'));
    expect(previousPeriod(range('2026-03-01', '2026-03-31'))).toEqual(range('2026-01-29', '2026-02-28'));
    expect(previousPeriod(range('2026-01-01', '2026-01-01'))).toEqual(range('2025-12-31', '2025-12-31'));
    const before = previousPeriod(range('2026-11-12', '2026-11-18'));
    expect(comparisonRefusal(before, range('2026-11-12', '2026-11-18'))).toBeNull();
  });

  it('labels the day pairs by month and day, with the year only when the pairs span years', () => {
    expect(pairLabels([{ dateA: '2026-11-01', dateB: '2026-11-08' }])).toEqual(['11-01 / 11-08']);
    expect(pairLabels([{ dateA: '2025-12-31', dateB: '2026-01-07' }])).toEqual(['2025-12-31 / 2026-01-07']);
  });
});
