import {
  type Granularity,
  type ReportWithSalesDefinition,
  type ReportWithSalesTable,
  reportWithSalesDefinitionSchema,
  type SavedReportWithSales,
} from '@storelens/contracts';
import { bucketKeys } from '../../platform/analytics/buckets.ts';
import { checkRange, maxDaysFor } from '../../platform/analytics/date-ranges.ts';
import type { DB } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { analyticsRepo } from './analytics.repo.ts';
import { type ExtraFigures, type ExtraIndicatorSource, extraFiguresOf, type FigureGrouping, reportValues, splitIndicators } from './extra-indicators.ts';
import { columnsFor, type Sums } from './metrics.ts';
import { reportsRepo, type SavedReportRow } from './reports.repo.ts';
import { type ShopsInScope, shopIdsOf } from './shops-in-scope.ts';
import type { TrafficSums } from './traffic-sums.ts';

function present(row: SavedReportRow): SavedReportWithSales {
  return {
    reportId: row.id,
    name: row.name,
    definition: reportWithSalesDefinitionSchema.parse(JSON.parse(row.definition)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Custom reports (/customTool/analysis): a definition (indicators, dimension, shops, range) saved
 * by a user under a name, reopened and deleted by that user only. Saving checks the definition
 * the way running it does, so a saved report always runs for its owner (while their scope holds).
 */
export function createReportsService(deps: { db: DB; shops: ShopsInScope; sums: TrafficSums; extraIndicators: ExtraIndicatorSource }) {
  const { db, extraIndicators } = deps;
  const repoOf = (actor: CustomerActor) => reportsRepo(tenantScope(db, actor.customerId));
  const rollupsOf = (customerId: string) => analyticsRepo(tenantScope(db, customerId));
  const { resolveShops } = deps.shops;
  const { totalSums, sumsByShop, periodSums } = deps.sums;

  /** Runs a report definition: its indicators by shop, shop and day, or period, with the totals. */
  async function run(actor: CustomerActor, definition: ReportWithSalesDefinition): Promise<ReportWithSalesTable> {
    const granularity: Granularity = definition.dimension === 'shop' || definition.dimension === 'shopDay' ? 'day' : definition.dimension;
    checkRange(definition, maxDaysFor(granularity));
    const shops = await resolveShops(actor, definition.shopIds);
    const { traffic, extra } = splitIndicators(definition.indicators);
    if (extra.length > 0) extraIndicators.authorize(actor);
    // A report of sales indicators only still reads one traffic column: the queries need one.
    const columns = columnsFor(traffic.length > 0 ? traffic : ['entries']);
    const shopIds = shopIdsOf(shops);
    const extraBy = (grouping: FigureGrouping) => extraFiguresOf(extraIndicators, actor.customerId, shopIds, definition, extra, grouping);
    const [totals, extraTotals] = await Promise.all([totalSums(actor.customerId, shopIds, columns, definition), extraBy('total')]);
    const values = (trafficSums: Sums, extraFigures: ExtraFigures, key: string) => reportValues(definition.indicators, trafficSums, extraFigures, key);
    const base = { dimension: definition.dimension, indicators: definition.indicators, totals: values(totals, extraTotals, '') };
    if (definition.dimension === 'shop') {
      const [byShop, extraByShop] = await Promise.all([sumsByShop(actor.customerId, shopIds, columns, definition), extraBy('shop')]);
      return {
        ...base,
        rows: shops.map((shop) => ({
          key: shop.id,
          shopId: shop.id,
          shopName: shop.name,
          shopNumber: shop.number,
          values: values(byShop.get(shop.id) ?? {}, extraByShop, shop.id),
        })),
      };
    }
    if (definition.dimension === 'shopDay') {
      const [rows, extraByKey] = await Promise.all([
        rollupsOf(actor.customerId).sumShopRollup('traffic_shop_daily', columns, ['shop_id', 'local_date'], shopIds, definition.startDate, definition.endDate),
        extraBy('shopDay'),
      ]);
      const byKey = new Map(rows.map((row) => [`${row.group.shop_id}|${row.group.local_date}`, row.sums]));
      return {
        ...base,
        rows: shops.flatMap((shop) =>
          bucketKeys('day', definition.startDate, definition.endDate).map((date) => ({
            key: `${shop.id}|${date}`,
            shopId: shop.id,
            shopName: shop.name,
            shopNumber: shop.number,
            period: date,
            values: values(byKey.get(`${shop.id}|${date}`) ?? {}, extraByKey, `${shop.id}|${date}`),
          })),
        ),
      };
    }
    const [sums, extraByPeriod] = await Promise.all([periodSums(actor.customerId, shopIds, columns, granularity, definition), extraBy(granularity)]);
    return {
      ...base,
      rows: bucketKeys(granularity, definition.startDate, definition.endDate).map((key) => ({
        key,
        period: key,
        values: values(sums.get(key) ?? {}, extraByPeriod, key),
      })),
    };
  }

  return {
    run,

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
          return present(updated);
        }
        const id = newId();
        await repo.insert({ id, user_id: actor.userId, name: input.name, definition: JSON.stringify(input.definition), created_at: at, updated_at: at });
        const created = await repo.find(actor.userId, id);
        if (!created) throw notFound();
        return present(created);
      } catch (error) {
        if (isUniqueViolation(error)) throw refused('traffic.reportNameTaken');
        throw error;
      }
    },

    list: async (actor: CustomerActor) => (await repoOf(actor).listOf(actor.userId)).map(present),

    async get(actor: CustomerActor, reportId: string): Promise<SavedReportWithSales> {
      const row = await repoOf(actor).find(actor.userId, reportId);
      if (!row) throw notFound();
      return present(row);
    },

    async delete(actor: CustomerActor, reportId: string): Promise<null> {
      const [result] = await repoOf(actor).delete(actor.userId, reportId);
      if (Number(result?.numDeletedRows ?? 0) === 0) throw notFound();
      return null;
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
