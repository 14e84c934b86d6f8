import {
  type DateRange,
  type Granularity,
  INDICATORS,
  type Indicator,
  isSalesReportIndicator,
  type PartialReportValues,
  type ReportIndicator,
  type SalesReportIndicator,
} from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { monthOf, weekStart } from '../../platform/time/local-time.ts';
import { type DayGroup, type SalesSumRow, salesAnalyticsRepo } from '../sales/sales-analytics.repo.ts';
import { addSums, emptySums, type SalesSums, salesValue } from '../sales/sales-metrics.ts';
import { indicatorValues, type Sums } from './metrics.ts';

/** A report's indicators split into the traffic ones and the sales ones. */
export function splitIndicators(indicators: readonly ReportIndicator[]): { traffic: Indicator[]; sales: SalesReportIndicator[] } {
  return {
    traffic: indicators.filter((indicator): indicator is Indicator => (INDICATORS as readonly string[]).includes(indicator)),
    sales: indicators.filter(isSalesReportIndicator),
  };
}

/** The values of a report row: traffic indicators from traffic sums, sales indicators from sales sums. */
export function reportValues(indicators: readonly ReportIndicator[], traffic: Sums, sales: SalesSums | undefined): PartialReportValues {
  const split = splitIndicators(indicators);
  const values: PartialReportValues = indicatorValues(split.traffic, traffic);
  for (const indicator of split.sales) values[indicator] = salesValue(indicator, sales ?? emptySums());
  return values;
}

/** How a report groups sales: by shop, shop and day, or a period of the trend's granularity (keys as the traffic buckets). */
export type SalesGrouping = 'total' | 'shop' | 'shopDay' | Granularity;

/**
 * Sales sums for the four-quadrant analysis and custom reports, read from the sales module's
 * rollups exactly as the sales screens read them (sales, plus the traffic of the shop-days that
 * have POS data for conversion and sales per visitor), so a value equals the sales screens' one.
 */
export async function salesSumsBy(
  db: DB,
  customerId: string,
  shopIds: readonly string[],
  range: DateRange,
  grouping: SalesGrouping,
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
