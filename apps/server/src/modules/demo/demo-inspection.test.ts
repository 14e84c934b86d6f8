import {
  type AssignmentRow,
  type PlanRow,
  planOperations,
  type SiClassRow,
  sopOperations,
  type TodoDetail,
  type TodoRow,
  todoOperations,
} from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { signInAsDemoAdmin } from '../../../test/support/demo.ts';
import { inspectionWorker, ok } from '../../../test/support/inspection.ts';
import { now } from '../../platform/time/clock.ts';
import { todayIn } from '../../platform/time/local-time.ts';
import { DEMO_ACCOUNTS } from './demo-plan.ts';
import { seedDemo } from './seed-demo.ts';

/**
 * The demo's inspection data, made through the services: an SOP with a filed item, single and
 * cyclic plans in several states, and a store manager with an inspection waiting today once the
 * worker has run the jobs the plans enqueued.
 */
let t: TestApp;
let admin: Session;
let storeManager: Session;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, t.config.dataDir, { historyDays: 0, seed: 5 });
  admin = await signInAsDemoAdmin(t);
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.loginName === 'store@storelens.demo');
  storeManager = await signIn(t.app, account?.loginName ?? '', admin.cid, account?.password);
  await inspectionWorker(t.db).worker.runDue();
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('demo inspection', () => {
  it('has an SOP with item counts and a filed item', async () => {
    const categories = await ok<SiClassRow[]>(t.app, admin, sopOperations.siClassList, {});
    expect(categories.map((row) => [row.name, row.itemNum])).toEqual([
      ['Cashier', 2],
      ['Display', 3],
      ['Hygiene', 3],
      ['Store front', 3],
    ]);
    expect((await ok<{ total: number }>(t.app, admin, sopOperations.siItemList, { status: 'filed', page: 1, pageSize: 10 })).total).toBe(1);
  });

  it('has single and cyclic plans in several states', async () => {
    const plans = await ok<{ list: PlanRow[] }>(t.app, admin, planOperations.planList, { page: 1, pageSize: 50 });
    expect(Object.fromEntries(plans.list.map((plan) => [plan.name, [plan.kind, plan.status]]))).toMatchObject({
      'Daily opening check': ['cyclic', 'pending'],
      'Korea cashier spot check': ['cyclic', 'paused'],
      'Summer season preparation': ['single', 'draft'],
      'Xujiahui reopening audit': ['single', 'pending'],
    });
  });

  it("gives the store manager today's inspection of their store", async () => {
    const plans = await ok<{ list: PlanRow[] }>(t.app, storeManager, planOperations.planList, { keyword: 'Daily opening', page: 1, pageSize: 10 });
    const daily = plans.list[0];
    expect(daily?.storeCount).toBeGreaterThan(1);
    const today = todayIn('Asia/Shanghai', now());
    const page = await ok<{ list: AssignmentRow[] }>(t.app, storeManager, planOperations.assignmentList, {
      planId: daily?.planId ?? '',
      batchId: today,
      page: 1,
      pageSize: 10,
    });
    expect(page.list.map((row) => [row.shopName, row.status, row.itemCount])).toEqual([['Shanghai Nanjing Road', 'pending', 5]]);
  });

  it("lists today's inspection in the store manager's to-do, ready to do", async () => {
    const todo = await ok<{ list: TodoRow[] }>(t.app, storeManager, todoOperations.todoList, { keyword: 'Daily opening', page: 1, pageSize: 10 });
    const today = todo.list.find((row) => row.batchId === todayIn('Asia/Shanghai', now()));
    expect(today).toMatchObject({ shopName: 'Shanghai Nanjing Road', state: 'pending', itemCount: 5 });
    const detail = await ok<TodoDetail>(t.app, storeManager, todoOperations.todoDetail, { assignmentId: today?.assignmentId });
    expect(detail.items.map((item) => item.name)).toContain('Entrance clean and unobstructed');
    expect(detail.items.some((item) => item.hasReferenceImage)).toBe(true);
  });
});
