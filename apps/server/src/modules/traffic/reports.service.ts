import { type ReportWithSalesDefinition, reportWithSalesDefinitionSchema, type SavedReportWithSales } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomReportsTable } from '../../platform/db/schema.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import type { AnalyticsService } from './analytics.service.ts';
import { reportsRepo } from './reports.repo.ts';

function present(row: CustomReportsTable): SavedReportWithSales {
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
export function createReportsService(deps: { db: DB; analytics: AnalyticsService }) {
  const { db, analytics } = deps;
  const repoOf = (actor: CustomerActor) => reportsRepo(tenantScope(db, actor.customerId));

  return {
    run: (actor: CustomerActor, definition: ReportWithSalesDefinition) => analytics.report(actor, definition),

    async save(
      actor: CustomerActor,
      input: { reportId?: string | undefined; name: string; definition: ReportWithSalesDefinition },
    ): Promise<SavedReportWithSales> {
      await analytics.resolveShops(actor, input.definition.shopIds);
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
