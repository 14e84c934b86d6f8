import type { DateRange, Granularity } from '@storelens/contracts';
import { addDays, daysBetween, localParts, monthEnd, monthOf, monthStart, rangeDays, utcOfLocal, weekStart } from '../time/local-time.ts';

/**
 * Like-for-like comparisons (issue 11). A range that is still running in a shop (it holds the
 * shop's local today) is compared with the same elapsed part of the other range: the same number
 * of whole days, then of the running day the hours that have passed and the passed share of the
 * hour in progress. Sales data arrives for finished days only, so sales cut at whole days.
 */

/** How far a range has run in one shop: whole days, then (by hour) the hour in progress and its passed share. */
export interface ElapsedCut {
  /** Days of the range that are over (0 .. length). */
  readonly days: number;
  /** The hour in progress of the running day; null when the cut falls between two days. */
  readonly hour: number | null;
  /** The passed share (0-1) of that hour, in whole minutes. */
  readonly fraction: number;
}

/** Where the reference range is cut: its whole days, and the partial day with the hours that count. */
export interface ElapsedPart {
  readonly wholeDays: DateRange | null;
  readonly partialDay: { readonly date: string; readonly hour: number; readonly fraction: number } | null;
}

/** A shop's clock for the cut: its time zone and business hours ('10:00-22:00'). */
export interface ShopClock {
  readonly timeZone: string;
  readonly businessHours?: string | null | undefined;
}

/** Opening and closing minute of the local day; null when the hours cannot be read or run past midnight. */
export function businessMinutes(businessHours: string | null | undefined): [number, number] | null {
  const match = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/.exec((businessHours ?? '').trim());
  if (!match) return null;
  const open = Number(match[1]) * 60 + Number(match[2]);
  const close = Number(match[3]) * 60 + Number(match[4]);
  return close > open ? [open, close] : null;
}

/**
 * How far `range` has run for a shop at `at`; null when the range is over (nothing to cut).
 * 'hour': a running day counts its passed hours; once the shop has closed for the day the day is
 * whole, before it opens the day counts nothing. 'day': only whole days count (data that lags).
 */
export function elapsedCut(range: DateRange, shop: ShopClock, at: Date, resolution: 'hour' | 'day'): ElapsedCut | null {
  const { date: today, hour } = localParts(shop.timeZone, at.getTime());
  if (range.endDate < today) return null;
  const length = rangeDays(range.startDate, range.endDate);
  const days = Math.max(0, Math.min(length, daysBetween(range.startDate, today)));
  if (resolution === 'day' || today < range.startDate) return { days, hour: null, fraction: 0 };
  const opening = businessMinutes(shop.businessHours);
  const minuteOfDay = Math.floor((at.getTime() - utcOfLocal(shop.timeZone, today, 0)) / 60_000);
  if (opening && minuteOfDay >= opening[1]) return { days: Math.min(length, days + 1), hour: null, fraction: 0 };
  if (opening && minuteOfDay < opening[0]) return { days, hour: null, fraction: 0 };
  const hourStart = utcOfLocal(shop.timeZone, today, hour);
  // Whole minutes: a comparison read twice in the same minute gives the same figures.
  const fraction = Math.min(60, Math.max(0, Math.floor((at.getTime() - hourStart) / 60_000))) / 60;
  return { days, hour, fraction };
}

/** The part of `range` that a cut keeps: its first `cut.days` whole days, then the partial day up to the cut's hour. */
export function elapsedPartOf(range: DateRange, cut: ElapsedCut): ElapsedPart {
  const length = rangeDays(range.startDate, range.endDate);
  const wholeDays = cut.days > 0 ? { startDate: range.startDate, endDate: addDays(range.startDate, Math.min(cut.days, length) - 1) } : null;
  const partialDay = cut.hour !== null && cut.days < length ? { date: addDays(range.startDate, cut.days), hour: cut.hour, fraction: cut.fraction } : null;
  return { wholeDays, partialDay };
}

/** True when the cut keeps less than the whole range. */
export function cutsShort(range: DateRange, cut: ElapsedCut | null): boolean {
  return cut !== null && (cut.days < rangeDays(range.startDate, range.endDate) || cut.hour !== null);
}

/** Shops grouped by what decides their cut (time zone and business hours), so each group is read once. */
export function groupByClock<Shop extends ShopClock>(shops: readonly Shop[]): Shop[][] {
  const groups = new Map<string, Shop[]>();
  for (const shop of shops) {
    const key = `${shop.timeZone}|${shop.businessHours ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), shop]);
  }
  return [...groups.values()];
}

/** Why a bucket of a chart or table is partial: the period is still running, or the range holds only part of it. */
export type PartialReason = 'running' | 'edge';

/**
 * The buckets of a range that are partial: a week or month the range holds only part of (edge),
 * and the bucket holding a shop's 'now' (running): the hour in progress, today, this week, this
 * month. `running` lists each shop's local today and hour (hour null: the whole day is still
 * pending, as for sales that arrive the next day). Buckets after 'now' have no data yet and are
 * missing, not partial.
 */
export function partialBuckets(
  granularity: Granularity,
  range: DateRange,
  running: readonly { date: string; hour: number | null }[],
): Map<string, PartialReason> {
  const partial = new Map<string, PartialReason>();
  if (granularity === 'week' || granularity === 'month') {
    for (let key = granularity === 'week' ? weekStart(range.startDate) : monthOf(range.startDate); ; ) {
      const start = granularity === 'week' ? key : monthStart(key);
      const end = granularity === 'week' ? addDays(key, 6) : monthEnd(key);
      if (start > range.endDate) break;
      if (start < range.startDate || end > range.endDate) partial.set(key, 'edge');
      key = granularity === 'week' ? addDays(key, 7) : monthOf(addDays(end, 1));
    }
  }
  for (const now of running) {
    if (now.date < range.startDate || now.date > range.endDate) continue;
    if (granularity === 'hour') {
      if (now.hour !== null) partial.set(`${now.date}T${String(now.hour).padStart(2, '0')}`, 'running');
      continue;
    }
    const key = granularity === 'day' ? now.date : granularity === 'week' ? weekStart(now.date) : monthOf(now.date);
    partial.set(key, 'running');
  }
  return partial;
}
