import { type HistoryRow, rectificationOperations as ops, type RectificationDetail, type RectificationRow } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { signInAsDemoAdmin } from '../../../test/support/demo.ts';
import { latestNotice, ok, rectificationWorker } from '../../../test/support/rectification.ts';
import { DEMO_ACCOUNTS } from './demo-plan.ts';
import { seedDemo } from './seed-demo.ts';

/**
 * The demo's rectifications, made through the service by the demo's people: every state, overdue
 * and escalated ones once the worker has run, a hand-over, and work waiting today for the store
 * manager of Shanghai Nanjing Road.
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
  await rectificationWorker(t).round();
}, 180_000);
afterAll(async () => t.close());

const list = async (session: Session, operation: typeof ops.listAll, input: object = {}) =>
  (await ok<{ list: RectificationRow[] }>(t.app, session, operation, { page: 1, pageSize: 100, ...input })).list;

describe('demo rectifications', () => {
  it('are in every state, some overdue and escalated, across stores', async () => {
    const all = await list(admin, ops.listAll);
    expect(new Set(all.map((row) => row.state))).toEqual(new Set(['pending', 'submitted', 'rejected', 'approved']));
    expect(
      all
        .filter((row) => row.overdue)
        .map((row) => row.itemName)
        .sort(),
    ).toEqual(['Receipt paper stocked', 'Till drawer closed when idle']);
    expect(all.filter((row) => row.escalated).map((row) => row.itemName)).toEqual(['Till drawer closed when idle']);
    expect(new Set(all.map((row) => row.shopName))).toEqual(new Set(['Shanghai Nanjing Road', 'Seoul Gangnam', 'Saigon District 1']));
    expect(all.every((row) => row.source === 'manual')).toBe(true);
  });

  it('give the store manager work waiting today, and tell them', async () => {
    const todo = await list(storeManager, ops.userTodoList);
    expect(todo.map((row) => [row.itemName, row.state])).toEqual([
      ['Till drawer closed when idle', 'pending'],
      ['Price tags visible', 'rejected'],
      ['Entrance clean and unobstructed', 'pending'],
    ]);
    const notices = (await latestNotice(t.app, storeManager)).all.map((notice) => notice.title);
    expect(notices).toEqual(
      expect.arrayContaining([
        'Rectification assigned: Entrance clean and unobstructed',
        'Rectification rejected: Price tags visible',
        'Rectification due soon: Price tags visible',
        'Rectification overdue: Till drawer closed when idle',
        'Rectification approved: Window display lit',
      ]),
    );
    const rejected = todo.find((row) => row.state === 'rejected');
    const detail = await ok<RectificationDetail>(t.app, storeManager, ops.detail, { rectificationId: rejected?.rectificationId });
    expect(detail).toMatchObject({ rejectReason: 'The lower shelf still has no tags in the photo', abilities: { submit: true, refer: true } });
    expect(detail.evidence.length).toBeGreaterThan(0);
  });

  it('keep the history of an answered, rejected, approved and handed-over item', async () => {
    const all = await list(admin, ops.listAll);
    const history = async (itemName: string) =>
      (await ok<HistoryRow[]>(t.app, admin, ops.record, { rectificationId: all.find((row) => row.itemName === itemName)?.rectificationId })).map(
        (entry) => entry.action,
      );
    expect(await history('Window display lit')).toEqual(expect.arrayContaining(['create', 'submit', 'approve']));
    expect(await history('Price tags visible')).toEqual(expect.arrayContaining(['create', 'submit', 'reject']));
    expect(await history('Fire exit clear')).toEqual(['create', 'refer']);
    expect(await history('Till drawer closed when idle')).toEqual(expect.arrayContaining(['create', 'overdue', 'escalate']));
    // The administrator's approvals wait under 'created by me'.
    expect((await list(admin, ops.listByCreator, { states: ['submitted'] })).map((row) => row.itemName)).toEqual(['Floor clean and dry']);
  });
});
