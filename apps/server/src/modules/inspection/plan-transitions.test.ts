import {
  planOperations as ops,
  PLAN_ACTIONS,
  PLAN_STATUSES,
  PLAN_TRANSITIONS,
  type PlanAction,
  type PlanAddRequest,
  type PlanDetail,
  type PlanStatus,
  ResponseStatus,
  RoleId,
} from '@storelens/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, buildUser, type Session, signIn } from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import { assignmentsOf, buildItems, buildPlan, completeAssignments, inspectionWorker, ok } from '../../../test/support/inspection.ts';
import { setClock } from '../../platform/time/clock.ts';

/**
 * Every cell of the plan transition table (contracts plan-states.ts, docs/API.md): each state is
 * reached through the operations and the scheduler (assignments completed as part 2 will), then
 * each action is tried; allowed ones lead where the table says, refused ones change nothing and
 * answer the refusal with the plan's state. Runs on SQLite and, with DATABASE_URL, PostgreSQL.
 */
const NOW = '2026-03-10T04:00:00.000Z'; // 12:00 in Shanghai
let t: TestApp;
let admin: Session;
let shops: string[];
let items: string[];
let handlerId: string;
let counter = 0;

const detail = (planId: string) => ok<PlanDetail>(t.app, admin, ops.planDetail, { planId });
const base = (overrides: Partial<PlanAddRequest> = {}): PlanAddRequest => {
  counter += 1;
  return {
    name: `Plan ${counter}`,
    kind: 'cyclic',
    shopIds: shops,
    itemIds: items,
    validFrom: '2026-03-10',
    validTo: '2026-03-20',
    cycle: { frequency: 'daily' },
    periodStart: '09:00',
    periodEnd: '18:00',
    handlerIds: [handlerId],
    ...overrides,
  };
};

/** Builds a plan in the given state; the state is checked before the test goes on. */
const REACH: Record<PlanStatus, () => Promise<{ planId: string; input: PlanAddRequest }>> = {
  draft: async () => {
    const input = base({ asDraft: true });
    return { planId: await buildPlan(t.app, admin, input), input };
  },
  notEffective: async () => {
    const input = base({ validFrom: '2026-03-15' });
    return { planId: await buildPlan(t.app, admin, input), input };
  },
  pending: async () => {
    const input = base();
    const planId = await buildPlan(t.app, admin, input);
    await inspectionWorker(t.db).round();
    return { planId, input };
  },
  inProgress: async () => {
    const input = base();
    const planId = await buildPlan(t.app, admin, input);
    await inspectionWorker(t.db).round();
    const [first] = await assignmentsOf(t.db, planId);
    await completeAssignments(t.db, [first?.id ?? ''], NOW);
    return { planId, input };
  },
  paused: async () => {
    const input = base();
    const planId = await buildPlan(t.app, admin, input);
    await ok(t.app, admin, ops.planPause, { planId });
    return { planId, input };
  },
  expired: async () => {
    const input = base({ kind: 'single', cycle: undefined, validTo: '2026-03-10' });
    const planId = await buildPlan(t.app, admin, input);
    await inspectionWorker(t.db).round();
    setClock('2026-03-11T00:00:00.000Z');
    return { planId, input };
  },
  completed: async () => {
    const input = base({ kind: 'single', cycle: undefined, validTo: '2026-03-11' });
    const planId = await buildPlan(t.app, admin, input);
    await inspectionWorker(t.db).round();
    await completeAssignments(
      t.db,
      (await assignmentsOf(t.db, planId)).map((row) => row.id),
      NOW,
    );
    return { planId, input };
  },
  completedExpired: async () => {
    const input = base({ kind: 'single', cycle: undefined, validTo: '2026-03-10', periodStart: '08:00', periodEnd: '11:00' });
    const planId = await buildPlan(t.app, admin, input);
    await inspectionWorker(t.db).round();
    // The window ended at 11:00 Shanghai (03:00Z): done at noon, late.
    await completeAssignments(
      t.db,
      (await assignmentsOf(t.db, planId)).map((row) => row.id),
      NOW,
    );
    return { planId, input };
  },
  deleted: async () => {
    const input = base();
    const planId = await buildPlan(t.app, admin, input);
    await ok(t.app, admin, ops.planDelete, { planId });
    return { planId, input };
  },
};

/** The state an allowed action leads to from these builders' plans. */
const EXPECTED_AFTER: Partial<Record<`${PlanStatus}:${PlanAction}`, PlanStatus>> = {
  'draft:modify': 'draft',
  'notEffective:modify': 'notEffective',
  'paused:modify': 'paused',
  'paused:reactivate': 'pending',
};

