import { ALL_PERMISSION_KEYS, RoleId, type TreeNode } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildCamera, buildCustomer, buildOrg, buildShop, buildUser, signIn, TEST_PASSWORD } from '../../../test/factories.ts';
import { call, createTestApp, expectMessageInAllLanguages, type TestApp } from '../../../test/harness.ts';
import { defineOperation } from '../../platform/http/operation.ts';
import { advanceClock, resetClock } from '../../platform/time/clock.ts';
import { createRolesService } from '../users/roles.service.ts';

let t: TestApp;
let demo: { customerId: string; rootOrgId: string };
let other: { customerId: string; rootOrgId: string };
let regionA: string;
let regionB: string;
let shopA1: string;
let shopB1: string;
let otherShop: string;

/** Every operation that needs a selected customer, with a valid body, for the sweeps below. */
const CUSTOMER_OPERATIONS: [string, unknown][] = [
  ['/api/current/permissionMap', undefined],
  ['/api/current/getUserInfo', undefined],
  ['/api/current/noticeCount', undefined],
  ['/api/current/holidays', { years: [2026] }],
  ['/api/current/getSpecialPower', undefined],
  ['/api/current/getTSRetentionDays', undefined],
  ['/api/current/orgtree', undefined],
  ['/api/current/shoptree', undefined],
  ['/api/current/shoptree2', { variant: 'all' }],
  ['/api/current/cameratree2', undefined],
  ['/api/current/getCityTree', undefined],
];

function flatten(nodes: TreeNode[]): TreeNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.sublist), ...flatten(node.cameraList ?? [])]);
}

beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    // A guarded operation with a body, to prove authority is decided before validation.
    defineOperation(app, {
      method: 'POST',
      url: '/api/test/guarded',
      summary: 'test',
      tags: ['test'],
      guard: { auth: 'customer', permission: 'org_add' },
      body: z.object({ name: z.string().min(3) }),
      response: z.null(),
      handler: async () => null,
    });
  });
  demo = await buildCustomer(t.db, 'Demo Co');
  other = await buildCustomer(t.db, 'Other Co');
  regionA = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'Region A');
  regionB = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'Region B');
  shopA1 = await buildShop(t.db, demo.customerId, regionA, { name: 'Shop A1', number: 'A1' });
  await buildShop(t.db, demo.customerId, regionA, { name: 'Shop A2', number: 'A2' });
  shopB1 = await buildShop(t.db, demo.customerId, regionB, { name: 'Shop B1', number: 'B1' });
  await buildCamera(t.db, demo.customerId, shopA1);
  otherShop = await buildShop(t.db, other.customerId, other.rootOrgId, { name: 'Other shop', number: 'O1' });
});
afterAll(async () => t.close());

