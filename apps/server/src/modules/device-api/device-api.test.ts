import { type CameraRow, DEVICE_API_LIMITS, type DeviceConfig, FLOW_DEFAULTS, PRIVACY_DEFAULTS, RoleId } from '@storelens/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, buildUser, countRows, signIn } from '../../../test/factories.ts';
import { call, createTestApp, expectMessageInAllLanguages, type TestApp } from '../../../test/harness.ts';
import { buildBox, line, nextBatchId, passerby, sendBatch, type TestBox, visit } from '../../../test/support/traffic.ts';
import { advanceClock, resetClock } from '../../platform/time/clock.ts';

let t: TestApp;
let box: TestBox;
let sibling: TestBox;
let foreign: TestBox;
let admin: { token: string; cid: string };

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const rawCount = async () =>
  (await countRows(t.db, 'traffic_line_events')) + (await countRows(t.db, 'traffic_visits')) + (await countRows(t.db, 'traffic_passerby_events'));

beforeAll(async () => {
  t = await createTestApp();
  const demo = await buildCustomer(t.db, 'Device API Co');
  const other = await buildCustomer(t.db, 'Other Device API Co');
  const shop = await buildShop(t.db, demo.customerId, demo.rootOrgId, { timeZone: 'Asia/Shanghai' });
  const shop2 = await buildShop(t.db, demo.customerId, demo.rootOrgId, { timeZone: 'Asia/Shanghai' });
  box = await buildBox(t.db, demo.customerId, shop, 2);
  sibling = await buildBox(t.db, demo.customerId, shop2, 1);
  foreign = await buildBox(t.db, other.customerId, await buildShop(t.db, other.customerId, other.rootOrgId), 1);
  admin = await signIn(t.app, (await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.superManager }])).loginName, demo.customerId);
});
afterEach(() => resetClock());
afterAll(async () => t.close());

describe('device authentication', () => {
  it("accepts only a box's device token", async () => {
    const events = [line(box.cameraIds[0] as string, minutesAgo(5))];
    const none = await call(t.app, 'POST', '/api/device/v1/events', { batchId: 'x', events });
    expect(none.body).toMatchObject({ status: 401, msg: 'Unknown or revoked device token' });
    const person = await sendBatch(t.app, admin.token, events);
    expect(person.body.status).toBe(401);
    const forged = await sendBatch(t.app, `dev_${'a'.repeat(43)}`, events);
    expect(forged.body.status).toBe(401);
    await expectMessageInAllLanguages((lang) => sendBatch(t.app, 'dev_nope', events, nextBatchId(), lang), 'deviceApi.invalidToken', undefined, 401);
    // A device token opens no person's operation.
    expect((await call(t.app, 'POST', '/api/current/shoptree', {}, { token: box.token })).body.status).toBe(401);
  });

  it('stops a rotated token at once', async () => {
    const rotated = await call(t.app, 'POST', '/api/device/rotateToken', { boxId: sibling.boxId }, admin);
    const fresh = (rotated.body.data as { token: string }).token;
    const events = [line(sibling.cameraIds[0] as string, minutesAgo(1))];
    expect((await sendBatch(t.app, sibling.token, events)).body.status).toBe(401);
    expect((await sendBatch(t.app, fresh, events)).body.status).toBe(200);
    sibling = { ...sibling, token: fresh };
  });
});

