import { RoleId, type ShopRow, type TreeNode } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildOrg, buildShop, buildUser, countRows, type Session, signIn, signInWithRole } from '../../../test/factories.ts';
import { call, createTestApp, expectMessageInAllLanguages, type TestApp } from '../../../test/harness.ts';

interface LogPage {
  total: number;
  list: { action: string; userName: string | null; userId: string | null; changes: { field: string; old: unknown; new: unknown }[] }[];
}

let t: TestApp;
let demo: { customerId: string; rootOrgId: string };
let other: { customerId: string; rootOrgId: string };
let region: string;
let admin: Session;
let adminId: string;
let outsider: Session;
let counter = 0;

const post = (session: Session, url: string, body?: unknown, lang?: string) => call(t.app, 'POST', url, body, { ...session, ...(lang ? { lang } : {}) });
const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((node) => [node, ...flatten(node.sublist)]);

/** A complete, valid add request; tests change one thing at a time. */
function shopBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    number: `S-${counter}`,
    name: `Shop ${counter}`,
    orgId: region,
    businessHours: '10:00-22:00',
    videoPlaybackHours: '09:00-23:00',
    trafficDisplayHours: '10:00-22:00',
    visitInterval: 30,
    timeZone: 'Asia/Shanghai',
    ...overrides,
  };
}

async function addShop(overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await post(admin, '/api/shop/add', shopBody(overrides));
  expect(response.body.status, response.body.msg).toBe(200);
  return (response.body.data as { shopId: string }).shopId;
}

async function logsOf(shopId: string): Promise<LogPage> {
  return (await post(admin, '/api/shop/getShopLogList', { shopId })).body.data as LogPage;
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await buildCustomer(t.db, 'Shop Co');
  other = await buildCustomer(t.db, 'Other Shop Co');
  region = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'Region');
  const user = await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.superManager }]);
  adminId = user.userId;
  admin = await signIn(t.app, user.loginName, demo.customerId);
  outsider = await signInWithRole(t.app, t.db, other.customerId, RoleId.superManager);
});
afterAll(async () => t.close());

