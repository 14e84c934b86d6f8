import {
  type DateRange,
  type FourQuadrantWithSalesResponse,
  type Indicator,
  type PartialIndicatorValues,
  RANGE_LIMITS,
  type RankingResponse,
  type ReportIndicator,
  type StoreDaysCount,
} from '@storelens/contracts';
import { comparedDates } from '../../platform/analytics/completeness.ts';
import { checkComparisonRanges, checkRange, pairedDays, previousRangeOf } from '../../platform/analytics/date-ranges.ts';
import { elapsedCut } from '../../platform/analytics/like-for-like.ts';
import { rankByValue, rankingRow } from '../../platform/analytics/ranking.ts';
import { changeOf } from '../../platform/analytics/ratios.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { now } from '../../platform/time/clock.ts';
import { datesOf } from '../../platform/time/local-time.ts';
import type { StoreDays, TrafficCompleteness } from './completeness.ts';
import { type ExtraIndicatorSource, extraFiguresOf, reportValues, splitIndicators } from './extra-indicators.ts';
import { addInto, columnsFor, INDICATOR_COLUMNS, indicatorValue, indicatorValues, type Sums } from './metrics.ts';
import { type ShopInfo, type ShopsInScope, shopIdsOf } from './shops-in-scope.ts';
import type { TrafficSums } from './traffic-sums.ts';

/**
 * Shops side by side: the store ranking (against the previous range of equal length), the store
 * comparison of two ranges, and the four-quadrant analysis (which may plot extra indicators).
 */
