import {
  type AssignmentRow,
  type BatchRow,
  type InspectorRow,
  planOperations as ops,
  orgAdminOperations,
  type PlanAddRequest,
  type PlanDetail,
  type PlanRow,
  ResponseStatus,
  RoleId,
  type ShopProgressRow,
  sopOperations,
} from '@storelens/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCustomer, buildRoleWithout, buildShop, buildUser, type Session, signIn } from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import { assignmentsOf, buildItems, buildPlan, completeAssignments, inspectionWorker, ok } from '../../../test/support/inspection.ts';
import { setClock } from '../../platform/time/clock.ts';

/**
 * Plans through the API: the form's rules and their messages in four languages, store groups,
 * handlers who must cover the stores, filed items, data scope (a store manager plans and sees only
 * their stores), progress and pass rate per plan, phase and store, and other customers' ids.
 */
const NOW = '2026-05-04T02:00:00.000Z'; // 10:00 on a Monday in Shanghai
let t: TestApp;
let admin: Session;
let manager: Session;
let observer: Session;
let theirAdmin: Session;
let customerId: string;
let shop1: string;
let shop2: string;
let theirShop: string;
let adminId: string;
let managerId: string;
let items: string[];
let theirItem: string;
let counter = 0;

const plan = (overrides: Partial<PlanAddRequest> = {}): PlanAddRequest => {
  counter += 1;
  return {
    name: `Plan ${counter}`,
    kind: 'cyclic',
    shopIds: [shop1, shop2],
    itemIds: items,
    validFrom: '2026-05-04',
    validTo: '2026-05-31',
    cycle: { frequency: 'daily' },
    periodStart: '09:00',
    periodEnd: '18:00',
    handlerIds: [adminId],
    ...overrides,
  };
};
const add = (session: Session, input: PlanAddRequest, lang?: string) => invoke(t.app, ops.planAdd, input, { ...session, ...(lang ? { lang } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  const customer = await buildCustomer(t.db);
  customerId = customer.customerId;
  shop1 = await buildShop(t.db, customerId, customer.rootOrgId, { name: 'Shop One', number: 'S1' });
  shop2 = await buildShop(t.db, customerId, customer.rootOrgId, { name: 'Shop Two', number: 'S2' });
  const theirs = await buildCustomer(t.db);
  theirShop = await buildShop(t.db, theirs.customerId, theirs.rootOrgId);
  const adminUser = await buildUser(t.db, [{ customerId, roleId: RoleId.superManager }]);
  adminId = adminUser.userId;
  admin = await signIn(t.app, adminUser.loginName, customerId);
  const managerUser = await buildUser(t.db, [{ customerId, roleId: RoleId.storeManage, shopIds: [shop1] }]);
  managerId = managerUser.userId;
  manager = await signIn(t.app, managerUser.loginName, customerId);
  observer = await signIn(t.app, (await buildUser(t.db, [{ customerId, roleId: RoleId.observer }])).loginName, customerId);
  theirAdmin = await signIn(t.app, (await buildUser(t.db, [{ customerId: theirs.customerId, roleId: RoleId.superManager }])).loginName, theirs.customerId);
  items = await buildItems(t.app, admin, ['Floor clean', 'Music on', 'Lights on']);
  [theirItem = ''] = await buildItems(t.app, theirAdmin, ['Their item']);
});

beforeEach(() => setClock(NOW));

afterAll(async () => {
  await t.close();
});

describe('the plan form', () => {
  it("refuses a validity over 365 days: 'Time selection error' with the span", async () => {
    await expectMessageInAllLanguages(
      (lang) => add(admin, plan({ validTo: '2027-05-04' }), lang),
      'errors.timeSelectionError',
      { days: 365 },
      ResponseStatus.badRequest,
    );
    await expectMessageInAllLanguages((lang) => add(admin, plan({ validTo: '2026-05-03' }), lang), 'errors.timeSelectionError', { days: 365 });
    expect((await add(admin, plan({ validTo: '2027-05-03' }))).body.status).toBe(200);
  });

  it('names every other missing or wrong part in the four languages', async () => {
    await expectMessageInAllLanguages((lang) => add(admin, plan({ shopIds: [] }), lang), 'inspection.noShops');
    await expectMessageInAllLanguages((lang) => add(admin, plan({ itemIds: [] }), lang), 'inspection.noItems');
    await expectMessageInAllLanguages((lang) => add(admin, plan({ handlerIds: [] }), lang), 'inspection.noHandlers');
    await expectMessageInAllLanguages((lang) => add(admin, plan({ cycle: { frequency: 'weekly', weekdays: [] } }), lang), 'inspection.cycleDaysRequired');
    await expectMessageInAllLanguages((lang) => add(admin, plan({ cycle: undefined }), lang), 'inspection.cycleDaysRequired');
    await expectMessageInAllLanguages((lang) => add(admin, plan({ periodStart: '18:00', periodEnd: '09:00' }), lang), 'inspection.periodOrder');
    await expectMessageInAllLanguages(
      (lang) => add(admin, plan({ validFrom: '2026-05-01', validTo: '2026-05-02' }), lang),
      'inspection.validityInPast',
      undefined,
      ResponseStatus.errorModal,
    );
  });

  it("keeps names unique (isPlanNameExist, 'A plan with this name already exists')", async () => {
    const input = plan({ name: 'Opening check' });
    const planId = await buildPlan(t.app, admin, input);
    expect(await ok(t.app, admin, ops.isPlanNameExist, { name: ' opening CHECK ' })).toEqual({ exists: true });
    expect(await ok(t.app, admin, ops.isPlanNameExist, { name: 'Opening check', planId })).toEqual({ exists: false });
    await expectMessageInAllLanguages(
      (lang) => add(admin, plan({ name: 'OPENING check' }), lang),
      'inspection.planNameExists',
      undefined,
      ResponseStatus.errorModal,
    );
  });

  it('needs a handler who can see each store; offers the members who cover them', async () => {
    await expectMessageInAllLanguages(
      (lang) => add(admin, plan({ handlerIds: [managerId] }), lang),
      'inspection.noHandlerForShop',
      { shop: 'Shop Two' },
      ResponseStatus.errorModal,
    );
    const inspectors = await ok<InspectorRow[]>(t.app, admin, ops.inspectors, { shopIds: [shop1, shop2] });
    expect(inspectors.find((row) => row.userId === managerId)).toMatchObject({ coversAll: false });
    expect(inspectors.find((row) => row.userId === adminId)).toMatchObject({ coversAll: true });
    expect((await add(admin, plan({ handlerIds: [managerId, adminId] }))).body.status).toBe(200);
  });

  it('takes a store group with the member stores the planner sees', async () => {
    const group = await ok<{ groupId: string }>(t.app, admin, orgAdminOperations.shopGroupAdd, { name: 'South', shopIds: [shop1, shop2] });
    const planId = await buildPlan(t.app, admin, plan({ shopIds: [], shopGroupIds: [group.groupId] }));
    const detail = await ok<PlanDetail>(t.app, admin, ops.planDetail, { planId });
    expect(detail).toMatchObject({ storeCount: 2, shopIds: [shop1, shop2].sort(), shopGroupIds: [group.groupId] });
  });

  it('cannot choose a filed item for a new plan; a plan that has it keeps it', async () => {
    const [fileLater = ''] = await buildItems(t.app, admin, ['Shutters oiled'], 'Maintenance');
    const input = plan({ itemIds: [fileLater] });
    const planId = await buildPlan(t.app, admin, input);
    await ok(t.app, admin, sopOperations.siItemUpdateStatus, { itemId: fileLater, status: 'filed' });
    await expectMessageInAllLanguages((lang) => add(admin, plan({ itemIds: [fileLater] }), lang), 'inspection.itemFiled', undefined, ResponseStatus.errorModal);
    await ok(t.app, admin, ops.planPause, { planId });
    await ok(t.app, admin, ops.planUpdate, { ...input, planId, description: 'Still with the filed item' });
    const detail = await ok<PlanDetail>(t.app, admin, ops.planDetail, { planId });
    expect(detail.items).toEqual([{ itemId: fileLater, name: 'Shutters oiled', categoryName: 'Maintenance', status: 'filed' }]);
    expect(await ok(t.app, admin, sopOperations.isPlanExistByItem, { itemId: fileLater })).toEqual({ exists: true, planCount: 1 });
    const log = await ok<{ action: string; changes: { field: string }[] }[]>(t.app, admin, ops.planUpdateLog, { planId });
    expect(log.map((entry) => entry.action)).toEqual(['modify', 'pause', 'create']);
    expect(log[0]?.changes.map((change) => change.field)).toEqual(['description']);
  });
});

describe('progress, phases and stores', () => {
  it('counts assignments done and items passed per plan, per phase and per store; a store manager sees their store', async () => {
    const planId = await buildPlan(t.app, admin, plan({ name: 'Counted', handlerIds: [adminId, managerId] }));
    await inspectionWorker(t.db).round();
    setClock('2026-05-04T17:00:00.000Z'); // the 5th in Shanghai
    await inspectionWorker(t.db).round();
    // Back to the 4th's morning: the sessions of this test stay fresh.
    setClock(NOW);
    // Store 1 before store 2 on each date (their ids, made in the same millisecond, need not sort so).
    const storeOf = (row: { shop_id: string }) => (row.shop_id === shop1 ? 1 : 2);
    const rows = (await assignmentsOf(t.db, planId)).sort((a, b) => a.batch_date.localeCompare(b.batch_date) || storeOf(a) - storeOf(b));
    expect(rows.map((row) => `${row.batch_date} ${storeOf(row)}`)).toEqual(['2026-05-04 1', '2026-05-04 2', '2026-05-05 1', '2026-05-05 2']);
    // The 4th: store 1 passed 3 of 3, store 2 passed 1 and failed 2; the 5th: store 1 passed 2, failed 1.
    await completeAssignments(t.db, [rows[0]?.id ?? ''], '2026-05-04T03:00:00.000Z', { passed: 3, failed: 0 });
    await completeAssignments(t.db, [rows[1]?.id ?? ''], '2026-05-04T04:00:00.000Z', { passed: 1, failed: 2 });
    await completeAssignments(t.db, [rows[2]?.id ?? ''], '2026-05-05T03:00:00.000Z', { passed: 2, failed: 1 });

    const list = await ok<{ list: PlanRow[] }>(t.app, admin, ops.planList, { keyword: 'counted', page: 1, pageSize: 10 });
    expect(list.list[0]).toMatchObject({ status: 'inProgress', actions: ['pause'], progress: { done: 3, total: 4, rate: 75, passRate: 66.7 } });
    const batches = await ok<BatchRow[]>(t.app, admin, ops.batchStatusList, { planId });
    expect(batches).toEqual([
      { batchId: '2026-05-05', date: '2026-05-05', storeCount: 2, progress: { done: 1, total: 2, rate: 50, passRate: 66.7 } },
      { batchId: '2026-05-04', date: '2026-05-04', storeCount: 2, progress: { done: 2, total: 2, rate: 100, passRate: 66.7 } },
    ]);
    const stores = await ok<ShopProgressRow[]>(t.app, admin, ops.shopProgress, { planId, batchId: '2026-05-04' });
    expect(stores.map((row) => [row.shopNumber, row.progress.passRate])).toEqual([
      ['S1', 100],
      ['S2', 33.3],
    ]);
    const page = await ok<{ total: number; list: AssignmentRow[] }>(t.app, admin, ops.assignmentList, { planId, status: 'pending', page: 1, pageSize: 10 });
    expect(page.list.map((row) => [row.shopName, row.batchId, row.windowEnd, row.overdue])).toEqual([
      ['Shop Two', '2026-05-05', '2026-05-05T10:00:00.000Z', false],
    ]);

    // The store manager: the same plan, counted over store 1 only.
    const mine = await ok<{ list: PlanRow[] }>(t.app, manager, ops.planList, { keyword: 'counted', page: 1, pageSize: 10 });
    expect(mine.list[0]?.progress).toEqual({ done: 2, total: 2, rate: 100, passRate: 83.3 });
    expect((await ok<ShopProgressRow[]>(t.app, manager, ops.shopProgress, { planId })).map((row) => row.shopId)).toEqual([shop1]);
    expect((await ok<{ total: number }>(t.app, manager, ops.assignmentList, { planId, page: 1, pageSize: 10 })).total).toBe(2);
    expect((await invoke(t.app, ops.assignmentList, { planId, shopId: shop2, page: 1, pageSize: 10 }, manager)).body.status).toBe(ResponseStatus.notFound);
    // Changing a plan that spans stores beyond theirs is not theirs to do.
    expect((await invoke(t.app, ops.planPause, { planId }, manager)).body.status).toBe(ResponseStatus.noAuthority);
  });
});

describe('data scope, roles and other customers', () => {
  it('lets a store manager plan their store only, and see only plans of their stores', async () => {
    await expectMessageInAllLanguages(
      (lang) => add(manager, plan({ shopIds: [shop2], handlerIds: [managerId] }), lang),
      'errors.notFound',
      undefined,
      ResponseStatus.notFound,
    );
    const own = await buildPlan(t.app, manager, plan({ name: 'Mine', shopIds: [shop1], handlerIds: [managerId] }));
    const other = await buildPlan(t.app, admin, plan({ name: 'Shop two only', shopIds: [shop2] }));
    const names = (await ok<{ list: PlanRow[] }>(t.app, manager, ops.planList, { page: 1, pageSize: 100 })).list.map((row) => row.name);
    expect(names).toContain('Mine');
    expect(names).not.toContain('Shop two only');
    for (const operation of [ops.planDetail, ops.planUpdateLog, ops.batchStatusList, ops.planPause, ops.planDelete])
      expect((await invoke(t.app, operation, { planId: other }, manager)).body.status, operation.name).toBe(ResponseStatus.notFound);
    await ok(t.app, manager, ops.planPause, { planId: own });
  });

  it('needs the plan keys; the observer reads but changes nothing', async () => {
    const noUpdate = await signIn(
      t.app,
      (await buildUser(t.db, [{ customerId, roleId: await buildRoleWithout(t.db, customerId, ['inspection_plan_update']) }])).loginName,
      customerId,
    );
    await expectMessageInAllLanguages((lang) => add(noUpdate, plan(), lang), 'errors.noAuthority', undefined, ResponseStatus.noAuthority);
    const noPlans = await signIn(
      t.app,
      (await buildUser(t.db, [{ customerId, roleId: await buildRoleWithout(t.db, customerId, ['shopinspect_mngplan']) }])).loginName,
      customerId,
    );
    expect((await invoke(t.app, ops.planList, { page: 1, pageSize: 10 }, noPlans)).body.status).toBe(ResponseStatus.noAuthority);
    expect((await add(observer, plan())).body.status).toBe(ResponseStatus.noAuthority);
    expect((await invoke(t.app, ops.planList, { page: 1, pageSize: 10 }, observer)).body.status).toBe(200);
  });

  it("answers not found for another customer's plans, stores, items and people", async () => {
    const planId = await buildPlan(t.app, admin, plan({ name: 'Ours alone' }));
    for (const operation of [ops.planDetail, ops.planUpdateLog, ops.batchStatusList, ops.planPause, ops.planRestart, ops.planDelete])
      expect((await invoke(t.app, operation, { planId }, theirAdmin)).body.status, operation.name).toBe(ResponseStatus.notFound);
    expect((await invoke(t.app, ops.shopProgress, { planId }, theirAdmin)).body.status).toBe(ResponseStatus.notFound);
    expect((await invoke(t.app, ops.assignmentList, { planId, page: 1, pageSize: 10 }, theirAdmin)).body.status).toBe(ResponseStatus.notFound);
    expect((await invoke(t.app, ops.planUpdate, { ...plan(), planId }, theirAdmin)).body.status).toBe(ResponseStatus.notFound);
    expect((await add(admin, plan({ shopIds: [shop1, theirShop] }))).body.status).toBe(ResponseStatus.notFound);
    expect((await add(admin, plan({ itemIds: [items[0] ?? '', theirItem] }))).body.status).toBe(ResponseStatus.notFound);
    const theirUser = await buildUser(t.db, [{ customerId: (await buildCustomer(t.db)).customerId, roleId: RoleId.superManager }]);
    expect((await add(admin, plan({ handlerIds: [theirUser.userId] }))).body.status).toBe(ResponseStatus.notFound);
    expect((await invoke(t.app, ops.inspectors, { shopIds: [theirShop] }, admin)).body.status).toBe(ResponseStatus.notFound);
    expect((await ok<{ list: PlanRow[] }>(t.app, theirAdmin, ops.planList, { page: 1, pageSize: 100 })).list).toEqual([]);
  });
});
