import type { DateRange, Granularity } from '@storelens/contracts';
import { bucketKeys } from '../../platform/analytics/buckets.ts';
import type { DB } from '../../platform/db/database.ts';
import type { ShopMetricColumn } from '../../platform/db/schema.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { addDays, monthEnd, monthOf, monthStart, weekStart } from '../../platform/time/local-time.ts';
import { analyticsRepo } from './analytics.repo.ts';
import { addInto, type Sums } from './metrics.ts';

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

  return { totalSums, sumsByShop, periodSums };
}
export type TrafficSums = ReturnType<typeof createTrafficSums>;
