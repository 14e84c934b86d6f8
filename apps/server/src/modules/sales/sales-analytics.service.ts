import {
  BASKET_BUCKETS,
  type BasketSizeResponse,
  type CrossStoreResponse,
  type CurrencyCode,
  type DateRange,
  type Granularity,
  MONEY_SALES_INDICATORS,
  type MoneyCheckResponse,
  type PartialSalesValues,
  PER_SQM_SALES_INDICATORS,
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
import type { MoneyPlan, MoneyService } from './money.service.ts';
import { type DayGroup, type HourGroup, type SalesSumRow, salesAnalyticsRepo } from './sales-analytics.repo.ts';
import { addSums, allSalesValues, emptySums, type SalesSums, salesValue, salesValues, scaleMoney } from './sales-metrics.ts';

/** `currency`: only the selected shops that keep it (the figures per currency of a mixed selection). */
type ShopFilter = { shopIds?: string[] | undefined; currency?: CurrencyCode | undefined };

/** The shops of one answer, how its money is read, and the floor area of the shops that have one. */
interface Selection {
  shops: { id: string; name: string; number: string; currency: string; floor_area: number | null }[];
  shopIds: string[];
  plan: MoneyPlan;
  /** Shops with a floor area (the per-m² figures count only them) and their total area. */
  areaShopIds: string[];
  areaOf: (shopId?: string) => number;
}

const asksMoney = (indicators: readonly SalesIndicator[]) => indicators.some((indicator) => MONEY_SALES_INDICATORS.includes(indicator));
const asksArea = (indicators: readonly SalesIndicator[]) => indicators.some((indicator) => PER_SQM_SALES_INDICATORS.includes(indicator));
const scaleRow = (sums: Partial<SalesSums>, rate: number) => scaleMoney(sums, rate);

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
export function createSalesAnalyticsService(deps: { db: DB; money: MoneyService }) {
  const { db, money } = deps;
  const repoOf = (actor: CustomerActor) => salesAnalyticsRepo(tenantScope(db, actor.customerId));

  /** The shops asked about, checked against the caller's access (not found outside it); of one currency when asked. */
  async function shopsOf(actor: CustomerActor, input: ShopFilter) {
    const shops = await repoOf(actor).shops(await accessOf(db, actor).shopIds(input.shopIds));
    return input.currency ? shops.filter((shop) => shop.currency === input.currency) : shops;
  }

  /**
   * The shops and the money plan of an answer over `ranges`: amounts of several currencies are
   * converted with the rate of each day, or the answer is refused (never added up raw).
   */
  async function selectionOf(actor: CustomerActor, input: ShopFilter, ranges: readonly DateRange[], needsMoney: boolean): Promise<Selection> {
    const shops = await shopsOf(actor, input);
    const plan = await money.plan(actor.customerId, shops, ranges, needsMoney);
    const areaShops = shops.filter((shop) => shop.floor_area !== null && shop.floor_area > 0);
    const areaById = new Map(areaShops.map((shop) => [shop.id, shop.floor_area ?? 0]));
    const totalArea = areaShops.reduce((sum, shop) => sum + (shop.floor_area ?? 0), 0);
    return {
      shops,
      shopIds: shops.map((shop) => shop.id),
      plan,
      areaShopIds: areaShops.map((shop) => shop.id),
      areaOf: (shopId) => (shopId === undefined ? totalArea : (areaById.get(shopId) ?? 0)),
    };
  }

  /** Sales and matched traffic per day-group key ('' for the total); with the per-m² sums when `area`. */
  async function byDay(
    actor: CustomerActor,
    selection: Selection,
    range: DateRange,
    groups: readonly DayGroup[],
    area = false,
  ): Promise<Map<string, SalesSums>> {
    const repo = repoOf(actor);
    const keyOf = (row: SalesSumRow) => groups.map((group) => String(row.group[group])).join('|');
    const read = (ids: readonly string[], by: readonly DayGroup[]) =>
      Promise.all([repo.salesByDay(ids, range.startDate, range.endDate, by), repo.matchedByDay(ids, range.startDate, range.endDate, by)]).then((parts) =>
        parts.flat(),
      );
    const readArea = (ids: readonly string[], by: readonly DayGroup[]) => repo.areaByDay(ids, range.startDate, range.endDate, by);
    const [rows, areaRows] = await Promise.all([
      selection.plan.read<DayGroup, Partial<SalesSums>>(selection.shopIds, groups, read, scaleRow),
      area ? selection.plan.read<DayGroup, Partial<SalesSums>>(selection.areaShopIds, groups, readArea, scaleRow) : Promise.resolve([]),
    ]);
    return collect(areaRows, keyOf, collect(rows, keyOf));
  }

  /** The same by hour: `groups` of the hourly rollups. */
  async function byHour(
    actor: CustomerActor,
    selection: Selection,
    range: DateRange,
    groups: readonly HourGroup[],
    area = false,
  ): Promise<Map<string, SalesSums>> {
    const repo = repoOf(actor);
    const keyOf = (row: SalesSumRow) => groups.map((group) => String(row.group[group])).join('|');
    const read = (ids: readonly string[], by: readonly HourGroup[]) =>
      Promise.all([repo.salesByHour(ids, range.startDate, range.endDate, by), repo.matchedByHour(ids, range.startDate, range.endDate, by)]).then((parts) =>
        parts.flat(),
      );
    const readArea = (ids: readonly string[], by: readonly HourGroup[]) => repo.areaByHour(ids, range.startDate, range.endDate, by);
    const [rows, areaRows] = await Promise.all([
      selection.plan.read<HourGroup, Partial<SalesSums>>(selection.shopIds, groups, read, scaleRow),
      area ? selection.plan.read<HourGroup, Partial<SalesSums>>(selection.areaShopIds, groups, readArea, scaleRow) : Promise.resolve([]),
    ]);
    return collect(areaRows, keyOf, collect(rows, keyOf));
  }

  async function total(actor: CustomerActor, selection: Selection, range: DateRange): Promise<SalesSums> {
    return (await byDay(actor, selection, range, [], true)).get('') ?? emptySums();
  }

  /** The currencies of a selection and, when they cannot be added up, why (the pages ask first). */
  async function currencyCheck(actor: CustomerActor, input: DateRange & ShopFilter): Promise<MoneyCheckResponse> {
    checkRange(input, RANGE_LIMITS.grouped);
    return money.check(actor.customerId, await shopsOf(actor, input), input);
  }

  async function summary(actor: CustomerActor, input: DateRange & ShopFilter): Promise<SalesSummaryResponse> {
    const days = checkRange(input, RANGE_LIMITS.days);
    const previousRange = previousRangeOf(input, days);
    const selection = await selectionOf(actor, input, [input, previousRange], true);
    const { shopIds } = selection;
    const [current, previous, dataUpdatedAt] = await Promise.all([
      total(actor, selection, input),
      total(actor, selection, previousRange),
      repoOf(actor).lastUpdate(shopIds),
    ]);
    const values = allSalesValues(current, selection.areaOf());
    const before = allSalesValues(previous, selection.areaOf());
    return {
      days,
      values,
      previousRange,
      previous: before,
      change: Object.fromEntries(Object.entries(values).map(([indicator, value]) => [indicator, changeOf(before[indicator as SalesIndicator], value)])),
      dataUpdatedAt,
      money: selection.plan.info(),
    };
  }

  async function trend(
    actor: CustomerActor,
    input: DateRange & ShopFilter & { granularity: Granularity; indicators: SalesIndicator[] },
  ): Promise<SalesTrendResponse> {
    checkRange(input, maxDaysFor(input.granularity));
    const selection = await selectionOf(actor, input, [input], asksMoney(input.indicators));
    const area = asksArea(input.indicators);
    let sums: Map<string, SalesSums>;
    if (input.granularity === 'hour') {
      sums = new Map();
      for (const [key, hourSums] of await byHour(actor, selection, input, ['local_date', 'hour'], area)) {
        const [date, hour] = key.split('|');
        sums.set(`${date}T${String(hour).padStart(2, '0')}`, hourSums);
      }
    } else {
      const toPeriod = periodKey[input.granularity];
      sums = new Map();
      for (const [date, daySums] of await byDay(actor, selection, input, ['local_date'], area)) {
        const key = toPeriod(date);
        sums.set(key, addSums(sums.get(key) ?? emptySums(), daySums));
      }
    }
    return {
      granularity: input.granularity,
      points: bucketKeys(input.granularity, input.startDate, input.endDate).map((key) => ({
        key,
        values: salesValues(input.indicators, sums.get(key) ?? emptySums(), selection.areaOf()),
      })),
      money: selection.plan.info(),
    };
  }

  async function ranking(
    actor: CustomerActor,
    input: DateRange & ShopFilter & { indicator: SalesIndicator; order: 'asc' | 'desc' },
  ): Promise<SalesRankingResponse> {
    const days = checkRange(input, RANGE_LIMITS.days);
    const previousRange = previousRangeOf(input, days);
    const selection = await selectionOf(actor, input, [input, previousRange], asksMoney([input.indicator]));
    const area = asksArea([input.indicator]);
    const [current, previous] = await Promise.all([
      byDay(actor, selection, input, ['shop_id'], area),
      byDay(actor, selection, previousRange, ['shop_id'], area),
    ]);
    const rows = selection.shops.map((shop) => {
      const value = salesValue(input.indicator, current.get(shop.id) ?? emptySums(), selection.areaOf(shop.id));
      const previousValue = salesValue(input.indicator, previous.get(shop.id) ?? emptySums(), selection.areaOf(shop.id));
      return { shopId: shop.id, shopName: shop.name, shopNumber: shop.number, value, previousValue, change: changeOf(previousValue, value) };
    });
    return { indicator: input.indicator, previousRange, rows: rankByValue(rows, input.order), money: selection.plan.info() };
  }

  async function crossStore(actor: CustomerActor, input: DateRange & ShopFilter & { indicators: SalesIndicator[] }): Promise<CrossStoreResponse> {
    checkRange(input, RANGE_LIMITS.days);
    // The share of net sales adds money over the shops too, so it needs one currency as well.
    const selection = await selectionOf(actor, input, [input], true);
    const byShop = await byDay(actor, selection, input, ['shop_id'], asksArea(input.indicators));
    const totals = emptySums();
    for (const sums of byShop.values()) addSums(totals, sums);
    const rows = selection.shops.map((shop) => {
      const sums = byShop.get(shop.id) ?? emptySums();
      return {
        shopId: shop.id,
        shopName: shop.name,
        shopNumber: shop.number,
        values: salesValues(input.indicators, sums, selection.areaOf(shop.id)),
        shareOfNetSales: totals.net_sales_cents !== 0 ? sums.net_sales_cents / totals.net_sales_cents : null,
      };
    });
    const shopAverage: PartialSalesValues = Object.fromEntries(
      input.indicators.map((indicator) => {
        const known = rows.map((row) => row.values[indicator]).filter((value): value is number => value !== null && value !== undefined);
        return [indicator, known.length > 0 ? known.reduce((sum, value) => sum + value, 0) / known.length : null];
      }),
    );
    return { totals: salesValues(input.indicators, totals, selection.areaOf()), shopAverage, shops: rows, money: selection.plan.info() };
  }

  // ------------------------------------------------------------ consumption analysis (/consumption)

  async function timeOfDay(actor: CustomerActor, input: DateRange & ShopFilter): Promise<TimeOfDayResponse> {
    const days = checkRange(input, RANGE_LIMITS.days);
    const selection = await selectionOf(actor, input, [input], true);
    const hours = await byHour(actor, selection, input, ['hour']);
    const withoutTime = hours.get('-1') ?? emptySums();
    return {
      days,
      hours: Array.from({ length: 24 }, (_, hour) => {
        const sums = hours.get(String(hour)) ?? emptySums();
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
      money: selection.plan.info(),
    };
  }

  async function basketSize(actor: CustomerActor, input: DateRange & ShopFilter): Promise<BasketSizeResponse> {
    checkRange(input, RANGE_LIMITS.days);
    // No money here: shops of any currencies count together.
    const shopIds = (await shopsOf(actor, input)).map((shop) => shop.id);
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
    const selection = await selectionOf(actor, input, [input], true);
    const byDate = await byDay(actor, selection, input, ['local_date']);
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
      money: selection.plan.info(),
    };
  }

  async function periodComparison(actor: CustomerActor, input: ShopFilter & { rangeA: DateRange; rangeB: DateRange }): Promise<PeriodComparisonResponse> {
    const { rangeA, rangeB } = input;
    // The spec's rules for compared ranges (section 5), shared with the store comparison and the web.
    const days = checkComparisonRanges(rangeA, rangeB);
    const selection = await selectionOf(actor, input, [rangeA, rangeB], true);
    const area = selection.areaOf();
    const [daysA, daysB] = await Promise.all([byDay(actor, selection, rangeA, ['local_date'], true), byDay(actor, selection, rangeB, ['local_date'], true)]);
    const sumAll = (map: Map<string, SalesSums>) => [...map.values()].reduce((target, sums) => addSums(target, sums), emptySums());
    const a = allSalesValues(sumAll(daysA), area);
    const b = allSalesValues(sumAll(daysB), area);
    return {
      days,
      a,
      b,
      change: Object.fromEntries(Object.entries(a).map(([indicator, value]) => [indicator, changeOf(value, b[indicator as SalesIndicator])])),
      series: pairedDays(rangeA, rangeB, days, (dateA, dateB) => ({
        a: allSalesValues(daysA.get(dateA) ?? emptySums(), area),
        b: allSalesValues(daysB.get(dateB) ?? emptySums(), area),
      })),
      money: selection.plan.info(),
    };
  }

  return { currencyCheck, summary, trend, ranking, crossStore, timeOfDay, basketSize, weekday, periodComparison };
}
export type SalesAnalyticsService = ReturnType<typeof createSalesAnalyticsService>;
