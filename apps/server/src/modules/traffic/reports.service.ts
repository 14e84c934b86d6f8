import {
  type CustomReportTable,
  type DateRange,
  type Granularity,
  type ReportWithSalesDefinition,
  reportWithSalesDefinitionSchema,
  resolveRollingRange,
  type SavedReportWithSales,
  type StoreDaysCount,
} from '@storelens/contracts';
import { bucketKeys } from '../../platform/analytics/buckets.ts';
import { checkRange, maxDaysFor } from '../../platform/analytics/date-ranges.ts';
import { partialBuckets } from '../../platform/analytics/like-for-like.ts';
import type { DB } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import { addDays, localParts, monthEnd, monthStart, todayIn } from '../../platform/time/local-time.ts';
import { analyticsRepo } from './analytics.repo.ts';
import type { TrafficCompleteness } from './completeness.ts';
import { type ExtraFigures, type ExtraIndicatorSource, extraFiguresOf, type FigureGrouping, reportValues, splitIndicators } from './extra-indicators.ts';
import { columnsFor, type Sums } from './metrics.ts';
import { reportsRepo, type SavedReportRow } from './reports.repo.ts';
import { type ShopInfo, type ShopsInScope, shopIdsOf } from './shops-in-scope.ts';
import type { TrafficSums } from './traffic-sums.ts';

/** The dates of a definition: its own, or its rolling rule's on the local today of `timeZone`. */
function datesOf(definition: ReportWithSalesDefinition, timeZone: string, at: Date): DateRange {
  return definition.rolling ? resolveRollingRange(definition.rolling, todayIn(timeZone, at)) : { startDate: definition.startDate, endDate: definition.endDate };
}

/**
 * Custom reports (/customTool/analysis): a definition (indicators, dimension, shops, range or
 * rolling rule) saved by a user under a name, reopened and deleted by that user only. Saving
 * checks the definition the way running it does, so a saved report always runs for its owner
 * (while their scope holds).
 */