describe('batches', () => {
  it('stores every event type and answers a summary; the same batchId again changes nothing', async () => {
    const camera = box.cameraIds[0] as string;
    const events = [
      line(camera, minutesAgo(30), 'in', 4),
      line(camera, minutesAgo(20), 'out', 3),
      passerby(camera, minutesAgo(30), 9),
      visit('visitor-1', minutesAgo(30), 12, { gender: 'male', ageBand: '35-44' }),
      { type: 'zoneDwell', cameraId: box.cameraIds[1], regionId: 'fitting-room', enteredAt: minutesAgo(25), exitedAt: minutesAgo(22) },
      { type: 'heartbeat', at: minutesAgo(0), cameras: [{ cameraId: camera, online: true }] },
    ];
    const before = await rawCount();
    const first = await sendBatch(t.app, box.token, events, 'batch-all-types');
    expect(first.body.status, first.body.msg).toBe(200);
    expect(first.body.data).toMatchObject({
      batchId: 'batch-all-types',
      accepted: 5,
      duplicates: 0,
      ignoredClosed: 0,
      ignoredExpired: 0,
      byType: { line: 2, passerby: 1, visit: 1, zoneDwell: 1, heartbeat: 1 },
    });
    expect(await rawCount()).toBe(before + 4);
    expect(await countRows(t.db, 'traffic_zone_events')).toBeGreaterThan(0);
    const again = await sendBatch(t.app, box.token, events, 'batch-all-types');
    expect(again.body.data).toEqual(first.body.data);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await rawCount()).toBe(before + 4);
  });

  it('marks the box and its reporting cameras online on the device pages', async () => {
    const [reporting, quiet] = box.cameraIds as [string, string];
    await t.db.updateTable('cameras').set({ last_report_at: null }).where('id', '=', quiet).execute();
    await sendBatch(t.app, box.token, [{ type: 'heartbeat', at: minutesAgo(0), cameras: [{ cameraId: reporting, online: true }] }]);
    const page = (await call(t.app, 'POST', '/api/device/cameraPage', { boxId: box.boxId }, admin)).body.data as { list: CameraRow[] };
    const state = (id: string) => page.list.find((camera) => camera.cameraId === id)?.status;
    expect(state(reporting)).toBe('online');
    expect(state(quiet)).toBe('inactive');
    const boxes = (await call(t.app, 'POST', '/api/device/boxPage', {}, admin)).body.data as { list: { boxId: string; status: string }[] };
    expect(boxes.list.find((row) => row.boxId === box.boxId)?.status).toBe('online');
  });

  it('refuses a camera of another box or another customer exactly like an unknown one, writing nothing', async () => {
    const before = await rawCount();
    for (const cameraId of [sibling.cameraIds[0], foreign.cameraIds[0], 'no-such-camera']) {
      const response = await sendBatch(t.app, box.token, [line(box.cameraIds[0] as string, minutesAgo(3)), line(cameraId as string, minutesAgo(3))]);
      expect(response.body).toMatchObject({ status: 422, data: { index: 1, field: 'cameraId' } });
      expect(response.body.msg).toBe(`Event 1: camera ${cameraId} is not a camera of this box`);
    }
    await expectMessageInAllLanguages(
      (lang) => sendBatch(t.app, foreign.token, [line(box.cameraIds[0] as string, minutesAgo(3))], nextBatchId(), lang),
      'deviceApi.unknownCamera',
      { index: 0, cameraId: box.cameraIds[0] as string },
      422,
    );
    expect(await rawCount()).toBe(before);
  });

  it('names the bad event and field of a malformed batch, never answering 5xx', async () => {
    const camera = box.cameraIds[0] as string;
    const ok = line(camera, minutesAgo(2));
    const cases: [unknown, number, string][] = [
      [{ batchId: 'b', events: [ok, { ...ok, at: 'yesterday' }] }, 1, 'at'],
      [{ batchId: 'b', events: [ok, ok, { ...ok, direction: 'sideways' }] }, 2, 'direction'],
      [{ batchId: 'b', events: [{ type: 'teleport', at: minutesAgo(1) }] }, 0, 'type'],
      [{ batchId: 'b', events: [{ ...ok, colour: 'red' }] }, 0, 'colour'],
      [{ batchId: 'b', events: [ok, { ...ok, count: -2 }] }, 1, 'count'],
      [{ batchId: 'b', events: [visit('v', minutesAgo(10), 5), { ...visit('v', minutesAgo(10), 5), gender: 'other' }] }, 1, 'gender'],
    ];
    for (const [body, index, field] of cases) {
      const response = await call(t.app, 'POST', '/api/device/v1/events', body, { token: box.token });
      expect(response.http, JSON.stringify(body)).toBe(400);
      expect(response.body.data).toMatchObject({ index, field });
      expect(response.body.msg).toContain(`Event ${index}, field ${field}`);
    }
    for (const body of [
      '{"batchId":',
      '[]',
      '"text"',
      JSON.stringify({ batchId: 'b' }),
      JSON.stringify({ batchId: '', events: [ok] }),
      JSON.stringify({ batchId: 'b', events: [] }),
    ]) {
      const response = await call(t.app, 'POST', '/api/device/v1/events', body, { token: box.token });
      expect(response.http, body).toBe(400);
      expect(response.body.msg.length).toBeGreaterThan(0);
    }
    const lang = await call(t.app, 'POST', '/api/device/v1/events', { batchId: 'b', events: [{ ...ok, at: 'x' }] }, { token: box.token, lang: 'zh' });
    expect(lang.body.msg).toBe('事件 0，字段 at：at 必须是带时区偏移的 ISO-8601 时间，例如 2026-03-01T09:15:00+08:00');
  });

  it('limits the batch size, the clock skew and the length of a stay', async () => {
    const camera = box.cameraIds[0] as string;
    const tooMany = Array.from({ length: DEVICE_API_LIMITS.maxEvents + 1 }, () => line(camera, minutesAgo(1)));
    const big = await sendBatch(t.app, box.token, tooMany);
    expect(big.body).toMatchObject({ status: 400, msg: 'Field events: At most 5000 items' });
    const inFuture = new Date(Date.now() + 10 * 60_000).toISOString();
    await expectMessageInAllLanguages(
      (lang) => sendBatch(t.app, box.token, [line(camera, minutesAgo(1)), line(camera, inFuture)], nextBatchId(), lang),
      'deviceApi.future',
      { index: 1, field: 'at', minutes: 5 },
      400,
    );
    // A few minutes ahead is clock skew, and accepted.
    expect((await sendBatch(t.app, box.token, [line(camera, new Date(Date.now() + 2 * 60_000).toISOString())])).body.status).toBe(200);
    const ancient = new Date(Date.now() - 401 * 86_400_000).toISOString();
    expect((await sendBatch(t.app, box.token, [line(camera, ancient)])).body).toMatchObject({ status: 400, data: { index: 0, field: 'at' } });
    const backwards = { type: 'visit', visitorId: 'v', enteredAt: minutesAgo(5), exitedAt: minutesAgo(10) };
    await expectMessageInAllLanguages((lang) => sendBatch(t.app, box.token, [backwards], nextBatchId(), lang), 'deviceApi.exitBeforeEntry', { index: 0 }, 400);
    const endless = visit('v', new Date(Date.now() - 30 * 3_600_000).toISOString(), 25 * 60);
    expect((await sendBatch(t.app, box.token, [endless])).body).toMatchObject({ status: 400, data: { index: 0, field: 'exitedAt' } });
  });

  it('takes a full batch of 5,000 events in one request', async () => {
    const camera = box.cameraIds[0] as string;
    const events = Array.from({ length: DEVICE_API_LIMITS.maxEvents }, (_, index) =>
      index % 2 === 0
        ? visit(`bulk-${index}`, minutesAgo(60 + (index % 50)), 7, { gender: 'female', ageBand: '25-34' })
        : passerby(camera, minutesAgo(index % 60)),
    );
    const response = await sendBatch(t.app, box.token, events);
    expect(response.body.status, response.body.msg).toBe(200);
    expect(response.body.data).toMatchObject({ accepted: DEVICE_API_LIMITS.maxEvents });
  });
});