describe('selecting a customer', () => {
  it('returns the role and customer info, and binds the session', async () => {
    const user = await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.manager }]);
    const { token } = await signIn(t.app, user.loginName);
    const customers = await call(t.app, 'POST', '/api/current/authcus', undefined, { token });
    expect(customers.body.data).toEqual([{ cid: demo.customerId, cname: 'Demo Co' }]);
    const selected = await call(t.app, 'POST', '/api/current/selectcus', { cid: demo.customerId }, { token });
    expect(selected.body.data).toEqual({
      rid: RoleId.manager,
      roleName: 'Manager',
      cusInfo: { cid: demo.customerId, cname: 'Demo Co', countries: ['CN'], defaultTimeZone: 'Asia/Shanghai' },
      wholeCustomer: true,
    });
    const inKorean = await call(t.app, 'POST', '/api/current/selectcus', { cid: demo.customerId }, { token, lang: 'kr' });
    expect((inKorean.body.data as { roleName: string }).roleName).toBe('관리자');
    const infoInJapanese = await call(t.app, 'POST', '/api/current/getUserInfo', undefined, { token, cid: demo.customerId, lang: 'jp' });
    expect((infoInJapanese.body.data as { roleName: string }).roleName).toBe('管理者');
  });

  it('answers not found or no access for a customer the user does not belong to', async () => {
    const user = await buildUser(t.db, [{ customerId: other.customerId, roleId: RoleId.superManager }]);
    const { token } = await signIn(t.app, user.loginName);
    await expectMessageInAllLanguages(
      (lang) => call(t.app, 'POST', '/api/current/selectcus', { cid: demo.customerId }, { token, lang }),
      'errors.unknownCustomer',
      undefined,
      404,
    );
    await expectMessageInAllLanguages(
      (lang) => call(t.app, 'POST', '/api/current/selectcus', { cid: 'no-such-customer' }, { token, lang }),
      'errors.unknownCustomer',
      undefined,
      404,
    );
  });

  it('tells another tab that the customer was switched, carrying the new customer in msg', async () => {
    const user = await buildUser(t.db, [
      { customerId: demo.customerId, roleId: RoleId.innerOperation },
      { customerId: other.customerId, roleId: RoleId.innerOperation },
    ]);
    const { token } = await signIn(t.app, user.loginName, demo.customerId);
    await call(t.app, 'POST', '/api/current/selectcus', { cid: other.customerId }, { token });
    const staleTab = await call(t.app, 'POST', '/api/current/shoptree', undefined, { token, cid: demo.customerId });
    expect(staleTab.http).toBe(409);
    expect(staleTab.body).toEqual({ status: 409, msg: other.customerId, data: { cid: other.customerId } });
    const followed = await call(t.app, 'POST', '/api/current/shoptree', undefined, { token, cid: other.customerId });
    expect(
      flatten(followed.body.data as TreeNode[])
        .map((n) => n.shopId)
        .filter(Boolean),
    ).toEqual([otherShop]);
  });

  it('asks to select a customer before customer operations', async () => {
    const user = await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.manager }]);
    const { token } = await signIn(t.app, user.loginName);
    await expectMessageInAllLanguages(
      (lang) => call(t.app, 'POST', '/api/current/permissionMap', undefined, { token, cid: '-1', lang }),
      'errors.noCustomerSelected',
      undefined,
      400,
    );
  });
});

describe('sessions', () => {
  it('answers Login again please for no, forged and expired tokens, in every language', async () => {
    const user = await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.manager }]);
    const { token, cid } = await signIn(t.app, user.loginName, demo.customerId);
    await expectMessageInAllLanguages((lang) => call(t.app, 'POST', '/api/current/permissionMap', undefined, { lang }), 'errors.loginAgain', undefined, 401);
    await expectMessageInAllLanguages(
      (lang) => call(t.app, 'POST', '/api/current/permissionMap', undefined, { token: `${token}x`, cid, lang }),
      'errors.loginAgain',
      undefined,
      401,
    );
    expect((await call(t.app, 'POST', '/api/current/permissionMap', undefined, { token, cid })).http).toBe(200);
    advanceClock(13 * 3_600_000);
    expect((await call(t.app, 'POST', '/api/current/permissionMap', undefined, { token, cid })).http).toBe(401);
    resetClock();
  });
});

describe('permission map and authority', () => {
  it('gives every key a 0, 1 or 2 from the role', async () => {
    const observer = await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.observer }]);
    const session = await signIn(t.app, observer.loginName, demo.customerId);
    const map = (await call(t.app, 'POST', '/api/current/permissionMap', undefined, session)).body.data as Record<string, number>;
    expect(Object.keys(map).sort()).toEqual([...ALL_PERMISSION_KEYS].sort());
    expect(map.cueretail_traffic_nav).toBe(0);
    expect(map.cueretail_user_manage).toBe(2);
    expect(map.org_add).toBe(2);
  });

  it('refuses an operation the role lacks before looking at the body, in every language', async () => {
    const observer = await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.observer }]);
    const session = await signIn(t.app, observer.loginName, demo.customerId);
    await expectMessageInAllLanguages(
      (lang) => call(t.app, 'POST', '/api/test/guarded', { name: 1 }, { ...session, lang }),
      'errors.noAuthority',
      undefined,
      403,
    );
    const admin = await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.superManager }]);
    const adminSession = await signIn(t.app, admin.loginName, demo.customerId);
    expect((await call(t.app, 'POST', '/api/test/guarded', { name: 1 }, adminSession)).body.status).toBe(400);
    expect((await call(t.app, 'POST', '/api/test/guarded', { name: 'abc' }, adminSession)).body.status).toBe(200);
  });

  it('follows custom role privileges: a role without the message key cannot read notice counts', async () => {
    const roleId = await createRolesService({ db: t.db }).createCustomRole(demo.customerId, 'No messages', { cueretail_traffic_nav: 0, message_nav: 2 });
    const user = await buildUser(t.db, [{ customerId: demo.customerId, roleId }]);
    const session = await signIn(t.app, user.loginName, demo.customerId);
    expect((await call(t.app, 'POST', '/api/current/noticeCount', undefined, session)).body.status).toBe(403);
    const map = (await call(t.app, 'POST', '/api/current/permissionMap', undefined, session)).body.data as Record<string, number>;
    expect(map.message_nav).toBe(2);
    expect(map.video_nav).toBe(2);
    expect(map.cueretail_traffic_nav).toBe(0);
  });
});

