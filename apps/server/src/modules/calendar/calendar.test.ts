import { type CalendarEvent, FLOW_DEFAULTS, type FlowSettings, PRIVACY_DEFAULTS, RoleId } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildOrg, buildRoleWithout, buildShop, buildUser, signIn } from '../../../test/factories.ts';
import { call, createTestApp, expectMessageInAllLanguages, type TestApp } from '../../../test/harness.ts';

type Session = { token: string; cid: string };
let t: TestApp;
let northShop: string;
let southShop: string;
let admin: Session;
let branch: Session;
let rootBranch: Session;
let observer: Session;
let innerData: Session;
let outsider: Session;
let withoutKeys: Record<string, Session>;

const post = (session: Session, url: string, body?: unknown, lang?: string) => call(t.app, 'POST', url, body, { ...session, ...(lang ? { lang } : {}) });
const flow = (changes: Partial<FlowSettings> = {}): FlowSettings => ({ ...structuredClone(FLOW_DEFAULTS), ...changes }) as FlowSettings;

beforeAll(async () => {
  t = await createTestApp();
  const demo = await buildCustomer(t.db, 'Calendar Co');
  const other = await buildCustomer(t.db, 'Other Calendar Co');
  const north = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'North');
  const south = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'South');
  northShop = await buildShop(t.db, demo.customerId, north, { number: 'CN-1', name: 'North Store' });
  southShop = await buildShop(t.db, demo.customerId, south, { number: 'CS-1', name: 'South Store' });
  const as = async (customerId: string, roleId: number, orgId?: string) =>
    signIn(t.app, (await buildUser(t.db, [{ customerId, roleId, ...(orgId ? { orgId } : {}) }])).loginName, customerId);
  admin = await as(demo.customerId, RoleId.superManager);
  branch = await as(demo.customerId, RoleId.branchManage, north);
  rootBranch = await as(demo.customerId, RoleId.branchManage, demo.rootOrgId);
  observer = await as(demo.customerId, RoleId.observer);
  innerData = await as(demo.customerId, RoleId.innerData);
  outsider = await as(other.customerId, RoleId.superManager);
  withoutKeys = {};
  for (const key of [
    'cueretail_customerkvsetting_manage',
    'customerkvsetting_update',
    'cueretail_calenderevent_manage',
    'calendarevent_add',
    'calendarevent_update',
    'calendarevent_update_status',
    'cueretail_privacy_manage',
  ] as const) {
    withoutKeys[key] = await as(demo.customerId, await buildRoleWithout(t.db, demo.customerId, [key]));
  }
});
afterAll(async () => t.close());

describe('flow configuration', () => {
  it('starts from the defaults and saves a configuration', async () => {
    const initial = await post(admin, '/api/customerKvSetting/get');
    expect(initial.body.data).toEqual({ settings: FLOW_DEFAULTS, updatedAt: null });
    const changed = flow({ deepVisitMinutes: 8, timeToStoreMinutes: 45 });
    const saved = await post(admin, '/api/customerKvSetting/update', changed);
    expect(saved.body.data).toMatchObject({ settings: changed });
    expect((await post(observer, '/api/customerKvSetting/get')).body.data).toMatchObject({ settings: changed });
    expect((await post(outsider, '/api/customerKvSetting/get')).body.data).toMatchObject({ settings: FLOW_DEFAULTS });
  });

  it('keeps time to store above 0 and at most 90, and bands in order', async () => {
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/customerKvSetting/update', flow({ timeToStoreMinutes: 0 }), lang),
      'validation.compare',
      { op: '>', value: 0 },
      400,
    );
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/customerKvSetting/update', flow({ timeToStoreMinutes: 91 }), lang),
      'validation.compare',
      { op: '<=', value: 90 },
      400,
    );
    expect((await post(admin, '/api/customerKvSetting/update', flow({ timeToStoreMinutes: 90 }))).body.status).toBe(200);
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/customerKvSetting/update', flow({ depthBands: { lightMinutes: 10, moderateMinutes: 10, deepMinutes: 20 } }), lang),
      'traffic.depthBandsOrder',
      undefined,
      400,
    );
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/customerKvSetting/update', flow({ activityBands: { highWeeks: 3, moderateWeeks: 2, lowWeeks: 4 } }), lang),
      'traffic.activityBandsOrder',
      undefined,
      400,
    );
  });

  it('needs the flow keys; the observer reads but does not change', async () => {
    expect((await post(withoutKeys.cueretail_customerkvsetting_manage as Session, '/api/customerKvSetting/get')).body.status).toBe(403);
    expect((await post(withoutKeys.customerkvsetting_update as Session, '/api/customerKvSetting/update', flow())).body.status).toBe(403);
    expect((await post(observer, '/api/customerKvSetting/update', flow())).body.status).toBe(403);
    expect((await post(innerData, '/api/customerKvSetting/update', flow())).body.status).toBe(403);
  });
});

