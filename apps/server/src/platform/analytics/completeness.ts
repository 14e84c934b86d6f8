import type { DateRange } from '@storelens/contracts';
import { datesOf } from '../time/local-time.ts';
import { businessMinutes, cutsShort, type ElapsedCut, elapsedPartOf } from './like-for-like.ts';

/**
 * Data completeness (issue 11): no data is not zero. A store-day is 'missing' when the shop's
 * devices reported nothing that day (before its history, a closed store, a dead box), 'incomplete'
 * when they were silent in some business hour that has passed, 'complete' otherwise.
 */
export type DayStatus = 'complete' | 'incomplete' | 'missing';

/** The local hours a shop is open in (any part of the hour); all 24 when the hours cannot be read or run past midnight. */
export function businessHoursOf(businessHours: string | null | undefined): number[] {
  const opening = businessMinutes(businessHours);
  if (!opening) return Array.from({ length: 24 }, (_, hour) => hour);
  const hours: number[] = [];
  for (let hour = Math.floor(opening[0] / 60); hour * 60 < opening[1]; hour += 1) hours.push(hour);
  return hours;
}

/**
 * The status of a store-day from the hours its devices reported in. `passedHours`: for the running
 * day, only business hours before it count (an hour still to come is not missing); null for a day that is over.
 */
export function storeDayStatus(reportedHours: ReadonlySet<number>, businessHours: readonly number[], passedHours: number | null = null): DayStatus {
  const due = passedHours === null ? businessHours : businessHours.filter((hour) => hour < passedHours);
  // Before the running day's first business hour is over nothing is due yet: nothing is missing.
  if (passedHours !== null && due.length === 0) return 'complete';
  if (reportedHours.size === 0) return 'missing';
  return due.every((hour) => reportedHours.has(hour)) ? 'complete' : 'incomplete';
}

/**
 * The days that decide whether a store is comparable ('comp store') in a comparison of `running`
 * with `reference`: every day of both, or when `running` is still going on the whole days of both
 * elapsed parts (the running day itself only when it is the only one). A store is comparable when
 * it reported on each of them.
 */
export function comparedDates(running: DateRange, reference: DateRange, cut: ElapsedCut | null): { running: string[]; reference: string[] } {
  if (!cut || !cutsShort(running, cut))
    return { running: datesOf(running.startDate, running.endDate), reference: datesOf(reference.startDate, reference.endDate) };
  const ran = elapsedPartOf(running, cut);
  const referenced = elapsedPartOf(reference, cut);
  if (ran.wholeDays && referenced.wholeDays)
    return {
      running: datesOf(ran.wholeDays.startDate, ran.wholeDays.endDate),
      reference: datesOf(referenced.wholeDays.startDate, referenced.wholeDays.endDate),
    };
  return { running: ran.partialDay ? [ran.partialDay.date] : [], reference: referenced.partialDay ? [referenced.partialDay.date] : [] };
}
