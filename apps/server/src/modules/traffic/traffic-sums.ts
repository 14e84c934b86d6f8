import type { DateRange, Granularity } from '@storelens/contracts';
import { bucketKeys } from '../../platform/analytics/buckets.ts';
import { cutsShort, type ElapsedPart, elapsedCut, elapsedPartOf, groupByClock } from '../../platform/analytics/like-for-like.ts';
import type { DB } from '../../platform/db/database.ts';
import type { ShopMetricColumn } from '../../platform/db/schema.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { addDays, monthEnd, monthOf, monthStart, weekStart } from '../../platform/time/local-time.ts';
import { analyticsRepo } from './analytics.repo.ts';
import { addInto, type Sums } from './metrics.ts';
import type { ShopInfo } from './shops-in-scope.ts';

/** Sums of a reference range per shop and per date (of that range). */
export interface ReferenceSums {
  byShop: Map<string, Sums>;
  byDate: Map<string, Sums>;
  /** True when at least one shop's reference was cut to the elapsed part of a running range. */
  cut: boolean;
  /** The last reference day any shop counted (null: none); later days lie past the cut and are not compared. */
  comparedThrough: string | null;
}

const scaled = (sums: Sums, factor: number): Sums => Object.fromEntries(Object.entries(sums).map(([column, value]) => [column, (value ?? 0) * factor]));

/**
 * Sums of the shop rollups for a set of shops and a range: in total, per shop, or per bucket of a
 * granularity. Every traffic question that reads shop metrics reads them through here.
 */
