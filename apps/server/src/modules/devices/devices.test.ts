import { type BoxRow, type CameraRow, RoleId, type TreeNode, translateMessage } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildOrg, buildRoleWithout, buildShop, buildUser, countRows, type Session, signIn, signInWithRole } from '../../../test/factories.ts';
import { call, createTestApp, expectMessageInAllLanguages, type TestApp } from '../../../test/harness.ts';
import { sha256 } from '../../platform/ids.ts';
import { createDelivery } from '../../platform/mail/delivery.ts';
import { createDevicesService } from './devices.service.ts';

interface Page<T> {
  total: number;
  list: T[];
}

let t: TestApp;
let demo: { customerId: string; rootOrgId: string };
let other: { customerId: string; rootOrgId: string };
let north: string;
let northShop: string;
let southShop: string;
let admin: Session;
let branch: Session;
let observer: Session;
let outsider: Session;
let macCounter = 0;

const post = (session: Session, url: string, body?: unknown, lang?: string) => call(t.app, 'POST', url, body, { ...session, ...(lang ? { lang } : {}) });
const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((node) => [node, ...flatten(node.sublist), ...flatten(node.cameraList ?? [])]);
const nextMac = () => {
  macCounter += 1;
  return `02:AA:00:00:00:${macCounter.toString(16).padStart(2, '0')}`.toUpperCase();
};
const minutesAgo = (minutes: number, from = Date.now()) => new Date(from - minutes * 60_000).toISOString();

/** Registers a box through the API, then its cameras through the service (cameras arrive with the device API of the traffic issue). */
async function boxWithCameras(shopId: string, cameras: number): Promise<{ boxId: string; token: string; cameraIds: string[] }> {
  const response = await post(admin, '/api/device/registerBox', { shopId, mac: nextMac(), name: 'Box', deploymentArea: 'Back office' });
  expect(response.body.status, response.body.msg).toBe(200);
  const { boxId, token } = response.body.data as { boxId: string; token: string };
  const devices = createDevicesService({ db: t.db });
  const cameraIds: string[] = [];
  for (let index = 1; index <= cameras; index += 1) {
    cameraIds.push(await devices.addCamera(demo.customerId, { shopId, boxId, name: `Cam ${index}`, number: `${boxId}-C${index}`, deploymentArea: 'entrance' }));
  }
  return { boxId, token, cameraIds };
}

async function report(table: 'cameras' | 'boxes', id: string, at: string | null): Promise<void> {
  await t.db.updateTable(table).set({ last_report_at: at }).where('id', '=', id).execute();
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await buildCustomer(t.db, 'Device Co');
  other = await buildCustomer(t.db, 'Other Device Co');
  north = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'North');
  const south = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'South');
  northShop = await buildShop(t.db, demo.customerId, north, { name: 'North Store', number: 'N-1' });
  southShop = await buildShop(t.db, demo.customerId, south, { name: 'South Store', number: 'S-1' });
  admin = await signInWithRole(t.app, t.db, demo.customerId, RoleId.superManager);
  branch = await signIn(
    t.app,
    (await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.branchManage, orgId: north }])).loginName,
    demo.customerId,
  );
  observer = await signInWithRole(t.app, t.db, demo.customerId, RoleId.observer);
  outsider = await signInWithRole(t.app, t.db, other.customerId, RoleId.superManager);
});
afterAll(async () => t.close());

