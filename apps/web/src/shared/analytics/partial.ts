import type { PartialReason } from '@storelens/contracts';
import type { ChartMark } from './indicatorChart.ts';
import { PARTIAL_MARK_COLOUR } from './palette.ts';

type Translate = (key: string) => string;

/**
 * Partial buckets (issue 11): the hour, day, week or month still running, or a week or month the
 * range holds only part of. Charts label them, fade their points and shade their band; tables and
 * exports say why they are partial. A partial bucket is never read as a drop.
 */
export function partialNote(partial: PartialReason | undefined, t: Translate): string {
  if (!partial) return '';
  return t(partial === 'running' ? 'messages:export.partialRunning' : 'messages:export.partialEdge');
}

/** The category label of a bucket, with the short 'partial' mark for partial ones (axis and tooltip). */
export function partialLabel(label: string, partial: PartialReason | undefined, t: Translate): string {
  return partial ? `${label} (${t('analytics:partial.short')})` : label;
}

/** One grey band per partial bucket, on the chart's category labels. */
export function partialMarks(categories: readonly string[], partial: readonly (PartialReason | undefined)[]): ChartMark[] {
  return categories.flatMap((category, index) => (partial[index] ? [{ from: category, to: category, colour: PARTIAL_MARK_COLOUR }] : []));
}
