import { comparisonRangesProblem, type DateRange, RANGE_LIMITS } from '@storelens/contracts';
import dayjs from 'dayjs';
import { DATE_FORMAT, rangeLength, rangeProblem, rangeProblemMessage } from './dateRange.ts';

/** A choice the page refuses before asking: the message key (contracts catalogue) and its parameters. */
export interface Refusal {
  key: string;
  params: Record<string, number>;
}

/**
 * Why two ranges cannot be compared, or null. The server's rules in the server's order (traffic
 * analytics service, storeComparison): each range on its own (order, at most 90 days), the same
 * range twice ('The same day cannot be selected twice'), lengths that differ, then ranges that
 * share a day. The page refuses with the message the server would answer, without asking it.
 */
export function comparisonRefusal(rangeA: DateRange, rangeB: DateRange, maxDays: number = RANGE_LIMITS.days): Refusal | null {
  for (const range of [rangeA, rangeB]) {
    const problem = rangeProblem(range, maxDays);
    if (problem) return rangeProblemMessage(problem);
  }
  const problem = comparisonRangesProblem(rangeA, rangeB);
  return problem ? { key: `messages:${problem}`, params: {} } : null;
}

/** The range of the same length that ends the day before `range` starts: the natural range to compare with. */
export function previousPeriod(range: DateRange): DateRange {
  const start = dayjs(range.startDate, DATE_FORMAT);
  const days = rangeLength(range);
  return { startDate: start.subtract(days, 'day').format(DATE_FORMAT), endDate: start.subtract(1, 'day').format(DATE_FORMAT) };
}

/**
 * Axis labels of a day-by-day comparison: both days of each pair, '11-05 / 11-12'; with the
 * year when the pairs do not all fall in one year (the month and day alone would be ambiguous).
 */
export function pairLabels(pairs: readonly { dateA: string; dateB: string }[]): string[] {
  const years = new Set(pairs.flatMap((pair) => [pair.dateA.slice(0, 4), pair.dateB.slice(0, 4)]));
  const short = (date: string) => (years.size > 1 ? date : date.slice(5));
  return pairs.map((pair) => `${short(pair.dateA)} / ${short(pair.dateB)}`);
}

/** 'YYYY-MM-DD ~ YYYY-MM-DD', as the exports title a range. */
export function rangeText(range: DateRange): string {
  return `${range.startDate} ~ ${range.endDate}`;
}