export function createReportsService(deps: {
  db: DB;
  shops: ShopsInScope;
  sums: TrafficSums;
  completeness: TrafficCompleteness;
  extraIndicators: ExtraIndicatorSource;
}) {
  const { db, extraIndicators } = deps;
  const repoOf = (actor: CustomerActor) => reportsRepo(tenantScope(db, actor.customerId));
  const rollupsOf = (customerId: string) => analyticsRepo(tenantScope(db, customerId));
  const { resolveShops } = deps.shops;
  const { totalSums, sumsByShop, periodSums } = deps.sums;

  /**
   * Where a rolling rule reads 'today': the shops' time zone when they share one, else the
   * customer's default time zone (a chain across zones has no one today; its head office's is the
   * one people mean).
   */
  async function timeZoneOf(customerId: string, shops: readonly { time_zone: string }[]): Promise<string> {
    const zones = new Set(shops.map((shop) => shop.time_zone));
    const [only] = zones;
    if (zones.size === 1 && only) return only;
    return (await rollupsOf(customerId).customerTimeZone()) ?? only ?? 'UTC';
  }

  /** A saved report as answered: a rolling definition carries the dates its rule stands for now. */
  async function present(customerId: string, rows: readonly SavedReportRow[]): Promise<SavedReportWithSales[]> {
    const definitions = rows.map((row) => reportWithSalesDefinitionSchema.parse(JSON.parse(row.definition)));
    const rolling = definitions.some((definition) => definition.rolling);
    const shops = rolling ? new Map((await rollupsOf(customerId).shops(null)).map((shop) => [shop.id, shop])) : new Map<string, ShopInfo>();
    const at = now();
    return Promise.all(
      rows.map(async (row, index) => {
        const definition = definitions[index] as ReportWithSalesDefinition;
        const named = (definition.shopIds ?? []).flatMap((id) => shops.get(id) ?? []);
        const dates = definition.rolling ? datesOf(definition, await timeZoneOf(customerId, named), at) : {};
        return { reportId: row.id, name: row.name, definition: { ...definition, ...dates }, createdAt: row.created_at, updatedAt: row.updated_at };
      }),
    );
  }
  const presentOne = async (customerId: string, row: SavedReportRow) => (await present(customerId, [row]))[0] as SavedReportWithSales;

  /**
   * Runs a report definition: its indicators by shop, shop and day, or period, with the totals.
   * Every row says how many of its store-days reported (issue 11): a row none reported in has no
   * traffic values, one with a device outage is flagged, a running day or edge period is partial.
   */
  async function run(actor: CustomerActor, definition: ReportWithSalesDefinition): Promise<CustomReportTable> {
    const granularity: Granularity = definition.dimension === 'shop' || definition.dimension === 'shopDay' ? 'day' : definition.dimension;
    if (!definition.rolling) checkRange(definition, maxDaysFor(granularity));
    const shops = await resolveShops(actor, definition.shopIds);
    const at = now();
    const range = datesOf(definition, await timeZoneOf(actor.customerId, shops), at);
    checkRange(range, maxDaysFor(granularity));
    const query = { ...definition, ...range };
    const { traffic, extra } = splitIndicators(definition.indicators);
    if (extra.length > 0) extraIndicators.authorize(actor);
    // A report of sales indicators only still reads one traffic column: the queries need one.
    const columns = columnsFor(traffic.length > 0 ? traffic : ['entries']);
    const shopIds = shopIdsOf(shops);
    const extraBy = (grouping: FigureGrouping) => extraFiguresOf(extraIndicators, actor.customerId, shopIds, query, extra, grouping);
    const [totals, extraTotals, storeDays] = await Promise.all([
      totalSums(actor.customerId, shopIds, columns, range),
      extraBy('total'),
      deps.completeness.storeDays(actor.customerId, shops, range, at),
    ]);
    // A row whose store-days none reported has no traffic values (null), unless the rollups hold some.
    const values = (trafficSums: Sums | undefined, count: StoreDaysCount, extraFigures: ExtraFigures, key: string) =>
      reportValues(definition.indicators, trafficSums ?? {}, extraFigures, key, count.reporting === 0 && !trafficSums);
    const totalsStoreDays = storeDays.tally(shopIds, range.startDate, range.endDate);
    const todayOf = new Map(shops.map((shop) => [shop.id, localParts(shop.time_zone, at.getTime())]));
    const running = (shopId: string, from: string, to: string) => {
      const today = todayOf.get(shopId)?.date ?? '';
      return today >= from && today <= to ? { partial: 'running' as const } : {};
    };
    const answer = (rows: CustomReportTable['rows'], money: ExtraFigures['money']): CustomReportTable => ({
      dimension: definition.dimension,
      indicators: definition.indicators,
      range,
      ...(definition.rolling ? { rolling: definition.rolling } : {}),
      rows,
      totals: values(Object.keys(totals).length > 0 ? totals : undefined, totalsStoreDays, extraTotals, ''),
      totalsStoreDays,
      ...(money ? { money: money() } : {}),
    });
    if (definition.dimension === 'shop') {
      const [byShop, extraByShop] = await Promise.all([sumsByShop(actor.customerId, shopIds, columns, range), extraBy('shop')]);
      return answer(
        shops.map((shop) => {
          const count = storeDays.tally([shop.id], range.startDate, range.endDate);
          return {
            key: shop.id,
            shopId: shop.id,
            shopName: shop.name,
            shopNumber: shop.number,
            values: values(byShop.get(shop.id), count, extraByShop, shop.id),
            storeDays: count,
            ...running(shop.id, range.startDate, range.endDate),
          };
        }),
        extraByShop.money ?? extraTotals.money,
      );
    }
    if (definition.dimension === 'shopDay') {
      const [rows, extraByKey] = await Promise.all([
        rollupsOf(actor.customerId).sumShopRollup('traffic_shop_daily', columns, ['shop_id', 'local_date'], shopIds, range.startDate, range.endDate),
        extraBy('shopDay'),
      ]);
      const byKey = new Map(rows.map((row) => [`${row.group.shop_id}|${row.group.local_date}`, row.sums]));
      return answer(
        shops.flatMap((shop) =>
          bucketKeys('day', range.startDate, range.endDate).map((date) => {
            const count = storeDays.tally([shop.id], date, date);
            return {
              key: `${shop.id}|${date}`,
              shopId: shop.id,
              shopName: shop.name,
              shopNumber: shop.number,
              period: date,
              values: values(byKey.get(`${shop.id}|${date}`), count, extraByKey, `${shop.id}|${date}`),
              storeDays: count,
              ...running(shop.id, date, date),
            };
          }),
        ),
        extraByKey.money ?? extraTotals.money,
      );
    }
    const [sums, extraByPeriod] = await Promise.all([periodSums(actor.customerId, shopIds, columns, granularity, range), extraBy(granularity)]);
    const partial = partialBuckets(granularity, range, [...todayOf.values()]);
    const countOf = (key: string): StoreDaysCount => {
      if (granularity === 'hour') {
        const [date = '', hour = '0'] = key.split('T');
        return storeDays.hourTally(shopIds, date, Number(hour));
      }
      if (granularity === 'day') return storeDays.tally(shopIds, key, key);
      return granularity === 'week' ? storeDays.tally(shopIds, key, addDays(key, 6)) : storeDays.tally(shopIds, monthStart(key), monthEnd(key));
    };
    return answer(
      bucketKeys(granularity, range.startDate, range.endDate).map((key) => {
        const count = countOf(key);
        const reason = partial.get(key);
        return { key, period: key, values: values(sums.get(key), count, extraByPeriod, key), storeDays: count, ...(reason ? { partial: reason } : {}) };
      }),
      extraByPeriod.money ?? extraTotals.money,
    );
  }

  /** A report as its file states it: the table, the shops it covers, and when and in which zone it was made. */
  async function runForFile(actor: CustomerActor, definition: ReportWithSalesDefinition, timeZone: string | undefined) {
    const table = await run(actor, definition);
    const shops = await resolveShops(actor, definition.shopIds);
    const zone = timeZone ?? (await rollupsOf(actor.customerId).customerTimeZone()) ?? 'UTC';
    return { table, shops: shops.map((shop) => ({ number: shop.number, name: shop.name })), timeZone: zone, generatedAt: now() };
  }

  return {
    run,
    runForFile,

    async save(
      actor: CustomerActor,
      input: { reportId?: string | undefined; name: string; definition: ReportWithSalesDefinition },
    ): Promise<SavedReportWithSales> {
      await resolveShops(actor, input.definition.shopIds);
      const repo = repoOf(actor);
      const sameName = await repo.named(actor.userId, input.name);
      if (sameName && sameName.id !== input.reportId) throw refused('traffic.reportNameTaken');
      const at = nowIso();
      try {
        if (input.reportId) {
          if (!(await repo.find(actor.userId, input.reportId))) throw notFound();
          await repo.update(input.reportId, { name: input.name, definition: JSON.stringify(input.definition), updated_at: at });
          const updated = await repo.find(actor.userId, input.reportId);
          if (!updated) throw notFound();
          return presentOne(actor.customerId, updated);
        }
        const id = newId();
        await repo.insert({ id, user_id: actor.userId, name: input.name, definition: JSON.stringify(input.definition), created_at: at, updated_at: at });
        const created = await repo.find(actor.userId, id);
        if (!created) throw notFound();
        return presentOne(actor.customerId, created);
      } catch (error) {
        if (isUniqueViolation(error)) throw refused('traffic.reportNameTaken');
        throw error;
      }
    },

    list: async (actor: CustomerActor) => present(actor.customerId, await repoOf(actor).listOf(actor.userId)),

    async get(actor: CustomerActor, reportId: string): Promise<SavedReportWithSales> {
      const row = await repoOf(actor).find(actor.userId, reportId);
      if (!row) throw notFound();
      return presentOne(actor.customerId, row);
    },

    async delete(actor: CustomerActor, reportId: string): Promise<null> {
      const [result] = await repoOf(actor).delete(actor.userId, reportId);
      if (Number(result?.numDeletedRows ?? 0) === 0) throw notFound();
      return null;
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