describe('trees and data scope', () => {
  it('shows the whole tree to an unscoped user, with prefixed keys and camera lists', async () => {
    const admin = await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.superManager }]);
    const session = await signIn(t.app, admin.loginName, demo.customerId);
    const tree = (await call(t.app, 'POST', '/api/current/cameratree2', undefined, session)).body.data as TreeNode[];
    expect(tree).toHaveLength(1);
    expect(tree[0]?.key).toBe('o_ROOT');
    expect(tree[0]?.orgId).toBe(demo.rootOrgId);
    const nodes = flatten(tree);
    const shop = nodes.find((node) => node.shopId === shopA1);
    expect(shop?.key).toBe(`s_${shopA1}`);
    expect(shop?.orgType).toBe(1);
    expect(shop?.cameraList?.[0]?.key).toMatch(/^c_/);
    expect(nodes.filter((node) => node.orgType === 1)).toHaveLength(3);
    const orgs = (await call(t.app, 'POST', '/api/current/orgtree', undefined, session)).body.data as TreeNode[];
    expect(flatten(orgs).every((node) => node.orgType === 0)).toBe(true);
  });

  it('limits a region user to their region; ancestors are shown but not selectable', async () => {
    const branch = await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.branchManage, orgId: regionA }]);
    const session = await signIn(t.app, branch.loginName, demo.customerId);
    const nodes = flatten((await call(t.app, 'POST', '/api/current/shoptree', undefined, session)).body.data as TreeNode[]);
    expect(
      nodes
        .filter((n) => n.orgType === 1)
        .map((n) => n.name)
        .sort(),
    ).toEqual(['Shop A1', 'Shop A2']);
    expect(nodes.find((n) => n.name === 'Demo Co')?.prmType).toBe(-1);
    expect(nodes.find((n) => n.name === 'Region A')?.prmType).toBe(0);
    expect(nodes.find((n) => n.name === 'Region B')).toBeUndefined();
  });

  it('limits a store user to their stores', async () => {
    const store = await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.storeManage, shopIds: [shopB1] }]);
    const session = await signIn(t.app, store.loginName, demo.customerId);
    const nodes = flatten((await call(t.app, 'POST', '/api/current/shoptree2', { variant: 'all' }, session)).body.data as TreeNode[]);
    expect(nodes.filter((n) => n.orgType === 1).map((n) => n.shopId)).toEqual([shopB1]);
    expect(nodes.filter((n) => n.orgType === 0).every((n) => n.prmType === -1)).toBe(true);
  });

  it('tree variants: device keeps shops with a box; hideClosed drops closed shops', async () => {
    const admin = await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.superManager }]);
    const session = await signIn(t.app, admin.loginName, demo.customerId);
    const device = flatten((await call(t.app, 'POST', '/api/current/shoptree2', { variant: 'device' }, session)).body.data as TreeNode[]);
    expect(device.filter((n) => n.orgType === 1).map((n) => n.shopId)).toEqual([shopA1]);
    await t.db.updateTable('shops').set({ status: 'closed', closed_at: new Date().toISOString() }).where('id', '=', shopB1).execute();
    const all = flatten((await call(t.app, 'POST', '/api/current/shoptree2', { variant: 'all' }, session)).body.data as TreeNode[]);
    expect(all.find((n) => n.shopId === shopB1)?.isClosed).toBe(true);
    const open = flatten((await call(t.app, 'POST', '/api/current/shoptree', { hideClosed: true }, session)).body.data as TreeNode[]);
    expect(open.some((n) => n.shopId === shopB1)).toBe(false);
    await t.db.updateTable('shops').set({ status: 'open', closed_at: null }).where('id', '=', shopB1).execute();
  });

  it("never shows one customer's data to another customer's user, on any operation", async () => {
    const outsider = await buildUser(t.db, [{ customerId: other.customerId, roleId: RoleId.superManager }]);
    const session = await signIn(t.app, outsider.loginName, other.customerId);
    const demoIds = [demo.customerId, demo.rootOrgId, regionA, regionB, shopA1, shopB1];
    for (const [url, body] of CUSTOMER_OPERATIONS) {
      const response = await call(t.app, 'POST', url, body, session);
      expect(response.body.status, url).toBe(200);
      const text = JSON.stringify(response.body.data);
      for (const id of demoIds) expect(text.includes(id), `${url} leaks ${id}`).toBe(false);
      // And naming the other customer in the header does not help.
      const pointed = await call(t.app, 'POST', url, body, { token: session.token, cid: demo.customerId });
      expect(pointed.body.status, url).toBe(409);
      expect(JSON.stringify(pointed.body).includes(shopA1)).toBe(false);
    }
  });

  it('requires a session for every customer operation', async () => {
    for (const [url, body] of CUSTOMER_OPERATIONS) {
      const response = await call(t.app, 'POST', url, body);
      expect(response.body.status, url).toBe(401);
    }
  });
});