describe('adding a shop', () => {
  it('stores every field of spec section 3 and reads it back', async () => {
    const shopId = await addShop({
      number: 'FULL-1',
      name: 'Full fields',
      province: 'CN-SH',
      city: 'CN-SH-SH',
      district: 'CN-SH-PD',
      address: '100 Century Avenue',
      latitude: 31.2397,
      longitude: 121.4998,
      status: 'temporarily_closed',
      shopType: 'franchise',
      floorArea: 320.5,
      staffCount: 12,
      businessHours: '22:00-02:00',
      videoPlaybackHours: '20:00-04:00',
      trafficDisplayHours: '18:00-23:00',
      visitInterval: 90,
      timeZone: 'Asia/Seoul',
      indoorPositioning: true,
      positioningEngine: 'UWB',
      campus: 'Century Park',
      building: 'Tower 2',
      labels: ['flagship', 'mall', 'flagship'],
    });
    const shop = (await post(admin, '/api/shop/detail', { shopId })).body.data as ShopRow;
    expect(shop).toMatchObject({
      number: 'FULL-1',
      name: 'Full fields',
      orgId: region,
      orgName: 'Region',
      province: 'CN-SH',
      city: 'CN-SH-SH',
      district: 'CN-SH-PD',
      address: '100 Century Avenue',
      latitude: 31.2397,
      longitude: 121.4998,
      status: 'temporarily_closed',
      isClosed: false,
      closeTime: null,
      shopType: 'franchise',
      floorArea: 320.5,
      staffCount: 12,
      businessHours: '22:00-02:00',
      videoPlaybackHours: '20:00-04:00',
      trafficDisplayHours: '18:00-23:00',
      visitInterval: 90,
      timeZone: 'Asia/Seoul',
      indoorPositioning: true,
      positioningEngine: 'UWB',
      campus: 'Century Park',
      building: 'Tower 2',
      labels: ['flagship', 'mall'],
      features: { analytics: true, monitoring: true, inspections: true, liveVideo: true },
    });
    const log = await logsOf(shopId);
    expect(log.list[0]).toMatchObject({ action: 'add', userId: adminId, userName: 'Test User' });
    expect(log.list[0]?.changes).toEqual(expect.arrayContaining([{ field: 'number', old: null, new: 'FULL-1' }]));
  });

  it('requires name and number, in every language, writing nothing', async () => {
    const before = await countRows(t.db, 'shops');
    await expectMessageInAllLanguages((lang) => post(admin, '/api/shop/add', shopBody({ name: '' }), lang), 'validation.required', undefined, 400);
    await expectMessageInAllLanguages((lang) => post(admin, '/api/shop/add', shopBody({ number: '   ' }), lang), 'validation.required', undefined, 400);
    const missing = await post(admin, '/api/shop/add', { ...shopBody(), name: undefined });
    expect((missing.body.data as { fields: { field: string }[] }).fields[0]?.field).toBe('name');
    expect(await countRows(t.db, 'shops')).toBe(before);
  });

  it('refuses a number already used in the customer, but not one used by another customer', async () => {
    await addShop({ number: 'DUP-1' });
    const before = await countRows(t.db, 'shops');
    const logs = await countRows(t.db, 'shop_logs');
    await expectMessageInAllLanguages((lang) => post(admin, '/api/shop/add', shopBody({ number: 'DUP-1' }), lang), 'errors.shopNumberTaken', undefined, 422);
    expect(await countRows(t.db, 'shops')).toBe(before);
    expect(await countRows(t.db, 'shop_logs')).toBe(logs);
    await buildShop(t.db, other.customerId, other.rootOrgId, { number: 'OTHER-ONLY' });
    await addShop({ number: 'OTHER-ONLY' });
  });

  it('refuses an unknown parent organisation with not found, writing nothing', async () => {
    const before = await countRows(t.db, 'shops');
    await expectMessageInAllLanguages((lang) => post(admin, '/api/shop/add', shopBody({ orgId: 'no-such-org' }), lang), 'errors.notFound', undefined, 404);
    expect((await post(admin, '/api/shop/add', shopBody({ orgId: other.rootOrgId }))).body.status).toBe(404);
    expect(await countRows(t.db, 'shops')).toBe(before);
  });

  it('checks the time to store: above 0 and at most 90 (numberCompared messages)', async () => {
    const before = await countRows(t.db, 'shops');
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/shop/add', shopBody({ visitInterval: 0 }), lang),
      'validation.compare',
      { op: '>', value: 0 },
      400,
    );
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/shop/add', shopBody({ visitInterval: 91 }), lang),
      'validation.compare',
      { op: '<=', value: 90 },
      400,
    );
    expect((await post(admin, '/api/shop/add', shopBody({ visitInterval: 0 }))).body.msg).toBe('must > 0');
    expect((await post(admin, '/api/shop/add', shopBody({ visitInterval: 91 }))).body.msg).toBe('must <= 90');
    expect(await countRows(t.db, 'shops')).toBe(before);
  });

  it('refuses a video playback range shorter than business hours', async () => {
    const before = await countRows(t.db, 'shops');
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/shop/add', shopBody({ businessHours: '10:00-22:00', videoPlaybackHours: '11:00-22:00' }), lang),
      'validation.playbackShorterThanBusiness',
      undefined,
      400,
    );
    // Across midnight: 22:00-02:00 is four hours, so 21:00-01:00 covers it.
    await addShop({ businessHours: '22:00-02:00', videoPlaybackHours: '21:00-01:00' });
    expect(await countRows(t.db, 'shops')).toBe(before + 1);
  });

  it('refuses unknown time zones, malformed hours and mismatched regions', async () => {
    const before = await countRows(t.db, 'shops');
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/shop/add', shopBody({ timeZone: 'Mars/Olympus' }), lang),
      'validation.timeZone',
      undefined,
      400,
    );
    expect((await post(admin, '/api/shop/add', shopBody({ timeZone: '+08:00' }))).body.msg).toBe('Unknown time zone');
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/shop/add', shopBody({ businessHours: '9-18' }), lang),
      'validation.timeRange',
      undefined,
      400,
    );
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/shop/add', shopBody({ province: 'CN-SH', city: 'KR-11-SE' }), lang),
      'validation.region',
      undefined,
      400,
    );
    expect(await countRows(t.db, 'shops')).toBe(before);
  });
});

