import { ALL_PERMISSION_KEYS, type PermissionKey, RoleId, type ShopRow, type TreeNode } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildOrg,
  buildRoleWithout,
  buildShop,
  buildUser,
  countRows,
  download,
  type Session,
  signIn,
  signInWithRole,
  uploadFile,
} from '../../../test/factories.ts';
import { call, createTestApp, expectMessageInAllLanguages, type TestApp } from '../../../test/harness.ts';
import { createRolesService } from '../users/roles.service.ts';

interface ShopPage {
  total: number;
  list: ShopRow[];
}

let t: TestApp;
let demo: { customerId: string; rootOrgId: string };
let other: { customerId: string; rootOrgId: string };
let east: string;
let west: string;
let deepest: string;
let eastShop: string;
let westShop: string;
let admin: Session;
let regional: Session;
let observer: Session;
let outsider: Session;

const post = (session: Session, url: string, body?: unknown, lang?: string) => call(t.app, 'POST', url, body, { ...session, ...(lang ? { lang } : {}) });
const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((node) => [node, ...flatten(node.sublist)]);

beforeAll(async () => {
  t = await createTestApp();
  demo = await buildCustomer(t.db, 'Org Co');
  other = await buildCustomer(t.db, 'Other Org Co');
  east = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'East');
  west = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'West');
  // Six levels below the root, to see the orgs columns cut at four plus the parent.
  let parent = east;
  for (const name of ['Shanghai City', 'Jingan', 'Mall A', 'Floor 1', 'Zone B']) parent = await buildOrg(t.db, demo.customerId, parent, name);
  deepest = parent;
  eastShop = await buildShop(t.db, demo.customerId, east, { name: 'East Flagship', number: 'E-001' });
  await buildShop(t.db, demo.customerId, deepest, { name: 'Zone Kiosk', number: 'E-002' });
  westShop = await buildShop(t.db, demo.customerId, west, { name: 'West Outlet', number: 'W-001' });
  await buildShop(t.db, demo.customerId, demo.rootOrgId, { name: 'Head Office Store', number: 'H-001' });
  await buildShop(t.db, other.customerId, other.rootOrgId, { name: 'Other store', number: 'E-001' });

  const everything = await createRolesService({ db: t.db }).createCustomRole(
    demo.customerId,
    'Regional admin',
    Object.fromEntries(ALL_PERMISSION_KEYS.map((key) => [key, 0])),
  );
  admin = await signInWithRole(t.app, t.db, demo.customerId, RoleId.superManager);
  regional = await signIn(t.app, (await buildUser(t.db, [{ customerId: demo.customerId, roleId: everything, orgId: east }])).loginName, demo.customerId);
  observer = await signInWithRole(t.app, t.db, demo.customerId, RoleId.observer);
  outsider = await signInWithRole(t.app, t.db, other.customerId, RoleId.superManager);
});
afterAll(async () => t.close());