describe('personal details', () => {
  it('reads and edits own details with the spec rules', async () => {
    const user = await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.manager, orgId: regionA }]);
    const session = await signIn(t.app, user.loginName, demo.customerId);
    const info = (await call(t.app, 'POST', '/api/current/getUserInfo', undefined, session)).body.data as Record<string, unknown>;
    expect(info).toMatchObject({ uid: user.userId, loginName: user.loginName, rid: RoleId.manager, roleName: 'Manager', organisation: 'Region A' });

    await expectMessageInAllLanguages(
      (lang) => call(t.app, 'POST', '/api/current/updateSelfInfo', { surname: 'S', givenName: 'x'.repeat(15) }, { ...session, lang }),
      'validation.maxChars',
      { n: 14 },
      400,
    );
    await expectMessageInAllLanguages(
      (lang) => call(t.app, 'POST', '/api/current/updateSelfInfo', { surname: '', givenName: 'Ann' }, { ...session, lang }),
      'validation.required',
      undefined,
      400,
    );
    await expectMessageInAllLanguages(
      (lang) => call(t.app, 'POST', '/api/current/updateSelfInfo', { surname: 'Li', givenName: 'Ann', mobile: '123' }, { ...session, lang }),
      'validation.phone',
      undefined,
      400,
    );
    await expectMessageInAllLanguages(
      (lang) => call(t.app, 'POST', '/api/current/updateSelfInfo', { surname: 'Li', givenName: 'Ann', email: 'nope' }, { ...session, lang }),
      'validation.email',
      undefined,
      400,
    );
    expect(
      (await call(t.app, 'POST', '/api/current/updateSelfInfo', { surname: 'Li', givenName: 'Ann', mobile: '13911112222', locale: 'kr' }, session)).body.status,
    ).toBe(200);
    const updated = (await call(t.app, 'POST', '/api/current/getUserInfo', undefined, session)).body.data as Record<string, unknown>;
    expect(updated).toMatchObject({ surname: 'Li', givenName: 'Ann', username: 'Li Ann', mobile: '13911112222', locale: 'kr' });
  });

  it('changes own password: old one checked, other sessions end, this one stays', async () => {
    const user = await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.manager }]);
    const here = await signIn(t.app, user.loginName, demo.customerId);
    const elsewhere = await signIn(t.app, user.loginName, demo.customerId);
    const wrongOld = await call(
      t.app,
      'POST',
      '/api/current/changePwd',
      { oldPassword: 'Nope#1234', password: 'Fresh#2026', confirmPassword: 'Fresh#2026' },
      here,
    );
    expect(wrongOld.body.msg).toBe('The current password is incorrect');
    const changed = await call(
      t.app,
      'POST',
      '/api/current/changePwd',
      { oldPassword: TEST_PASSWORD, password: 'Fresh#2026', confirmPassword: 'Fresh#2026' },
      here,
    );
    expect(changed.body.status).toBe(200);
    expect((await call(t.app, 'POST', '/api/current/permissionMap', undefined, here)).body.status).toBe(200);
    expect((await call(t.app, 'POST', '/api/current/permissionMap', undefined, elsewhere)).body.status).toBe(401);
  });
});