describe('changing a shop', () => {
  it('changes the fields sent, and logs field, old and new value', async () => {
    const shopId = await addShop({ name: 'Before', staffCount: 5, labels: ['a'] });
    const updated = await post(admin, '/api/shop/update', { shopId, name: 'After', staffCount: 7, labels: ['a', 'b'], address: '' });
    expect(updated.body.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'After', staffCount: 7, labels: ['a', 'b'], address: null, businessHours: '10:00-22:00' });
    const log = await logsOf(shopId);
    expect(log.total).toBe(2);
    expect(log.list[0]).toMatchObject({ action: 'update', userId: adminId });
    expect(log.list[0]?.changes).toEqual([
      { field: 'name', old: 'Before', new: 'After' },
      { field: 'staffCount', old: 5, new: 7 },
      { field: 'labels', old: ['a'], new: ['a', 'b'] },
    ]);
    // No change, no log row.
    await post(admin, '/api/shop/update', { shopId, name: 'After' });
    expect((await logsOf(shopId)).total).toBe(2);
  });

  it('checks the merged shop: playback vs business hours, number uniqueness', async () => {
    const shopId = await addShop({ number: 'MERGE-1', businessHours: '10:00-20:00', videoPlaybackHours: '10:00-20:00' });
    await addShop({ number: 'MERGE-2' });
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/shop/update', { shopId, businessHours: '09:00-21:00' }, lang),
      'validation.playbackShorterThanBusiness',
      undefined,
      400,
    );
    await expectMessageInAllLanguages((lang) => post(admin, '/api/shop/update', { shopId, number: 'MERGE-2' }, lang), 'errors.shopNumberTaken', undefined, 422);
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/shop/update', { shopId, visitInterval: 0 }, lang),
      'validation.compare',
      { op: '>', value: 0 },
      400,
    );
    const shop = (await post(admin, '/api/shop/detail', { shopId })).body.data as ShopRow;
    expect(shop).toMatchObject({ number: 'MERGE-1', businessHours: '10:00-20:00', visitInterval: 30 });
  });

  it('moves between open and temporarily closed both ways', async () => {
    const shopId = await addShop();
    expect((await post(admin, '/api/shop/update', { shopId, status: 'temporarily_closed' })).body.data).toMatchObject({ status: 'temporarily_closed' });
    expect((await post(admin, '/api/shop/update', { shopId, status: 'open' })).body.data).toMatchObject({ status: 'open', isClosed: false });
    const log = await logsOf(shopId);
    expect(log.list[0]).toMatchObject({ action: 'status', changes: [{ field: 'status', old: 'temporarily_closed', new: 'open' }] });
  });

  it('closing needs the confirmation; without it nothing is written', async () => {
    const shopId = await addShop();
    const logs = await countRows(t.db, 'shop_logs');
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/shop/update', { shopId, status: 'closed' }, lang),
      'errors.confirmCloseRequired',
      undefined,
      422,
    );
    const refusedClose = await post(admin, '/api/shop/update', { shopId, status: 'closed', confirmClose: false });
    expect(refusedClose.body.data).toEqual({ confirmRequired: true });
    const shop = (await post(admin, '/api/shop/detail', { shopId })).body.data as ShopRow;
    expect(shop).toMatchObject({ status: 'open', closeTime: null, features: { analytics: true, monitoring: true, inspections: true, liveVideo: true } });
    expect(await countRows(t.db, 'shop_logs')).toBe(logs);
  });

  it('closing is final: it stamps the time, turns the four features off, and cannot be undone', async () => {
    const shopId = await addShop({ status: 'temporarily_closed' });
    const closed = await post(admin, '/api/shop/update', { shopId, status: 'closed', confirmClose: true });
    expect(closed.body.data).toMatchObject({
      status: 'closed',
      isClosed: true,
      features: { analytics: false, monitoring: false, inspections: false, liveVideo: false },
    });
    const closeTime = (closed.body.data as ShopRow).closeTime;
    expect(closeTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const stored = await t.db
      .selectFrom('shops')
      .select(['analytics_enabled', 'monitoring_enabled', 'inspections_enabled', 'live_video_enabled', 'closed_at'])
      .where('id', '=', shopId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ analytics_enabled: 0, monitoring_enabled: 0, inspections_enabled: 0, live_video_enabled: 0, closed_at: closeTime });

    const logs = await countRows(t.db, 'shop_logs');
    await expectMessageInAllLanguages((lang) => post(admin, '/api/shop/update', { shopId, status: 'open' }, lang), 'errors.shopClosedFinal', undefined, 422);
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/shop/update', { shopId, status: 'temporarily_closed', confirmClose: true }, lang),
      'errors.shopClosedFinal',
      undefined,
      422,
    );
    expect(await countRows(t.db, 'shop_logs')).toBe(logs);
    expect(((await post(admin, '/api/shop/detail', { shopId })).body.data as ShopRow).status).toBe('closed');

    const tree = flatten((await post(admin, '/api/current/shoptree')).body.data as TreeNode[]);
    expect(tree.find((node) => node.shopId === shopId)).toMatchObject({ isClosed: true, closeTime });
    const log = await logsOf(shopId);
    expect(log.list[0]?.action).toBe('status');
    expect(log.list[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', old: 'temporarily_closed', new: 'closed' },
        { field: 'analytics', old: true, new: false },
        { field: 'liveVideo', old: true, new: false },
      ]),
    );
  });

  it('pages the change log, newest first', async () => {
    const shopId = await addShop({ name: 'v0' });
    for (let version = 1; version <= 3; version += 1) await post(admin, '/api/shop/update', { shopId, name: `v${version}` });
    const first = (await post(admin, '/api/shop/getShopLogList', { shopId, page: 1, pageSize: 2 })).body.data as LogPage;
    const second = (await post(admin, '/api/shop/getShopLogList', { shopId, page: 2, pageSize: 2 })).body.data as LogPage;
    expect(first.total).toBe(4);
    expect(first.list.map((row) => row.changes.find((c) => c.field === 'name')?.new)).toEqual(['v3', 'v2']);
    expect(second.list.map((row) => row.action)).toEqual(['update', 'add']);
  });

  it("answers another customer's shop with not found, and changes nothing", async () => {
    const shopId = await addShop({ name: 'Mine' });
    await expectMessageInAllLanguages((lang) => post(outsider, '/api/shop/update', { shopId, name: 'Theirs' }, lang), 'errors.notFound', undefined, 404);
    expect((await post(outsider, '/api/shop/getShopLogList', { shopId })).body.status).toBe(404);
    expect((await post(outsider, '/api/shop/detail', { shopId })).body.status).toBe(404);
    expect(((await post(admin, '/api/shop/detail', { shopId })).body.data as ShopRow).name).toBe('Mine');
  });

  it('a shop cannot be moved to an organisation outside the caller scope', async () => {
    const elsewhere = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'Elsewhere');
    const branch = await signIn(
      t.app,
      (await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.branchManage, orgId: region }])).loginName,
      demo.customerId,
    );
    const shopId = await addShop();
    expect((await post(branch, '/api/shop/update', { shopId, orgId: elsewhere })).body.status).toBe(404);
    expect((await post(branch, '/api/shop/update', { shopId, name: 'Branch renamed' })).body.status).toBe(200);
    const outside = await buildShop(t.db, demo.customerId, elsewhere);
    expect((await post(branch, '/api/shop/update', { shopId: outside, name: 'Nope' })).body.status).toBe(404);
  });
});

