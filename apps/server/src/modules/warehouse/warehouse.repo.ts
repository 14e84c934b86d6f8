import { type Selectable, sql } from 'kysely';
import type { DB } from '../../platform/db/database.ts';
import type { WarehouseChecksTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

export type CheckStored = Omit<Selectable<WarehouseChecksTable>, 'customer_id'>;
export type CheckInsert = CheckStored;

/** Sums the database returns as numbers (SQLite) or numeric strings (PostgreSQL). */
type Summed = number | string | null;
export interface CheckCountsRow {
  checks: Summed;
  done: Summed;
  passed: Summed;
  failed: Summed;
  missed: Summed;
  pending: Summed;
  no_video: Summed;
}

/** The customers that have warehouse plans: the scan's work crosses customers on purpose, each then read inside its own. */
export async function customersWithWarehousePlans(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom('inspection_plans')
    .select('customer_id')
    .distinct()
    .where('plan_type', '=', 'warehouse')
    .where('lifecycle', '!=', 'deleted')
    .execute();
  return rows.map((row) => row.customer_id);
}

/**
 * The sums of a set of checks at `at`: scheduled (their time has come), with a result, passed,
 * failed, missed (no result past the window's end), awaiting one, and without a recording.
 */
const countColumns = (at: string) =>
  [
    sql<Summed>`count(*)`.as('checks'),
    sql<Summed>`sum(case when c.result is not null then 1 else 0 end)`.as('done'),
    sql<Summed>`sum(case when c.result = 'pass' then 1 else 0 end)`.as('passed'),
    sql<Summed>`sum(case when c.result = 'fail' then 1 else 0 end)`.as('failed'),
    sql<Summed>`sum(case when c.result is null and c.window_end <= ${at} then 1 else 0 end)`.as('missed'),
    sql<Summed>`sum(case when c.result is null and c.window_end > ${at} then 1 else 0 end)`.as('pending'),
    sql<Summed>`sum(case when c.capture_status = 'noVideo' then 1 else 0 end)`.as('no_video'),
  ] as const;

/** Warehouse plans, their checks and results inside one customer. */
export function warehouseRepo(scope: TenantScope) {
  /** Checks that count: their time has come, and their assignment was not cancelled (a deleted plan's open work). */
  const liveChecks = () =>
    scope
      .selectFrom('warehouse_checks as c')
      .innerJoin('inspection_assignments as a', (join) => join.onRef('a.customer_id', '=', 'c.customer_id').onRef('a.id', '=', 'c.assignment_id'))
      .where('a.status', '!=', 'cancelled');
  const countedChecks = (at: string) => liveChecks().where('c.due_at', '<=', at);

  return {
    insertSettings: (planId: string, checkTimes: readonly string[], windowMinutes: number) =>
      scope.insertInto('warehouse_plan_settings', [{ plan_id: planId, check_times: JSON.stringify(checkTimes), window_minutes: windowMinutes }]).execute(),
    insertCameras: (planId: string, cameraIds: readonly string[]) =>
      scope
        .insertInto(
          'warehouse_plan_cameras',
          cameraIds.map((cameraId) => ({ plan_id: planId, camera_id: cameraId })),
        )
        .execute(),

    /** Pending assignments of warehouse plans that have no check yet (made by the occurrence jobs since the last scan). */
    uncheckedAssignments: () =>
      scope
        .selectFrom('inspection_assignments as a')
        .innerJoin('inspection_plans as p', (join) => join.onRef('p.customer_id', '=', 'a.customer_id').onRef('p.id', '=', 'a.plan_id'))
        .innerJoin('warehouse_plan_settings as w', (join) => join.onRef('w.customer_id', '=', 'a.customer_id').onRef('w.plan_id', '=', 'a.plan_id'))
        .select(['a.id', 'a.plan_id', 'a.shop_id', 'a.batch_date', 'a.time_zone', 'p.created_at as plan_created_at', 'w.check_times', 'w.window_minutes'])
        .where('p.plan_type', '=', 'warehouse')
        .where('a.status', '=', 'pending')
        .where('a.item_count', '=', 0)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('warehouse_checks as c').select('c.id').whereRef('c.customer_id', '=', 'a.customer_id').whereRef('c.assignment_id', '=', 'a.id'),
            ),
          ),
        )
        .execute(),

    /** The plan's enabled cameras in a store. */
    planCamerasInShop: (planId: string, shopId: string) =>
      scope
        .selectFrom('warehouse_plan_cameras as pc')
        .innerJoin('cameras as cam', (join) => join.onRef('cam.customer_id', '=', 'pc.customer_id').onRef('cam.id', '=', 'pc.camera_id'))
        .select(['cam.id'])
        .where('pc.plan_id', '=', planId)
        .where('cam.shop_id', '=', shopId)
        .where('cam.enabled', '=', 1)
        .orderBy('cam.id')
        .execute(),

    /**
     * The active warehouse plans on a box's enabled cameras that have not ended at `at`: one row
     * per plan and camera, with the plan's times and window (the box's configuration).
     */
    activePlansOfBox: (boxId: string, at: string) =>
      scope
        .selectFrom('warehouse_plan_cameras as pc')
        .innerJoin('cameras as cam', (join) => join.onRef('cam.customer_id', '=', 'pc.customer_id').onRef('cam.id', '=', 'pc.camera_id'))
        .innerJoin('inspection_plans as p', (join) => join.onRef('p.customer_id', '=', 'pc.customer_id').onRef('p.id', '=', 'pc.plan_id'))
        .innerJoin('warehouse_plan_settings as w', (join) => join.onRef('w.customer_id', '=', 'pc.customer_id').onRef('w.plan_id', '=', 'pc.plan_id'))
        .select(['p.id as plan_id', 'p.name', 'p.valid_from', 'p.valid_to', 'w.check_times', 'w.window_minutes', 'cam.id as camera_id'])
        .where('cam.box_id', '=', boxId)
        .where('cam.enabled', '=', 1)
        .where('p.plan_type', '=', 'warehouse')
        .where('p.lifecycle', '=', 'active')
        .where('p.ends_at', '>', at)
        .orderBy('p.id')
        .orderBy('cam.id')
        .execute(),

    /** A scan racing another writes each check once (the slot's unique key). */
    insertChecks: (rows: readonly CheckInsert[]) =>
      rows.length === 0
        ? Promise.resolve()
        : scope
            .insertInto('warehouse_checks', [...rows])
            .onConflict((conflict) => conflict.columns(['customer_id', 'assignment_id', 'camera_id', 'check_time']).doNothing())
            .execute()
            .then(() => undefined),
    setItemCount: (assignmentId: string, count: number) =>
      scope.updateTable('inspection_assignments').set({ item_count: count }).where('id', '=', assignmentId).execute(),

    /** Checks whose frame is still to take and whose time is before `before`. */
    dueCaptures: (before: string, limit: number) =>
      scope
        .selectFrom('warehouse_checks')
        .select(['id', 'camera_id', 'due_at'])
        .where('capture_status', '=', 'pending')
        .where('due_at', '<=', before)
        .orderBy('due_at')
        .limit(limit)
        .execute(),
    check: (checkId: string): Promise<CheckStored | undefined> =>
      scope
        .selectFrom('warehouse_checks')
        .select([
          'id',
          'plan_id',
          'assignment_id',
          'shop_id',
          'camera_id',
          'check_date',
          'check_time',
          'due_at',
          'window_end',
          'capture_status',
          'storage_key',
          'sha256',
          'width',
          'height',
          'result',
          'result_source',
          'remark',
          'decided_by',
          'decided_at',
          'created_at',
        ])
        .where('id', '=', checkId)
        .executeTakeFirst(),
    /** Sets the frame's outcome once (of two workers, one writes it). */
    async settleCapture(checkId: string, outcome: Pick<CheckStored, 'capture_status' | 'storage_key' | 'sha256' | 'width' | 'height'>): Promise<boolean> {
      const result = await scope
        .updateTable('warehouse_checks')
        .set(outcome)
        .where('id', '=', checkId)
        .where('capture_status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The check of a camera whose window holds an instant and is still open when the result arrives (the box's AI's result names the camera and the instant). */
    checkAt: (cameraId: string, at: string, receivedAt: string) =>
      scope
        .selectFrom('warehouse_checks')
        .select(['id', 'result'])
        .where('camera_id', '=', cameraId)
        .where('due_at', '<=', at)
        .where('window_end', '>', at)
        .where('window_end', '>', receivedAt)
        .orderBy('due_at', 'desc')
        .executeTakeFirst(),
    /** The first result stands: a result is written only on a check without one. */
    async decide(checkId: string, decision: Pick<CheckStored, 'result' | 'result_source' | 'remark' | 'decided_by' | 'decided_at'>): Promise<boolean> {
      const result = await scope.updateTable('warehouse_checks').set(decision).where('id', '=', checkId).where('result', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Pending warehouse assignments with their checks' sums at `at`: those with nothing open are complete. */
    openAssignmentCounts: (at: string) =>
      scope
        .selectFrom('warehouse_checks as c')
        .innerJoin('inspection_assignments as a', (join) => join.onRef('a.customer_id', '=', 'c.customer_id').onRef('a.id', '=', 'c.assignment_id'))
        .select(['c.assignment_id', ...countColumns(at)])
        .where('a.status', '=', 'pending')
        .groupBy('c.assignment_id')
        .execute(),
    /** Sums per store and local date over a range, of the given stores (null: every store). */
    dayCounts(range: { startDate: string; endDate: string; shopIds: readonly string[] | null }, at: string) {
      let query = countedChecks(at)
        .innerJoin('shops as s', (join) => join.onRef('s.customer_id', '=', 'c.customer_id').onRef('s.id', '=', 'c.shop_id'))
        .select(['c.shop_id', 's.name as shop_name', 'c.check_date', ...countColumns(at)])
        .where('c.check_date', '>=', range.startDate)
        .where('c.check_date', '<=', range.endDate);
      if (range.shopIds) query = query.where('c.shop_id', 'in', [...range.shopIds]);
      return query.groupBy(['c.shop_id', 's.name', 'c.check_date']).orderBy('c.check_date', 'desc').orderBy('s.name').execute();
    },

    /** One store's checks of one local date (upcoming ones too), with names to show. */
    dayChecks: (shopId: string, date: string) =>
      liveChecks()
        .innerJoin('inspection_plans as p', (join) => join.onRef('p.customer_id', '=', 'c.customer_id').onRef('p.id', '=', 'c.plan_id'))
        .innerJoin('cameras as cam', (join) => join.onRef('cam.customer_id', '=', 'c.customer_id').onRef('cam.id', '=', 'c.camera_id'))
        .leftJoin('users as u', 'u.id', 'c.decided_by')
        .select([
          'c.id',
          'c.plan_id',
          'p.name as plan_name',
          'c.camera_id',
          'cam.name as camera_name',
          'c.check_time',
          'c.due_at',
          'c.window_end',
          'c.capture_status',
          'c.result',
          'c.result_source',
          'c.remark',
          'c.decided_at',
          'u.surname',
          'u.given_name',
        ])
        .where('c.shop_id', '=', shopId)
        .where('c.check_date', '=', date)
        .orderBy('c.due_at')
        .orderBy('cam.name')
        .orderBy('c.id')
        .execute(),

    shop: (shopId: string) => scope.selectFrom('shops').select(['id', 'name', 'time_zone']).where('id', '=', shopId).executeTakeFirst(),

    /** Sums of the checks due since `since`, of the given stores (null: every store). */
    async recentCounts(shopIds: readonly string[] | null, since: string, at: string) {
      if (shopIds !== null && shopIds.length === 0) return undefined;
      let query = countedChecks(at).select(countColumns(at)).where('c.due_at', '>=', since);
      if (shopIds) query = query.where('c.shop_id', 'in', [...shopIds]);
      return query.executeTakeFirst();
    },

    /** Raw check rows of a range of local dates (the benchmark's naive answer reads these into the application). */
    checkRows: (startDate: string, endDate: string) =>
      liveChecks()
        .select(['c.id', 'c.shop_id', 'c.check_date', 'c.due_at', 'c.window_end', 'c.capture_status', 'c.result'])
        .where('c.check_date', '>=', startDate)
        .where('c.check_date', '<=', endDate)
        .execute(),

    /** The plans among these that the user handles. */
    async handledPlans(userId: string, planIds: readonly string[]): Promise<Set<string>> {
      if (planIds.length === 0) return new Set();
      const rows = await scope
        .selectFrom('inspection_plan_handlers')
        .select('plan_id')
        .where('user_id', '=', userId)
        .where('plan_id', 'in', [...planIds])
        .execute();
      return new Set(rows.map((row) => row.plan_id));
    },

    /** The catalogue's status: warehouse plans that are not deleted, and the stores they cover among these (null: all). */
    async planStatus(shopIds: readonly string[] | null): Promise<{ plans: number; stores: number }> {
      if (shopIds !== null && shopIds.length === 0) return { plans: 0, stores: 0 };
      let query = scope
        .selectFrom('inspection_plan_shops as ps')
        .innerJoin('inspection_plans as p', (join) => join.onRef('p.customer_id', '=', 'ps.customer_id').onRef('p.id', '=', 'ps.plan_id'))
        .select(['ps.plan_id', 'ps.shop_id'])
        .where('p.plan_type', '=', 'warehouse')
        .where('p.lifecycle', '!=', 'deleted');
      if (shopIds) query = query.where('ps.shop_id', 'in', [...shopIds]);
      const rows = await query.execute();
      return { plans: new Set(rows.map((row) => row.plan_id)).size, stores: new Set(rows.map((row) => row.shop_id)).size };
    },
  };
}
export type WarehouseRepo = ReturnType<typeof warehouseRepo>;
