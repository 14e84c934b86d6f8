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
  type PosData,
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
import { cutsShort, elapsedCut, elapsedPartOf, groupByClock, partialBuckets } from '../../platform/analytics/like-for-like.ts';
import { rankByValue, rankingRow } from '../../platform/analytics/ranking.ts';
import { changeOf } from '../../platform/analytics/ratios.ts';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now } from '../../platform/time/clock.ts';
import { addDays, datesOf, monthOf, todayIn, weekdayOf, weekStart } from '../../platform/time/local-time.ts';
import type { MoneyPlan, MoneyService } from './money.service.ts';
import { type DayGroup, type HourGroup, type SalesSumRow, salesAnalyticsRepo } from './sales-analytics.repo.ts';
import { addSums, allSalesValues, emptySums, type SalesSums, salesValue, salesValues, scaleMoney } from './sales-metrics.ts';

/** `currency`: only the selected shops that keep it (the figures per currency of a mixed selection). */
type ShopFilter = { shopIds?: string[] | undefined; currency?: CurrencyCode | undefined };

type SalesShop = {
  id: string;
  name: string;
  number: string;
  currency: string;
  floor_area: number | null;
  time_zone: string;
  business_hours: string;
};

/** The shops of one answer, how its money is read, and the floor area of the shops that have one. */
interface Selection {
  shops: SalesShop[];
  shopIds: string[];
  plan: MoneyPlan;
  /** Shops with a floor area (the per-m² figures count only them) and their total area. */
  areaShopIds: string[];
  areaOf: (shopId?: string) => number;
}

const asksMoney = (indicators: readonly SalesIndicator[]) => indicators.some((indicator) => MONEY_SALES_INDICATORS.includes(indicator));
const asksArea = (indicators: readonly SalesIndicator[]) => indicators.some((indicator) => PER_SQM_SALES_INDICATORS.includes(indicator));
const scaleRow = (sums: Partial<SalesSums>, rate: number) => scaleMoney(sums, rate);

/** Sums of `from` added into `into` per key. */
function mergeInto(into: Map<string, SalesSums>, from: Map<string, SalesSums>): Map<string, SalesSums> {
  for (const [key, sums] of from) into.set(key, addSums(into.get(key) ?? emptySums(), sums));
  return into;
}

/** A selection of `shops` read with `plan`: the shops with a floor area and their area. */
function selectionWith(shops: SalesShop[], plan: MoneyPlan): Selection {
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

/**
 * The part of a selection that holds `shopIds` (a time-zone group, the comparable stores): the
 * same money plan, so its amounts convert as the whole selection's do (the plan covers every
 * shop of the selection and every day of its ranges).
 */
function narrowed(selection: Selection, shopIds: Iterable<string>): Selection {
  const keep = new Set(shopIds);
  return selectionWith(
    selection.shops.filter((shop) => keep.has(shop.id)),
    selection.plan,
  );
}

/** Adds rows into sums per key. */
function collect(rows: readonly SalesSumRow[], keyOf: (row: SalesSumRow) => string, into = new Map<string, SalesSums>()): Map<string, SalesSums> {
  for (const row of rows) {
    const key = keyOf(row);
    into.set(key, addSums(into.get(key) ?? emptySums(), row.sums));
  }
  return into;
}

const periodKey: Record<Exclude<Granularity, 'hour'>, (date: string) => string> = { day: (date) => date, week: weekStart, month: monthOf };

/** Indicators that do not come from POS data: visitors per m² counts the traffic of every day. */
const TRAFFIC_ONLY_INDICATORS: readonly SalesIndicator[] = ['entriesPerSqm'];

/** No data is not zero (issue 11): values over store-days that all lack POS data are null, not 0. */
function unlessMissing<Values extends Partial<Record<string, number | null>>>(values: Values, posData: PosData): Values {
  if (posData.storeDays === 0 || posData.missing < posData.storeDays) return values;
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, TRAFFIC_ONLY_INDICATORS.includes(key as SalesIndicator) ? value : null]),
  ) as Values;
}

/** Every figure of an answer absent (a period that was not compared). */
function withoutValues<Values extends Partial<Record<string, number | null>>>(values: Values): Values {
  return Object.fromEntries(Object.keys(values).map((key) => [key, null])) as Values;
}

