import { describe, expect, it } from 'vitest';
import { INCOMPLETE_MARK_COLOUR, PARTIAL_MARK_COLOUR } from '../../../../shared/analytics/palette.ts';
import { comparisonPairs } from './comparisonChart.ts';

const t = (key: string) => ({ 'analytics:partial.short': 'partial', 'traffic:shops.comparison.incompletePair': 'incomplete' })[key] ?? key;
const pair = (offset: number, extra: object = {}) => ({
  offset,
  dateA: `2026-03-0${offset}`,
  dateB: `2026-03-1${offset}`,
  a: { entries: 1 },
  b: { entries: 2 },
  ...extra,
});

describe('store comparison chart pairs', () => {
  it('names, fades and shades a running pair and an incomplete one, and leaves whole pairs alone', () => {
    const shown = comparisonPairs(
      [pair(1), pair(2, { incomplete: true }), pair(3, { partial: 'running' }), pair(4, { partial: 'running', incomplete: true })],
      t,
    );
    expect(shown.categories).toEqual(['03-01 / 03-11', '03-02 / 03-12 (incomplete)', '03-03 / 03-13 (partial)', '03-04 / 03-14 (partial, incomplete)']);
    expect(shown.partial).toEqual([false, true, true, true]);
    expect(shown.marks).toEqual([
      { from: '03-02 / 03-12 (incomplete)', to: '03-02 / 03-12 (incomplete)', colour: INCOMPLETE_MARK_COLOUR },
      { from: '03-03 / 03-13 (partial)', to: '03-03 / 03-13 (partial)', colour: PARTIAL_MARK_COLOUR },
      { from: '03-04 / 03-14 (partial, incomplete)', to: '03-04 / 03-14 (partial, incomplete)', colour: INCOMPLETE_MARK_COLOUR },
    ]);
  });
});