describe('organisations', () => {
  it('adds an organisation under a parent; it appears in the tree with its code', async () => {
    const added = await post(admin, '/api/org/add', { parentId: west, name: 'West Coast', orgcode: 'W-COAST' });
    expect(added.body.status).toBe(200);
    expect(added.body.data).toMatchObject({ orgcode: 'W-COAST' });
    const tree = flatten((await post(admin, '/api/current/orgtree')).body.data as TreeNode[]);
    expect(tree.find((node) => node.orgcode === 'W-COAST')?.name).toBe('West Coast');
  });

  it('refuses a sibling with the same name, and a taken code, with nothing written', async () => {
    const before = await countRows(t.db, 'orgs');
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/org/add', { parentId: demo.rootOrgId, name: 'east' }, lang),
      'errors.nameOverlap',
      undefined,
      422,
    );
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/org/add', { parentId: east, name: 'New', orgcode: 'ROOT' }, lang),
      'errors.nameOverlap',
      undefined,
      422,
    );
    expect(await countRows(t.db, 'orgs')).toBe(before);
  });

  it('answers not found for an unknown parent, and requires a name', async () => {
    const before = await countRows(t.db, 'orgs');
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/org/add', { parentId: 'no-such-org', name: 'Lost' }, lang),
      'errors.notFound',
      undefined,
      404,
    );
    await expectMessageInAllLanguages((lang) => post(admin, '/api/org/add', { parentId: east, name: '  ' }, lang), 'validation.required', undefined, 400);
    expect(await countRows(t.db, 'orgs')).toBe(before);
  });

  it('renames, refusing a sibling name', async () => {
    const orgId = await buildOrg(t.db, demo.customerId, west, 'Temp name');
    expect((await post(admin, '/api/org/changeName', { orgId, name: 'West Inland' })).body.status).toBe(200);
    const tree = flatten((await post(admin, '/api/current/orgtree')).body.data as TreeNode[]);
    expect(tree.some((node) => node.name === 'West Inland')).toBe(true);
    await expectMessageInAllLanguages((lang) => post(admin, '/api/org/changeName', { orgId, name: 'WEST COAST' }, lang), 'errors.nameOverlap', undefined, 422);
  });

  it('refuses to delete an organisation with shops, children or users, or the root; nothing is deleted', async () => {
    const withShop = await buildOrg(t.db, demo.customerId, west, 'Has a shop');
    await buildShop(t.db, demo.customerId, withShop);
    const withChild = await buildOrg(t.db, demo.customerId, west, 'Has a child');
    await buildOrg(t.db, demo.customerId, withChild, 'The child');
    const withUser = await buildOrg(t.db, demo.customerId, west, 'Has a user');
    await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.branchManage, orgId: withUser }]);
    const before = await countRows(t.db, 'orgs');
    await expectMessageInAllLanguages((lang) => post(admin, '/api/org/delete', { orgId: withShop }, lang), 'errors.orgHasShops', undefined, 422);
    await expectMessageInAllLanguages((lang) => post(admin, '/api/org/delete', { orgId: withChild }, lang), 'errors.orgHasChildren', undefined, 422);
    await expectMessageInAllLanguages((lang) => post(admin, '/api/org/delete', { orgId: withUser }, lang), 'errors.orgHasUsers', undefined, 422);
    await expectMessageInAllLanguages((lang) => post(admin, '/api/org/delete', { orgId: demo.rootOrgId }, lang), 'errors.rootOrgLocked', undefined, 422);
    expect(await countRows(t.db, 'orgs')).toBe(before);
  });

  it('deletes an empty organisation', async () => {
    const orgId = await buildOrg(t.db, demo.customerId, west, 'Empty');
    const before = await countRows(t.db, 'orgs');
    expect((await post(admin, '/api/org/delete', { orgId })).body.status).toBe(200);
    expect(await countRows(t.db, 'orgs')).toBe(before - 1);
    expect((await post(admin, '/api/org/delete', { orgId })).body.status).toBe(404);
  });

  it('keeps a regional administrator inside their subtree', async () => {
    expect((await post(regional, '/api/org/add', { parentId: east, name: 'East North' })).body.status).toBe(200);
    for (const [url, body] of [
      ['/api/org/add', { parentId: west, name: 'Sneaky' }],
      ['/api/org/add', { parentId: demo.rootOrgId, name: 'Sneaky' }],
      ['/api/org/changeName', { orgId: west, name: 'Renamed' }],
      ['/api/org/delete', { orgId: west }],
    ] as const) {
      const response = await post(regional, url, body);
      expect(response.body, url).toMatchObject({ status: 404, msg: 'Not found or no access' });
    }
  });
});