describe('box configuration', () => {
  const getConfig = (token: string | undefined, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/device/v1/config', headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  const configOf = async (token: string) => {
    const response = await getConfig(token);
    expect(response.statusCode, response.body).toBe(200);
    return { config: (response.json() as { data: DeviceConfig }).data, etag: response.headers.etag as string };
  };

  it('refuses a request without a device token, with a person’s token, a forged or a rotated one', async () => {
    for (const token of [undefined, admin.token, `dev_${'b'.repeat(43)}`, 'dev_short']) {
      const response = await getConfig(token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, msg: 'Unknown or revoked device token' });
    }
    const before = sibling.token;
    const rotated = await call(t.app, 'POST', '/api/device/rotateToken', { boxId: sibling.boxId }, admin);
    sibling = { ...sibling, token: (rotated.body.data as { token: string }).token };
    expect((await getConfig(before)).statusCode).toBe(401);
    expect((await getConfig(sibling.token)).statusCode).toBe(200);
  });

  it("answers the box's own configuration: the customer's settings, its shop and only its cameras", async () => {
    const { config, etag } = await configOf(box.token);
    expect(config).toEqual({
      version: expect.stringMatching(/^[0-9a-f]{16}$/),
      boxId: box.boxId,
      shop: { shopId: box.shopId, timeZone: 'Asia/Shanghai', businessHours: expect.stringMatching(/^\d\d:\d\d-\d\d:\d\d$/), collecting: true, closedAt: null },
      timeToStoreMinutes: FLOW_DEFAULTS.timeToStoreMinutes,
      blurFaces: PRIVACY_DEFAULTS.blurFaces,
      collectWifi: PRIVACY_DEFAULTS.collectWifi,
      cameras: box.cameraIds.map((cameraId) => expect.objectContaining({ cameraId, enabled: true, deploymentArea: 'entrance' })),
      aiTasks: [],
      warehousePlans: [],
    });
    expect(etag).toBe(`"${config.version}"`);
    const shop = await t.db.selectFrom('shops').select('business_hours').where('id', '=', box.shopId).executeTakeFirstOrThrow();
    expect(config.shop.businessHours).toBe(shop.business_hours);
    // Another customer's box gets its own: its cameras, never ours.
    const theirs = (await configOf(foreign.token)).config;
    expect(theirs.boxId).toBe(foreign.boxId);
    expect(theirs.cameras.map((camera) => camera.cameraId)).toEqual(foreign.cameraIds);
  });

  it('answers 304 without a body while the version is unchanged, and follows flow, privacy and camera changes', async () => {
    const first = await configOf(box.token);
    const unchanged = await getConfig(box.token, { 'if-none-match': first.etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect((await getConfig(box.token, { 'if-none-match': `"other", W/${first.etag}` })).statusCode).toBe(304);

    const flow = await call(t.app, 'POST', '/api/customerKvSetting/update', { ...FLOW_DEFAULTS, timeToStoreMinutes: 12 }, admin);
    expect(flow.body.status, flow.body.msg).toBe(200);
    const afterFlow = await configOf(box.token);
    expect(afterFlow.config.timeToStoreMinutes).toBe(12);
    expect(afterFlow.config.version).not.toBe(first.config.version);
    expect((await getConfig(box.token, { 'if-none-match': first.etag })).statusCode).toBe(200);

    const privacy = await call(t.app, 'POST', '/api/privacy/update', { blurFaces: false, retentionDays: 200 }, admin);
    expect(privacy.body.status, privacy.body.msg).toBe(200);
    const afterPrivacy = await configOf(box.token);
    expect(afterPrivacy.config.blurFaces).toBe(false);
    expect(afterPrivacy.config.version).not.toBe(afterFlow.config.version);

    const [, second] = box.cameraIds as [string, string];
    const disabled = await call(t.app, 'GET', `/api/camera/cameraDisable?cameraId=${second}&enabled=0`, undefined, admin);
    expect(disabled.body.status, disabled.body.msg).toBe(200);
    const afterCamera = await configOf(box.token);
    expect(afterCamera.config.cameras.find((camera) => camera.cameraId === second)?.enabled).toBe(false);
    expect(afterCamera.config.version).not.toBe(afterPrivacy.config.version);
    await call(t.app, 'GET', `/api/camera/cameraDisable?cameraId=${second}&enabled=1`, undefined, admin);
    // Back to the same content: the same version (a hash of the content, the same on every server).
    expect((await configOf(box.token)).config.version).toBe(afterPrivacy.config.version);
  });

  it('tells the box of a closed shop that it no longer collects (its events are ignored, not refused)', async () => {
    const closing = await call(t.app, 'POST', '/api/shop/update', { shopId: sibling.shopId, status: 'closed', confirmClose: true }, admin);
    expect(closing.body.status, closing.body.msg).toBe(200);
    const { config } = await configOf(sibling.token);
    expect(config.shop).toMatchObject({ collecting: false, closedAt: expect.any(String) });
    advanceClock(60_000);
    const late = await sendBatch(t.app, sibling.token, [line(sibling.cameraIds[0] as string, new Date(Date.now() + 30_000).toISOString())]);
    expect(late.body.data).toMatchObject({ accepted: 0, ignoredClosed: 1 });
  });
});