describe('custom calendar', () => {
  it('adds, reads, lists, changes and disables events', async () => {
    const added = await post(admin, '/api/calendarEvent/add', {
      name: 'Anniversary sale',
      startDate: '2026-05-01',
      endDate: '2026-05-03',
      shopIds: [northShop, southShop],
      description: 'Ten years',
    });
    expect(added.body.status, added.body.msg).toBe(200);
    const { eventId } = added.body.data as { eventId: string };
    const event = (await post(admin, '/api/calendarEvent/get', { eventId })).body.data as CalendarEvent;
    expect(event).toMatchObject({
      name: 'Anniversary sale',
      startDate: '2026-05-01',
      endDate: '2026-05-03',
      allShops: false,
      enabled: true,
      description: 'Ten years',
    });
    expect(event.shops.map((shop) => shop.number)).toEqual(['CN-1', 'CS-1']);

    const updated = await post(admin, '/api/calendarEvent/update', {
      eventId,
      name: 'Anniversary',
      startDate: '2026-05-01',
      endDate: '2026-05-05',
      allShops: true,
    });
    expect(updated.body.data).toMatchObject({ name: 'Anniversary', endDate: '2026-05-05', allShops: true, shops: [] });
    await post(admin, '/api/calendarEvent/updateStatus', { eventId, enabled: false });
    const disabled = (await post(admin, '/api/calendarEvent/list', { enabled: false })).body.data as { total: number; list: CalendarEvent[] };
    expect(disabled.list.map((row) => row.eventId)).toContain(eventId);
    const inMay = (await post(admin, '/api/calendarEvent/list', { startDate: '2026-05-04', endDate: '2026-05-31' })).body.data as { list: CalendarEvent[] };
    expect(inMay.list.map((row) => row.name)).toContain('Anniversary');
    const june = (await post(admin, '/api/calendarEvent/list', { startDate: '2026-06-01', endDate: '2026-06-30' })).body.data as { total: number };
    expect(june.total).toBe(0);
  });

  it('refuses an end before the start and names longer than allowed', async () => {
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/calendarEvent/add', { name: 'Backwards', startDate: '2026-05-03', endDate: '2026-05-01', shopIds: [northShop] }, lang),
      'traffic.rangeOrder',
      undefined,
      400,
    );
    expect((await post(admin, '/api/calendarEvent/add', { name: 'x'.repeat(65), startDate: '2026-05-01', endDate: '2026-05-01' })).body.msg).toBe(
      'Maximum 64 chars',
    );
    expect((await post(admin, '/api/calendarEvent/add', { name: '', startDate: '2026-05-01', endDate: '2026-05-01' })).body.msg).toBe('Required Field');
    // An event for no store would apply nowhere: stores are required unless it is for all stores.
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/calendarEvent/add', { name: 'Nowhere', startDate: '2026-05-01', endDate: '2026-05-01', shopIds: [] }, lang),
      'validation.required',
      undefined,
      400,
    );
  });

  it("follows the caller's scope: their stores only, others' stores kept on update", async () => {
    const both = (
      await post(admin, '/api/calendarEvent/add', { name: 'Both', startDate: '2026-07-01', endDate: '2026-07-01', shopIds: [northShop, southShop] })
    ).body.data as { eventId: string };
    const south = (await post(admin, '/api/calendarEvent/add', { name: 'South only', startDate: '2026-07-01', endDate: '2026-07-01', shopIds: [southShop] }))
      .body.data as { eventId: string };
    const seen = (await post(branch, '/api/calendarEvent/list', { startDate: '2026-07-01', endDate: '2026-07-01' })).body.data as { list: CalendarEvent[] };
    expect(seen.list.map((row) => row.name)).toEqual(['Both']);
    expect(seen.list[0]?.shops.map((shop) => shop.number)).toEqual(['CN-1']);
    expect((await post(branch, '/api/calendarEvent/get', { eventId: south.eventId })).body.status).toBe(404);
    expect(
      (await post(branch, '/api/calendarEvent/add', { name: 'Theirs', startDate: '2026-07-01', endDate: '2026-07-01', shopIds: [southShop] })).body.status,
    ).toBe(404);
    expect(
      (await post(branch, '/api/calendarEvent/add', { name: 'Everywhere', startDate: '2026-07-01', endDate: '2026-07-01', allShops: true })).body.status,
    ).toBe(403);
    // Scoped to the root organisation is the whole customer: 'all stores' is theirs to choose.
    expect(
      (await post(rootBranch, '/api/calendarEvent/add', { name: 'Everywhere', startDate: '2026-07-01', endDate: '2026-07-01', allShops: true })).body.status,
    ).toBe(200);
    await post(branch, '/api/calendarEvent/update', {
      eventId: both.eventId,
      name: 'Both renamed',
      startDate: '2026-07-01',
      endDate: '2026-07-02',
      shopIds: [northShop],
    });
    const afterwards = (await post(admin, '/api/calendarEvent/get', { eventId: both.eventId })).body.data as CalendarEvent;
    expect(afterwards.shops.map((shop) => shop.number)).toEqual(['CN-1', 'CS-1']);
    expect((await post(outsider, '/api/calendarEvent/get', { eventId: both.eventId })).body).toMatchObject({ status: 404, msg: 'Not found or no access' });
    expect((await post(outsider, '/api/calendarEvent/updateStatus', { eventId: both.eventId, enabled: false })).body.status).toBe(404);
    const theirs = (await post(outsider, '/api/calendarEvent/list', {})).body.data as { total: number };
    expect(theirs.total).toBe(0);
    expect(
      (await post(outsider, '/api/calendarEvent/add', { name: 'Steal', startDate: '2026-07-01', endDate: '2026-07-01', shopIds: [northShop] })).body.status,
    ).toBe(404);
  });

  it('bars the observer whatever its map says, and needs each operation key', async () => {
    const event = { name: 'Keyed', startDate: '2026-08-01', endDate: '2026-08-01', shopIds: [northShop] };
    expect((await post(observer, '/api/calendarEvent/list', {})).body.status).toBe(403);
    expect((await post(observer, '/api/calendarEvent/add', event)).body.status).toBe(403);
    const { eventId } = (await post(admin, '/api/calendarEvent/add', event)).body.data as { eventId: string };
    expect((await post(withoutKeys.cueretail_calenderevent_manage as Session, '/api/calendarEvent/list', {})).body.status).toBe(403);
    expect((await post(withoutKeys.calendarevent_add as Session, '/api/calendarEvent/add', event)).body.status).toBe(403);
    expect((await post(withoutKeys.calendarevent_update as Session, '/api/calendarEvent/update', { eventId, ...event })).body.status).toBe(403);
    expect((await post(withoutKeys.calendarevent_update_status as Session, '/api/calendarEvent/updateStatus', { eventId, enabled: false })).body.status).toBe(
      403,
    );
    expect((await post(withoutKeys.calendarevent_add as Session, '/api/calendarEvent/update', { eventId, ...event })).body.status).toBe(200);
  });
});

describe('privacy', () => {
  it('keeps face blurring and the retention days a customer chose', async () => {
    expect((await post(admin, '/api/privacy/get')).body.data).toEqual({ settings: PRIVACY_DEFAULTS, updatedAt: null });
    const saved = await post(admin, '/api/privacy/update', { blurFaces: false, retentionDays: 180 });
    expect(saved.body.data).toMatchObject({ settings: { blurFaces: false, retentionDays: 180 } });
    expect((await post(admin, '/api/privacy/get')).body.data).toMatchObject({ settings: { blurFaces: false, retentionDays: 180 } });
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/privacy/update', { blurFaces: true, retentionDays: 7 }, lang),
      'validation.compare',
      { op: '>=', value: 30 },
      400,
    );
    expect((await post(outsider, '/api/privacy/get')).body.data).toMatchObject({ settings: PRIVACY_DEFAULTS });
    expect((await post(observer, '/api/privacy/get')).body.status).toBe(403);
    expect((await post(withoutKeys.cueretail_privacy_manage as Session, '/api/privacy/update', { blurFaces: true, retentionDays: 90 })).body.status).toBe(403);
  });
});
