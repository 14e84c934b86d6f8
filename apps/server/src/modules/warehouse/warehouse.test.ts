import crypto from 'node:crypto';
import {
  type DeviceConfig,
  extensionsOperations,
  warehouseOperations as ops,
  type PatrolAnalysis,
  planOperations,
  ResponseStatus,
  RoleId,
  type ServiceStatus,
  type SingleDay,
  todoOperations,
  type WarehouseCheck,
  type WarehousePlanAddRequest,
} from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, buildUser, download, type Session, signIn } from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import { inspectionWorker, ok } from '../../../test/support/inspection.ts';
import { indexClipAt } from '../../../test/support/rectification.ts';
import { buildBox, sendBatch, type TestBox } from '../../../test/support/traffic.ts';
import { FFMPEG, tempDir, testClip } from '../../../test/support/video.ts';
import { createJobQueue, createJobWorker, type JobDefinition } from '../../platform/jobs/jobs.ts';
import { createScheduler } from '../../platform/jobs/scheduler.ts';
import { objectStorageOf } from '../../platform/storage/storage-config.ts';
import { now, setClock } from '../../platform/time/clock.ts';
import { createVideoService } from '../video/video.service.ts';
import { captureCheckJob, WAREHOUSE_SCAN_SCHEDULE, warehouseScanJob } from './warehouse.jobs.ts';
import { createCheckWork } from './warehouse-checks.ts';

/**
 * Warehouse patrol through the API and its jobs (issue 16 section 2): a warehouse plan of the
 * inspection engine, the occurrence job's assignment, checks made per camera and set time in the
 * store's zone, the frame of a real recording at the check's instant (and 'no recording' where
 * none covers it), the box's AI's result through the device API (once), a handler's result, missed
 * checks past their window, the analysis, its workbook, one day's timeline, the catalogue's facts,
 * data scope and other customers.
 */
const DAY = '2026-06-01';
const BEFORE = '2026-06-01T00:30:00.000Z'; // 08:30 in Shanghai
const AT_0902 = '2026-06-01T01:02:00.000Z';
const AT_0931 = '2026-06-01T01:31:00.000Z';
const AT_1601 = '2026-06-01T08:01:00.000Z';
const NINE = Date.parse('2026-06-01T01:00:00.000Z');

let t: TestApp;
let admin: Session;
let manager: Session;
let observer: Session;
let outsider: Session;
let theirAdmin: Session;
let adminId: string;
let managerId: string;
let shopA: string;
let shopB: string;
let boxA: TestBox;
let boxB: TestBox;
let theirCamera: string;
let planId: string;
let clipSha: string;

function warehouseWorker() {
  const storage = objectStorageOf(t.config);
  const definitions: JobDefinition<never>[] = [];
  const queue = createJobQueue(t.db, definitions);
  const work = createCheckWork({ db: t.db, storage, frames: createVideoService({ db: t.db, storage, ffmpegPath: FFMPEG }), queue });
  definitions.push(warehouseScanJob({ work }) as JobDefinition<never>, captureCheckJob({ work }) as JobDefinition<never>);
  const worker = createJobWorker({ db: t.db, queue, definitions, log: { error: () => undefined } });
  const scheduler = createScheduler({ queue, schedules: [WAREHOUSE_SCAN_SCHEDULE] });
  return {
    async round(): Promise<void> {
      await scheduler.tick(now());
      await worker.runDue();
      // The capture jobs the scan enqueued.
      await worker.runDue();
    },
  };
}

const plan = (overrides: Partial<WarehousePlanAddRequest> = {}): WarehousePlanAddRequest => ({
  name: 'Stock room',
  shopIds: [shopA, shopB],
  cameraIds: [boxA.cameraIds[0] ?? '', boxB.cameraIds[0] ?? ''],
  checkTimes: ['15:00', '09:00'],
  windowMinutes: 60,
  validFrom: DAY,
  validTo: '2026-06-30',
  handlerIds: [adminId, managerId],
  ...overrides,
});
const day = (session: Session, shopId: string) => ok<SingleDay>(t.app, session, ops.singleDayDetails, { shopId, date: DAY });
const analysis = (session: Session, shopIds?: string[]) =>
  ok<PatrolAnalysis>(t.app, session, ops.patrolAnalysis, { startDate: DAY, endDate: DAY, ...(shopIds ? { shopIds } : {}) });
