import { type PlanAddRequest, planOperations, RoleId, sopOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { generateOccurrencesJob, OCCURRENCE_SCAN_SCHEDULE, scanOccurrencesJob } from '../../src/modules/inspection/inspection.jobs.ts';
import { GENERATE_OCCURRENCES_JOB } from '../../src/modules/inspection/occurrences.ts';
import { planTotalsRepo } from '../../src/modules/inspection/plan-totals.repo.ts';
import type { DB } from '../../src/platform/db/database.ts';
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
    .select(['customer_id', 'plan_id', 'batch_date', 'window_end'])
    .where('id', 'in', [...assignmentIds])
    .where('status', '=', 'pending')
    .execute();
  await db
    .updateTable('inspection_assignments')
    .set({ status: 'completed', completed_at: at, passed: counts.passed, failed: counts.failed, method: 'remote' })
    .where('id', 'in', [...assignmentIds])
    .execute();
  // The phase totals, as the submission keeps them.
  for (const row of rows) await planTotalsRepo(tenantScope(db, row.customer_id)).completed(row, { completed_at: at, ...counts });
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
