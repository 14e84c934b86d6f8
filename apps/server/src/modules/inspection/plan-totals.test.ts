import { type BatchRow, planOperations as ops, type TodoRow, todoOperations } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  buildItems,
  buildPlan,
  expectStoreTotalsAgree,
  inspectionWorker,
  ok,
  rerunTotalsMigrations,
  storeTotalsBothWays,
} from '../../../test/support/inspection.ts';
import { buildRectificationChain, type RectificationChain } from '../../../test/support/rectification.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { setClock } from '../../platform/time/clock.ts';
import { plansRepo } from './plans.repo.ts';

/**
 * A plan's phase totals (migration 0038), and the analysis's store totals (0042), against the
 * assignments and results, after every write that moves them: occurrences made by the scheduler's jobs in two time zones, submissions through the API (on
 * time and late), a closed store's open work cancelled by the scan, a deleted plan's open work
 * cancelled. The phase list reads the totals for a caller who sees every store and sums the
 * assignments for one who sees some; both must answer alike.
 */
let t: TestApp;
let chain: RectificationChain;
let items: string[];
let planId: string;
let otherPlanId: string;

const repo = () => plansRepo(tenantScope(t.db, chain.customerId));
/** The totals' phases and the assignments' sums, newest first, for one plan. */
async function bothWays(plan: string) {
  const kept = (await repo().countsOfPlanBy(plan, 'batch_date', null)).sort((a, b) => b.key.localeCompare(a.key));
  return { kept, summed: await repo().phasesFromAssignments(plan) };
}
async function expectAgree(plan: string) {
  const { kept, summed } = await bothWays(plan);
  expect(kept).toEqual(summed);
  // The analysis's store totals (migration 0042) move in the same transactions.
  await expectStoreTotalsAgree(t.db, chain.customerId);
  return kept;
}

let adminSession: Session;
let storeSession: Session;
const admin = () => adminSession;
/** Moves the clock a day or more: sessions last 12 hours, so the people sign in again at the new time. */
async function moveClock(at: string) {
  setClock(at);
  const again = async (userId: string) => {
    const user = await t.db.selectFrom('users').select('login_name').where('id', '=', userId).executeTakeFirstOrThrow();
    return signIn(t.app, user.login_name, chain.customerId);
  };
  adminSession = await again(chain.people.admin.userId);
  storeSession = await again(chain.people.store.userId);
}
async function submitAll(results: 'pass' | 'invalid', shopId?: string) {
  const todo = await ok<{ list: TodoRow[] }>(t.app, admin(), todoOperations.todoList, { page: 1, pageSize: 50 });
  for (const row of todo.list.filter((one) => one.planId === planId && (!shopId || one.shopId === shopId)))
    await ok(t.app, admin(), todoOperations.todoSubmit, {
      assignmentId: row.assignmentId,
      results: items.map((itemId, index) => ({ itemId, result: index === 0 ? results : 'pass' })),
    });
}

beforeAll(async () => {
  t = await createTestApp();
  setClock('2026-05-01T01:00:00.000Z'); // 09:00 in Shanghai, 11:00 in Sydney
  chain = await buildRectificationChain(t);
  adminSession = chain.people.admin.session;
  storeSession = chain.people.store.session;
  items = await buildItems(t.app, admin(), ['Door clean', 'Lights on'], 'Front');
  const plan = (name: string) => ({
    name,
    kind: 'cyclic' as const,
    cycle: { frequency: 'daily' as const },
    shopIds: [chain.s1, chain.s2, chain.w1],
    itemIds: items,
    validFrom: '2026-05-01',
    validTo: '2026-05-31',
    periodStart: '09:00',
    periodEnd: '18:00',
    handlerIds: [chain.people.admin.userId],
  });
  planId = await buildPlan(t.app, admin(), plan('Daily totals'));
  otherPlanId = await buildPlan(t.app, admin(), plan('Deleted later'));
}, 120_000);
afterAll(async () => t.close());

describe('phase totals', () => {
  it('count the occurrences the jobs make, in every zone, once however often they run', async () => {
    const worker = inspectionWorker(t.db);
    await worker.round();
    await worker.round();
    await moveClock('2026-05-02T01:00:00.000Z');
    await worker.round();
    const phases = await expectAgree(planId);
    expect(phases.map((row) => [row.key, row.stores, row.counts.total, row.counts.done])).toEqual([
      ['2026-05-02', 3, 3, 0],
      ['2026-05-01', 3, 3, 0],
    ]);
    await expectAgree(otherPlanId);
  });

  it('move with each submission, a late one counted late', async () => {
    // 05-02, 10:00 in Shanghai: Store One's open work passes, Store Two's has an item not applicable
    // (each also still has the 1st's, now late).
    await submitAll('pass', chain.s1);
    await submitAll('invalid', chain.s2);
    // 05-02 evening, after every window: West One's two, late.
    await moveClock('2026-05-02T12:00:00.000Z');
    await submitAll('pass');
    const phases = await expectAgree(planId);
    expect(phases.map((row) => [row.key, row.counts])).toEqual([
      ['2026-05-02', { total: 3, done: 3, late: 1, passed: 5, failed: 0 }],
      ['2026-05-01', { total: 3, done: 3, late: 3, passed: 5, failed: 0 }],
    ]);
    // The API's phase list says the same.
    const batches = await ok<BatchRow[]>(t.app, admin(), ops.batchStatusList, { planId });
    expect(batches.map((row) => [row.date, row.storeCount, row.progress.done, row.progress.total, row.progress.passRate])).toEqual([
      ['2026-05-02', 3, 3, 3, 100],
      ['2026-05-01', 3, 3, 3, 100],
    ]);
  });

  it('drop a closed store’s open work and a deleted plan’s, and keep what was done', async () => {
    await moveClock('2026-05-03T01:00:00.000Z');
    const worker = inspectionWorker(t.db);
    await worker.round();
    await submitAll('pass', chain.s1);
    // West One closes: the next scan cancels its open inspection of the 3rd.
    await t.db.updateTable('shops').set({ status: 'closed' }).where('id', '=', chain.w1).execute();
    await moveClock('2026-05-03T02:00:00.000Z');
    await worker.round();
    const phases = await expectAgree(planId);
    expect(phases[0]).toEqual({ key: '2026-05-03', stores: 2, counts: { total: 2, done: 1, late: 0, passed: 2, failed: 0 } });

    // The other plan is deleted: its open work goes, nothing of it was done.
    await ok(t.app, admin(), ops.planDelete, { planId: otherPlanId });
    expect(await expectAgree(otherPlanId)).toEqual([]);
    // A store manager sees their store's assignments summed, a phase at a time, as before.
    const mine = await ok<BatchRow[]>(t.app, storeSession, ops.batchStatusList, { planId });
    expect(mine.map((row) => [row.date, row.storeCount, row.progress.done])).toEqual([
      ['2026-05-03', 1, 1],
      ['2026-05-02', 1, 1],
      ['2026-05-01', 1, 1],
    ]);
  });

  it('are summed from the assignments already there when migrations 0038, 0042 and 0046 run', async () => {
    const before = await bothWays(planId);
    const storesBefore = await storeTotalsBothWays(t.db, chain.customerId);
    await rerunTotalsMigrations(t.db);
    expect(await bothWays(planId)).toEqual(before);
    expect(await storeTotalsBothWays(t.db, chain.customerId)).toEqual(storesBefore);
  });
});
