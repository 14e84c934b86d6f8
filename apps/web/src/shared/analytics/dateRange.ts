import { type DateRange, type Granularity, RANGE_LIMITS } from '@storelens/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Date ranges of the analytics pages (spec sections 5 and 9): the presets, and the limits the
 * server applies (contracts RANGE_LIMITS), so a range the server would refuse is refused here
 * first with the same 'Time selection error' and the same span.
 */

export const DATE_FORMAT = 'YYYY-MM-DD';

/** The spec's presets, in the order the picker lists them. */
export const DATE_PRESETS = ['today', 'thisWeek', 'lastWeek', 'last7Days', 'thisMonth', 'lastMonth', 'thisQuarter', 'thisYear', 'samePeriodLastYear'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

const format = (day: Dayjs): string => day.format(DATE_FORMAT);

/** Monday of the week holding `day`: weeks start on Monday whatever the language (spec section 1). */
export function mondayOf(day: Dayjs): Dayjs {
  return day.startOf('day').subtract((day.day() + 6) % 7, 'day');
}

function quarterStart(day: Dayjs): Dayjs {
  return day.startOf('month').subtract(day.month() % 3, 'month');
}

/**
 * The range a preset stands for, seen from `today` (a local date). Ranges that run up to now end
 * today ('this week' is Monday to today); 'same period last year' is the current range one year
 * earlier (29 February becomes 28 February).
 */
export function presetRange(preset: DatePreset, today: string, current?: DateRange): DateRange {
  const day = dayjs(today, DATE_FORMAT);
  const upToToday = (start: Dayjs): DateRange => ({ startDate: format(start), endDate: today });
  switch (preset) {
    case 'today':
      return { startDate: today, endDate: today };
    case 'thisWeek':
      return upToToday(mondayOf(day));
    case 'lastWeek': {
      const monday = mondayOf(day).subtract(7, 'day');
      return { startDate: format(monday), endDate: format(monday.add(6, 'day')) };
    }
    case 'last7Days':
      return upToToday(day.subtract(6, 'day'));
    case 'thisMonth':
      return upToToday(day.startOf('month'));
    case 'lastMonth': {
      const first = day.startOf('month').subtract(1, 'month');
      return { startDate: format(first), endDate: format(first.endOf('month')) };
    }
    case 'thisQuarter':
      return upToToday(quarterStart(day));
    case 'thisYear':
      return upToToday(day.startOf('year'));
    case 'samePeriodLastYear': {
      const base = current ?? { startDate: today, endDate: today };
      return {
        startDate: format(dayjs(base.startDate, DATE_FORMAT).subtract(1, 'year')),
        endDate: format(dayjs(base.endDate, DATE_FORMAT).subtract(1, 'year')),
      };
    }
  }
}

/** Days in a range, both ends included. */
export function rangeLength(range: DateRange): number {
  return dayjs(range.endDate, DATE_FORMAT).diff(dayjs(range.startDate, DATE_FORMAT), 'day') + 1;
}

/**
 * The longest range the server takes for a granularity: 90 days by day (spec section 5), 31 days
 * by hour, 366 days where a page groups by week or month.
 */
export function maxDaysFor(granularity: Granularity): number {
  if (granularity === 'hour') return RANGE_LIMITS.hourly;
  return granularity === 'day' ? RANGE_LIMITS.days : RANGE_LIMITS.grouped;
}

export type RangeProblem = { kind: 'order' } | { kind: 'tooLong'; maxDays: number };

/** Why a range cannot be used, or null: it runs backwards, or it is longer than `maxDays`. */
export function rangeProblem(range: DateRange, maxDays: number): RangeProblem | null {
  if (range.startDate > range.endDate) return { kind: 'order' };
  return rangeLength(range) > maxDays ? { kind: 'tooLong', maxDays } : null;
}

/** The message key (contracts catalogue) and its parameters for a refused range, as the server words it. */
export function rangeProblemMessage(problem: RangeProblem): { key: string; params: Record<string, number> } {
  return problem.kind === 'order'
    ? { key: 'messages:traffic.rangeOrder', params: {} }
    : { key: 'messages:errors.timeSelectionError', params: { days: problem.maxDays } };
}

export function todayLocal(now: Dayjs = dayjs()): string {
  return format(now);
}

/** The default range of a page: the last 7 days, today included. */
export function defaultRange(today: string = todayLocal()): DateRange {
  return presetRange('last7Days', today);
}

/**
 * The default range of a page whose data lags a day (sales: POS data arrives for finished days):
 * the last 7 complete days, ending yesterday (issue 11), so the page never opens on a day without data.
 */
export function lastCompleteDaysRange(today: string = todayLocal()): DateRange {
  return presetRange('last7Days', format(dayjs(today).subtract(1, 'day')));
}