const checkOf = async (shopId: string, time: string) => {
  const found = (await day(admin, shopId)).checks.find((check) => check.checkTime === time);
  if (!found) throw new Error(`no ${time} check in ${shopId}`);
  return found;
};
const aiResult = (cameraId: string, at: string, result: 'pass' | 'fail', note?: string) => ({
  type: 'warehouseCheck',
  cameraId,
  at,
  result,
  ...(note ? { note } : {}),
});

beforeAll(async () => {
  t = await createTestApp();
  setClock(BEFORE);
  const customer = await buildCustomer(t.db, 'Stock Co');
  shopA = await buildShop(t.db, customer.customerId, customer.rootOrgId, { name: 'Alpha', timeZone: 'Asia/Shanghai' });
  shopB = await buildShop(t.db, customer.customerId, customer.rootOrgId, { name: 'Beta', timeZone: 'Asia/Shanghai' });
  boxA = await buildBox(t.db, customer.customerId, shopA, 2);
  boxB = await buildBox(t.db, customer.customerId, shopB, 1);
  const adminUser = await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.superManager }]);
  adminId = adminUser.userId;
  admin = await signIn(t.app, adminUser.loginName, customer.customerId);
  const managerUser = await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.storeManage, shopIds: [shopA] }]);
  managerId = managerUser.userId;
  manager = await signIn(t.app, managerUser.loginName, customer.customerId);
  observer = await signIn(t.app, (await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.observer }])).loginName, customer.customerId);
  outsider = await signIn(t.app, (await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.superManager }])).loginName, customer.customerId);
  const other = await buildCustomer(t.db, 'Other Stock Co');
  const theirShop = await buildShop(t.db, other.customerId, other.rootOrgId);
  theirCamera = (await buildBox(t.db, other.customerId, theirShop, 1)).cameraIds[0] ?? '';
  theirAdmin = await signIn(t.app, (await buildUser(t.db, [{ customerId: other.customerId, roleId: RoleId.superManager }])).loginName, other.customerId);
  // A real recording of Alpha's first camera around 09:00 local; none of Beta's.
  const dir = await tempDir('warehouse');
  const clip = await testClip(dir, 12, 'STOCK ROOM');
  await indexClipAt(t, clip, dir, customer.customerId, boxA.cameraIds[0] ?? '', NINE - 4000, 'stock');
  const frame = await createVideoService({ db: t.db, storage: objectStorageOf(t.config), ffmpegPath: FFMPEG }).frameAt(
    customer.customerId,
    boxA.cameraIds[0] ?? '',
    new Date(NINE).toISOString(),
  );
  clipSha = frame.sha256;
}, 180_000);
afterAll(async () => t.close());

describe('a warehouse plan', () => {
  it('refuses stores without a chosen camera, windows past midnight, and cameras outside the caller’s stores', async () => {
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.planAdd, plan({ name: 'Only A', cameraIds: [boxA.cameraIds[0] ?? ''] }), { ...admin, lang }),
      'warehouse.storeWithoutCamera',
      { shop: 'Beta' },
    );
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.planAdd, plan({ name: 'Late', checkTimes: ['23:30'] }), { ...admin, lang }),
      'warehouse.windowPastMidnight',
    );
    const foreign = await invoke(t.app, ops.planAdd, plan({ name: 'Foreign', cameraIds: [theirCamera] }), admin);
    expect(foreign.body.status).toBe(ResponseStatus.notFound);
    const empty = await invoke(t.app, ops.planAdd, plan({ name: 'No times', checkTimes: [] }), admin);
    expect(empty.body.status).toBe(ResponseStatus.badRequest);
    // The observer never plans.
    expect((await invoke(t.app, ops.planAdd, plan({ name: 'Observed' }), observer)).body.status).toBe(ResponseStatus.noAuthority);
  });

  it('is a plan of the inspection engine: daily, its period spanning the checks, changed only by pausing or deleting', async () => {
    planId = (await ok<{ planId: string }>(t.app, admin, ops.planAdd, plan())).planId;
    const detail = await ok<{ kind: string; planType: string; cycle: unknown; periodStart: string; periodEnd: string; itemCount: number; actions: string[] }>(
      t.app,
      admin,
      planOperations.planDetail,
      { planId },
    );
    expect([detail.kind, detail.planType, detail.cycle, detail.periodStart, detail.periodEnd, detail.itemCount]).toEqual([
      'cyclic',
      'warehouse',
      { frequency: 'daily' },
      '09:00',
      '16:00',
      0,
    ]);
    expect(detail.actions).not.toContain('modify');
    const modify = await invoke(
      t.app,
      planOperations.planUpdate,
      {
        planId,
        name: 'Changed',
        kind: 'cyclic',
        shopIds: [shopA],
        itemIds: [planId],
        validFrom: DAY,
        validTo: '2026-06-30',
        cycle: { frequency: 'daily' },
        periodStart: '09:00',
        periodEnd: '10:00',
        handlerIds: [adminId],
      },
      admin,
    );
    expect(modify.body.status).toBe(ResponseStatus.errorModal);
    expect(modify.body.msg).toContain('warehouse');
  });
});