/** Which store-days of a range have POS data, counted over any dates of it (every shop of `shopIds` on each date). */
function posDataTally(shopIds: readonly string[], rows: readonly { shop_id: string; local_date: string }[]) {
  const byDate = new Map<string, number>();
  for (const row of rows) byDate.set(row.local_date, (byDate.get(row.local_date) ?? 0) + 1);
  return (dates: readonly string[]): PosData => {
    const storeDays = dates.length * shopIds.length;
    const withData = dates.reduce((sum, date) => sum + (byDate.get(date) ?? 0), 0);
    return { storeDays, missing: storeDays - withData };
  };
}

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

  /** The POS data of the store-days of `shopIds` over `range`, counted over any of its dates. */
  async function posDataOf(actor: CustomerActor, shopIds: readonly string[], range: DateRange) {
    return posDataTally(shopIds, await repoOf(actor).posDays(shopIds, range.startDate, range.endDate));
  }

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
    return selectionWith(shops, await money.plan(actor.customerId, shops, ranges, needsMoney));
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

  /**
   * Like for like (issue 11): POS data arrives for finished days only, so while `running` holds a
   * shop's today, it counts its finished days and `reference` as many days from its start, per
   * group of shops sharing a time zone. Sums per day-group key of both sides (read through the
   * selection's money plan: converted per shop-day like any answer; with the per-m² sums when
   * `area`), the compared ranges (the longest over the groups) and the compared shops as a
   * selection (its floor area is the one of the per-m² figures).
   */
  async function likeForLike(
    actor: CustomerActor,
    selection: Selection,
    running: DateRange,
    reference: DateRange,
    groups: readonly DayGroup[],
    options: { comparableOnly?: boolean; area?: boolean } = {},
  ) {
    const comparableOnly = options.comparableOnly === true;
    const result = {
      running: new Map<string, SalesSums>(),
      reference: new Map<string, SalesSums>(),
      cut: false,
      runningPart: null as DateRange | null,
      referencePart: null as DateRange | null,
      /** Comp stores: POS data on every compared day of both ranges. */
      comparable: new Set<string>(),
      /** Per shop: its compared days of the running range without POS data. */
      missingDays: new Map<string, number>(),
      comparedShops: 0,
      /** The shops compared (all, or the comparable ones when `comparableOnly`). */
      compared: selection,
    };
    const at = now();
    const clocks = groupByClock(selection.shops.map((shop) => ({ id: shop.id, timeZone: shop.time_zone, businessHours: shop.business_hours })));
    const longest = (a: DateRange | null, b: DateRange | null) => (a === null ? b : b === null || a.endDate >= b.endDate ? a : b);
    const comparedIds = new Set<string>();
    await Promise.all(
      clocks.map(async (group) => {
        const [first] = group;
        if (!first) return;
        const cut = elapsedCut(running, first, at, 'day');
        const short = cut !== null && cutsShort(running, cut);
        const runningPart = short ? elapsedPartOf(running, cut).wholeDays : running;
        const referencePart = short ? elapsedPartOf(reference, cut).wholeDays : reference;
        if (short) result.cut = true;
        const { comparable, missingDays } = await comparableShops(
          actor,
          group.map((shop) => shop.id),
          runningPart,
          referencePart,
        );
        for (const id of comparable) result.comparable.add(id);
        for (const [id, missing] of missingDays) result.missingDays.set(id, missing);
        const ids = group.map((shop) => shop.id).filter((id) => !comparableOnly || comparable.has(id));
        for (const id of ids) comparedIds.add(id);
        result.comparedShops += ids.length;
        const part = narrowed(selection, ids);
        const [a, b] = await Promise.all([
          runningPart ? byDay(actor, part, runningPart, groups, options.area) : new Map<string, SalesSums>(),
          referencePart ? byDay(actor, part, referencePart, groups, options.area) : new Map<string, SalesSums>(),
        ]);
        mergeInto(result.running, a);
        mergeInto(result.reference, b);
        result.runningPart = longest(result.runningPart, runningPart);
        result.referencePart = longest(result.referencePart, referencePart);
      }),
    );
    if (comparableOnly) result.compared = narrowed(selection, comparedIds);
    return result;
  }

  /**
   * Shops with POS data on every day of both compared parts (a part that is empty asks nothing of
   * them), and per shop the days of the running part `a` without POS data.
   */
  async function comparableShops(
    actor: CustomerActor,
    shopIds: readonly string[],
    a: DateRange | null,
    b: DateRange | null,
  ): Promise<{ comparable: Set<string>; missingDays: Map<string, number> }> {
    const days = new Map<string, number>();
    const runningDays = new Map<string, number>();
    for (const part of [a, b]) {
      if (!part) continue;
      for (const row of await repoOf(actor).posDays(shopIds, part.startDate, part.endDate)) {
        days.set(row.shop_id, (days.get(row.shop_id) ?? 0) + 1);
        if (part === a) runningDays.set(row.shop_id, (runningDays.get(row.shop_id) ?? 0) + 1);
      }
    }
    const dueRunning = a ? datesOf(a.startDate, a.endDate).length : 0;
    const due = dueRunning + (b ? datesOf(b.startDate, b.endDate).length : 0);
    return {
      comparable: new Set(shopIds.filter((id) => (days.get(id) ?? 0) >= due)),
      missingDays: new Map(shopIds.map((id) => [id, dueRunning - (runningDays.get(id) ?? 0)])),
    };
  }

  /** The finished days of a range in each shop's clock: sums per day-group key (days from each shop's today on are left out). */
  async function finishedDays(actor: CustomerActor, selection: Selection, range: DateRange, groups: readonly DayGroup[]) {
    return (await likeForLike(actor, selection, range, range, groups)).running;
  }

  /** The currencies of a selection and, when they cannot be added up, why (the pages ask first). */
  async function currencyCheck(actor: CustomerActor, input: DateRange & ShopFilter): Promise<MoneyCheckResponse> {
    checkRange(input, RANGE_LIMITS.grouped);
    return money.check(actor.customerId, await shopsOf(actor, input), input);
  }

  async function summary(actor: CustomerActor, input: DateRange & ShopFilter & { comparableOnly?: boolean | undefined }): Promise<SalesSummaryResponse> {
    const days = checkRange(input, RANGE_LIMITS.days);
    const previousRange = previousRangeOf(input, days);
    const selection = await selectionOf(actor, input, [input, previousRange], true);
    const { shopIds } = selection;
    const comparableOnly = input.comparableOnly === true;
    const [compared, dataUpdatedAt] = await Promise.all([
      likeForLike(actor, selection, input, previousRange, [], { comparableOnly, area: true }),
      repoOf(actor).lastUpdate(shopIds),
    ]);
    const area = compared.compared.areaOf();
    // The store-days each side stands on, and how many of them lack POS data (issue 11: the cards say
    // so; a side without any has no sales figures rather than zeros).
    // A range with no finished day yet ('Today') compares nothing: its own days are reported as
    // lacking POS data, and the previous period has no figures rather than a 0 to compare with.
    const nothingCompared = compared.cut && compared.runningPart === null;
    const runningRange = compared.runningPart ?? input;
    const referenceRange = nothingCompared ? null : (compared.referencePart ?? previousRange);
    const tallyOf = async (range: DateRange | null): Promise<PosData> =>
      range ? (await posDataOf(actor, shopIds, range))(datesOf(range.startDate, range.endDate)) : { storeDays: 0, missing: 0 };
    const [posData, previousPosData] = await Promise.all([tallyOf(runningRange), tallyOf(referenceRange)]);
    const values = unlessMissing(allSalesValues(compared.running.get('') ?? emptySums(), area), posData);
    const previousValues = allSalesValues(compared.reference.get('') ?? emptySums(), area);
    const before = referenceRange ? unlessMissing(previousValues, previousPosData) : withoutValues(previousValues);
    return {
      days,
      values,
      previousRange,
      previous: before,
      change: Object.fromEntries(Object.entries(values).map(([indicator, value]) => [indicator, changeOf(before[indicator as SalesIndicator], value)])),
      dataUpdatedAt,
      money: selection.plan.info(),
      ...(compared.runningPart ? { comparedRange: compared.runningPart } : {}),
      ...(compared.referencePart ? { previousComparedRange: compared.referencePart } : {}),
      likeForLike: { cut: compared.cut, comparableOnly, comparedShops: compared.comparedShops, shops: selection.shops.length },
      posData,
      previousPosData,
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
    // Today's POS data is still to come in every shop: its day, week and month are partial, like edge weeks and months.
    const at = now();
    const partial = partialBuckets(
      input.granularity,
      input,
      selection.shops.map((shop) => ({ date: todayIn(shop.time_zone, at), hour: null })),
    );
    // The dates each bucket sums over: a store-day without POS data is missing in every hour of it.
    const tally = await posDataOf(actor, selection.shopIds, input);
    const datesOfKey = new Map<string, string[]>();
    if (input.granularity !== 'hour') {
      const toPeriod = periodKey[input.granularity];
      for (const date of datesOf(input.startDate, input.endDate)) {
        const key = toPeriod(date);
        datesOfKey.set(key, [...(datesOfKey.get(key) ?? []), date]);
      }
    }
    return {
      granularity: input.granularity,
      points: bucketKeys(input.granularity, input.startDate, input.endDate).map((key) => {
        const reason = partial.get(key);
        const posData = tally(input.granularity === 'hour' ? [key.slice(0, 10)] : (datesOfKey.get(key) ?? []));
        const values = salesValues(input.indicators, sums.get(key) ?? emptySums(), selection.areaOf());
        return { key, values: unlessMissing(values, posData), ...(reason ? { partial: reason } : {}), posData };
      }),
      money: selection.plan.info(),
    };
  }

  async function ranking(
    actor: CustomerActor,
    input: DateRange & ShopFilter & { indicator: SalesIndicator; order: 'asc' | 'desc'; comparableOnly?: boolean | undefined },
  ): Promise<SalesRankingResponse> {
    const days = checkRange(input, RANGE_LIMITS.days);
    const previousRange = previousRangeOf(input, days);
    const selection = await selectionOf(actor, input, [input, previousRange], asksMoney([input.indicator]));
    const area = asksArea([input.indicator]);
    const comparableOnly = input.comparableOnly === true;
    const compared = await likeForLike(actor, selection, input, previousRange, ['shop_id'], { comparableOnly, area });
    const [current, previous] = [compared.running, compared.reference];
    const rows = compared.compared.shops.map((shop) => {
      const value = salesValue(input.indicator, current.get(shop.id) ?? emptySums(), selection.areaOf(shop.id));
      const previousValue = salesValue(input.indicator, previous.get(shop.id) ?? emptySums(), selection.areaOf(shop.id));
      return rankingRow(shop, value, previousValue, {
        comparable: compared.comparable.has(shop.id),
        incompleteDays: compared.missingDays.get(shop.id) ?? 0,
      });
    });
    return {
      indicator: input.indicator,
      previousRange,
      rows: rankByValue(rows, input.order),
      money: selection.plan.info(),
      likeForLike: { cut: compared.cut, comparableOnly, comparedShops: compared.comparedShops, shops: selection.shops.length },
    };
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
    const [hours, tally] = await Promise.all([byHour(actor, selection, input, ['hour']), posDataOf(actor, selection.shopIds, input)]);
    const withoutTime = hours.get('-1') ?? emptySums();
    const posData = tally(datesOf(input.startDate, input.endDate));
    return {
      days,
      hours: Array.from({ length: 24 }, (_, hour) => ({ hour, ...unlessMissing(hourSalesOf(hours.get(String(hour)) ?? emptySums()), posData) })),
      withoutTime: { netSales: withoutTime.net_sales_cents / 100, transactions: withoutTime.transactions },
      posData,
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
    // Finished days only: today (POS data still to come) is no weekday without sales.
    const byDate = await finishedDays(actor, selection, input, ['local_date']);
    const lastFinished = addDays(
      selection.shops
        .map((shop) => todayIn(shop.time_zone, now()))
        .sort()
        .at(-1) ?? addDays(input.endDate, 1),
      -1,
    );
    const weekdays = Array.from({ length: 7 }, () => ({ dates: [] as string[], sums: emptySums() }));
    const lastDay = input.endDate < lastFinished ? input.endDate : lastFinished;
    for (const date of lastDay < input.startDate ? [] : datesOf(input.startDate, lastDay)) {
      const slot = weekdays[weekdayOf(date)];
      if (!slot) continue;
      slot.dates.push(date);
      addSums(slot.sums, byDate.get(date) ?? {});
    }
    const tally = await posDataOf(actor, selection.shopIds, input);
    return {
      weekdays: weekdays.map(({ dates, sums }, index) => {
        const posData = tally(dates);
        return { weekday: index, days: dates.length, ...unlessMissing(hourSalesOf(sums), posData), posData };
      }),
      money: selection.plan.info(),
    };
  }

  async function periodComparison(
    actor: CustomerActor,
    input: ShopFilter & { rangeA: DateRange; rangeB: DateRange; comparableOnly?: boolean | undefined },
  ): Promise<PeriodComparisonResponse> {
    const { rangeA, rangeB } = input;
    // The spec's rules for compared ranges (section 5), shared with the store comparison and the web.
    const days = checkComparisonRanges(rangeA, rangeB);
    const all = await selectionOf(actor, input, [rangeA, rangeB], true);
    // Like for like: when the later range holds today, both count only its finished days.
    const bRuns = rangeB.startDate > rangeA.startDate;
    const [running, reference] = bRuns ? [rangeB, rangeA] : [rangeA, rangeB];
    const comparableOnly = input.comparableOnly === true;
    const compared = await likeForLike(actor, all, running, reference, [], { comparableOnly, area: true });
    const selection = compared.compared;
    const area = selection.areaOf();
    const [daysA, daysB, tallyA, tallyB] = await Promise.all([
      byDay(actor, selection, rangeA, ['local_date'], true),
      byDay(actor, selection, rangeB, ['local_date'], true),
      posDataOf(actor, selection.shopIds, rangeA),
      posDataOf(actor, selection.shopIds, rangeB),
    ]);
    const [totalA, totalB] = bRuns ? [compared.reference, compared.running] : [compared.running, compared.reference];
    // A period none of whose store-days has POS data has no figures (null), not zeros: no change is read from it.
    const a = unlessMissing(allSalesValues(totalA.get('') ?? emptySums(), area), tallyA(datesOf(rangeA.startDate, rangeA.endDate)));
    const b = unlessMissing(allSalesValues(totalB.get('') ?? emptySums(), area), tallyB(datesOf(rangeB.startDate, rangeB.endDate)));
    const finishedOffsets = compared.runningPart ? datesOf(compared.runningPart.startDate, compared.runningPart.endDate).length : 0;
    return {
      days,
      a,
      b,
      change: Object.fromEntries(Object.entries(a).map(([indicator, value]) => [indicator, changeOf(value, b[indicator as SalesIndicator])])),
      series: pairedDays(rangeA, rangeB, days, (dateA, dateB) => {
        const [posDataA, posDataB] = [tallyA([dateA]), tallyB([dateB])];
        return {
          a: unlessMissing(allSalesValues(daysA.get(dateA) ?? emptySums(), area), posDataA),
          b: unlessMissing(allSalesValues(daysB.get(dateB) ?? emptySums(), area), posDataB),
          posDataA,
          posDataB,
        };
      }).map((pair) => (compared.cut && pair.offset > finishedOffsets ? { ...pair, partial: 'running' as const } : pair)),
      money: all.plan.info(),
      likeForLike: { cut: compared.cut, comparableOnly, comparedShops: compared.comparedShops, shops: all.shops.length },
    };
  }

  /** The figures of an hour or a weekday of the consumption analysis. */
  function hourSalesOf(sums: SalesSums) {
    return {
      netSales: (sums.net_sales_cents / 100) as number | null,
      transactions: sums.transactions as number | null,
      entries: sums.matched_entries as number | null,
      conversionRate: salesValue('conversionRate', sums),
      avgTransactionValue: salesValue('avgTransactionValue', sums),
    };
  }

  return { currencyCheck, summary, trend, ranking, crossStore, timeOfDay, basketSize, weekday, periodComparison };
}
export type SalesAnalyticsService = ReturnType<typeof createSalesAnalyticsService>;
