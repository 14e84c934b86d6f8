import { type DateRange, type PartialReportValues, Perm } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { noAuthority } from '../../platform/http/errors.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { monthOf, weekStart } from '../../platform/time/local-time.ts';
import type { ExtraIndicatorSource, FigureGrouping } from '../traffic/extra-indicators.ts';
import { type DayGroup, type SalesSumRow, salesAnalyticsRepo } from './sales-analytics.repo.ts';
import { addSums, emptySums, type SalesSums, salesValue } from './sales-metrics.ts';

/**
 * The sales indicators of traffic's four-quadrant analysis and custom reports: sales implements
 * the traffic module's ExtraIndicatorSource, and app.ts hands it to the traffic analytics.
 */
export function createTrafficReportFigures(deps: { db: DB }): ExtraIndicatorSource {
  return {
    /** Sales indicators in a traffic report are sales data: only for those who may see sales (sale_nav). */
    authorize(actor: CustomerActor): void {
      if (actor.permissions.sale_nav !== Perm.shown) throw noAuthority();
    },
    async figuresBy(customerId, shopIds, range, indicators, grouping) {
      const sums = await salesSumsBy(deps.db, customerId, shopIds, range, grouping);
      return {
        valuesOf: (key) => {
          const values: PartialReportValues = {};
          for (const indicator of indicators) values[indicator] = salesValue(indicator, sums.get(key) ?? emptySums());
          return values;
        },
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
): Promise<Map<string, SalesSums>> {
  const repo = salesAnalyticsRepo(tenantScope(db, customerId));
  const result = new Map<string, SalesSums>();
  const collect = (rows: readonly SalesSumRow[], keyOf: (row: SalesSumRow) => string) => {
    for (const row of rows) {
      const key = keyOf(row);
      result.set(key, addSums(result.get(key) ?? emptySums(), row.sums));
    }
  };
  if (grouping === 'hour') {
    const [sales, matched] = await Promise.all([
      repo.salesByHour(shopIds, range.startDate, range.endDate, ['local_date', 'hour']),
      repo.matchedByHour(shopIds, range.startDate, range.endDate, ['local_date', 'hour']),
    ]);
    // Orders without a time (hour -1) are in the day but in no hour.
    const keyOf = (row: SalesSumRow) => `${row.group.local_date}T${String(row.group.hour).padStart(2, '0')}`;
    collect(
      sales.filter((row) => Number(row.group.hour) >= 0),
      keyOf,
    );
    collect(matched, keyOf);
    return result;
  }
  const groups: DayGroup[] =
    grouping === 'total' ? [] : grouping === 'shop' ? ['shop_id'] : grouping === 'shopDay' ? ['shop_id', 'local_date'] : ['local_date'];
  const [sales, matched] = await Promise.all([
    repo.salesByDay(shopIds, range.startDate, range.endDate, groups),
    repo.matchedByDay(shopIds, range.startDate, range.endDate, groups),
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
  return result;
}
