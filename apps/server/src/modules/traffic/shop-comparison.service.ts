import {
  type DateRange,
  type FourQuadrantWithSalesResponse,
  type Indicator,
  type PartialIndicatorValues,
  RANGE_LIMITS,
  type RankingResponse,
  type ReportIndicator,
} from '@storelens/contracts';
import { checkComparisonRanges, checkRange, pairedDays, previousRangeOf } from '../../platform/analytics/date-ranges.ts';
import { rankByValue } from '../../platform/analytics/ranking.ts';
import { changeOf } from '../../platform/analytics/ratios.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { type ExtraIndicatorSource, extraFiguresOf, reportValues, splitIndicators } from './extra-indicators.ts';
import { addInto, columnsFor, INDICATOR_COLUMNS, indicatorValue, indicatorValues, type Sums } from './metrics.ts';
import { type ShopsInScope, shopIdsOf } from './shops-in-scope.ts';
import type { TrafficSums } from './traffic-sums.ts';

/**
 * Shops side by side: the store ranking (against the previous range of equal length), the store
 * comparison of two ranges, and the four-quadrant analysis (which may plot extra indicators).
 */
export function createShopComparisonService(deps: { shops: ShopsInScope; sums: TrafficSums; extraIndicators: ExtraIndicatorSource }) {
  const { extraIndicators } = deps;
  const { resolveShops } = deps.shops;
  const { sumsByShop, periodSums } = deps.sums;

  async function ranking(
    actor: CustomerActor,
    input: DateRange & { shopIds?: string[] | undefined; indicator: Indicator; order: 'asc' | 'desc' },
  ): Promise<RankingResponse> {
    const days = checkRange(input, RANGE_LIMITS.days);
    const shops = await resolveShops(actor, input.shopIds);
    const previousRange = previousRangeOf(input, days);
    const columns = INDICATOR_COLUMNS[input.indicator];
    const [current, previous] = await Promise.all([
      sumsByShop(actor.customerId, shopIdsOf(shops), columns, input),
      sumsByShop(actor.customerId, shopIdsOf(shops), columns, previousRange),
    ]);
    const rows = shops.map((shop) => {
      const value = indicatorValue(input.indicator, current.get(shop.id) ?? {});
      const previousValue = indicatorValue(input.indicator, previous.get(shop.id) ?? {});
      const change = changeOf(previousValue, value);
      return { shopId: shop.id, shopName: shop.name, shopNumber: shop.number, value, previousValue, change };
    });
    return { indicator: input.indicator, previousRange, rows: rankByValue(rows, input.order) };
  }

  async function comparison(actor: CustomerActor, input: { shopIds?: string[] | undefined; rangeA: DateRange; rangeB: DateRange; indicators: Indicator[] }) {
    const { rangeA, rangeB } = input;
    const days = checkComparisonRanges(rangeA, rangeB);
    const shops = await resolveShops(actor, input.shopIds);
    const columns = columnsFor(input.indicators);
    const shopIds = shopIdsOf(shops);
    const [byShopA, byShopB, daysA, daysB] = await Promise.all([
      sumsByShop(actor.customerId, shopIds, columns, rangeA),
      sumsByShop(actor.customerId, shopIds, columns, rangeB),
      periodSums(actor.customerId, shopIds, columns, 'day', rangeA),
      periodSums(actor.customerId, shopIds, columns, 'day', rangeB),
    ]);
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
        a: indicatorValues(input.indicators, byShopA.get(shop.id) ?? {}),
        b: indicatorValues(input.indicators, byShopB.get(shop.id) ?? {}),
      })),
      series: pairedDays(rangeA, rangeB, days, (dateA, dateB) => ({
        a: indicatorValues(input.indicators, daysA.get(dateA) ?? {}),
        b: indicatorValues(input.indicators, daysB.get(dateB) ?? {}),
      })),
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
    const [byShop, extraByShop] = await Promise.all([
      traffic.length > 0 ? sumsByShop(actor.customerId, shopIdsOf(shops), columnsFor(traffic), input) : new Map<string, Sums>(),
      extraFiguresOf(extraIndicators, actor.customerId, shopIdsOf(shops), input, extra, 'shop'),
    ]);
    const values = shops.map((shop) => {
      const value = reportValues(axes, byShop.get(shop.id) ?? {}, extraByShop, shop.id);
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
      })),
    };
  }

  return { ranking, comparison, fourQuadrant };
}
export type ShopComparisonService = ReturnType<typeof createShopComparisonService>;
