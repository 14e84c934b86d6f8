import { comparisonRangesProblem, type DateRange, type Granularity, RANGE_LIMITS } from '@storelens/contracts';
import { badRequest } from '../http/errors.ts';
import { addDays, rangeDays } from '../time/local-time.ts';

/**
 * The date ranges of analytics questions (traffic and sales ask them alike): their limits, the
 * range a ranking compares with, and the paired days of two compared ranges. Dates are shop-local.
 */

/** Refuses a range that runs backwards or is longer than allowed ('Time selection error' with the span). */
export function checkRange(range: DateRange, maxDays: number): number {
  if (range.startDate > range.endDate) throw badRequest('traffic.rangeOrder');
  const days = rangeDays(range.startDate, range.endDate);
  if (days > maxDays) throw badRequest('errors.timeSelectionError', { days: maxDays });
  return days;
}

/**
 * Refuses two ranges that cannot be compared (spec section 5: each a valid range, the same length,
 * not the same range twice, no shared day); answers their length in days.
 */
export function checkComparisonRanges(rangeA: DateRange, rangeB: DateRange): number {
  const days = checkRange(rangeA, RANGE_LIMITS.days);
  checkRange(rangeB, RANGE_LIMITS.days);
  const problem = comparisonRangesProblem(rangeA, rangeB);
  if (problem) throw badRequest(problem);
  return days;
}

/** The days of two compared ranges side by side (1-based offset), each pair with its two days' values (and whatever else a pair tells). */
export function pairedDays<Pair extends object>(rangeA: DateRange, rangeB: DateRange, days: number, valuesOf: (dateA: string, dateB: string) => Pair) {
  return Array.from({ length: days }, (_, offset) => {
    const dateA = addDays(rangeA.startDate, offset);
    const dateB = addDays(rangeB.startDate, offset);
    return { offset: offset + 1, dateA, dateB, ...valuesOf(dateA, dateB) };
  });
}

/** The range of equal length just before a range of `days` days: what a store ranking compares with. */
export function previousRangeOf(range: DateRange, days: number): DateRange {
  return { startDate: addDays(range.startDate, -days), endDate: addDays(range.startDate, -1) };
}

/** The longest range (days) a question at this granularity may cover. */
export function maxDaysFor(granularity: Granularity): number {
  if (granularity === 'hour') return RANGE_LIMITS.hourly;
  return granularity === 'day' ? RANGE_LIMITS.days : RANGE_LIMITS.grouped;
}
