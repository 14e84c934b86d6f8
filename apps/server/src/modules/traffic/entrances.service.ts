import {
  type DateRange,
  type GateListResponse,
  type Indicator,
  type PartialIndicatorValues,
  RANGE_LIMITS,
  type TimeIntervalResponse,
} from '@storelens/contracts';
import { bucketKeys } from '../../platform/analytics/buckets.ts';
import { checkRange, maxDaysFor } from '../../platform/analytics/date-ranges.ts';
import { ratio } from '../../platform/analytics/ratios.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now } from '../../platform/time/clock.ts';
import { analyticsRepo, type SumRow } from './analytics.repo.ts';
import type { TrafficCompleteness } from './completeness.ts';
import { addInto, columnsFor, indicatorValue, indicatorValues, isCount, type Sums } from './metrics.ts';
import { type ShopsInScope, shopIdsOf } from './shops-in-scope.ts';

/** When and where people come in: the time-interval analysis (hours of the day) and the entrance (gate) analysis. */
export function createEntrancesService(deps: { db: DB; shops: ShopsInScope; completeness: TrafficCompleteness }) {
  const repoOf = (customerId: string) => analyticsRepo(tenantScope(deps.db, customerId));
  const { resolveShops, resolveShop } = deps.shops;
  // Each answer says how many of its store-days reported (issue 11): an entrance that counted nothing because its box was down is not a quiet one.
  const { tallyOf, storeDays: storeDaysOf } = deps.completeness;

  async function timeInterval(
    actor: CustomerActor,
    input: DateRange & { shopIds?: string[] | undefined; indicators: Indicator[] },
  ): Promise<TimeIntervalResponse> {
    const days = checkRange(input, RANGE_LIMITS.days);
    const shops = await resolveShops(actor, input.shopIds);
    const [rows, storeDays] = await Promise.all([
      repoOf(actor.customerId).sumShopRollup('traffic_shop_hourly', columnsFor(input.indicators), ['hour'], shopIdsOf(shops), input.startDate, input.endDate),
      tallyOf(actor.customerId, shops, input),
    ]);
    const byHour = new Map(rows.map((row) => [Number(row.group.hour), row.sums]));
    return {
      days,
      storeDays,
      hours: Array.from({ length: 24 }, (_, hour) => {
        const sums = byHour.get(hour) ?? {};
        const total = indicatorValues(input.indicators, sums);
        const dailyAverage: PartialIndicatorValues = Object.fromEntries(
          input.indicators.map((indicator) => {
            const value = total[indicator] ?? null;
            return [indicator, value !== null && isCount(indicator) ? value / days : value];
          }),
        );
        return { hour, total, dailyAverage };
      }),
    };
  }

  // ------------------------------------------------------------ gates (entrances)

  async function gateList(actor: CustomerActor, input: DateRange & { shopId: string }): Promise<GateListResponse> {
    checkRange(input, RANGE_LIMITS.days);
    const shop = await resolveShop(actor, input.shopId);
    const repo = repoOf(actor.customerId);
    const [cameras, rows, storeDays] = await Promise.all([
      repo.cameras([shop.id]),
      repo.sumEntranceRollup('traffic_entrance_daily', ['camera_id'], [shop.id], input.startDate, input.endDate),
      tallyOf(actor.customerId, [shop], input),
    ]);
    const byCamera = new Map(rows.map((row) => [String(row.group.camera_id), row.sums]));
    const shopEntries = rows.reduce((sum, row) => sum + (row.sums.entries ?? 0), 0);
    // Entrances: cameras deployed at one, and any camera that counted people in the range.
    const gates = cameras.filter((camera) => camera.deployment_area === 'entrance' || byCamera.has(camera.id));
    return {
      shopId: shop.id,
      storeDays,
      rows: gates.map((camera) => {
        const sums = byCamera.get(camera.id) ?? {};
        const entries = sums.entries ?? 0;
        return {
          cameraId: camera.id,
          cameraName: camera.name,
          cameraNumber: camera.number,
          entries,
          exits: sums.exits ?? 0,
          passersby: sums.passersby ?? 0,
          captureRate: indicatorValue('captureRate', sums),
          share: ratio(entries, shopEntries),
        };
      }),
    };
  }

  async function gateSummary(actor: CustomerActor, input: DateRange & { shopIds?: string[] | undefined }) {
    checkRange(input, RANGE_LIMITS.days);
    const shops = await resolveShops(actor, input.shopIds);
    const repo = repoOf(actor.customerId);
    const [cameras, rows, storeDays] = await Promise.all([
      repo.cameras(shopIdsOf(shops)),
      repo.sumEntranceRollup('traffic_entrance_daily', ['shop_id', 'camera_id'], shopIdsOf(shops), input.startDate, input.endDate),
      tallyOf(actor.customerId, shops, input),
    ]);
    const totals: Sums = {};
    for (const row of rows) addInto(totals, row.sums);
    const top = [...rows].sort((a, b) => (b.sums.entries ?? 0) - (a.sums.entries ?? 0))[0];
    const topCamera = top ? cameras.find((camera) => camera.id === top.group.camera_id) : undefined;
    const gateIds = new Set([
      ...cameras.filter((camera) => camera.deployment_area === 'entrance').map((camera) => camera.id),
      ...rows.map((row) => String(row.group.camera_id)),
    ]);
    return {
      entries: totals.entries ?? 0,
      exits: totals.exits ?? 0,
      passersby: totals.passersby ?? 0,
      captureRate: indicatorValue('captureRate', totals),
      gates: gateIds.size,
      storeDays,
      busiest:
        top && topCamera && (top.sums.entries ?? 0) > 0
          ? { cameraId: topCamera.id, cameraName: topCamera.name, shopId: topCamera.shop_id, entries: top.sums.entries ?? 0 }
          : null,
    };
  }

  async function gateTrend(actor: CustomerActor, input: DateRange & { shopId: string; cameraIds?: string[] | undefined; granularity: 'hour' | 'day' }) {
    checkRange(input, maxDaysFor(input.granularity));
    const shop = await resolveShop(actor, input.shopId);
    const repo = repoOf(actor.customerId);
    const cameras = await repo.cameras([shop.id]);
    if (input.cameraIds?.some((id) => !cameras.some((camera) => camera.id === id))) throw notFound();
    const picked = input.cameraIds && input.cameraIds.length > 0 ? cameras.filter((camera) => input.cameraIds?.includes(camera.id)) : null;
    const hourly = input.granularity === 'hour';
    const [rows, reported] = await Promise.all([
      repo.sumEntranceRollup(
        hourly ? 'traffic_entrance_hourly' : 'traffic_entrance_daily',
        hourly ? ['camera_id', 'local_date', 'hour'] : ['camera_id', 'local_date'],
        [shop.id],
        input.startDate,
        input.endDate,
        (picked ?? cameras).map((camera) => camera.id),
      ),
      storeDaysOf(actor.customerId, [shop], input, now()),
    ]);
    // Without a choice, the shop's entrances as the gate list has them: cameras deployed at an
    // entrance and any camera that counted people in the range (not the zone cameras' empty lines).
    const counted = new Set(rows.map((row) => String(row.group.camera_id)));
    const chosen = picked ?? cameras.filter((camera) => camera.deployment_area === 'entrance' || counted.has(camera.id));
    const keyOf = (row: SumRow) => (hourly ? `${row.group.local_date}T${String(row.group.hour).padStart(2, '0')}` : String(row.group.local_date));
    const byKey = new Map(rows.map((row) => [`${row.group.camera_id}|${keyOf(row)}`, row.sums]));
    const keys = bucketKeys(input.granularity, input.startDate, input.endDate);
    return {
      granularity: input.granularity,
      series: chosen.map((camera) => ({
        cameraId: camera.id,
        cameraName: camera.name,
        points: keys.map((key) => {
          const coverage = reported.bucketCoverage(input.granularity, key, input);
          // No report from the shop in this bucket (before its history, an outage, hours to come): no data, not 0.
          if (coverage.reporting === 0) return { key, entries: null, exits: null, passersby: null, coverage };
          const sums = byKey.get(`${camera.id}|${key}`) ?? {};
          return { key, entries: sums.entries ?? 0, exits: sums.exits ?? 0, passersby: sums.passersby ?? 0, coverage };
        }),
      })),
    };
  }

  return { timeInterval, gateList, gateSummary, gateTrend };
}
export type EntrancesService = ReturnType<typeof createEntrancesService>;