describe('shop lists', () => {
  it('lists the whole subtree of an organisation with the orgs columns of spec section 3', async () => {
    const page = (await post(admin, '/api/shop/getShopListByParentOrg', { orgId: east })).body.data as ShopPage;
    expect(page.list.map((shop) => shop.number)).toEqual(['E-001', 'E-002']);
    const kiosk = page.list.find((shop) => shop.number === 'E-002') as ShopRow;
    expect(kiosk.orgPath).toEqual(['Org Co', 'East', 'Shanghai City', 'Jingan', 'Mall A', 'Floor 1', 'Zone B']);
    expect(kiosk.orgColumns).toEqual({ parent: 'Zone B', levels: ['East', 'Shanghai City', 'Jingan', 'Mall A'] });
    const flagship = page.list.find((shop) => shop.number === 'E-001') as ShopRow;
    expect(flagship.orgColumns).toEqual({ parent: 'East', levels: ['--', '--', '--', '--'] });
    const all = (await post(admin, '/api/shop/getShopListByParentOrg', { orgId: demo.rootOrgId, keyword: 'H-' })).body.data as ShopPage;
    expect(all.list[0]?.orgColumns).toEqual({ parent: '--', levels: ['--', '--', '--', '--'] });
  });

  it('pages, searches by name or number, and hides closed shops on request', async () => {
    const first = (await post(admin, '/api/shop/getShopListByParentOrg', { orgId: demo.rootOrgId, page: 1, pageSize: 2 })).body.data as ShopPage;
    const second = (await post(admin, '/api/shop/getShopListByParentOrg', { orgId: demo.rootOrgId, page: 2, pageSize: 2 })).body.data as ShopPage;
    expect(first.list).toHaveLength(2);
    const demoShops = await t.db
      .selectFrom('shops')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', demo.customerId)
      .executeTakeFirstOrThrow();
    expect(first.total).toBe(Number(demoShops.n));
    expect(new Set([...first.list, ...second.list].map((shop) => shop.shopId)).size).toBe(first.list.length + second.list.length);
    const byName = (await post(admin, '/api/stShop/getList', { keyword: 'outlet' })).body.data as ShopPage;
    expect(byName.list.map((shop) => shop.shopId)).toEqual([westShop]);
    const byNumber = (await post(admin, '/api/stShop/getList', { keyword: 'e-00' })).body.data as ShopPage;
    expect(byNumber.list.map((shop) => shop.number)).toEqual(['E-001', 'E-002']);
    const wildcard = (await post(admin, '/api/stShop/getList', { keyword: '%' })).body.data as ShopPage;
    expect(wildcard.total).toBe(0);

    const closing = await buildShop(t.db, demo.customerId, west, { name: 'Closing soon', number: 'W-CLOSE' });
    expect((await post(admin, '/api/shop/update', { shopId: closing, status: 'closed', confirmClose: true })).body.status).toBe(200);
    const withClosed = (await post(admin, '/api/shop/getShopListByParentOrg', { orgId: west })).body.data as ShopPage;
    expect(withClosed.list.find((shop) => shop.shopId === closing)?.isClosed).toBe(true);
    const withoutClosed = (await post(admin, '/api/shop/getShopListByParentOrg', { orgId: west, hideClosed: true })).body.data as ShopPage;
    expect(withoutClosed.list.some((shop) => shop.shopId === closing)).toBe(false);
  });

  it("limits every list to the caller's data scope", async () => {
    const mine = (await post(regional, '/api/stShop/getList')).body.data as ShopPage;
    expect(mine.list.map((shop) => shop.number).sort()).toEqual(['E-001', 'E-002']);
    const sub = (await post(regional, '/api/shop/getShopListByParentOrg', { orgId: deepest })).body.data as ShopPage;
    expect(sub.list.map((shop) => shop.number)).toEqual(['E-002']);
    for (const orgId of [west, demo.rootOrgId, 'no-such-org']) {
      expect((await post(regional, '/api/shop/getShopListByParentOrg', { orgId })).body.status, orgId).toBe(404);
      expect((await post(regional, '/api/stShop/getList', { orgId })).body.status, orgId).toBe(404);
    }
    expect((await post(regional, '/api/shop/detail', { shopId: westShop })).body.status).toBe(404);
    expect((await post(regional, '/api/shop/detail', { shopId: eastShop })).body.status).toBe(200);
    const merged = (await post(regional, '/api/stShop/getListOfMerge')).body.data as { shops: { shopId: string }[] };
    expect(merged.shops.map((shop) => shop.shopId)).not.toContain(westShop);
    expect(merged.shops.map((shop) => shop.shopId)).toContain(eastShop);
  });

  it('a store user lists their own shops, also when filtering by an organisation above them', async () => {
    const store = await signIn(
      t.app,
      (await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.storeManage, shopIds: [westShop] }])).loginName,
      demo.customerId,
    );
    const mine = (await post(store, '/api/stShop/getList', { orgId: demo.rootOrgId })).body.data as ShopPage;
    expect(mine.list.map((shop) => shop.shopId)).toEqual([westShop]);
  });
});

/** Every operation of this module with the feature key its guard declares (null: any member of the customer). */
const OPERATIONS: { url: string; method: 'GET' | 'POST'; key: PermissionKey | null; body: () => unknown }[] = [
  { url: '/api/org/add', method: 'POST', key: 'org_add', body: () => ({ parentId: demo.rootOrgId, name: 'Swept' }) },
  { url: '/api/org/changeName', method: 'POST', key: 'org_rename', body: () => ({ orgId: east, name: 'Swept' }) },
  { url: '/api/org/delete', method: 'POST', key: 'org_delete', body: () => ({ orgId: west }) },
  { url: '/api/shop/getShopListByParentOrg', method: 'POST', key: 'cueretail_org_manage', body: () => ({ orgId: demo.rootOrgId }) },
  { url: '/api/shop/getShopLogList', method: 'POST', key: 'cueretail_org_manage', body: () => ({ shopId: eastShop }) },
  {
    url: '/api/shop/add',
    method: 'POST',
    key: 'shop_add',
    body: () => ({
      number: 'SWEEP-1',
      name: 'Swept',
      orgId: east,
      businessHours: '10:00-22:00',
      videoPlaybackHours: '10:00-22:00',
      trafficDisplayHours: '10:00-22:00',
      visitInterval: 30,
      timeZone: 'Asia/Shanghai',
    }),
  },
  { url: '/api/shop/update', method: 'POST', key: 'shop_update', body: () => ({ shopId: eastShop, name: 'Swept' }) },
  { url: '/api/shop/uploadTemplate', method: 'GET', key: 'shop_upload', body: () => undefined },
  { url: '/api/shop/downloadUploadErrorData', method: 'POST', key: 'shop_upload', body: () => ({ errorReportId: 'x' }) },
  { url: '/api/shopGroup/add', method: 'POST', key: 'shopgroup_add', body: () => ({ name: 'Swept', shopIds: [eastShop] }) },
  { url: '/api/shopGroup/update', method: 'POST', key: 'shopgroup_add', body: () => ({ groupId: 'x', name: 'Swept' }) },
  { url: '/api/shopGroup/delete', method: 'POST', key: 'shopgroup_add', body: () => ({ groupId: 'x' }) },
  { url: '/api/stShop/getList', method: 'POST', key: null, body: () => ({}) },
  { url: '/api/stShop/getListOfMerge', method: 'POST', key: null, body: () => undefined },
  { url: '/api/shop/detail', method: 'POST', key: null, body: () => ({ shopId: eastShop }) },
  { url: '/api/shop/getShopLabelDic', method: 'GET', key: null, body: () => undefined },
  { url: '/api/shopGroup/list', method: 'POST', key: null, body: () => undefined },
  { url: '/api/shopGroup/shopNum', method: 'POST', key: null, body: () => ({ groupId: 'x' }) },
];

