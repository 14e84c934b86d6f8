import type { DB } from '../../platform/db/database.ts';
import type { InspectionAssignmentItemsTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';
import { planTotalsRepo } from './plan-totals.repo.ts';
import type { AssignmentStored } from './plans.repo.ts';

/** One plan in one time zone: what the scheduler turns into occurrence jobs. */
export interface SchedulablePlanZone {
  customer_id: string;
  plan_id: string;
  kind: 'single' | 'cyclic';
  valid_from: string;
  valid_to: string;
  rrule: string | null;
  period_start: string;
  period_end: string;
  time_zone: string;
  /** The plan's version: a changed or reactivated plan is scanned afresh. */
  updated_at: string;
  created_at: string;
}

/**
 * Every customer's active plans that may have an occurrence around now, by the time zones of their
 * open stores. It crosses customers on purpose, as the job worker does: the scheduler serves every
 * customer; each occurrence job then works inside its own customer through `occurrencesRepo`.
 */
export function schedulablePlanZones(
  db: DB,
  window: { startsBefore: string; endsAfter: string },
  only?: { customerId: string; planId: string },
): Promise<SchedulablePlanZone[]> {
  let query = db
    .selectFrom('inspection_plans as p')
    .innerJoin('inspection_plan_shops as ps', (join) => join.onRef('ps.customer_id', '=', 'p.customer_id').onRef('ps.plan_id', '=', 'p.id'))
    .innerJoin('shops as s', (join) => join.onRef('s.customer_id', '=', 'ps.customer_id').onRef('s.id', '=', 'ps.shop_id'))
    .select([
      'p.customer_id',
      'p.id as plan_id',
      'p.kind',
      'p.valid_from',
      'p.valid_to',
      'p.rrule',
      'p.period_start',
      'p.period_end',
      'p.updated_at',
      'p.created_at',
      's.time_zone',
    ])
    .distinct()
    .where('p.lifecycle', '=', 'active')
    .where('p.starts_at', '<', window.startsBefore)
    .where('p.ends_at', '>', window.endsAfter)
    .where('s.inspections_enabled', '=', 1)
    .where('s.status', '!=', 'closed')
    .orderBy('p.customer_id')
    .orderBy('p.id')
    .orderBy('s.time_zone');
  if (only) query = query.where('p.customer_id', '=', only.customerId).where('p.id', '=', only.planId);
  return query.execute();
}

/** Customers with open assignments in stores whose routine inspections are off (closed stores). */
export async function customersWithStoppedShops(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom('inspection_assignments as a')
    .innerJoin('shops as s', (join) => join.onRef('s.customer_id', '=', 'a.customer_id').onRef('s.id', '=', 'a.shop_id'))
    .select('a.customer_id')
    .distinct()
    .where('a.status', '=', 'pending')
    .where((eb) => eb.or([eb('s.inspections_enabled', '=', 0), eb('s.status', '=', 'closed')]))
    .execute();
  return rows.map((row) => row.customer_id);
}

/** Occurrence generation inside one customer. */
export function occurrencesRepo(scope: TenantScope) {
  return {
    plan: (planId: string) =>
      scope
        .selectFrom('inspection_plans')
        .select(['id', 'kind', 'lifecycle', 'valid_from', 'valid_to', 'rrule', 'period_start', 'period_end', 'created_at'])
        .where('id', '=', planId)
        .executeTakeFirst(),

    /** The plan's stores in a zone whose routine inspections are on. */
    shopsInZone: async (planId: string, timeZone: string): Promise<string[]> => {
      const rows = await scope
        .selectFrom('inspection_plan_shops as ps')
        .innerJoin('shops as s', (join) => join.onRef('s.customer_id', '=', 'ps.customer_id').onRef('s.id', '=', 'ps.shop_id'))
        .select('s.id')
        .where('ps.plan_id', '=', planId)
        .where('s.time_zone', '=', timeZone)
        .where('s.inspections_enabled', '=', 1)
        .where('s.status', '!=', 'closed')
        .orderBy('s.id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** The plan's items as they are called now (snapshotted into each assignment). */
    planItems: (planId: string) =>
      scope
        .selectFrom('inspection_plan_items as pi')
        .innerJoin('inspection_items as i', (join) => join.onRef('i.customer_id', '=', 'pi.customer_id').onRef('i.id', '=', 'pi.item_id'))
        .innerJoin('inspection_categories as c', (join) => join.onRef('c.customer_id', '=', 'i.customer_id').onRef('c.id', '=', 'i.category_id'))
        .select(['pi.item_id', 'pi.position', 'i.name', 'c.name as category_name'])
        .where('pi.plan_id', '=', planId)
        .orderBy('pi.position')
        .execute(),

    existingShops: async (planId: string, batchDate: string, shopIds: readonly string[]): Promise<Set<string>> => {
      if (shopIds.length === 0) return new Set();
      const rows = await scope
        .selectFrom('inspection_assignments')
        .select('shop_id')
        .where('plan_id', '=', planId)
        .where('batch_date', '=', batchDate)
        .where('shop_id', 'in', [...shopIds])
        .execute();
      return new Set(rows.map((row) => row.shop_id));
    },

    async insert(assignments: readonly AssignmentStored[], items: readonly Omit<InspectionAssignmentItemsTable, 'customer_id'>[]): Promise<void> {
      for (let start = 0; start < assignments.length; start += 300)
        await scope.insertInto('inspection_assignments', assignments.slice(start, start + 300)).execute();
      for (let start = 0; start < items.length; start += 500) await scope.insertInto('inspection_assignment_items', items.slice(start, start + 500)).execute();
      // The phase list's totals, in the caller's transaction.
      await planTotalsRepo(scope).added(assignments);
    },

    /** Closing a store stops its routine inspections: its open assignments are cancelled. */
    async cancelInStoppedShops(): Promise<number> {
      const stopped = await scope
        .selectFrom('shops')
        .select('id')
        .where((eb) => eb.or([eb('inspections_enabled', '=', 0), eb('status', '=', 'closed')]))
        .execute();
      if (stopped.length === 0) return 0;
      // The rows cancelled, as they were, come back to take them off the phase totals (call in a transaction).
      const cancelled = await scope
        .updateTable('inspection_assignments')
        .set({ status: 'cancelled' })
        .where('status', '=', 'pending')
        .where(
          'shop_id',
          'in',
          stopped.map((row) => row.id),
        )
        .returning(['plan_id', 'shop_id', 'batch_date', 'passed', 'failed', 'invalid', 'completed_at', 'window_end'])
        .execute();
      await planTotalsRepo(scope).removed(cancelled.map((row) => ({ ...row, status: 'pending' as const })));
      return cancelled.length;
    },
  };
}