describe('boxes and their device tokens', () => {
  it('registers a box: the token is answered once and only its hash is stored', async () => {
    const response = await post(admin, '/api/device/registerBox', { shopId: northShop, mac: '02aa00ffee01', name: 'Front box' });
    const { boxId, token } = response.body.data as { boxId: string; token: string };
    expect(token).toMatch(/^dev_/);
    const stored = await t.db.selectFrom('boxes').selectAll().where('id', '=', boxId).executeTakeFirstOrThrow();
    expect(stored.mac).toBe('02:AA:00:FF:EE:01');
    expect(stored.token_hash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const page = (await post(admin, '/api/device/boxPage', { keyword: 'front' })).body.data as Page<BoxRow>;
    expect(JSON.stringify(page)).not.toContain(token);
    expect(page.list[0]).toMatchObject({ boxId, mac: '02:AA:00:FF:EE:01', shopName: 'North Store', status: 'inactive', activated: false, online: false });
  });

  it('refuses a MAC already registered and a malformed one, writing nothing', async () => {
    const mac = nextMac();
    await post(admin, '/api/device/registerBox', { shopId: northShop, mac, name: 'First' });
    const before = await countRows(t.db, 'boxes');
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/device/registerBox', { shopId: southShop, mac: mac.toLowerCase().replaceAll(':', '-'), name: 'Second' }, lang),
      'errors.macTaken',
      undefined,
      422,
    );
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/device/registerBox', { shopId: southShop, mac: 'zz:zz', name: 'Bad' }, lang),
      'validation.mac',
      undefined,
      400,
    );
    expect((await post(admin, '/api/device/registerBox', { shopId: 'no-such-shop', mac: nextMac(), name: 'Lost' })).body.status).toBe(404);
    expect(await countRows(t.db, 'boxes')).toBe(before);
  });

  it('rotates a token: a new one is answered, the old hash is gone', async () => {
    const { boxId, token } = await boxWithCameras(northShop, 0);
    const rotated = (await post(admin, '/api/device/rotateToken', { boxId })).body.data as { boxId: string; token: string };
    expect(rotated.boxId).toBe(boxId);
    expect(rotated.token).not.toBe(token);
    const stored = await t.db.selectFrom('boxes').select('token_hash').where('id', '=', boxId).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(sha256(rotated.token));
    // A branch manager rotates boxes of their own shops only.
    expect((await post(branch, '/api/device/rotateToken', { boxId })).body.status).toBe(200);
    const southBox = await boxWithCameras(southShop, 0);
    expect((await post(branch, '/api/device/rotateToken', { boxId: southBox.boxId })).body.status).toBe(404);
    expect((await post(outsider, '/api/device/rotateToken', { boxId })).body).toMatchObject({ status: 404, msg: 'Not found or no access' });
  });
});

describe('device pages', () => {
  it('shows working, activation and online state from the last report, with the last status time', async () => {
    const { boxId, cameraIds } = await boxWithCameras(southShop, 4);
    const [fresh, stale, never, disabled] = cameraIds as [string, string, string, string];
    const now = Date.now();
    await report('boxes', boxId, minutesAgo(2, now));
    await report('cameras', fresh, minutesAgo(2, now));
    await report('cameras', stale, minutesAgo(60, now));
    await report('cameras', disabled, minutesAgo(1, now));
    await call(t.app, 'GET', `/api/camera/cameraDisable?cameraId=${disabled}&enabled=0`, undefined, admin);

    const cameras = (await post(admin, '/api/device/cameraPage', { boxId })).body.data as Page<CameraRow>;
    const state = (id: string) => cameras.list.find((camera) => camera.cameraId === id);
    expect(state(fresh)).toMatchObject({
      status: 'online',
      online: true,
      working: true,
      activated: true,
      enabled: true,
      lastStatusAt: state(fresh)?.lastReportAt,
    });
    expect(state(stale)).toMatchObject({ status: 'offline', online: false, working: false, activated: true, lastStatusAt: minutesAgo(45, now) });
    expect(state(never)).toMatchObject({ status: 'inactive', activated: false, lastReportAt: null, lastStatusAt: null });
    expect(state(disabled)).toMatchObject({ status: 'disabled', enabled: false, working: false });
    expect(state(fresh)).toMatchObject({ shopName: 'South Store', shopNumber: 'S-1', deploymentArea: 'entrance', boxId });

    const offline = (await post(admin, '/api/device/cameraPage', { boxId, status: 'offline' })).body.data as Page<CameraRow>;
    expect(offline.list.map((camera) => camera.cameraId)).toEqual([stale]);
    const box = ((await post(admin, '/api/device/boxPage', { shopIds: [southShop] })).body.data as Page<BoxRow>).list.find((row) => row.boxId === boxId);
    expect(box).toMatchObject({ status: 'online', working: true, cameraCount: 4, deploymentArea: 'Back office' });

    const counts = (await post(admin, '/api/device/online', { shopIds: [southShop] })).body.data as { cameras: Record<string, number> };
    expect(counts.cameras).toMatchObject({ online: 1, offline: 1, inactive: 1, disabled: 1 });
  });

  it('follows the offline threshold of the alert settings', async () => {
    const { boxId, cameraIds } = await boxWithCameras(southShop, 1);
    await report('cameras', cameraIds[0] as string, minutesAgo(20));
    const before = (await post(admin, '/api/device/cameraPage', { keyword: `${boxId}-C1` })).body.data as Page<CameraRow>;
    expect(before.list[0]?.status).toBe('offline');
    await post(admin, '/api/alertSetting/save', { enabled: true, modes: [], recipientIds: [], intervalMinutes: 30, offlineAfterMinutes: 30 });
    const after = (await post(admin, '/api/device/cameraPage', { keyword: `${boxId}-C1` })).body.data as Page<CameraRow>;
    expect(after.list[0]?.status).toBe('online');
    await post(admin, '/api/alertSetting/save', { enabled: true, modes: [], recipientIds: [], intervalMinutes: 30, offlineAfterMinutes: 15 });
  });

  it('limits the pages to the caller scope; other shops answer not found', async () => {
    await boxWithCameras(northShop, 1);
    const boxes = (await post(branch, '/api/device/boxPage', { pageSize: 100 })).body.data as Page<BoxRow>;
    expect(boxes.list.length).toBeGreaterThan(0);
    expect(boxes.list.every((box) => box.shopId === northShop)).toBe(true);
    expect((await post(branch, '/api/device/cameraPage', { shopIds: [southShop] })).body.status).toBe(404);
    expect((await post(branch, '/api/device/online', { shopIds: [southShop] })).body.status).toBe(404);
    const mine = (await post(outsider, '/api/device/boxPage')).body.data as Page<BoxRow>;
    expect(mine.total).toBe(0);
    expect((await post(outsider, '/api/device/cameraPage', { shopIds: [northShop] })).body.status).toBe(404);
  });
});