describe('the boxes’ configuration', () => {
  const warehousePlansOf = async (box: TestBox) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/device/v1/config', headers: { authorization: `Bearer ${box.token}` } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: DeviceConfig }).data.warehousePlans;
  };

  it('tells each box the plans of its cameras with the times in order, the window and the validity, until the plan is deleted', async () => {
    const common = { planId, name: 'Stock room', checkTimes: ['09:00', '15:00'], windowMinutes: 60, validFrom: DAY, validTo: '2026-06-30' };
    expect(await warehousePlansOf(boxA)).toEqual([{ ...common, cameraIds: [boxA.cameraIds[0]] }]);
    expect(await warehousePlansOf(boxB)).toEqual([{ ...common, cameraIds: [boxB.cameraIds[0]] }]);

    const second = (
      await ok<{ planId: string }>(
        t.app,
        admin,
        ops.planAdd,
        plan({ name: 'Evening', shopIds: [shopA], cameraIds: [boxA.cameraIds[1] ?? ''], checkTimes: ['20:00'] }),
      )
    ).planId;
    const withSecond = await warehousePlansOf(boxA);
    const byName = withSecond.map((found) => [found.name, found.cameraIds]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(byName).toEqual([
      ['Evening', [boxA.cameraIds[1]]],
      ['Stock room', [boxA.cameraIds[0]]],
    ]);
    await ok(t.app, admin, planOperations.planDelete, { planId: second });
    expect(await warehousePlansOf(boxA)).toEqual([{ ...common, cameraIds: [boxA.cameraIds[0]] }]);
  });
});