describe('reference data', () => {
  it("lists public holidays of the customer's countries keyed by date, in the caller's language", async () => {
    const user = await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.manager }]);
    const session = await signIn(t.app, user.loginName, demo.customerId);
    const english = (await call(t.app, 'POST', '/api/current/holidays', { years: [2025, 2026, 2027], status: -1 }, session)).body.data as Record<
      string,
      { name: string; country: string }[]
    >;
    expect(english['2026-10-01']?.[0]).toMatchObject({ country: 'CN', name: 'National Day' });
    const chinese = (await call(t.app, 'POST', '/api/current/holidays', { years: [2026] }, { ...session, lang: 'zh' })).body.data as Record<
      string,
      { name: string }[]
    >;
    expect(chinese['2026-10-01']?.[0]?.name).toBe('国庆节');
    const tooMany = await call(t.app, 'POST', '/api/current/holidays', { years: [2025, 2026, 2027, 2028] }, session);
    expect(tooMany.body.status).toBe(400);
  });

  it('serves the language dictionary, special powers, retention days and notice counts', async () => {
    const admin = await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.superManager }]);
    const session = await signIn(t.app, admin.loginName, demo.customerId);
    const dictionary = (await call(t.app, 'POST', '/api/current/getLangDic')).body.data as Record<string, { en: string; ch: string; kr: string; jp: string }>;
    expect(dictionary['errors.oneClient']).toEqual({
      en: 'You only have 1 client at the moment',
      ch: '您目前只有1个客户',
      kr: '현재 고객이 1개뿐입니다',
      jp: '現在、顧客は1つだけです',
    });
    expect((await call(t.app, 'POST', '/api/current/getSpecialPower', undefined, session)).body.data).toEqual({
      superManager: true,
      allShops: true,
      powers: ['store_plan_tools'],
    });
    expect((await call(t.app, 'POST', '/api/current/getTSRetentionDays', undefined, session)).body.data).toEqual({ days: 30 });
    await t.db
      .insertInto('messages')
      .values([
        { customer_id: demo.customerId, id: 'm1', user_id: admin.userId, kind: 1, title: 'a', body: 'a', read_at: null, created_at: new Date().toISOString() },
        { customer_id: demo.customerId, id: 'm2', user_id: admin.userId, kind: 3, title: 'b', body: 'b', read_at: null, created_at: new Date().toISOString() },
        {
          customer_id: demo.customerId,
          id: 'm3',
          user_id: admin.userId,
          kind: 3,
          title: 'c',
          body: 'c',
          read_at: new Date().toISOString(),
          created_at: new Date().toISOString(),
        },
      ])
      .execute();
    expect((await call(t.app, 'POST', '/api/current/noticeCount', undefined, session)).body.data).toEqual({ alert: 1, plan: 0, rectification: 1 });
  });

  it('reports health and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready', database: t.dialect });
  });

  it('answers unknown API paths with a not-found envelope', async () => {
    const response = await call(t.app, 'POST', '/api/no/such/operation', {});
    expect(response.http).toBe(404);
    expect(response.body.msg).toBe('Not found or no access');
  });
});