describe('enabling and disabling cameras', () => {
  it('a disabled camera leaves the camera tree; enabling brings it back', async () => {
    const { cameraIds } = await boxWithCameras(northShop, 1);
    const cameraId = cameraIds[0] as string;
    const inTree = async () => flatten((await post(admin, '/api/current/cameratree2')).body.data as TreeNode[]).some((node) => node.cameraId === cameraId);
    expect(await inTree()).toBe(true);
    const disabled = await call(t.app, 'GET', `/api/camera/cameraDisable?cameraId=${cameraId}&enabled=0`, undefined, admin);
    expect(disabled.body.data).toEqual({ cameraId, enabled: false });
    expect(await inTree()).toBe(false);
    await call(t.app, 'GET', `/api/camera/cameraDisable?cameraId=${cameraId}&enabled=1`, undefined, admin);
    expect(await inTree()).toBe(true);
    expect((await call(t.app, 'GET', `/api/camera/cameraDisable?cameraId=${cameraId}&enabled=0`, undefined, outsider)).body.status).toBe(404);
    expect((await call(t.app, 'GET', `/api/camera/cameraDisable?cameraId=${cameraId}&enabled=maybe`, undefined, admin)).body.status).toBe(400);
    expect(await inTree()).toBe(true);
  });
});