describe('checks through the day', () => {
  it('are made per camera and set time in the store’s zone, and stay out of the inspection to-do', async () => {
    await inspectionWorker(t.db).round();
    await warehouseWorker().round();
    // Before their time the checks are on the day's timeline as upcoming, and not counted.
    const alpha = await day(admin, shopA);
    expect(alpha.checks.map((check) => [check.checkTime, check.cameraId, check.dueAt, check.state, check.canJudge])).toEqual([
      ['09:00', boxA.cameraIds[0], '2026-06-01T01:00:00.000Z', 'upcoming', false],
      ['15:00', boxA.cameraIds[0], '2026-06-01T07:00:00.000Z', 'upcoming', false],
    ]);
    expect(alpha.counts.checks).toBe(0);
    expect((await analysis(admin)).totals.checks).toBe(0);
    setClock(AT_0902);
    await warehouseWorker().round();
    const first = await day(admin, shopA);
    expect(first.checks.map((check) => [check.checkTime, check.cameraId, check.dueAt, check.windowEnd, check.state, check.capture])).toEqual([
      ['09:00', boxA.cameraIds[0], '2026-06-01T01:00:00.000Z', '2026-06-01T02:00:00.000Z', 'pending', 'captured'],
      ['15:00', boxA.cameraIds[0], '2026-06-01T07:00:00.000Z', '2026-06-01T08:00:00.000Z', 'upcoming', 'pending'],
    ]);
    const todo = await ok<{ total: number }>(t.app, admin, todoOperations.todoList, { page: 1, pageSize: 50 });
    expect(todo.total).toBe(0);
  });

  it('keep the very frame of the recording at the check’s instant, or say that no recording covers it', async () => {
    const alphaNine = await checkOf(shopA, '09:00');
    const image = await download(t.app, 'GET', `${ops.checkImage.path}?checkId=${alphaNine.checkId}`, undefined, admin);
    expect(image.http).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(crypto.createHash('sha256').update(image.content).digest('hex')).toBe(clipSha);
    // Beta has no recording: the check waits for the recorder, then says so.
    expect((await checkOf(shopB, '09:00')).capture).toBe('pending');
    setClock(AT_0931);
    await warehouseWorker().round();
    const betaNine = await checkOf(shopB, '09:00');
    expect(betaNine.capture).toBe('noVideo');
    expect((await download(t.app, 'GET', `${ops.checkImage.path}?checkId=${betaNine.checkId}`, undefined, admin)).http).toBe(404);
  });

  it('take the box’s AI result once, through the device API', async () => {
    const cameraId = boxA.cameraIds[0] ?? '';
    const sent = await sendBatch(t.app, boxA.token, [aiResult(cameraId, '2026-06-01T01:20:00.000Z', 'pass', 'Aisles clear')]);
    expect(sent.body.data).toMatchObject({ accepted: 1, byType: { warehouseCheck: 1 } });
    // A resend under another batch id, and a result outside every window: nothing changes.
    const again = await sendBatch(t.app, boxA.token, [
      aiResult(cameraId, '2026-06-01T01:25:00.000Z', 'fail'),
      aiResult(cameraId, '2026-06-01T00:10:00.000Z', 'fail'),
    ]);
    expect(again.body.data).toMatchObject({ accepted: 0, duplicates: 1, ignoredExpired: 1 });
    const judged = await checkOf(shopA, '09:00');
    expect([judged.state, judged.result, judged.resultSource, judged.remark, judged.decidedBy]).toEqual(['passed', 'pass', 'ai', 'Aisles clear', null]);
    // Another box's camera is refused like an unknown one.
    const foreign = await sendBatch(t.app, boxB.token, [aiResult(cameraId, '2026-06-01T01:20:00.000Z', 'pass')]);
    expect(foreign.body.status).toBe(ResponseStatus.errorModal);
  });

  it('take a handler’s result while the window is open: a fail needs a remark; the first result stands', async () => {
    const betaNine = await checkOf(shopB, '09:00');
    expect(betaNine.canJudge).toBe(true);
    const noRemark = await invoke(t.app, ops.checkJudge, { checkId: betaNine.checkId, result: 'fail' }, admin);
    expect(noRemark.body.status).toBe(ResponseStatus.badRequest);
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.checkJudge, { checkId: betaNine.checkId, result: 'pass' }, { ...outsider, lang }),
      'warehouse.notHandler',
    );
    expect((await invoke(t.app, ops.checkJudge, { checkId: betaNine.checkId, result: 'pass' }, observer)).body.status).toBe(ResponseStatus.noAuthority);
    // The store manager of Alpha does not see Beta.
    expect((await invoke(t.app, ops.checkJudge, { checkId: betaNine.checkId, result: 'pass' }, manager)).body.status).toBe(ResponseStatus.notFound);
    const judged = await ok<WarehouseCheck>(t.app, admin, ops.checkJudge, { checkId: betaNine.checkId, result: 'fail', remark: 'Boxes block the exit' });
    expect([judged.state, judged.resultSource, judged.remark, judged.canJudge]).toEqual(['failed', 'person', 'Boxes block the exit', false]);
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.checkJudge, { checkId: betaNine.checkId, result: 'pass' }, { ...admin, lang }),
      'warehouse.alreadyDecided',
    );
    const afternoon = await checkOf(shopA, '15:00');
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.checkJudge, { checkId: afternoon.checkId, result: 'pass' }, { ...admin, lang }),
      'warehouse.notYet',
    );
  });

  it('are missed without a result by the window’s end, and the day’s assignment completes', async () => {
    setClock(AT_1601);
    await warehouseWorker().round();
    const alphaThree = await checkOf(shopA, '15:00');
    expect([alphaThree.state, alphaThree.capture, alphaThree.canJudge]).toEqual(['missed', 'noVideo', false]);
    // The box's result of 15:30, delivered after the window ended: missed stays missed.
    const late = await sendBatch(t.app, boxA.token, [aiResult(boxA.cameraIds[0] ?? '', '2026-06-01T07:30:00.000Z', 'pass')]);
    expect(late.body.data).toMatchObject({ accepted: 0, ignoredExpired: 1 });
    expect((await checkOf(shopA, '15:00')).state).toBe('missed');
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.checkJudge, { checkId: alphaThree.checkId, result: 'pass' }, { ...admin, lang }),
      'warehouse.windowOver',
    );
    const assignments = await t.db
      .selectFrom('inspection_assignments')
      .select(['shop_id', 'status', 'item_count', 'passed', 'failed', 'invalid'])
      .where('plan_id', '=', planId)
      .orderBy('shop_id')
      .execute();
    expect(assignments.map((row) => [row.shop_id === shopA ? 'A' : 'B', row.status, row.item_count, row.passed, row.failed, row.invalid]).sort()).toEqual([
      ['A', 'completed', 2, 1, 0, 1],
      ['B', 'completed', 2, 0, 1, 1],
    ]);
    // The plan's phase totals (what its phase list reads) moved with the completions.
    const totals = await t.db.selectFrom('inspection_plan_day_totals').select(['total', 'done', 'passed', 'failed']).where('plan_id', '=', planId).execute();
    expect(totals.map((row) => [Number(row.total), Number(row.done), Number(row.passed), Number(row.failed)])).toEqual([[2, 2, 1, 1]]);
  });
});

