import {
  BASKET_BUCKETS,
  type BasketSizeResponse,
  type CrossStoreResponse,
  type DateRange,
  type Granularity,
  type PartialSalesValues,
  type PeriodComparisonResponse,
  RANGE_LIMITS,
  type SalesIndicator,
  type SalesRankingResponse,
  type SalesSummaryResponse,
  type SalesTrendResponse,
  type TimeOfDayResponse,
  type WeekdayResponse,
} from '@storelens/contracts';
import { bucketKeys } from '../../platform/analytics/buckets.ts';
import { checkComparisonRanges, checkRange, maxDaysFor, pairedDays, previousRangeOf } from '../../platform/analytics/date-ranges.ts';
import { rankByValue } from '../../platform/analytics/ranking.ts';
import { changeOf } from '../../platform/analytics/ratios.ts';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { datesOf, monthOf, weekdayOf, weekStart } from '../../platform/time/local-time.ts';
import { type DayGroup, type SalesSumRow, salesAnalyticsRepo } from './sales-analytics.repo.ts';
import { addSums, allSalesValues, emptySums, type SalesSums, salesValue, salesValues } from './sales-metrics.ts';

type ShopFilter = { shopIds?: string[] | undefined };

/** Adds rows into sums per key. */
function collect(rows: readonly SalesSumRow[], keyOf: (row: SalesSumRow) => string, into = new Map<string, SalesSums>()): Map<string, SalesSums> {
  for (const row of rows) {
    const key = keyOf(row);
    into.set(key, addSums(into.get(key) ?? emptySums(), row.sums));
  }
  return into;
}

const periodKey: Record<Exclude<Granularity, 'hour'>, (date: string) => string> = { day: (date) => date, week: weekStart, month: monthOf };

/**
 * Sales and consumption analytics (spec section 1: net sales, transactions, average transaction
 * value, units per transaction, conversion rate, sales per visitor; consumption analysis) over the
 * sales rollups and, for conversion, the traffic rollups. Shops and ranges follow the traffic
 * screens: the caller's data scope (an id outside it is not found), shop-local dates, the same
 * range limits and messages.
 */
