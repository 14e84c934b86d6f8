import { type AiItem, type AiItemClass, type AiTaskDetail, type AiTaskRow, type DeviceConfig, aiTaskOperations as ops, type Page } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRoleWithout, buildUser, signIn } from '../../../test/factories.ts';
import { call, createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import { buildRectificationChain, ok, type RectificationChain, RoleId } from '../../../test/support/rectification.ts';
import { buildBox, type TestBox } from '../../../test/support/traffic.ts';

/**
 * AI tasks over HTTP: the catalogue, adding, listing, changing, switching and deleting tasks within
 * the caller's stores, the validation messages in every language, and the box configuration that
 * carries the tasks to the boxes (its ETag changes with a task, 304 while nothing changed).
 */
let t: TestApp;
let chain: RectificationChain;
let boxS1: TestBox;
let boxS2: TestBox;
let items: AiItem[];
const admin = () => chain.people.admin.session;
const store = () => chain.people.store.session;

const itemId = (code: string) => {
  const item = items.find((candidate) => candidate.eventCode === code);
  if (!item) throw new Error(`no item ${code}`);
  return item.itemId;
};
const basic = (name: string, cameraIds: string[], codes = ['no_staff_at_counter', 'smoking']) => ({
  name,
  cameraIds,
  itemIds: codes.map(itemId),
  weekdays: [5, 1, 2, 3, 4],
  startTime: '09:00',
  endTime: '21:30',
  priority: 'high' as 'high' | 'low',
});
const addTask = async (session = admin(), input = basic(`Task ${Math.random().toString(36).slice(2, 8)}`, [boxS1.cameraIds[0] as string])) =>
  (await ok<{ taskId: string }>(t.app, session, ops.add, input)).taskId;

const getConfig = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/device/v1/config', headers: { ...headers, authorization: `Bearer ${token}` } });
const configOf = async (box: TestBox) => {
  const response = await getConfig(box.token);
  expect(response.statusCode, response.body).toBe(200);
  return { config: (response.json() as { data: DeviceConfig }).data, etag: response.headers.etag as string };
};

beforeAll(async () => {
  t = await createTestApp();
  chain = await buildRectificationChain(t);
  boxS1 = await buildBox(t.db, chain.customerId, chain.s1, 2);
  boxS2 = await buildBox(t.db, chain.customerId, chain.s2, 1);
  items = await ok<AiItem[]>(t.app, admin(), ops.items, {});
}, 120_000);
afterAll(async () => t.close());

describe('the AI inspection catalogue', () => {
  it('lists the standard classes and items with their event codes, in the caller’s language', async () => {
    const classes = await ok<AiItemClass[]>(t.app, admin(), ops.itemClasses, {});
    expect(classes.map((row) => [row.code, row.itemNum])).toEqual([
      ['service', 3],
      ['safety', 3],
      ['hygiene', 3],
      ['display', 1],
    ]);
    expect(items.map((item) => item.eventCode)).toEqual(
      expect.arrayContaining(['no_staff_at_counter', 'smoking', 'no_uniform', 'empty_shelf', 'rodent', 'door_left_open']),
    );
    // The keyword finds an item by its name in the caller's language or by its event code.
    const byName = (await invoke(t.app, ops.items, { keyword: '收银' }, { ...admin(), lang: 'zh' })).body.data as AiItem[];
    expect(byName.map((item) => item.eventCode)).toEqual(['no_staff_at_counter']);
    expect(await ok<AiItem[]>(t.app, admin(), ops.items, { keyword: '收银' })).toEqual([]);
    const zh = (await invoke(t.app, ops.items, { classId: 'aicls_service' }, { ...admin(), lang: 'zh' })).body.data as AiItem[];
    expect(zh.map((item) => item.name)).toEqual(['收银台无人', '员工玩手机', '未穿工服']);
    expect(zh[0]?.className).toBe('服务规范');
    const smoking = await ok<AiItem[]>(t.app, admin(), ops.items, { keyword: 'smok' });
    expect(smoking).toEqual([expect.objectContaining({ eventCode: 'smoking', name: 'Smoking', defaultPriority: 'high' })]);
  });
});

describe('AI tasks', () => {
  it('are added, read, listed with filters, changed, switched and deleted', async () => {
    const [c1, c2] = boxS1.cameraIds as [string, string];
    const taskId = await addTask(admin(), basic('Counter watch', [c1, c2]));
    const detail = await ok<AiTaskDetail>(t.app, admin(), ops.info, { taskId });
    expect(detail).toMatchObject({
      name: 'Counter watch',
      priority: 'high',
      enabled: true,
      weekdays: [1, 2, 3, 4, 5],
      startTime: '09:00',
      endTime: '21:30',
      shops: [{ shopId: chain.s1, name: 'Store One', closed: false }],
      cameraCount: 2,
      createdBy: chain.people.admin.userId,
    });
    expect(detail.items.map((item) => item.eventCode)).toEqual(['no_staff_at_counter', 'smoking']);
    expect(detail.cameras.map((camera) => camera.cameraId).sort()).toEqual([c1, c2].sort());

    const night = await addTask(admin(), {
      ...basic('Night rodents', [boxS2.cameraIds[0] as string], ['rodent']),
      priority: 'low',
      startTime: '22:00',
      endTime: '06:00',
    });
    const list = async (filter: Record<string, unknown>) =>
      (await ok<Page<AiTaskRow>>(t.app, admin(), ops.page, { page: 1, pageSize: 50, ...filter })).list.map((row) => row.name);
    expect(await list({ keyword: 'counter' })).toEqual(['Counter watch']);
    expect(await list({ shopIds: [chain.s2] })).toEqual(['Night rodents']);
    expect(await list({ itemId: itemId('rodent') })).toEqual(['Night rodents']);
    expect(await list({ priority: 'low' })).toEqual(['Night rodents']);
    expect(await list({ keyword: '%' })).toEqual([]);

    await ok(t.app, admin(), ops.update, { ...basic('Counter watch (weekend)', [c2], ['no_uniform']), taskId, weekdays: [6, 7], priority: 'low' });
    const changed = await ok<AiTaskDetail>(t.app, admin(), ops.info, { taskId });
    expect(changed).toMatchObject({ name: 'Counter watch (weekend)', weekdays: [6, 7], priority: 'low', cameraCount: 1 });
    expect(changed.items.map((item) => item.eventCode)).toEqual(['no_uniform']);

    await ok(t.app, admin(), ops.setEnabled, { taskId, enabled: false });
    expect(await list({ enabled: false })).toEqual(['Counter watch (weekend)']);
    expect(await list({ enabled: true, priority: 'low' })).toEqual(['Night rodents']);

    await ok(t.app, admin(), ops.remove, { taskId: night });
    expect((await invoke(t.app, ops.info, { taskId: night }, admin())).body.status).toBe(404);
    await ok(t.app, admin(), ops.remove, { taskId });
  });

  it('have unique names (whatever the case) and say so in every language', async () => {
    await addTask(admin(), basic('Smoking at the back door', [boxS1.cameraIds[0] as string]));
    expect(await ok(t.app, admin(), ops.isNameExist, { name: ' smoking AT the back door ' })).toEqual({ exists: true });
    expect(await ok(t.app, admin(), ops.isNameExist, { name: 'Something else' })).toEqual({ exists: false });
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.add, basic('SMOKING at the back door', [boxS1.cameraIds[0] as string]), { ...admin(), lang }),
      'aiTasks.nameTaken',
    );
    const other = await addTask(admin(), basic('Another name', [boxS1.cameraIds[0] as string]));
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.update, { ...basic('Smoking at the back door', [boxS1.cameraIds[0] as string]), taskId: other }, { ...admin(), lang }),
      'aiTasks.nameTaken',
    );
    // Its own name is no clash.
    await ok(t.app, admin(), ops.update, { ...basic('ANOTHER name', [boxS1.cameraIds[0] as string]), taskId: other });
    // Another customer may use the same name.
    const theirs = await ok<AiItem[]>(t.app, chain.other.admin, ops.items, {});
    expect(theirs.length).toBe(items.length);
  });

  it('refuse incomplete or wrong input with clear messages in every language', async () => {
    const camera = boxS1.cameraIds[0] as string;
    const cases: [Record<string, unknown>, Parameters<typeof expectMessageInAllLanguages>[1]][] = [
      [{ ...basic('No days', [camera]), weekdays: [] }, 'aiTasks.weekdaysRequired'],
      [{ ...basic('No cameras', []) }, 'aiTasks.camerasRequired'],
      [{ ...basic('No items', [camera]), itemIds: [] }, 'aiTasks.itemsRequired'],
      [{ ...basic('Empty hours', [camera]), startTime: '10:00', endTime: '10:00' }, 'aiTasks.hoursEmpty'],
      [{ ...basic('Unknown item', [camera]), itemIds: ['aiitem_flying_saucer'] }, 'aiTasks.unknownItem'],
    ];
    for (const [input, key] of cases) {
      await expectMessageInAllLanguages((lang) => invoke(t.app, ops.add, input as never, { ...admin(), lang }), key);
    }
    const badTime = await invoke(t.app, ops.add, { ...basic('Bad time', [camera]), startTime: '25:00' }, admin());
    expect(badTime.body.status).not.toBe(200);
    const badPriority = await invoke(t.app, ops.add, { ...basic('Bad priority', [camera]), priority: 'urgent' } as never, admin());
    expect(badPriority.body.status).not.toBe(200);
    const names = (await ok<Page<AiTaskRow>>(t.app, admin(), ops.page, { page: 1, pageSize: 100 })).list.map((row) => row.name);
    expect(names.filter((name) => ['No days', 'No cameras', 'No items', 'Empty hours', 'Unknown item', 'Bad time', 'Bad priority'].includes(name))).toEqual([]);
  });

  it('stay within the caller’s stores and customer', async () => {
    const s1Task = await addTask(store(), basic('Store one only', [boxS1.cameraIds[0] as string]));
    const both = await addTask(admin(), basic('Both stores', [boxS1.cameraIds[1] as string, boxS2.cameraIds[0] as string]));
    const seen = (await ok<Page<AiTaskRow>>(t.app, store(), ops.page, { page: 1, pageSize: 100 })).list.map((row) => row.taskId);
    expect(seen).toContain(s1Task);
    // A task that also runs in a store the caller does not see is not theirs to see or change.
    expect(seen).not.toContain(both);
    expect((await invoke(t.app, ops.info, { taskId: both }, store())).body.status).toBe(404);
    expect((await invoke(t.app, ops.setEnabled, { taskId: both, enabled: false }, store())).body.status).toBe(404);
    expect((await invoke(t.app, ops.remove, { taskId: both }, store())).body.status).toBe(404);
    expect((await invoke(t.app, ops.add, basic('Into store two', [boxS2.cameraIds[0] as string]), store())).body.status).toBe(404);
    expect((await invoke(t.app, ops.page, { page: 1, pageSize: 10, shopIds: [chain.s2] }, store())).body.status).toBe(404);
    // Store two's manager does not see store one's task.
    expect((await invoke(t.app, ops.info, { taskId: s1Task }, chain.people.store2.session)).body.status).toBe(404);

    // Another customer: nothing of ours, and none of our cameras.
    const other = chain.other.admin;
    expect((await ok<Page<AiTaskRow>>(t.app, other, ops.page, { page: 1, pageSize: 100 })).total).toBe(0);
    expect((await invoke(t.app, ops.info, { taskId: s1Task }, other)).body.status).toBe(404);
    expect((await invoke(t.app, ops.update, { ...basic('Taken over', [boxS1.cameraIds[0] as string]), taskId: s1Task }, other)).body.status).toBe(404);
    expect((await invoke(t.app, ops.remove, { taskId: s1Task }, other)).body.status).toBe(404);
    expect((await invoke(t.app, ops.add, basic('Foreign cameras', [boxS1.cameraIds[0] as string]), other)).body.status).toBe(404);
    expect((await ok<AiTaskDetail>(t.app, admin(), ops.info, { taskId: s1Task })).name).toBe('Store one only');
  });

  it('need the AI plan create key to change, and the task-management keys to read', async () => {
    const noCreate = await signIn(
      t.app,
      (await buildUser(t.db, [{ customerId: chain.customerId, roleId: await buildRoleWithout(t.db, chain.customerId, ['ai_plan_create']) }])).loginName,
      chain.customerId,
    );
    expect((await invoke(t.app, ops.page, { page: 1, pageSize: 10 }, noCreate)).body.status).toBe(200);
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.add, basic('Without the key', [boxS1.cameraIds[0] as string]), { ...noCreate, lang }),
      'errors.noAuthority',
      undefined,
      403,
    );
    expect((await invoke(t.app, ops.add, basic('Observed', [boxS1.cameraIds[0] as string]), chain.people.observer.session)).body.status).toBe(403);
    // The shop assistant has no task management at all.
    expect((await invoke(t.app, ops.page, { page: 1, pageSize: 10 }, chain.people.assistant.session)).body.status).toBe(403);
    expect(RoleId.shopAssistant).toBeDefined();
  });
});