describe('authority', () => {
  it('bars the observer from organisation management, before looking at the body', async () => {
    const managed = OPERATIONS.filter((operation) => operation.key !== null);
    for (const operation of managed) {
      const response = await call(t.app, operation.method, operation.url, operation.method === 'POST' ? { garbage: true } : undefined, observer);
      expect(response.body.status, operation.url).toBe(403);
    }
    const upload = await uploadFile(t.app, '/api/shop/upload', { name: 'x.xlsx', content: Buffer.from('x') }, observer);
    expect(upload.body.status).toBe(403);
    await expectMessageInAllLanguages((lang) => post(observer, '/api/org/add', { parentId: east, name: 'x' }, lang), 'errors.noAuthority', undefined, 403);
  });

  it('the observer is barred even when its map would allow the operation', async () => {
    const before = await countRows(t.db, 'orgs');
    // Give the customer's observer role every key: the role rule still bars it.
    await t.db
      .updateTable('roles')
      .set({ privileges: JSON.stringify(Object.fromEntries(ALL_PERMISSION_KEYS.map((key) => [key, 0]))) })
      .where('customer_id', '=', demo.customerId)
      .where('id', '=', RoleId.observer)
      .execute();
    expect((await post(observer, '/api/org/add', { parentId: east, name: 'Observer org' })).body.status).toBe(403);
    expect((await post(observer, '/api/shop/update', { shopId: eastShop, name: 'Observer edit' })).body.status).toBe(403);
    await t.db.updateTable('roles').set({ privileges: '{}' }).where('customer_id', '=', demo.customerId).where('id', '=', RoleId.observer).execute();
    expect(await countRows(t.db, 'orgs')).toBe(before);
  });

  it('refuses a custom role that lacks exactly the operation key', async () => {
    for (const operation of OPERATIONS.filter((op) => op.key !== null)) {
      const roleId = await buildRoleWithout(t.db, demo.customerId, [operation.key as PermissionKey]);
      const user = await buildUser(t.db, [{ customerId: demo.customerId, roleId }]);
      const session = await signIn(t.app, user.loginName, demo.customerId);
      const response = await call(t.app, operation.method, operation.url, operation.body(), session);
      expect(response.body.status, operation.url).toBe(403);
    }
    const roleId = await buildRoleWithout(t.db, demo.customerId, ['shop_upload']);
    const session = await signIn(t.app, (await buildUser(t.db, [{ customerId: demo.customerId, roleId }])).loginName, demo.customerId);
    expect((await uploadFile(t.app, '/api/shop/upload', { name: 'x.xlsx', content: Buffer.from('x') }, session)).body.status).toBe(403);
  });

  it("answers another customer's ids with not found, and lists none of them", async () => {
    const demoIds = [demo.rootOrgId, east, west, eastShop, westShop];
    for (const operation of OPERATIONS) {
      const response =
        operation.method === 'GET'
          ? await download(t.app, 'GET', operation.url, undefined, outsider).then((r) => ({ text: r.content.toString('latin1'), status: r.http }))
          : await post(outsider, operation.url, operation.body()).then((r) => ({ text: JSON.stringify(r.body), status: r.body.status }));
      for (const id of demoIds) expect(response.text.includes(id), `${operation.url} leaks ${id}`).toBe(false);
      const namesDemoId = JSON.stringify(operation.body() ?? {}).match(/"(parentId|orgId|shopId|shopIds)"/) !== null && operation.url !== '/api/stShop/getList';
      if (namesDemoId) expect(response.status, operation.url).toBe(404);
    }
    const tree = flatten((await post(outsider, '/api/current/shoptree')).body.data as TreeNode[]);
    expect(tree.filter((node) => node.orgType === 1).map((node) => node.name)).toEqual(['Other store']);
  });
});