describe('the analysis and the day', () => {
  it('count checks per store and day, with a trend and totals', async () => {
    const result = await analysis(admin);
    expect(result.totals).toEqual({ checks: 4, done: 2, passed: 1, failed: 1, missed: 2, pending: 0, noVideo: 3, passRate: 50 });
    expect(result.days.map((row) => [row.shopName, row.date, row.checks, row.done, row.passed, row.failed, row.missed])).toEqual([
      ['Alpha', DAY, 2, 1, 1, 0, 1],
      ['Beta', DAY, 2, 1, 0, 1, 1],
    ]);
    expect(result.trend).toEqual([{ date: DAY, done: 2, passed: 1, failed: 1, missed: 2 }]);
    const range = await invoke(t.app, ops.patrolAnalysis, { startDate: '2025-01-01', endDate: DAY }, admin);
    expect(range.body.status).toBe(ResponseStatus.badRequest);
  });

  it('keep to the caller’s stores', async () => {
    expect((await analysis(manager)).days.map((row) => row.shopName)).toEqual(['Alpha']);
    expect((await invoke(t.app, ops.patrolAnalysis, { startDate: DAY, endDate: DAY, shopIds: [shopB] }, manager)).body.status).toBe(ResponseStatus.notFound);
    expect((await invoke(t.app, ops.singleDayDetails, { shopId: shopB, date: DAY }, manager)).body.status).toBe(ResponseStatus.notFound);
    const betaNine = await checkOf(shopB, '09:00');
    expect((await download(t.app, 'GET', `${ops.checkImage.path}?checkId=${betaNine.checkId}`, undefined, manager)).http).not.toBe(200);
    expect((await invoke(t.app, ops.singleDayDetails, { shopId: shopA, date: DAY }, theirAdmin)).body.status).toBe(ResponseStatus.notFound);
    expect((await analysis(theirAdmin)).days).toEqual([]);
  });

  it('exports the store-day rows as a workbook in the caller’s language', async () => {
    const file = await download(t.app, 'POST', ops.patrolAnalysisExport.path, { startDate: DAY, endDate: DAY }, { ...admin, lang: 'zh' });
    expect(file.http).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.name).toBe('仓库巡检');
    expect(sheet.getRow(1).values).toContain('漏检');
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['Alpha', DAY, 2, 1, 1, 0, 1, 0, 1, 100]);
  });

  it('give one store-day’s timeline in time order with counts', async () => {
    const alpha = await day(manager, shopA);
    expect(alpha.counts).toMatchObject({ checks: 2, passed: 1, missed: 1 });
    expect(alpha.checks.map((check) => [check.checkTime, check.state, check.resultSource])).toEqual([
      ['09:00', 'passed', 'ai'],
      ['15:00', 'missed', null],
    ]);
  });

  it('turn the catalogue’s warehouse patrol card into facts', async () => {
    const catalogue = await ok<ServiceStatus[]>(t.app, admin, extensionsOperations.catalogue, {});
    expect(catalogue.find((status) => status.service === 'warehousePatrol')).toEqual({
      service: 'warehousePatrol',
      setUp: true,
      stores: 2,
      plans: 1,
      awaiting: 0,
      missed7Days: 2,
      passRate7Days: 50,
    });
  });
});