function perform(action: PlanAction, planId: string, input: PlanAddRequest) {
  switch (action) {
    case 'modify':
      return invoke(t.app, ops.planUpdate, { ...input, planId, name: `${input.name} (changed)` }, admin);
    case 'pause':
      return invoke(t.app, ops.planPause, { planId }, admin);
    case 'reactivate':
      return invoke(t.app, ops.planRestart, { planId }, admin);
    case 'delete':
      return invoke(t.app, ops.planDelete, { planId }, admin);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const customer = await buildCustomer(t.db);
  shops = [await buildShop(t.db, customer.customerId, customer.rootOrgId), await buildShop(t.db, customer.customerId, customer.rootOrgId)];
  const adminUser = await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.superManager }]);
  handlerId = adminUser.userId;
  admin = await signIn(t.app, adminUser.loginName, customer.customerId);
  setClock(NOW);
  items = await buildItems(t.app, admin, ['Door clean', 'Lights on']);
});

beforeEach(() => setClock(NOW));

afterAll(async () => {
  await t.close();
});

describe('the plan transition table', () => {
  for (const status of PLAN_STATUSES) {
    for (const action of PLAN_ACTIONS) {
      const target = PLAN_TRANSITIONS[status][action];
      const expected = target === 'deleted' ? 'deleted' : target === 'paused' && action === 'pause' ? 'paused' : EXPECTED_AFTER[`${status}:${action}`];
      it(`${status} + ${action}: ${target ? `allowed, leads to ${expected}` : 'refused'}`, async () => {
        const { planId, input } = await REACH[status]();
        expect((await detail(planId)).status, 'the state was reached').toBe(status);
        expect((await detail(planId)).actions).toEqual(PLAN_ACTIONS.filter((candidate) => PLAN_TRANSITIONS[status][candidate]));
        const response = await perform(action, planId, input);
        if (target) {
          expect(response.body.status, response.body.msg).toBe(200);
          expect((await detail(planId)).status).toBe(expected);
          const log = await ok<{ action: string }[]>(t.app, admin, ops.planUpdateLog, { planId });
          expect(log[0]?.action).toBe(action);
        } else {
          expect(response.body.status).toBe(ResponseStatus.errorModal);
          expect(response.body.data).toMatchObject({ status });
          expect((await detail(planId)).status, 'nothing changed').toBe(status);
          expect((await detail(planId)).name).toBe(input.name);
        }
      });
    }
  }

  it('answers a refused action in every language', async () => {
    const { planId } = await REACH.inProgress();
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.planDelete, { planId }, { ...admin, lang }),
      'inspection.planActionRefused',
      undefined,
      ResponseStatus.errorModal,
    );
  });

  it('publishes a draft modified without asDraft; a published plan is scheduled, a draft never', async () => {
    const { planId, input } = await REACH.draft();
    await inspectionWorker(t.db).round();
    expect(await assignmentsOf(t.db, planId)).toEqual([]);
    await ok(t.app, admin, ops.planUpdate, { ...input, planId, asDraft: false });
    expect((await detail(planId)).status).toBe('pending');
    const log = await ok<{ action: string }[]>(t.app, admin, ops.planUpdateLog, { planId });
    expect(log.map((entry) => entry.action)).toEqual(['publish', 'create']);
    await inspectionWorker(t.db).round();
    expect((await assignmentsOf(t.db, planId)).length).toBe(2);
  });

  it('a paused plan makes no occurrence; reactivated, it does', async () => {
    const { planId } = await REACH.paused();
    await inspectionWorker(t.db).round();
    expect(await assignmentsOf(t.db, planId)).toEqual([]);
    await ok(t.app, admin, ops.planRestart, { planId });
    await inspectionWorker(t.db).round();
    expect((await assignmentsOf(t.db, planId)).map((row) => row.batch_date)).toEqual(['2026-03-10', '2026-03-10']);
  });

  it('deleting cancels open assignments, keeps completed ones, and frees the name', async () => {
    const { planId, input } = await REACH.pending();
    const [first] = await assignmentsOf(t.db, planId);
    await completeAssignments(t.db, [first?.id ?? ''], NOW);
    // In progress now: paused first, then deleted.
    await ok(t.app, admin, ops.planPause, { planId });
    await ok(t.app, admin, ops.planDelete, { planId });
    expect((await assignmentsOf(t.db, planId)).map((row) => row.status).sort()).toEqual(['cancelled', 'completed']);
    expect(await ok(t.app, admin, ops.isPlanNameExist, { name: input.name })).toEqual({ exists: false });
    await buildPlan(t.app, admin, { ...input });
  });
});
