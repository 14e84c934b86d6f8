import { type Selectable, sql } from 'kysely';
import type { InspectionAssignmentsTable, InspectionPlanLogsTable, InspectionPlansTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';
import { planTotalsRepo } from './plan-totals.repo.ts';

export type PlanRowStored = Omit<Selectable<InspectionPlansTable>, 'customer_id'>;
export type AssignmentStored = Omit<Selectable<InspectionAssignmentsTable>, 'customer_id'>;
export type PlanLogStored = Omit<Selectable<InspectionPlanLogsTable>, 'customer_id'>;

/** Counts of a group of assignments (cancelled ones are left out). */
export interface AssignmentCounts {
  total: number;
  done: number;
  late: number;
  passed: number;
  failed: number;
}

const PLAN_COLUMNS = [
  'id',
  'plan_type',
  'name',
  'name_key',
  'kind',
  'lifecycle',
  'description',
  'valid_from',
  'valid_to',
  'rrule',
  'period_start',
  'period_end',
  'starts_at',
  'ends_at',
  'created_by',
  'created_at',
  'updated_at',
] as const;

const COUNT_COLUMNS = [
  sql<number>`count(*)`.as('total'),
  sql<number>`sum(case when status = 'completed' then 1 else 0 end)`.as('done'),
  sql<number>`sum(case when status = 'completed' and completed_at > window_end then 1 else 0 end)`.as('late'),
  sql<number>`sum(passed)`.as('passed'),
  sql<number>`sum(failed)`.as('failed'),
] as const;

function countsOf(row: { total: unknown; done: unknown; late: unknown; passed: unknown; failed: unknown }): AssignmentCounts {
  return {
    total: Number(row.total ?? 0),
    done: Number(row.done ?? 0),
    late: Number(row.late ?? 0),
    passed: Number(row.passed ?? 0),
    failed: Number(row.failed ?? 0),
  };
}

export const NO_COUNTS: AssignmentCounts = { total: 0, done: 0, late: 0, passed: 0, failed: 0 };

/** A customer's inspection plans, what they list, their log and the counts of their assignments. */
export function plansRepo(scope: TenantScope) {
  async function insertChunks<T>(ids: readonly string[], insert: (chunk: readonly string[]) => Promise<T>): Promise<void> {
    for (let start = 0; start < ids.length; start += 500) await insert(ids.slice(start, start + 500));
  }

  return {
    plans: (includeDeleted: boolean): Promise<PlanRowStored[]> => {
      let query = scope.selectFrom('inspection_plans').select(PLAN_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc');
      if (!includeDeleted) query = query.where('lifecycle', '!=', 'deleted');
      return query.execute();
    },
    plan: (planId: string): Promise<PlanRowStored | undefined> =>
      scope.selectFrom('inspection_plans').select(PLAN_COLUMNS).where('id', '=', planId).executeTakeFirst(),
    planNamed: (key: string) => scope.selectFrom('inspection_plans').select(['id']).where('name_key', '=', key).executeTakeFirst(),

    insertPlan: (row: PlanRowStored) => scope.insertInto('inspection_plans', [row]).execute(),
    updatePlan: (planId: string, changes: Partial<Omit<PlanRowStored, 'id' | 'created_at' | 'created_by'>>) =>
      scope.updateTable('inspection_plans').set(changes).where('id', '=', planId).execute(),
    /** Moves the lifecycle only if it is still what the caller read (two clicks racing change it once). */
    async moveLifecycle(planId: string, from: PlanRowStored['lifecycle'], changes: Partial<PlanRowStored>): Promise<boolean> {
      const result = await scope.updateTable('inspection_plans').set(changes).where('id', '=', planId).where('lifecycle', '=', from).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async replaceShops(planId: string, shopIds: readonly string[]): Promise<void> {
      await scope.deleteFrom('inspection_plan_shops').where('plan_id', '=', planId).execute();
      await insertChunks(shopIds, (chunk) =>
        scope
          .insertInto(
            'inspection_plan_shops',
            chunk.map((shop_id) => ({ plan_id: planId, shop_id })),
          )
          .execute(),
      );
    },
    async replaceGroups(planId: string, groupIds: readonly string[]): Promise<void> {
      await scope.deleteFrom('inspection_plan_groups').where('plan_id', '=', planId).execute();
      await insertChunks(groupIds, (chunk) =>
        scope
          .insertInto(
            'inspection_plan_groups',
            chunk.map((group_id) => ({ plan_id: planId, group_id })),
          )
          .execute(),
      );
    },
    async replaceHandlers(planId: string, userIds: readonly string[]): Promise<void> {
      await scope.deleteFrom('inspection_plan_handlers').where('plan_id', '=', planId).execute();
      await insertChunks(userIds, (chunk) =>
        scope
          .insertInto(
            'inspection_plan_handlers',
            chunk.map((user_id) => ({ plan_id: planId, user_id })),
          )
          .execute(),
      );
    },
    async replaceItems(planId: string, itemIds: readonly string[]): Promise<void> {
      await scope.deleteFrom('inspection_plan_items').where('plan_id', '=', planId).execute();
      if (itemIds.length > 0)
        await scope
          .insertInto(
            'inspection_plan_items',
            itemIds.map((item_id, position) => ({ plan_id: planId, item_id, position })),
          )
          .execute();
    },

    shopLinks: (planIds: readonly string[]) =>
      planIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('inspection_plan_shops')
            .select(['plan_id', 'shop_id'])
            .where('plan_id', 'in', [...planIds])
            .execute(),
    groupLinks: (planId: string) => scope.selectFrom('inspection_plan_groups').select('group_id').where('plan_id', '=', planId).orderBy('group_id').execute(),
    handlerLinks: (planIds: readonly string[]) =>
      planIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('inspection_plan_handlers')
            .select(['plan_id', 'user_id'])
            .where('plan_id', 'in', [...planIds])
            .execute(),
    itemLinks: (planIds: readonly string[]) =>
      planIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('inspection_plan_items')
            .select(['plan_id', 'item_id', 'position'])
            .where('plan_id', 'in', [...planIds])
            .orderBy('position')
            .execute(),

    /** The customer's shops with what scheduling and the pages need. */
    shops: () => scope.selectFrom('shops').select(['id', 'name', 'number', 'time_zone', 'status', 'inspections_enabled']).execute(),

    /** Enabled members with their names and data-scope placement, for handlers. */
    members: () =>
      scope
        .selectFrom('memberships')
        // Users are global; joined on the membership's user, the customer filter stays.
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select([
          'memberships.user_id',
          'memberships.role_id',
          'memberships.org_id',
          'memberships.enabled',
          'users.surname',
          'users.given_name',
          'users.enabled as account_enabled',
        ])
        .execute(),

    insertLog: (row: PlanLogStored) => scope.insertInto('inspection_plan_logs', [row]).execute(),
    logs: (planId: string) =>
      scope
        .selectFrom('inspection_plan_logs')
        .select(['id', 'plan_id', 'user_id', 'action', 'changes', 'created_at'])
        .where('plan_id', '=', planId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    /** Counts per plan, over the given shops (null: every shop). */
    async countsByPlan(planIds: readonly string[], shopIds: readonly string[] | null): Promise<Map<string, AssignmentCounts>> {
      if (planIds.length === 0 || shopIds?.length === 0) return new Map();
      let query = scope
        .selectFrom('inspection_assignments')
        .select(['plan_id', ...COUNT_COLUMNS])
        .where('plan_id', 'in', [...planIds])
        .where('status', '!=', 'cancelled')
        .groupBy('plan_id');
      if (shopIds) query = query.where('shop_id', 'in', [...shopIds]);
      return new Map((await query.execute()).map((row) => [row.plan_id, countsOf(row)]));
    },

    /** Counts of one plan per phase (occurrence date) or per store. */
    async countsOfPlanBy(
      planId: string,
      by: 'batch_date' | 'shop_id',
      shopIds: readonly string[] | null,
      batchDate?: string,
    ): Promise<{ key: string; stores: number; counts: AssignmentCounts }[]> {
      if (shopIds?.length === 0) return [];
      // Every store's phases: the totals kept per plan and date (migration 0038). An assignment is
      // one per plan, store and date, so a phase's stores are its assignments.
      if (by === 'batch_date' && shopIds === null && batchDate === undefined)
        return (await planTotalsRepo(scope).phases(planId)).map((row) => ({ key: row.batch_date, stores: Number(row.total), counts: countsOf(row) }));
      let query = scope
        .selectFrom('inspection_assignments')
        .select([sql<string>`${sql.ref(by)}`.as('key'), sql<number>`count(distinct shop_id)`.as('stores'), ...COUNT_COLUMNS])
        .where('plan_id', '=', planId)
        .where('status', '!=', 'cancelled')
        .groupBy(by);
      if (shopIds) query = query.where('shop_id', 'in', [...shopIds]);
      if (batchDate) query = query.where('batch_date', '=', batchDate);
      return (await query.execute()).map((row) => ({ key: String(row.key), stores: Number(row.stores), counts: countsOf(row) }));
    },

    /** A plan's phases summed from its assignments, as the totals must answer (tests and the bench compare them). */
    phasesFromAssignments: (planId: string) =>
      scope
        .selectFrom('inspection_assignments')
        .select(['batch_date', ...COUNT_COLUMNS])
        .where('plan_id', '=', planId)
        .where('status', '!=', 'cancelled')
        .groupBy('batch_date')
        .orderBy('batch_date', 'desc')
        .execute()
        .then((rows) => rows.map((row) => ({ key: row.batch_date, stores: Number(row.total), counts: countsOf(row) }))),

    async assignmentPage(
      filter: {
        planId: string;
        shopIds: readonly string[] | null;
        batchDate?: string | undefined;
        shopId?: string | undefined;
        status?: AssignmentStored['status'] | undefined;
      },
      page: { offset: number; limit: number },
    ): Promise<{ total: number; rows: AssignmentStored[] }> {
      if (filter.shopIds?.length === 0) return { total: 0, rows: [] };
      let query = scope.selectFrom('inspection_assignments').where('plan_id', '=', filter.planId);
      if (filter.shopIds) query = query.where('shop_id', 'in', [...filter.shopIds]);
      if (filter.batchDate) query = query.where('batch_date', '=', filter.batchDate);
      if (filter.shopId) query = query.where('shop_id', '=', filter.shopId);
      if (filter.status) query = query.where('status', '=', filter.status);
      const [count, rows] = await Promise.all([
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        query.selectAll().orderBy('batch_date', 'desc').orderBy('shop_id').offset(page.offset).limit(page.limit).execute(),
      ]);
      return { total: Number(count.n), rows: rows.map(({ customer_id: _customer, ...row }) => row) };
    },

    /** Open assignments of a deleted plan are cancelled, and taken off its phase totals (call in a transaction); completed ones stay in the results. */
    async cancelOpenAssignments(planId: string): Promise<void> {
      const cancelled = await scope
        .updateTable('inspection_assignments')
        .set({ status: 'cancelled' })
        .where('plan_id', '=', planId)
        .where('status', '=', 'pending')
        .returning(['plan_id', 'shop_id', 'batch_date', 'passed', 'failed', 'invalid', 'completed_at', 'window_end'])
        .execute();
      await planTotalsRepo(scope).removed(cancelled.map((row) => ({ ...row, status: 'pending' as const })));
    },
  };
}
export type PlansRepo = ReturnType<typeof plansRepo>;
