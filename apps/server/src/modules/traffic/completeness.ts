import type { Coverage, DateRange, Granularity, StoreDaysCount } from '@storelens/contracts';
import { businessHoursOf, type DayStatus, storeDayStatus } from '../../platform/analytics/completeness.ts';
import type { DB } from '../../platform/db/database.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now } from '../../platform/time/clock.ts';
import { addDays, localParts, monthEnd, monthStart } from '../../platform/time/local-time.ts';
import { analyticsRepo } from './analytics.repo.ts';
import type { ShopInfo } from './shops-in-scope.ts';

/** What the shops' devices reported over a range: the status of each store-day and the hours of each. */
export interface StoreDays {
  status(shopId: string, date: string): DayStatus;
  reportedIn(shopId: string, date: string, hour: number): boolean;
  /** Days of a range (dates within the read range) that were not complete, up to each shop's today. */
  incompleteDays(shopId: string, range: DateRange): number;
  /** True when the shop reported on at least one of the dates. */
  reportedAny(shopId: string, dates: readonly string[]): boolean;
  /** True when the shop reported on every one of the dates. */
  reportedAll(shopId: string, dates: readonly string[]): boolean;
  /** Store-days of the shops from `from` to `to` (within the read range, up to each shop's today): how many reported, how many were complete. */
  tally(shopIds: readonly string[], from: string, to: string): StoreDaysCount;
  /** Store-hours of one local hour (up to each shop's hour in progress): a reported hour counts as complete. */
  hourTally(shopIds: readonly string[], date: string, hour: number): StoreDaysCount;
  /** Coverage of a bucket of a trend over the shops. */
  bucketCoverage(granularity: Granularity, key: string, range: DateRange): Coverage;
}

/**
 * Data completeness of traffic (issue 11), read from the coverage the ingest keeps per shop and
 * local hour: a store-day without any report is missing (shown as no data, not 0), one silent in
 * a passed business hour is incomplete (a device outage shows as such, not as a bad day).
 */
export function createTrafficCompleteness(deps: { db: DB }) {
  const repoOf = (customerId: string) => analyticsRepo(tenantScope(deps.db, customerId));

  async function storeDays(customerId: string, shops: readonly ShopInfo[], range: DateRange, at: Date): Promise<StoreDays> {
    const hours = new Map<string, Set<number>>();
    for (const row of await repoOf(customerId).coverage(
      shops.map((shop) => shop.id),
      range.startDate,
      range.endDate,
    )) {
      const key = `${row.shop_id}|${row.local_date}`;
      const set = hours.get(key) ?? new Set<number>();
      set.add(Number(row.hour));
      hours.set(key, set);
    }
    const byId = new Map(shops.map((shop) => [shop.id, { shop, open: businessHoursOf(shop.business_hours), now: localParts(shop.time_zone, at.getTime()) }]));
    const none = new Set<number>();
    const status = (shopId: string, date: string): DayStatus => {
      const entry = byId.get(shopId);
      if (!entry || date > entry.now.date) return 'missing';
      return storeDayStatus(hours.get(`${shopId}|${date}`) ?? none, entry.open, date === entry.now.date ? entry.now.hour : null);
    };
    const datesIn = (from: string, to: string) => {
      const dates: string[] = [];
      for (let date = from < range.startDate ? range.startDate : from; date <= to && date <= range.endDate; date = addDays(date, 1)) dates.push(date);
      return dates;
    };
    const upToToday = (shopId: string, dates: readonly string[]) => {
      const today = byId.get(shopId)?.now.date ?? '';
      return dates.filter((date) => date <= today);
    };
    const tally = (shopIds: readonly string[], from: string, to: string): StoreDaysCount => {
      const count = { total: 0, reporting: 0, complete: 0 };
      for (const shopId of shopIds) {
        for (const date of upToToday(shopId, datesIn(from, to))) {
          const value = status(shopId, date);
          count.total += 1;
          if (value !== 'missing') count.reporting += 1;
          if (value === 'complete') count.complete += 1;
        }
      }
      return count;
    };
    const hourTally = (shopIds: readonly string[], date: string, hour: number): StoreDaysCount => {
      const count = { total: 0, reporting: 0, complete: 0 };
      for (const shopId of shopIds) {
        const now = byId.get(shopId)?.now;
        if (!now || date > now.date || (date === now.date && hour > now.hour)) continue;
        count.total += 1;
        if (hours.get(`${shopId}|${date}`)?.has(hour)) {
          count.reporting += 1;
          count.complete += 1;
        }
      }
      return count;
    };
    return {
      status,
      tally,
      hourTally,
      reportedIn: (shopId, date, hour) => hours.get(`${shopId}|${date}`)?.has(hour) ?? false,
      incompleteDays: (shopId, part) => upToToday(shopId, datesIn(part.startDate, part.endDate)).filter((date) => status(shopId, date) !== 'complete').length,
      reportedAny: (shopId, dates) => dates.some((date) => status(shopId, date) !== 'missing'),
      reportedAll: (shopId, dates) => dates.every((date) => status(shopId, date) !== 'missing'),
      bucketCoverage(granularity, key, bucketRange) {
        let reporting = 0;
        let complete = 0;
        for (const shop of shops) {
          if (granularity === 'hour') {
            const [date = '', hour = '0'] = key.split('T');
            if (hours.get(`${shop.id}|${date}`)?.has(Number(hour))) {
              reporting += 1;
              complete += 1;
            }
            continue;
          }
          const [from, to] = granularity === 'day' ? [key, key] : granularity === 'week' ? [key, addDays(key, 6)] : [monthStart(key), monthEnd(key)];
          const dates = upToToday(shop.id, datesIn(from < bucketRange.startDate ? bucketRange.startDate : from, to));
          const statuses = dates.map((date) => status(shop.id, date));
          if (statuses.some((value) => value !== 'missing')) reporting += 1;
          if (statuses.length > 0 && statuses.every((value) => value === 'complete')) complete += 1;
        }
        return { shops: shops.length, reporting, complete };
      },
    };
  }

  /** The store-days of shops over a range (up to each shop's today): how many reported and how many in full, for an answer's note. */
  async function tallyOf(customerId: string, shops: readonly ShopInfo[], range: DateRange, at: Date = now()): Promise<StoreDaysCount> {
    const days = await storeDays(customerId, shops, range, at);
    return days.tally(
      shops.map((shop) => shop.id),
      range.startDate,
      range.endDate,
    );
  }

  return { storeDays, tallyOf };
}
export type TrafficCompleteness = ReturnType<typeof createTrafficCompleteness>;