describe('camera-offline alarms', () => {
  it('keeps alert settings per customer; the interval is at least 5 minutes', async () => {
    const defaults = (await post(admin, '/api/alertSetting/get')).body.data;
    expect(defaults).toMatchObject({ enabled: true, intervalMinutes: 30, offlineAfterMinutes: 15 });
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/alertSetting/save', { enabled: true, modes: ['sms'], recipientIds: [], intervalMinutes: 4, offlineAfterMinutes: 15 }, lang),
      'errors.intervalMin5',
      undefined,
      400,
    );
    expect(
      (await post(admin, '/api/alertSetting/save', { enabled: true, modes: ['sms'], recipientIds: [], intervalMinutes: 4, offlineAfterMinutes: 15 })).body.msg,
    ).toBe('The time interval cannot be less than 5 minutes');
    const foreign = (await buildUser(t.db, [{ customerId: other.customerId, roleId: RoleId.manager }])).userId;
    expect(
      (await post(admin, '/api/alertSetting/save', { enabled: true, modes: [], recipientIds: [foreign], intervalMinutes: 5, offlineAfterMinutes: 15 })).body
        .status,
    ).toBe(404);
    expect((await post(admin, '/api/alertSetting/get')).body.data).toMatchObject({ intervalMinutes: 30, recipientIds: [] });
    expect((await post(outsider, '/api/alertSetting/get')).body.data).toMatchObject({ updatedAt: null });
  });

  it('alarms the people who see the shop and the recipients, by the alert modes, never twice within the interval', async () => {
    const customer = await buildCustomer(t.db, 'Alarm Co');
    const east = await buildOrg(t.db, customer.customerId, customer.rootOrgId, 'East');
    const west = await buildOrg(t.db, customer.customerId, customer.rootOrgId, 'West');
    const shop = await buildShop(t.db, customer.customerId, east, { name: 'Alarm Store' });
    const boss = await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.superManager }], { mobile: '13800009101' });
    const eastLead = await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.branchManage, orgId: east }]);
    const westLead = await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.branchManage, orgId: west }], { mobile: '13800009102' });
    await t.db.updateTable('users').set({ locale: 'zh' }).where('id', '=', eastLead.userId).execute();
    const bossSession = await signIn(t.app, boss.loginName, customer.customerId);
    // The West lead is a recipient by configuration, although West does not see the shop.
    const saved = await post(bossSession, '/api/alertSetting/save', {
      enabled: true,
      modes: ['sms', 'phone', 'email'],
      recipientIds: [boss.userId, westLead.userId],
      intervalMinutes: 30,
      offlineAfterMinutes: 15,
    });
    expect(saved.body.status).toBe(200);

    const devices = createDevicesService({ db: t.db, delivery: createDelivery(t.config, t.db) });
    const { boxId } = await devices.registerBox(customer.customerId, { shopId: shop, mac: nextMac(), name: 'Box' });
    const quiet = await devices.addCamera(customer.customerId, { shopId: shop, boxId, name: 'Door', number: 'ALARM-1' });
    const fine = await devices.addCamera(customer.customerId, { shopId: shop, boxId, name: 'Till', number: 'ALARM-2' });
    await devices.addCamera(customer.customerId, { shopId: shop, boxId, name: 'Never', number: 'ALARM-3' });
    const start = Date.now();
    await report('cameras', quiet, minutesAgo(20, start));
    await report('cameras', fine, minutesAgo(1, start));
    const outbox = await countRows(t.db, 'outbox');

    const alarms = await devices.detectOfflineCameras(new Date(start));
    expect(alarms.filter((alarm) => alarm.customerId === customer.customerId).map((alarm) => alarm.cameraId)).toEqual([quiet]);
    const messages = await t.db.selectFrom('messages').selectAll().where('customer_id', '=', customer.customerId).execute();
    expect(messages.map((message) => message.user_id).sort()).toEqual([boss.userId, eastLead.userId, westLead.userId].sort());
    expect(messages.every((message) => message.kind === 1 && message.source === 'camera_offline' && message.ref_id === quiet)).toBe(true);
    const zh = messages.find((message) => message.user_id === eastLead.userId);
    expect(zh?.title).toBe(translateMessage('zh', 'alarms.cameraOfflineTitle', { camera: 'Door (ALARM-1)' }));
    expect(zh?.body).toContain('Alarm Store');
    // Recipients: text message and phone call to the mobile, e-mail to the address (outbox without SMTP).
    const sent = await t.db.selectFrom('outbox').selectAll().orderBy('id').execute();
    const deliveries = sent.slice(outbox).map((row) => `${row.channel} ${row.recipient}${row.subject.startsWith('[call]') ? ' call' : ''}`);
    expect(deliveries.sort()).toEqual(
      ['sms 13800009101', 'sms 13800009101 call', `email ${boss.loginName}`, 'sms 13800009102', 'sms 13800009102 call', `email ${westLead.loginName}`].sort(),
    );

    // Within the interval: nothing new, even though the camera is still quiet.
    expect(await devices.detectOfflineCameras(new Date(start + 10 * 60_000))).toEqual([]);
    const afterRepeat = await t.db.selectFrom('messages').select('id').where('customer_id', '=', customer.customerId).execute();
    expect(afterRepeat).toHaveLength(3);
    // After the interval, still quiet: the alarm repeats.
    const later = await devices.detectOfflineCameras(new Date(start + 31 * 60_000));
    expect(later.map((alarm) => alarm.cameraId)).toContain(quiet);
    expect(later.map((alarm) => alarm.cameraId)).toContain(fine);

    // The boss sees the alarms in the message center and the bell counts them.
    const list = (await post(bossSession, '/api/message/list', { kind: 1 })).body.data as { total: number; unread: number };
    expect(list).toMatchObject({ total: 3, unread: 3 });
    expect((await post(bossSession, '/api/current/noticeCount')).body.data).toMatchObject({ alert: 3 });
  });

  it('does not alarm disabled cameras, closed shops, or customers who switched alarms off', async () => {
    const customer = await buildCustomer(t.db, 'Quiet Co');
    const shop = await buildShop(t.db, customer.customerId, customer.rootOrgId);
    const closedShop = await buildShop(t.db, customer.customerId, customer.rootOrgId);
    const boss = await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.superManager }]);
    const session = await signIn(t.app, boss.loginName, customer.customerId);
    const devices = createDevicesService({ db: t.db });
    const { boxId } = await devices.registerBox(customer.customerId, { shopId: shop, mac: nextMac(), name: 'Box' });
    const { boxId: closedBox } = await devices.registerBox(customer.customerId, { shopId: closedShop, mac: nextMac(), name: 'Box' });
    const disabled = await devices.addCamera(customer.customerId, { shopId: shop, boxId, name: 'Off', number: 'Q-1' });
    const inClosed = await devices.addCamera(customer.customerId, { shopId: closedShop, boxId: closedBox, name: 'Closed', number: 'Q-2' });
    const quiet = await devices.addCamera(customer.customerId, { shopId: shop, boxId, name: 'Quiet', number: 'Q-3' });
    for (const id of [disabled, inClosed, quiet]) await report('cameras', id, minutesAgo(60));
    await call(t.app, 'GET', `/api/camera/cameraDisable?cameraId=${disabled}&enabled=0`, undefined, session);
    await post(session, '/api/shop/update', { shopId: closedShop, status: 'closed', confirmClose: true });
    await post(session, '/api/alertSetting/save', { enabled: false, modes: [], recipientIds: [], intervalMinutes: 5, offlineAfterMinutes: 5 });
    expect((await devices.detectOfflineCameras()).filter((alarm) => alarm.customerId === customer.customerId)).toEqual([]);
    await post(session, '/api/alertSetting/save', { enabled: true, modes: [], recipientIds: [], intervalMinutes: 5, offlineAfterMinutes: 5 });
    const alarms = (await devices.detectOfflineCameras()).filter((alarm) => alarm.customerId === customer.customerId);
    expect(alarms.map((alarm) => alarm.cameraId)).toEqual([quiet]);
  });
});

