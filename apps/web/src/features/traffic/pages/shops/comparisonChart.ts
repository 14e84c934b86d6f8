import type { ComparisonResponse } from '@storelens/contracts';
import { pairLabels } from '../../../../shared/analytics/comparisonRanges.ts';
import type { ChartMark } from '../../../../shared/analytics/indicatorChart.ts';
import { INCOMPLETE_MARK_COLOUR, PARTIAL_MARK_COLOUR } from '../../../../shared/analytics/palette.ts';

type Translate = (key: string) => string;
type Pair = ComparisonResponse['series'][number];

/**
 * The day pairs of the store comparison's chart (issue 11). A pair whose running day is still
 * going on is 'partial' (both sides count the same elapsed hours), one with a store-day missing or
 * with a device outage on a side is 'incomplete'; both are named on the axis, drawn hollow and
 * shaded, so neither reads as a real drop.
 */
export function comparisonPairs(series: readonly Pair[], t: Translate): { categories: string[]; partial: boolean[]; marks: ChartMark[] } {
  const labels = pairLabels(series);
  const categories = labels.map((label, index) => {
    const pair = series[index];
    const notes = [...(pair?.partial ? [t('analytics:partial.short')] : []), ...(pair?.incomplete ? [t('traffic:shops.comparison.incompletePair')] : [])];
    return notes.length > 0 ? `${label} (${notes.join(', ')})` : label;
  });
  const marks = categories.flatMap((category, index): ChartMark[] => {
    const pair = series[index];
    if (pair?.incomplete) return [{ from: category, to: category, colour: INCOMPLETE_MARK_COLOUR }];
    return pair?.partial ? [{ from: category, to: category, colour: PARTIAL_MARK_COLOUR }] : [];
  });
  return { categories, partial: series.map((pair) => Boolean(pair.partial || pair.incomplete)), marks };
}