export function createSalesAnalyticsService(deps: { db: DB }) {
  const { db } = deps;
  const repoOf = (actor: CustomerActor) => salesAnalyticsRepo(tenantScope(db, actor.customerId));

  /** The shops asked about, checked against the caller's access (not found outside it). */
  async function shopsOf(actor: CustomerActor, input: ShopFilter) {
    return repoOf(actor).shops(await accessOf(db, actor).shopIds(input.shopIds));
  }

  async function shopIdsOf(actor: CustomerActor, input: ShopFilter): Promise<string[]> {
    return (await shopsOf(actor, input)).map((shop) => shop.id);
  }

  /** Sales and matched traffic per day-group key ('' for the total). */
  async function byDay(actor: CustomerActor, shopIds: readonly string[], range: DateRange, groups: readonly DayGroup[]): Promise<Map<string, SalesSums>> {
    const repo = repoOf(actor);
    const keyOf = (row: SalesSumRow) => groups.map((group) => String(row.group[group])).join('|');
    const [sales, matched] = await Promise.all([
      repo.salesByDay(shopIds, range.startDate, range.endDate, groups),
      repo.matchedByDay(shopIds, range.startDate, range.endDate, groups),
    ]);
    return collect(matched, keyOf, collect(sales, keyOf));
  }

  async function total(actor: CustomerActor, shopIds: readonly string[], range: DateRange): Promise<SalesSums> {
    return (await byDay(actor, shopIds, range, [])).get('') ?? emptySums();
  }

  async function summary(actor: CustomerActor, input: DateRange & ShopFilter): Promise<SalesSummaryResponse> {
    const days = checkRange(input, RANGE_LIMITS.days);
    const shopIds = await shopIdsOf(actor, input);
    const previousRange = previousRangeOf(input, days);
    const [current, previous, dataUpdatedAt] = await Promise.all([
      total(actor, shopIds, input),
      total(actor, shopIds, previousRange),
      repoOf(actor).lastUpdate(shopIds),
    ]);
    const values = allSalesValues(current);
    const before = allSalesValues(previous);
    return {
      days,
      values,
      previousRange,
      previous: before,
      change: Object.fromEntries(Object.entries(values).map(([indicator, value]) => [indicator, changeOf(before[indicator as SalesIndicator], value)])),
      dataUpdatedAt,
    };
  }

  async function trend(
    actor: CustomerActor,
    input: DateRange & ShopFilter & { granularity: Granularity; indicators: SalesIndicator[] },
  ): Promise<SalesTrendResponse> {
    checkRange(input, maxDaysFor(input.granularity));
    const shopIds = await shopIdsOf(actor, input);
    let sums: Map<string, SalesSums>;
    if (input.granularity === 'hour') {
      const repo = repoOf(actor);
      const keyOf = (row: SalesSumRow) => `${row.group.local_date}T${String(row.group.hour).padStart(2, '0')}`;
      const [sales, matched] = await Promise.all([
        repo.salesByHour(shopIds, input.startDate, input.endDate, ['local_date', 'hour']),
        repo.matchedByHour(shopIds, input.startDate, input.endDate, ['local_date', 'hour']),
      ]);
      sums = collect(matched, keyOf, collect(sales, keyOf));
    } else {
      const toPeriod = periodKey[input.granularity];
      sums = new Map();
      for (const [date, daySums] of await byDay(actor, shopIds, input, ['local_date'])) {
        const key = toPeriod(date);
        sums.set(key, addSums(sums.get(key) ?? emptySums(), daySums));
      }
    }
    return {
      granularity: input.granularity,
      points: bucketKeys(input.granularity, input.startDate, input.endDate).map((key) => ({
        key,
        values: salesValues(input.indicators, sums.get(key) ?? emptySums()),
      })),
    };
  }

  async function ranking(
    actor: CustomerActor,
    input: DateRange & ShopFilter & { indicator: SalesIndicator; order: 'asc' | 'desc' },
  ): Promise<SalesRankingResponse> {
    const days = checkRange(input, RANGE_LIMITS.days);
    const shops = await shopsOf(actor, input);
    const shopIds = shops.map((shop) => shop.id);
    const previousRange = previousRangeOf(input, days);
    const [current, previous] = await Promise.all([byDay(actor, shopIds, input, ['shop_id']), byDay(actor, shopIds, previousRange, ['shop_id'])]);
    const rows = shops.map((shop) => {
      const value = salesValue(input.indicator, current.get(shop.id) ?? emptySums());
      const previousValue = salesValue(input.indicator, previous.get(shop.id) ?? emptySums());
      return { shopId: shop.id, shopName: shop.name, shopNumber: shop.number, value, previousValue, change: changeOf(previousValue, value) };
    });
    return { indicator: input.indicator, previousRange, rows: rankByValue(rows, input.order) };
  }

  async function crossStore(actor: CustomerActor, input: DateRange & ShopFilter & { indicators: SalesIndicator[] }): Promise<CrossStoreResponse> {
    checkRange(input, RANGE_LIMITS.days);
    const shops = await shopsOf(actor, input);
    const byShop = await byDay(
      actor,
      shops.map((shop) => shop.id),
      input,
      ['shop_id'],
    );
    const totals = emptySums();
    for (const sums of byShop.values()) addSums(totals, sums);
    const rows = shops.map((shop) => {
      const sums = byShop.get(shop.id) ?? emptySums();
      return {
        shopId: shop.id,
        shopName: shop.name,
        shopNumber: shop.number,
        values: salesValues(input.indicators, sums),
        shareOfNetSales: totals.net_sales_cents !== 0 ? sums.net_sales_cents / totals.net_sales_cents : null,
      };
    });
    const shopAverage: PartialSalesValues = Object.fromEntries(
      input.indicators.map((indicator) => {
        const known = rows.map((row) => row.values[indicator]).filter((value): value is number => value !== null && value !== undefined);
        return [indicator, known.length > 0 ? known.reduce((sum, value) => sum + value, 0) / known.length : null];
      }),
    );
    return { totals: salesValues(input.indicators, totals), shopAverage, shops: rows };
  }

  // ------------------------------------------------------------ consumption analysis (/consumption)

  async function timeOfDay(actor: CustomerActor, input: DateRange & ShopFilter): Promise<TimeOfDayResponse> {
    const days = checkRange(input, RANGE_LIMITS.days);
    const shopIds = await shopIdsOf(actor, input);
    const repo = repoOf(actor);
    const keyOf = (row: SalesSumRow) => String(row.group.hour);
    const [sales, matched] = await Promise.all([
      repo.salesByHour(shopIds, input.startDate, input.endDate, ['hour']),
      repo.matchedByHour(shopIds, input.startDate, input.endDate, ['hour']),
    ]);
    const byHour = collect(matched, keyOf, collect(sales, keyOf));
    const withoutTime = byHour.get('-1') ?? emptySums();
    return {
      days,
      hours: Array.from({ length: 24 }, (_, hour) => {
        const sums = byHour.get(String(hour)) ?? emptySums();
        return {
          hour,
          netSales: sums.net_sales_cents / 100,
          transactions: sums.transactions,
          entries: sums.matched_entries,
          conversionRate: salesValue('conversionRate', sums),
          avgTransactionValue: salesValue('avgTransactionValue', sums),
        };
      }),
      withoutTime: { netSales: withoutTime.net_sales_cents / 100, transactions: withoutTime.transactions },
    };
  }

  async function basketSize(actor: CustomerActor, input: DateRange & ShopFilter): Promise<BasketSizeResponse> {
    checkRange(input, RANGE_LIMITS.days);
    const shopIds = await shopIdsOf(actor, input);
    const { buckets, transactions, unitsMilli } = await repoOf(actor).baskets(shopIds, input.startDate, input.endDate);
    return {
      transactions,
      unitsPerTransaction: transactions > 0 ? unitsMilli / 1000 / transactions : null,
      buckets: BASKET_BUCKETS.map((bucket, index) => {
        const count = buckets[index] ?? 0;
        return { bucket, transactions: count, share: transactions > 0 ? count / transactions : null };
      }),
    };
  }

  async function weekday(actor: CustomerActor, input: DateRange & ShopFilter): Promise<WeekdayResponse> {
    // Grouping by weekday, like grouping by week or month, may span up to a year.
    checkRange(input, RANGE_LIMITS.grouped);
    const shopIds = await shopIdsOf(actor, input);
    const byDate = await byDay(actor, shopIds, input, ['local_date']);
    const weekdays = Array.from({ length: 7 }, () => ({ days: 0, sums: emptySums() }));
    for (const date of datesOf(input.startDate, input.endDate)) {
      const slot = weekdays[weekdayOf(date)];
      if (!slot) continue;
      slot.days += 1;
      addSums(slot.sums, byDate.get(date) ?? {});
    }
    return {
      weekdays: weekdays.map(({ days, sums }, index) => ({
        weekday: index,
        days,
        netSales: sums.net_sales_cents / 100,
        transactions: sums.transactions,
        entries: sums.matched_entries,
        conversionRate: salesValue('conversionRate', sums),
        avgTransactionValue: salesValue('avgTransactionValue', sums),
      })),
    };
  }

  async function periodComparison(actor: CustomerActor, input: ShopFilter & { rangeA: DateRange; rangeB: DateRange }): Promise<PeriodComparisonResponse> {
    const { rangeA, rangeB } = input;
    // The spec's rules for compared ranges (section 5), shared with the store comparison and the web.
    const days = checkComparisonRanges(rangeA, rangeB);
    const shopIds = await shopIdsOf(actor, input);
    const [daysA, daysB] = await Promise.all([byDay(actor, shopIds, rangeA, ['local_date']), byDay(actor, shopIds, rangeB, ['local_date'])]);
    const sumAll = (map: Map<string, SalesSums>) => [...map.values()].reduce((target, sums) => addSums(target, sums), emptySums());
    const a = allSalesValues(sumAll(daysA));
    const b = allSalesValues(sumAll(daysB));
    return {
      days,
      a,
      b,
      change: Object.fromEntries(Object.entries(a).map(([indicator, value]) => [indicator, changeOf(value, b[indicator as SalesIndicator])])),
      series: pairedDays(rangeA, rangeB, days, (dateA, dateB) => ({
        a: allSalesValues(daysA.get(dateA) ?? emptySums()),
        b: allSalesValues(daysB.get(dateB) ?? emptySums()),
      })),
    };
  }

  return { summary, trend, ranking, crossStore, timeOfDay, basketSize, weekday, periodComparison };
}
export type SalesAnalyticsService = ReturnType<typeof createSalesAnalyticsService>;