describe('shop labels', () => {
  it('lists the labels in use with their counts, within the caller scope', async () => {
    const customer = await buildCustomer(t.db, 'Label Co');
    const area = await buildOrg(t.db, customer.customerId, customer.rootOrgId, 'Area');
    const user = await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.superManager }]);
    const session = await signIn(t.app, user.loginName, customer.customerId);
    const body = {
      orgId: area,
      businessHours: '10:00-22:00',
      videoPlaybackHours: '10:00-22:00',
      trafficDisplayHours: '10:00-22:00',
      visitInterval: 30,
      timeZone: 'UTC',
    };
    await post(session, '/api/shop/add', { ...body, number: 'L1', name: 'L1', labels: ['mall', 'flagship'] });
    await post(session, '/api/shop/add', { ...body, number: 'L2', name: 'L2', labels: ['mall'] });
    const labels = await call(t.app, 'GET', '/api/shop/getShopLabelDic', undefined, session);
    expect(labels.body.data).toEqual([
      { label: 'flagship', count: 1 },
      { label: 'mall', count: 2 },
    ]);
    const outsiderLabels = await call(t.app, 'GET', '/api/shop/getShopLabelDic', undefined, outsider);
    expect(JSON.stringify(outsiderLabels.body.data)).not.toContain('flagship');
  });
});
