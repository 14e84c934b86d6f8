import { type PlanAddRequest, planOperations, RoleId, sopOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { generateOccurrencesJob, OCCURRENCE_SCAN_SCHEDULE, scanOccurrencesJob } from '../../src/modules/inspection/inspection.jobs.ts';
import { GENERATE_OCCURRENCES_JOB } from '../../src/modules/inspection/occurrences.ts';
import { planTotalsRepo } from '../../src/modules/inspection/plan-totals.repo.ts';
import type { DB } from '../../src/platform/db/database.ts';
import * as inspectionTotals from '../../src/platform/db/migrations/0038_inspection_totals.ts';
import * as inspectionShopTotals from '../../src/platform/db/migrations/0042_inspection_shop_totals.ts';
import * as inspectionYearTotals from '../../src/platform/db/migrations/0046_inspection_year_totals.ts';
import * as rectificationTotals from '../../src/platform/db/migrations/0048_rectification_totals.ts';
import { createJobQueue, createJobWorker, type JobDefinition } from '../../src/platform/jobs/jobs.ts';
import { createScheduler } from '../../src/platform/jobs/scheduler.ts';
import { tenantScope } from '../../src/platform/tenancy/scoped.ts';
import { now } from '../../src/platform/time/clock.ts';
import type { Session } from '../factories.ts';
import { invoke } from '../harness.ts';

export { GENERATE_OCCURRENCES_JOB, RoleId };

/** The inspection jobs as background.ts wires them: a worker, a queue and the scan's schedule, as one process would have them. */
export function inspectionWorker(db: DB, options: { staleMs?: number } = {}) {
  const definitions = [scanOccurrencesJob({ db }), generateOccurrencesJob({ db })] as JobDefinition<never>[];
  const queue = createJobQueue(db, definitions);
  const worker = createJobWorker({ db, queue, definitions, log: { error: () => undefined }, ...(options.staleMs ? { staleMs: options.staleMs } : {}) });
  const scheduler = createScheduler({ queue, schedules: [OCCURRENCE_SCAN_SCHEDULE] });
  return {
    queue,
    worker,
    /** A scheduler round at the clock's now, then every due job. */
    async round(): Promise<void> {
      await scheduler.tick(now());
      await worker.runDue();
    },
  };
}

/** Marks assignments done, as part 2's submission will: completed at `at`, with passed and failed item counts. */
export async function completeAssignments(
  db: DB,
  assignmentIds: readonly string[],
  at: string,
  counts: { passed: number; failed: number } = { passed: 1, failed: 0 },
) {
  if (assignmentIds.length === 0) return;
  const rows = await db
    .selectFrom('inspection_assignments')
    .select(['customer_id', 'plan_id', 'shop_id', 'batch_date', 'window_end'])
    .where('id', 'in', [...assignmentIds])
    .where('status', '=', 'pending')
    .execute();
  await db
    .updateTable('inspection_assignments')
    .set({ status: 'completed', completed_at: at, passed: counts.passed, failed: counts.failed, method: 'remote' })
    .where('id', 'in', [...assignmentIds])
    .execute();
  // The phase and store totals, as the submission keeps them.
  for (const row of rows) await planTotalsRepo(tenantScope(db, row.customer_id)).completed(row, { completed_at: at, invalid: 0, ...counts });
}

export async function assignmentsOf(db: DB, planId: string) {
  return db.selectFrom('inspection_assignments').selectAll().where('plan_id', '=', planId).orderBy('batch_date').orderBy('shop_id').execute();
}

/** An operation that must answer 200: its data. */
export async function ok<T>(app: FastifyInstance, session: Session, operation: Parameters<typeof invoke>[1], input: unknown): Promise<T> {
  const response = await invoke(app, operation, input as never, session);
  expect(response.body.status, `${operation.name}: ${response.body.msg}`).toBe(200);
  return response.body.data as T;
}

/** A category with items, through the SOP operations: their ids. */
export async function buildItems(app: FastifyInstance, session: Session, names: readonly string[], category = `Category ${names[0]}`): Promise<string[]> {
  const { categoryId } = await ok<{ categoryId: string }>(app, session, sopOperations.siClassAdd, { name: category });
  const ids: string[] = [];
  for (const name of names) ids.push((await ok<{ itemId: string }>(app, session, sopOperations.siItemAdd, { categoryId, name })).itemId);
  return ids;
}

/** A plan through planAdd: its id. */
export async function buildPlan(app: FastifyInstance, session: Session, input: PlanAddRequest): Promise<string> {
  return (await ok<{ planId: string }>(app, session, planOperations.planAdd, input)).planId;
}

/**
 * The analysis's store totals (migration 0042) as the writes kept them, and the same sums taken
 * from the assignments and their results now: equal after every write. Rows a cancellation emptied
 * stay at zero in the totals and are left out (the sums have no row there).
 */
export async function storeTotalsBothWays(db: DB, customerId: string) {
  const counts = (row: { passed: unknown; failed: unknown; invalid: unknown }) => [Number(row.passed), Number(row.failed), Number(row.invalid)];
  const sorted = (rows: unknown[][]) => rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const keptPeriods = await db.selectFrom('inspection_shop_period_totals').selectAll().where('customer_id', '=', customerId).execute();
  const keptItems = await db.selectFrom('inspection_shop_item_month_totals').selectAll().where('customer_id', '=', customerId).execute();
  const summedPeriodsBy = (period: ReturnType<typeof sql<string>>) =>
    db
      .selectFrom('inspection_assignments')
      .select([
        period.as('period'),
        'shop_id',
        sql<number>`count(*)`.as('assignments'),
        sql<number>`sum(case when status = 'completed' then 1 else 0 end)`.as('completed'),
        sql<number>`sum(case when status = 'completed' then passed else 0 end)`.as('passed'),
        sql<number>`sum(case when status = 'completed' then failed else 0 end)`.as('failed'),
        sql<number>`sum(case when status = 'completed' then invalid else 0 end)`.as('invalid'),
      ])
      .where('customer_id', '=', customerId)
      .where('status', '!=', 'cancelled')
      .groupBy([period, 'shop_id'])
      .execute();
  // Each date's row, each month's and each year's.
  const summedPeriods = [
    ...(await summedPeriodsBy(sql<string>`batch_date`)),
    ...(await summedPeriodsBy(sql<string>`substr(batch_date, 1, 7)`)),
    ...(await summedPeriodsBy(sql<string>`substr(batch_date, 1, 4)`)),
  ];
  const summedItemsBy = (length: 4 | 7) =>
    db
      .selectFrom('inspection_assignments as a')
      .innerJoin('inspection_assignment_items as ai', (join) => join.onRef('ai.customer_id', '=', 'a.customer_id').onRef('ai.assignment_id', '=', 'a.id'))
      .select([
        sql<string>`substr(a.batch_date, 1, ${sql.lit(length)})`.as('period'),
        'a.shop_id',
        'ai.item_id',
        'ai.category_name',
        'ai.item_name',
        sql<number>`sum(case when ai.result = 'pass' then 1 else 0 end)`.as('passed'),
        sql<number>`sum(case when ai.result = 'fail' then 1 else 0 end)`.as('failed'),
        sql<number>`sum(case when ai.result = 'invalid' then 1 else 0 end)`.as('invalid'),
      ])
      .where('a.customer_id', '=', customerId)
      .where('a.status', '=', 'completed')
      .where('ai.result', 'is not', null)
      .groupBy([sql`substr(a.batch_date, 1, ${sql.lit(length)})`, 'a.shop_id', 'ai.item_id', 'ai.category_name', 'ai.item_name'])
      .execute();
  // Each month's row and each year's.
  const summedItems = [...(await summedItemsBy(7)), ...(await summedItemsBy(4))];
  const period = (row: (typeof keptPeriods)[number] | (typeof summedPeriods)[number]) => [
    row.period,
    row.shop_id,
    Number(row.assignments),
    Number(row.completed),
    ...counts(row),
  ];
  const item = (row: (typeof keptItems)[number] | (typeof summedItems)[number]) => [
    row.period,
    row.shop_id,
    row.item_id,
    row.category_name,
    row.item_name,
    ...counts(row),
  ];
  return {
    kept: {
      periods: sorted(keptPeriods.map(period).filter((row) => row.slice(2).some((value) => value !== 0))),
      items: sorted(keptItems.map(item).filter((row) => row.slice(5).some((value) => value !== 0))),
    },
    summed: { periods: sorted(summedPeriods.map(period)), items: sorted(summedItems.map(item)) },
  };
}

/** The store totals agree with the assignments and results, and hold something (a check that cannot pass on two empty tables). */
export async function expectStoreTotalsAgree(db: DB, customerId: string) {
  const { kept, summed } = await storeTotalsBothWays(db, customerId);
  expect(kept).toEqual(summed);
  expect(kept.periods.length).toBeGreaterThan(0);
  return kept;
}

/**
 * Every inspection total written again by the migrations' backfills alone: 0048 and 0046 undone
 * (the rectification totals, the year rows and rectification dates gone, a column renamed back),
 * every total deleted, then 0038, 0042, 0046 and 0048 run on the rows there.
 */
export async function rerunTotalsMigrations(db: DB): Promise<void> {
  const raw = db as unknown as Kysely<unknown>;
  await rectificationTotals.down(raw);
  await inspectionYearTotals.down(raw);
  await db.deleteFrom('inspection_plan_day_totals').execute();
  await db.deleteFrom('inspection_item_day_totals').execute();
  await db.deleteFrom('inspection_shop_period_totals').execute();
  await db.deleteFrom('inspection_shop_item_month_totals').execute();
  await inspectionTotals.up(raw);
  await inspectionShopTotals.up(raw);
  await inspectionYearTotals.up(raw);
  await rectificationTotals.up(raw);
}

/** The rectification totals (0048) summed again from the rectifications: for a seed that puts items in states directly. */
export async function rebuildRectificationTotals(db: DB): Promise<void> {
  const raw = db as unknown as Kysely<unknown>;
  await rectificationTotals.down(raw);
  await rectificationTotals.up(raw);
}

/** The rectification totals (0048) as kept, per customer, store and period, sorted: what a rebuild from the rows must equal. */
export const keptRectificationTotals = (db: DB) =>
  db
    .selectFrom('rectification_shop_period_totals')
    .select(['customer_id', 'period', 'shop_id', 'raised', 'answered', 'answered_on_time'])
    .where((eb) => eb.or([eb('raised', '!=', 0), eb('answered', '!=', 0), eb('answered_on_time', '!=', 0)]))
    .orderBy('customer_id')
    .orderBy('period')
    .orderBy('shop_id')
    .execute()
    .then((rows) =>
      rows.map((row) => ({ ...row, raised: Number(row.raised), answered: Number(row.answered), answered_on_time: Number(row.answered_on_time) })),
    );
