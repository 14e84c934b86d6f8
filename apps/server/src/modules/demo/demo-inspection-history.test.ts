import { type RectificationRow, rectificationOperations, type TodoRow, todoOperations } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, signIn } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/harness.ts';
import { seededDemoApp } from '../../../test/support/demo.ts';
import { inspectionWorker, ok } from '../../../test/support/inspection.ts';
import { localObjectStorage } from '../../platform/storage/storage-config.ts';
import { now } from '../../platform/time/clock.ts';
import { todayIn } from '../../platform/time/local-time.ts';
import { HISTORY_PLAN, seedDemoInspectionHistory } from './demo-inspection-history.ts';
import { DEMO_ACCOUNTS, DEMO_RETAIL } from './demo-plan.ts';

/**
 * The demo's inspection history (issue 14 section 6): yesterday's occurrence of the daily plan done
 * on site in every store through the services, failures raised as rectifications that were
 * answered and approved, and the store manager's to-do left with today's inspection only.
 */
let t: TestApp;
let admin: Session;
let storeManager: Session;
let result: { inspections: number; failures: number };

beforeAll(async () => {
  const seeded = await seededDemoApp(5);
  t = seeded.t;
  admin = seeded.admin;
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.loginName === 'store@storelens.demo');
  storeManager = await signIn(t.app, account?.loginName ?? '', admin.cid, account?.password);
  // Today's occurrences (the jobs the plans enqueued), as the server's worker would make them.
  await inspectionWorker(t.db).worker.runDue();
  const users = await t.db.selectFrom('users').select(['id', 'login_name']).execute();
  const shops = await t.db.selectFrom('shops').select(['id', 'number']).where('customer_id', '=', admin.cid).execute();
  const adminAccount = DEMO_ACCOUNTS[0];
  result = await seedDemoInspectionHistory(
    { db: t.db, storage: localObjectStorage(t.config.dataDir) },
    {
      customerId: admin.cid,
      adminUserId: users.find((user) => user.login_name === adminAccount?.loginName)?.id ?? '',
      userIds: new Map(users.map((user) => [user.login_name, user.id])),
      shopIds: new Map(shops.map((shop) => [shop.number, shop.id])),
    },
    { days: 1, seed: 5, until: now(), openDays: 0 },
  );
}, 180_000);
afterAll(async () => t?.close());

describe('the demo inspection history', () => {
  it("does yesterday's daily inspection in every store, on site, with failures", async () => {
    expect(DEMO_ACCOUNTS[0]?.memberships.some((membership) => membership.customer === DEMO_RETAIL)).toBe(true);
    const rows = await t.db
      .selectFrom('inspection_assignments as a')
      .innerJoin('inspection_plans as p', 'p.id', 'a.plan_id')
      .select(['a.status', 'a.method', 'a.batch_date', 'a.failed', 'a.passed', 'a.completed_at', 'a.window_start', 'a.window_end'])
      .where('p.name', '=', HISTORY_PLAN)
      .where('a.customer_id', '=', admin.cid)
      .where('a.status', '=', 'completed')
      .execute();
    expect(rows.length).toBe(result.inspections);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const row of rows) {
      // Yesterday in each store's zone (Sydney's yesterday may be Shanghai's today).
      expect(row.batch_date < todayIn('Pacific/Kiritimati', now())).toBe(true);
      expect(row).toMatchObject({ status: 'completed', method: 'onsite' });
      expect(row.passed + row.failed).toBe(5);
      // Done within its window, at the time it would have been.
      expect(row.completed_at && row.completed_at >= row.window_start && row.completed_at <= row.window_end).toBe(true);
    }
    expect(rows.reduce((sum, row) => sum + row.failed, 0)).toBe(result.failures);
    expect(result.failures).toBeGreaterThan(0);
  });

  it('raised a rectification per failure, each answered and approved', async () => {
    const all = await ok<{ list: RectificationRow[]; total: number }>(t.app, admin, rectificationOperations.listAll, { page: 1, pageSize: 100 });
    const fromInspections = all.list.filter((row) => row.source === 'inspection');
    expect(fromInspections).toHaveLength(result.failures);
    for (const row of fromInspections) expect(row.state).toBe('approved');
  });

  it("leaves the store manager's to-do with today's inspection only", async () => {
    const todo = await ok<{ list: TodoRow[] }>(t.app, storeManager, todoOperations.todoList, { keyword: HISTORY_PLAN, page: 1, pageSize: 10 });
    expect(todo.list.map((row) => row.batchId)).toEqual([todayIn('Asia/Shanghai', now())]);
  });
});
