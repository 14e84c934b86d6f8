import {
  type DateRange,
  MONEY_SALES_INDICATORS,
  type PartialReportValues,
  PER_SQM_SALES_INDICATORS,
  Perm,
  type SalesReportIndicator,
} from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { noAuthority } from '../../platform/http/errors.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { monthOf, weekStart } from '../../platform/time/local-time.ts';
import type { ExtraIndicatorSource, FigureGrouping } from '../traffic/extra-indicators.ts';
import type { MoneyPlan, MoneyService } from './money.service.ts';
import { type DayGroup, type HourGroup, type SalesSumRow, salesAnalyticsRepo } from './sales-analytics.repo.ts';
import { addSums, emptySums, type SalesSums, salesValue, scaleMoney } from './sales-metrics.ts';

/**
 * The sales indicators of traffic's four-quadrant analysis and custom reports: sales implements
 * the traffic module's ExtraIndicatorSource, and app.ts hands it to the traffic analytics.
 */
export function createTrafficReportFigures(deps: { db: DB; money: MoneyService }): ExtraIndicatorSource {
  return {
    /** Sales indicators in a traffic report are sales data: only for those who may see sales (sale_nav). */
    authorize(actor: CustomerActor): void {
      if (actor.permissions.sale_nav !== Perm.shown) throw noAuthority();
    },
    async figuresBy(customerId, shopIds, range, indicators, grouping) {
      // Money over shops of several currencies is converted with the dated rates, or refused, as on the sales screens.
      const shops = await salesAnalyticsRepo(tenantScope(deps.db, customerId)).shops(shopIds);
      const needsMoney = indicators.some((indicator) => MONEY_SALES_INDICATORS.includes(indicator));
      const plan = await deps.money.plan(customerId, shops, [range], needsMoney);
      const areaById = new Map(shops.filter((shop) => shop.floor_area !== null && shop.floor_area > 0).map((shop) => [shop.id, shop.floor_area ?? 0]));
      const totalArea = [...areaById.values()].reduce((sum, area) => sum + area, 0);
      const area = indicators.some((indicator: SalesReportIndicator) => PER_SQM_SALES_INDICATORS.includes(indicator));
      const sums = await salesSumsBy(deps.db, customerId, shopIds, range, grouping, plan, area ? [...areaById.keys()] : null);
      const areaOf = (key: string) => (grouping === 'shop' || grouping === 'shopDay' ? (areaById.get(key.split('|')[0] ?? '') ?? 0) : totalArea);
      return {
        valuesOf: (key) => {
          const values: PartialReportValues = {};
          for (const indicator of indicators) values[indicator] = salesValue(indicator, sums.get(key) ?? emptySums(), areaOf(key));
          return values;
        },
        ...(needsMoney ? { money: () => plan.info() } : {}),
      };
    },
  };
}

/**
 * Sales sums for the four-quadrant analysis and custom reports, read from the sales module's
 * rollups exactly as the sales screens read them (sales, plus the traffic of the shop-days that
 * have POS data for conversion and sales per visitor), so a value equals the sales screens' one.
 */
async function salesSumsBy(
  db: DB,
  customerId: string,
  shopIds: readonly string[],
  range: DateRange,
  grouping: FigureGrouping,
  plan: MoneyPlan,
  areaShopIds: readonly string[] | null,
): Promise<Map<string, SalesSums>> {
  const repo = salesAnalyticsRepo(tenantScope(db, customerId));
  const { startDate, endDate } = range;
  const read = <G extends string>(
    ids: readonly string[],
    groups: readonly G[],
    reader: (ids: readonly string[], by: readonly (G | 'local_date')[]) => Promise<SalesSumRow[]>,
  ) => plan.read<G, Partial<SalesSums>>(ids, groups, reader, scaleMoney);
  const result = new Map<string, SalesSums>();
  const collect = (rows: readonly SalesSumRow[], keyOf: (row: SalesSumRow) => string) => {
    for (const row of rows) {
      const key = keyOf(row);
      result.set(key, addSums(result.get(key) ?? emptySums(), row.sums));
    }
  };
  if (grouping === 'hour') {
    const hourGroups: HourGroup[] = ['local_date', 'hour'];
    const [sales, matched, area] = await Promise.all([
      read(shopIds, hourGroups, (ids, by) => repo.salesByHour(ids, startDate, endDate, by)),
      read(shopIds, hourGroups, (ids, by) => repo.matchedByHour(ids, startDate, endDate, by)),
      areaShopIds ? read(areaShopIds, hourGroups, (ids, by) => repo.areaByHour(ids, startDate, endDate, by)) : Promise.resolve([]),
    ]);
    // Orders without a time (hour -1) are in the day but in no hour.
    const keyOf = (row: SalesSumRow) => `${row.group.local_date}T${String(row.group.hour).padStart(2, '0')}`;
    collect(
      sales.filter((row) => Number(row.group.hour) >= 0),
      keyOf,
    );
    collect(matched, keyOf);
    collect(area, keyOf);
    return result;
  }
  const groups: DayGroup[] =
    grouping === 'total' ? [] : grouping === 'shop' ? ['shop_id'] : grouping === 'shopDay' ? ['shop_id', 'local_date'] : ['local_date'];
  const [sales, matched, area] = await Promise.all([
    read(shopIds, groups, (ids, by) => repo.salesByDay(ids, startDate, endDate, by)),
    read(shopIds, groups, (ids, by) => repo.matchedByDay(ids, startDate, endDate, by)),
    areaShopIds ? read(areaShopIds, groups, (ids, by) => repo.areaByDay(ids, startDate, endDate, by)) : Promise.resolve([]),
  ]);
  const date = (row: SalesSumRow) => String(row.group.local_date);
  const keyOf: (row: SalesSumRow) => string =
    grouping === 'total'
      ? () => ''
      : grouping === 'shop'
        ? (row) => String(row.group.shop_id)
        : grouping === 'shopDay'
          ? (row) => `${row.group.shop_id}|${date(row)}`
          : grouping === 'week'
            ? (row) => weekStart(date(row))
            : grouping === 'month'
              ? (row) => monthOf(date(row))
              : date;
  collect(sales, keyOf);
  collect(matched, keyOf);
  collect(area, keyOf);
  return result;
}