describe('the box configuration', () => {
  it('carries the enabled tasks of the box’s cameras; a change moves the ETag, nothing changed answers 304', async () => {
    const box = await buildBox(t.db, chain.customerId, chain.s1, 2);
    const [c1, c2] = box.cameraIds as [string, string];
    const before = await configOf(box);
    expect(before.config.aiTasks).toEqual([]);

    const taskId = await addTask(admin(), { ...basic('Box watch', [c1, boxS2.cameraIds[0] as string], ['rodent', 'door_left_open']) });
    const added = await configOf(box);
    expect(added.etag).not.toBe(before.etag);
    expect(added.config.aiTasks).toEqual([
      {
        taskId,
        name: 'Box watch',
        priority: 'high',
        weekdays: [1, 2, 3, 4, 5],
        startTime: '09:00',
        endTime: '21:30',
        // Only this box's cameras: the other store's camera is its box's business.
        cameraIds: [c1],
        eventCodes: ['door_left_open', 'rodent'],
      },
    ]);
    expect((await configOf(boxS2)).config.aiTasks.find((task) => task.taskId === taskId)?.cameraIds).toEqual([boxS2.cameraIds[0]]);
    const unchanged = await getConfig(box.token, { 'if-none-match': added.etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    await ok(t.app, admin(), ops.update, { ...basic('Box watch', [c1, c2], ['rodent']), taskId, startTime: '08:00' });
    const updated = await configOf(box);
    expect(updated.etag).not.toBe(added.etag);
    expect(updated.config.aiTasks).toEqual([expect.objectContaining({ taskId, startTime: '08:00', cameraIds: [c1, c2].sort(), eventCodes: ['rodent'] })]);
    expect((await getConfig(box.token, { 'if-none-match': added.etag })).statusCode).toBe(200);
    expect((await getConfig(box.token, { 'if-none-match': updated.etag })).statusCode).toBe(304);
    // Removed from store two's cameras: its box no longer runs it.
    expect((await configOf(boxS2)).config.aiTasks.find((task) => task.taskId === taskId)).toBeUndefined();

    await ok(t.app, admin(), ops.setEnabled, { taskId, enabled: false });
    const disabled = await configOf(box);
    expect(disabled.config.aiTasks).toEqual([]);
    expect(disabled.etag).not.toBe(updated.etag);
    await ok(t.app, admin(), ops.setEnabled, { taskId, enabled: true });
    // Back to the same content: the same version.
    expect((await configOf(box)).etag).toBe(updated.etag);

    await ok(t.app, admin(), ops.remove, { taskId });
    expect((await configOf(box)).config.aiTasks).toEqual([]);
  });

  it('stops a closed shop’s AI tasks: its boxes get none, the task list shows the store closed', async () => {
    const shop = chain.w1;
    const box = await buildBox(t.db, chain.customerId, shop, 1);
    const taskId = await addTask(admin(), basic('West watch', [box.cameraIds[0] as string]));
    expect((await configOf(box)).config.aiTasks.map((task) => task.taskId)).toEqual([taskId]);
    const closing = await call(t.app, 'POST', '/api/shop/update', { shopId: shop, status: 'closed', confirmClose: true }, admin());
    expect(closing.body.status, closing.body.msg).toBe(200);
    expect((await configOf(box)).config.aiTasks).toEqual([]);
    expect((await ok<AiTaskDetail>(t.app, admin(), ops.info, { taskId })).shops).toEqual([{ shopId: shop, name: 'West One', closed: true }]);
  });
});