const MANAGEMENT: { method: 'GET' | 'POST'; url: string; body: () => unknown }[] = [
  { method: 'POST', url: '/api/device/registerBox', body: () => ({ shopId: northShop, mac: nextMac(), name: 'Swept' }) },
  { method: 'POST', url: '/api/device/rotateToken', body: () => ({ boxId: 'x' }) },
  { method: 'GET', url: '/api/camera/cameraDisable?cameraId=x&enabled=0', body: () => undefined },
  { method: 'POST', url: '/api/alertSetting/get', body: () => undefined },
  { method: 'POST', url: '/api/alertSetting/save', body: () => ({ enabled: true, modes: [], recipientIds: [], intervalMinutes: 30, offlineAfterMinutes: 15 }) },
];

describe('authority', () => {
  it('bars the observer from camera management, in every language', async () => {
    for (const operation of MANAGEMENT)
      expect((await call(t.app, operation.method, operation.url, operation.body(), observer)).body.status, operation.url).toBe(403);
    await expectMessageInAllLanguages(
      (lang) => call(t.app, 'GET', '/api/camera/cameraDisable?cameraId=x&enabled=0', undefined, { ...observer, lang }),
      'errors.noAuthority',
      undefined,
      403,
    );
    // Reading the device pages is not camera management.
    expect((await post(observer, '/api/device/boxPage')).body.status).toBe(200);
  });

  it('refuses a custom role without config_page', async () => {
    const roleId = await buildRoleWithout(t.db, demo.customerId, ['config_page']);
    const session = await signIn(t.app, (await buildUser(t.db, [{ customerId: demo.customerId, roleId }])).loginName, demo.customerId);
    for (const operation of MANAGEMENT)
      expect((await call(t.app, operation.method, operation.url, operation.body(), session)).body.status, operation.url).toBe(403);
  });

  it("answers another customer's devices with not found and lists none of them", async () => {
    const { boxId, cameraIds } = await boxWithCameras(northShop, 1);
    for (const url of ['/api/device/boxPage', '/api/device/cameraPage', '/api/device/online']) {
      const text = JSON.stringify((await post(outsider, url)).body);
      for (const id of [boxId, ...cameraIds, northShop]) expect(text.includes(id), `${url} leaks ${id}`).toBe(false);
    }
    expect((await post(outsider, '/api/device/registerBox', { shopId: northShop, mac: nextMac(), name: 'Theirs' })).body.status).toBe(404);
    expect((await post(outsider, '/api/device/rotateToken', { boxId })).body.status).toBe(404);
    expect((await call(t.app, 'GET', `/api/camera/cameraDisable?cameraId=${cameraIds[0]}&enabled=0`, undefined, outsider)).body.status).toBe(404);
  });
});