export function createTrafficSums(deps: { db: DB }) {
  const repoOf = (customerId: string) => analyticsRepo(tenantScope(deps.db, customerId));

  async function totalSums(customerId: string, shopIds: readonly string[], columns: readonly ShopMetricColumn[], range: DateRange): Promise<Sums> {
    const [row] = await repoOf(customerId).sumShopRollup('traffic_shop_daily', columns, [], shopIds, range.startDate, range.endDate);
    return row?.sums ?? {};
  }

  async function sumsByShop(
    customerId: string,
    shopIds: readonly string[],
    columns: readonly ShopMetricColumn[],
    range: DateRange,
  ): Promise<Map<string, Sums>> {
    const rows = await repoOf(customerId).sumShopRollup('traffic_shop_daily', columns, ['shop_id'], shopIds, range.startDate, range.endDate);
    return new Map(rows.map((row) => [String(row.group.shop_id), row.sums]));
  }

  /**
   * Sums per bucket of a granularity. Whole weeks and months come from their own rollups; a
   * range that starts or ends inside a week or month adds its edge days from the daily rollup,
   * so a bucket never counts a day outside the range.
   */
  async function periodSums(
    customerId: string,
    shopIds: readonly string[],
    columns: readonly ShopMetricColumn[],
    granularity: Granularity,
    range: DateRange,
  ): Promise<Map<string, Sums>> {
    const repo = repoOf(customerId);
    const result = new Map<string, Sums>();
    const add = (key: string, sums: Sums) => {
      const target = result.get(key) ?? {};
      addInto(target, sums);
      result.set(key, target);
    };
    const { startDate, endDate } = range;
    if (granularity === 'hour') {
      for (const row of await repo.sumShopRollup('traffic_shop_hourly', columns, ['local_date', 'hour'], shopIds, startDate, endDate)) {
        add(`${row.group.local_date}T${String(row.group.hour).padStart(2, '0')}`, row.sums);
      }
      return result;
    }
    if (granularity === 'day') {
      for (const row of await repo.sumShopRollup('traffic_shop_daily', columns, ['local_date'], shopIds, startDate, endDate))
        add(String(row.group.local_date), row.sums);
      return result;
    }
    const periodOf = granularity === 'week' ? weekStart : monthOf;
    const periodStart = (key: string) => (granularity === 'week' ? key : monthStart(key));
    const periodEnd = (key: string) => (granularity === 'week' ? addDays(key, 6) : monthEnd(key));
    const keys = bucketKeys(granularity, startDate, endDate);
    const whole = keys.filter((key) => periodStart(key) >= startDate && periodEnd(key) <= endDate);
    const edgeDays: DateRange[] = keys
      .filter((key) => !whole.includes(key))
      .map((key) => ({ startDate: periodStart(key) < startDate ? startDate : periodStart(key), endDate: periodEnd(key) > endDate ? endDate : periodEnd(key) }));
    if (whole.length > 0) {
      const table = granularity === 'week' ? 'traffic_shop_weekly' : 'traffic_shop_monthly';
      const group = granularity === 'week' ? 'week_start' : 'month';
      for (const row of await repo.sumShopRollup(table, columns, [group], shopIds, whole[0] ?? '', whole.at(-1) ?? '')) add(String(row.group[group]), row.sums);
    }
    for (const edge of edgeDays) {
      for (const row of await repo.sumShopRollup('traffic_shop_daily', columns, ['local_date'], shopIds, edge.startDate, edge.endDate)) {
        add(periodOf(String(row.group.local_date)), row.sums);
      }
    }
    return result;
  }

  /** Sums per shop and per date of the elapsed part of a range (whole days, then the passed hours of the partial day). */
  async function elapsedSums(customerId: string, shopIds: readonly string[], columns: readonly ShopMetricColumn[], part: ElapsedPart) {
    const repo = repoOf(customerId);
    const byShop = new Map<string, Sums>();
    const byDate = new Map<string, Sums>();
    const add = (map: Map<string, Sums>, key: string, sums: Sums) => {
      const target = map.get(key) ?? {};
      addInto(target, sums);
      map.set(key, target);
    };
    if (part.wholeDays) {
      const rows = await repo.sumShopRollup(
        'traffic_shop_daily',
        columns,
        ['shop_id', 'local_date'],
        shopIds,
        part.wholeDays.startDate,
        part.wholeDays.endDate,
      );
      for (const row of rows) {
        add(byShop, String(row.group.shop_id), row.sums);
        add(byDate, String(row.group.local_date), row.sums);
      }
    }
    const partial = part.partialDay;
    if (partial) {
      for (const row of await repo.sumShopRollup('traffic_shop_hourly', columns, ['shop_id', 'hour'], shopIds, partial.date, partial.date)) {
        const hour = Number(row.group.hour);
        if (hour > partial.hour) continue;
        const sums = hour === partial.hour ? scaled(row.sums, partial.fraction) : row.sums;
        add(byShop, String(row.group.shop_id), sums);
        add(byDate, partial.date, sums);
      }
    }
    return { byShop, byDate };
  }

  /**
   * Like for like (issue 11): the sums of `reference` per shop, cut for each shop to how far
   * `running` has run in it (its time zone and business hours at `at`): a range compared with a
   * range that is still running counts the same whole days and the same passed hours.
   */
  async function referenceSums(
    customerId: string,
    shops: readonly ShopInfo[],
    columns: readonly ShopMetricColumn[],
    running: DateRange,
    reference: DateRange,
    at: Date,
  ): Promise<ReferenceSums> {
    const result: ReferenceSums = { byShop: new Map(), byDate: new Map(), cut: false, comparedThrough: null };
    const merge = (into: Map<string, Sums>, from: Map<string, Sums>) => {
      for (const [key, sums] of from) {
        const target = into.get(key) ?? {};
        addInto(target, sums);
        into.set(key, target);
      }
    };
    const clocks = groupByClock(shops.map((shop) => ({ id: shop.id, timeZone: shop.time_zone, businessHours: shop.business_hours })));
    await Promise.all(
      clocks.map(async (group) => {
        const [first] = group;
        if (!first) return;
        const cut = elapsedCut(running, first, at, 'hour');
        const ids = group.map((shop) => shop.id);
        const part: ElapsedPart = cutsShort(running, cut) && cut ? elapsedPartOf(reference, cut) : { wholeDays: reference, partialDay: null };
        if (cutsShort(running, cut)) result.cut = true;
        const last = part.partialDay?.date ?? part.wholeDays?.endDate ?? null;
        if (last !== null && (result.comparedThrough === null || last > result.comparedThrough)) result.comparedThrough = last;
        const sums = await elapsedSums(customerId, ids, columns, part);
        merge(result.byShop, sums.byShop);
        merge(result.byDate, sums.byDate);
      }),
    );
    return result;
  }

  return { totalSums, sumsByShop, periodSums, elapsedSums, referenceSums };
}
export type TrafficSums = ReturnType<typeof createTrafficSums>;