export function createShopComparisonService(deps: {
  shops: ShopsInScope;
  sums: TrafficSums;
  completeness: TrafficCompleteness;
  extraIndicators: ExtraIndicatorSource;
}) {
  const { extraIndicators } = deps;
  const { resolveShops } = deps.shops;
  const { sumsByShop, periodSums, referenceSums } = deps.sums;

  /**
   * Comparable stores ('comp stores', issue 11): a shop whose devices reported on every compared
   * day of both ranges (of a running range, its elapsed whole days). The rest may be left out.
   */
  async function comparability(customerId: string, shops: readonly ShopInfo[], running: DateRange, reference: DateRange, at: Date) {
    const from = running.startDate < reference.startDate ? running.startDate : reference.startDate;
    const to = running.endDate > reference.endDate ? running.endDate : reference.endDate;
    const storeDays = await deps.completeness.storeDays(customerId, shops, { startDate: from, endDate: to }, at);
    const comparable = new Set(
      shops
        .filter((shop) => {
          const dates = comparedDates(running, reference, elapsedCut(running, { timeZone: shop.time_zone, businessHours: shop.business_hours }, at, 'hour'));
          return storeDays.reportedAll(shop.id, dates.running) && storeDays.reportedAll(shop.id, dates.reference);
        })
        .map((shop) => shop.id),
    );
    return { storeDays, comparable };
  }

  /** A value where the shop reported in the range, null (no data, not 0) where it did not. */
  const known = <Value>(storeDays: StoreDays, shopId: string, range: DateRange, value: Value): Value | null =>
    storeDays.reportedAny(shopId, datesOf(range.startDate, range.endDate)) ? value : null;

  async function ranking(
    actor: CustomerActor,
    input: DateRange & { shopIds?: string[] | undefined; indicator: Indicator; order: 'asc' | 'desc'; comparableOnly?: boolean | undefined },
  ): Promise<RankingResponse> {
    const days = checkRange(input, RANGE_LIMITS.days);
    const allShops = await resolveShops(actor, input.shopIds);
    const previousRange = previousRangeOf(input, days);
    const columns = INDICATOR_COLUMNS[input.indicator];
    const at = now();
    const { storeDays, comparable } = await comparability(actor.customerId, allShops, input, previousRange, at);
    const comparableOnly = input.comparableOnly === true;
    const shops = comparableOnly ? allShops.filter((shop) => comparable.has(shop.id)) : allShops;
    // Like for like: while the range runs, the previous range counts only as far as it has run.
    const [current, previous] = await Promise.all([
      sumsByShop(actor.customerId, shopIdsOf(shops), columns, input),
      referenceSums(actor.customerId, shops, columns, input, previousRange, at),
    ]);
    const rows = shops.map((shop) => {
      const value = known(storeDays, shop.id, input, indicatorValue(input.indicator, current.get(shop.id) ?? {}));
      const previousValue = known(storeDays, shop.id, previousRange, indicatorValue(input.indicator, previous.byShop.get(shop.id) ?? {}));
      return rankingRow(shop, value, previousValue, { comparable: comparable.has(shop.id), incompleteDays: storeDays.incompleteDays(shop.id, input) });
    });
    return {
      indicator: input.indicator,
      previousRange,
      rows: rankByValue(rows, input.order),
      likeForLike: { cut: previous.cut, comparableOnly, comparedShops: shops.length, shops: allShops.length },
    };
  }

  async function comparison(
    actor: CustomerActor,
    input: { shopIds?: string[] | undefined; rangeA: DateRange; rangeB: DateRange; indicators: Indicator[]; comparableOnly?: boolean | undefined },
  ) {
    const { rangeA, rangeB } = input;
    const days = checkComparisonRanges(rangeA, rangeB);
    const allShops = await resolveShops(actor, input.shopIds);
    const columns = columnsFor(input.indicators);
    // Like for like: the later range may still be running; the earlier one then counts the same elapsed part.
    const at = now();
    const bRuns = rangeB.startDate > rangeA.startDate;
    const [running, reference] = bRuns ? [rangeB, rangeA] : [rangeA, rangeB];
    const { storeDays, comparable } = await comparability(actor.customerId, allShops, running, reference, at);
    const comparableOnly = input.comparableOnly === true;
    const shops = comparableOnly ? allShops.filter((shop) => comparable.has(shop.id)) : allShops;
    const shopIds = shopIdsOf(shops);
    const [byShopRunning, daysRunning, referenced] = await Promise.all([
      sumsByShop(actor.customerId, shopIds, columns, running),
      periodSums(actor.customerId, shopIds, columns, 'day', running),
      referenceSums(actor.customerId, shops, columns, running, reference, at),
    ]);
    const [byShopA, byShopB] = bRuns ? [referenced.byShop, byShopRunning] : [byShopRunning, referenced.byShop];
    const [daysA, daysB] = bRuns ? [referenced.byDate, daysRunning] : [daysRunning, referenced.byDate];
    // The running day of the running range (each shop's today), whose pair counts the same elapsed hours.
    const runningDays = new Set(
      shops.flatMap((shop) => {
        const cut = elapsedCut(running, { timeZone: shop.time_zone, businessHours: shop.business_hours }, at, 'hour');
        return cut && cut.hour !== null ? [cut.days] : [];
      }),
    );
    // A shop that reported nothing in a range has no values there (no data, not 0).
    const noData = Object.fromEntries(input.indicators.map((indicator) => [indicator, null]));
    const shopValues = (shopId: string, range: DateRange, byShop: Map<string, Sums>): PartialIndicatorValues =>
      known(storeDays, shopId, range, indicatorValues(input.indicators, byShop.get(shopId) ?? {})) ?? noData;
    const totalA: Sums = {};
    const totalB: Sums = {};
    for (const sums of byShopA.values()) addInto(totalA, sums);
    for (const sums of byShopB.values()) addInto(totalB, sums);
    const totalsA = indicatorValues(input.indicators, totalA);
    const totalsB = indicatorValues(input.indicators, totalB);
    const change: PartialIndicatorValues = Object.fromEntries(
      input.indicators.map((indicator) => {
        return [indicator, changeOf(totalsA[indicator] ?? null, totalsB[indicator] ?? null)];
      }),
    );
    return {
      days,
      totalsA,
      totalsB,
      change,
      shops: shops.map((shop) => ({
        shopId: shop.id,
        shopName: shop.name,
        shopNumber: shop.number,
        a: shopValues(shop.id, rangeA, byShopA),
        b: shopValues(shop.id, rangeB, byShopB),
        comparable: comparable.has(shop.id),
        incompleteDaysA: storeDays.incompleteDays(shop.id, rangeA),
        incompleteDaysB: storeDays.incompleteDays(shop.id, rangeB),
      })),
      series: pairedDays(rangeA, rangeB, days, (dateA, dateB) => {
        // A side no compared shop reported on has no values (no data, not 0), e.g. the days to come of a running range.
        // The reference range's days past the cut (their running pair has not happened yet) are not
        // compared: no values, like their pair, rather than the zeros of sums that were never taken.
        const pastCut = (date: string) => referenced.comparedThrough === null || date > referenced.comparedThrough;
        const side = (date: string, byDate: Map<string, Sums>, isReference: boolean) => {
          const count = storeDays.tally(shopIds, date, date);
          const none = (count.reporting === 0 && !byDate.has(date)) || (isReference && pastCut(date));
          return { count, values: none ? noData : indicatorValues(input.indicators, byDate.get(date) ?? {}) };
        };
        const a = side(dateA, daysA, bRuns);
        const b = side(dateB, daysB, !bRuns);
        const unfair = (count: StoreDaysCount) => count.total > 0 && count.complete < count.total;
        return {
          a: a.values,
          b: b.values,
          storeDaysA: a.count,
          storeDaysB: b.count,
          ...(unfair(a.count) || unfair(b.count) ? { incomplete: true } : {}),
        };
      }).map((pair) => (runningDays.has(pair.offset - 1) ? { ...pair, partial: 'running' as const } : pair)),
      likeForLike: { cut: referenced.cut, comparableOnly, comparedShops: shops.length, shops: allShops.length },
    };
  }

  async function fourQuadrant(
    actor: CustomerActor,
    input: DateRange & { shopIds?: string[] | undefined; xIndicator: ReportIndicator; yIndicator: ReportIndicator },
  ): Promise<FourQuadrantWithSalesResponse> {
    if (input.xIndicator === input.yIndicator) throw badRequest('traffic.sameIndicator');
    checkRange(input, RANGE_LIMITS.days);
    const shops = await resolveShops(actor, input.shopIds);
    const axes = [input.xIndicator, input.yIndicator];
    const { traffic, extra } = splitIndicators(axes);
    if (extra.length > 0) extraIndicators.authorize(actor);
    const [byShop, extraByShop, storeDays] = await Promise.all([
      traffic.length > 0 ? sumsByShop(actor.customerId, shopIdsOf(shops), columnsFor(traffic), input) : new Map<string, Sums>(),
      extraFiguresOf(extraIndicators, actor.customerId, shopIdsOf(shops), input, extra, 'shop'),
      deps.completeness.storeDays(actor.customerId, shops, input, now()),
    ]);
    // A shop whose devices reported nothing in the range has no traffic values (no data, not 0): it is not placed on a traffic axis.
    const values = shops.map((shop) => {
      const silent = !storeDays.reportedAny(shop.id, datesOf(input.startDate, input.endDate)) && !byShop.has(shop.id);
      const value = reportValues(axes, byShop.get(shop.id) ?? {}, extraByShop, shop.id, silent);
      return { shop, x: value[input.xIndicator] ?? null, y: value[input.yIndicator] ?? null };
    });
    const mean = (list: (number | null)[]) => {
      const known = list.filter((value): value is number => value !== null);
      return known.length > 0 ? known.reduce((sum, value) => sum + value, 0) / known.length : null;
    };
    const xAverage = mean(values.map((value) => value.x));
    const yAverage = mean(values.map((value) => value.y));
    return {
      xIndicator: input.xIndicator,
      yIndicator: input.yIndicator,
      xAverage,
      yAverage,
      points: values.map(({ shop, x, y }) => ({
        shopId: shop.id,
        shopName: shop.name,
        shopNumber: shop.number,
        x,
        y,
        quadrant: x === null || y === null || xAverage === null || yAverage === null ? null : x >= xAverage ? (y >= yAverage ? 1 : 4) : y >= yAverage ? 2 : 3,
        incompleteDays: storeDays.incompleteDays(shop.id, input),
      })),
      storeDays: storeDays.tally(shopIdsOf(shops), input.startDate, input.endDate),
    };
  }

  return { ranking, comparison, fourQuadrant };
}
export type ShopComparisonService = ReturnType<typeof createShopComparisonService>;
