import { PASSWORD_SPECIALS, type PermissionKey, RoleId, type TreeNode, translateMessage, type UserRow } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildOrg,
  buildRoleWithout,
  buildShop,
  buildUser,
  countRows,
  type Session,
  signIn,
  signInWithRole,
  TEST_PASSWORD,
} from '../../../test/factories.ts';
import { call, createTestApp, expectMessageInAllLanguages, type TestApp } from '../../../test/harness.ts';

interface UserPage {
  total: number;
  list: UserRow[];
}

let t: TestApp;
let demo: { customerId: string; rootOrgId: string };
let other: { customerId: string; rootOrgId: string };
let north: string;
let south: string;
let northShop: string;
let southShop: string;
let admin: Session;
let adminId: string;
let branch: Session;
let observer: Session;
let outsider: Session;
let counter = 0;

const post = (session: Session, url: string, body?: unknown, lang?: string) => call(t.app, 'POST', url, body, { ...session, ...(lang ? { lang } : {}) });
const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((node) => [node, ...flatten(node.sublist)]);
const NEW_PASSWORD = 'Newpass#2026';

function userBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    loginName: `person${counter}@users.test`,
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    surname: 'Wang',
    givenName: `Person${counter}`,
    employeeNo: `E${counter}`,
    signupType: 'email',
    roleId: RoleId.storeManage,
    shopIds: [northShop],
    ...overrides,
  };
}

async function addUser(session: Session, overrides: Record<string, unknown> = {}): Promise<{ userId: string; loginName: string }> {
  const body = userBody(overrides);
  const response = await post(session, '/api/user/add', body);
  expect(response.body.status, response.body.msg).toBe(200);
  return { userId: (response.body.data as { userId: string }).userId, loginName: body.loginName as string };
}

async function list(session: Session, orgId: string, extra: Record<string, unknown> = {}): Promise<UserPage> {
  return (await post(session, '/api/user/getUserListByParentOrg', { orgId, pageSize: 100, ...extra })).body.data as UserPage;
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await buildCustomer(t.db, 'User Co');
  other = await buildCustomer(t.db, 'Other User Co');
  north = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'North');
  south = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'South');
  northShop = await buildShop(t.db, demo.customerId, north, { name: 'North Store', number: 'N-1' });
  southShop = await buildShop(t.db, demo.customerId, south, { name: 'South Store', number: 'S-1' });
  const adminUser = await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.superManager }]);
  adminId = adminUser.userId;
  admin = await signIn(t.app, adminUser.loginName, demo.customerId);
  branch = await signIn(
    t.app,
    (await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.branchManage, orgId: north }])).loginName,
    demo.customerId,
  );
  observer = await signInWithRole(t.app, t.db, demo.customerId, RoleId.observer);
  outsider = await signInWithRole(t.app, t.db, other.customerId, RoleId.superManager);
});
afterAll(async () => t.close());

describe('adding users', () => {
  it('creates an account with its role and data scope; the person signs in and sees only that scope', async () => {
    const { userId, loginName } = await addUser(admin, {
      surname: 'Li',
      givenName: 'Na',
      mobile: '13911110001',
      signupType: 'mobile',
      roleId: RoleId.branchManage,
      orgId: north,
      shopIds: [],
    });
    const detail = (await post(admin, '/api/user/detail', { userId })).body.data as UserRow;
    expect(detail).toMatchObject({
      loginName,
      surname: 'Li',
      givenName: 'Na',
      name: 'Li Na',
      mobile: '13911110001',
      signupType: 'mobile',
      roleId: RoleId.branchManage,
      roleName: 'Branch manager',
      orgId: north,
      orgName: 'North',
      shops: [],
      enabled: true,
      sharedAccount: false,
    });
    const zh = (await post(admin, '/api/user/detail', { userId }, 'zh')).body.data as UserRow;
    expect(zh.roleName).toBe('区域经理');
    const session = await signIn(t.app, loginName, demo.customerId, NEW_PASSWORD);
    const shops = flatten((await post(session, '/api/current/shoptree')).body.data as TreeNode[]).filter((node) => node.orgType === 1);
    expect(shops.map((node) => node.shopId)).toEqual([northShop]);
  });

  it('checks every field with the messages of spec section 5, in every language, writing nothing', async () => {
    const users = await countRows(t.db, 'users');
    const memberships = await countRows(t.db, 'memberships');
    const cases: [Record<string, unknown>, Parameters<typeof expectMessageInAllLanguages>[1], Record<string, string | number>?][] = [
      [{ surname: 'A'.repeat(15) }, 'validation.maxChars', { n: 14 }],
      [{ givenName: '' }, 'validation.required'],
      [{ mobile: '1234567' }, 'validation.phone'],
      [{ loginName: 'not-an-email' }, 'validation.email'],
      [{ password: 'short1!', confirmPassword: 'short1!' }, 'validation.passwordLength'],
      [{ password: '12345678!', confirmPassword: '12345678!' }, 'validation.passwordRule'],
      [{ password: 'longenough!', confirmPassword: 'longenough!' }, 'validation.passwordDigit'],
      [{ password: 'longenough1', confirmPassword: 'longenough1' }, 'validation.passwordSpecial', { specials: PASSWORD_SPECIALS }],
      [{ confirmPassword: 'Other#2026x' }, 'validation.passwordMismatch'],
      [{ signupType: 'mobile' }, 'validation.mobileRequired'],
    ];
    for (const [overrides, key, params] of cases) {
      await expectMessageInAllLanguages((lang) => post(admin, '/api/user/add', userBody(overrides), lang), key, params, 400);
    }
    expect(await countRows(t.db, 'users')).toBe(users);
    expect(await countRows(t.db, 'memberships')).toBe(memberships);
  });

  it('refuses a login name already used in this customer, and a mobile of another account', async () => {
    const { loginName } = await addUser(admin, { mobile: '13911110002' });
    const before = await countRows(t.db, 'memberships');
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/user/add', userBody({ loginName: loginName.toUpperCase() }), lang),
      'errors.userExists',
      undefined,
      422,
    );
    await expectMessageInAllLanguages((lang) => post(admin, '/api/user/add', userBody({ mobile: '13911110002' }), lang), 'errors.mobileTaken', undefined, 422);
    expect(await countRows(t.db, 'memberships')).toBe(before);
  });

  it('adds a membership for an account of another customer, leaving its password and details alone', async () => {
    const person = await buildUser(t.db, [{ customerId: other.customerId, roleId: RoleId.manager }]);
    const users = await countRows(t.db, 'users');
    const added = await post(
      admin,
      '/api/user/add',
      userBody({ loginName: person.loginName, surname: 'Changed', password: 'Ignored#2026', confirmPassword: 'Ignored#2026' }),
    );
    expect(added.body.data).toEqual({ userId: person.userId, existingAccount: true });
    expect(await countRows(t.db, 'users')).toBe(users);
    const login = await call(t.app, 'POST', '/api/auth/login', { account: person.loginName, password: TEST_PASSWORD });
    expect((login.body.data as { cids: { cid: string }[] }).cids.map((c) => c.cid).sort()).toEqual([demo.customerId, other.customerId].sort());
    const detail = (await post(admin, '/api/user/detail', { userId: person.userId })).body.data as UserRow;
    expect(detail).toMatchObject({ surname: 'Test', sharedAccount: true });
  });

  it('never hands out more than the caller holds: roles above theirs, scope outside theirs, the whole customer', async () => {
    const before = await countRows(t.db, 'memberships');
    await expectMessageInAllLanguages(
      (lang) => post(branch, '/api/user/add', userBody({ roleId: RoleId.superManager, orgId: north, shopIds: [] }), lang),
      'errors.privilegeEscalation',
      undefined,
      422,
    );
    expect((await post(branch, '/api/user/add', userBody({ orgId: south, shopIds: [] }))).body.status).toBe(404);
    expect((await post(branch, '/api/user/add', userBody({ shopIds: [southShop] }))).body.status).toBe(404);
    expect((await post(branch, '/api/user/add', userBody({ orgId: null, shopIds: [] }))).body.status).toBe(422);
    expect((await post(admin, '/api/user/add', userBody({ roleId: 99999 }))).body.status).toBe(404);
    expect(await countRows(t.db, 'memberships')).toBe(before);
    await addUser(branch, { shopIds: [northShop] });
    expect(await countRows(t.db, 'memberships')).toBe(before + 1);
  });
});

describe('user lists', () => {
  it('lists by organisation subtree: org members, store members under it, whole-customer members at the root', async () => {
    const northMember = await addUser(admin, { orgId: north, shopIds: [], roleId: RoleId.branchManage });
    const southStore = await addUser(admin, { shopIds: [southShop] });
    const northIds = (await list(admin, north)).list.map((row) => row.userId);
    expect(northIds).toContain(northMember.userId);
    expect(northIds).not.toContain(southStore.userId);
    expect(northIds).not.toContain(adminId);
    const rootIds = (await list(admin, demo.rootOrgId)).list.map((row) => row.userId);
    expect(rootIds).toEqual(expect.arrayContaining([adminId, northMember.userId, southStore.userId]));
    expect((await list(admin, south)).list.map((row) => row.userId)).toContain(southStore.userId);
  });

  it('searches, filters by status and pages', async () => {
    const { userId } = await addUser(admin, { surname: 'Zebra', givenName: 'Unique', employeeNo: 'EMP-ZEBRA' });
    expect((await list(admin, demo.rootOrgId, { keyword: 'zebra' })).list.map((row) => row.userId)).toEqual([userId]);
    expect((await list(admin, demo.rootOrgId, { keyword: 'emp-zeb' })).list.map((row) => row.userId)).toEqual([userId]);
    const all = await list(admin, demo.rootOrgId);
    const first = (await post(admin, '/api/user/getUserListByParentOrg', { orgId: demo.rootOrgId, page: 1, pageSize: 3 })).body.data as UserPage;
    const second = (await post(admin, '/api/user/getUserListByParentOrg', { orgId: demo.rootOrgId, page: 2, pageSize: 3 })).body.data as UserPage;
    expect(first.total).toBe(all.total);
    expect([...first.list, ...second.list].map((row) => row.userId)).toEqual(all.list.slice(0, 6).map((row) => row.userId));
    await post(admin, '/api/user/updateStatus', { userId, enabled: false });
    expect((await list(admin, demo.rootOrgId, { enabled: false })).list.map((row) => row.userId)).toEqual([userId]);
    expect((await list(admin, demo.rootOrgId, { enabled: true })).list.map((row) => row.userId)).not.toContain(userId);
  });

  it('lists by shops: members granted the shop or holding an organisation above it', async () => {
    const granted = await addUser(admin, { shopIds: [southShop] });
    const regional = await addUser(admin, { orgId: south, shopIds: [], roleId: RoleId.branchManage });
    const page = (await post(admin, '/api/user/getUserListByShopIds', { shopIds: [southShop], pageSize: 100 })).body.data as UserPage;
    const ids = page.list.map((row) => row.userId);
    expect(ids).toEqual(expect.arrayContaining([granted.userId, regional.userId]));
    expect(ids).not.toContain(adminId);
    expect(page.list.find((row) => row.userId === granted.userId)?.shops).toEqual([{ shopId: southShop, number: 'S-1', name: 'South Store' }]);
  });

  it('keeps a branch manager inside their region: other regions and their members answer not found', async () => {
    const southMember = await addUser(admin, { orgId: south, shopIds: [], roleId: RoleId.branchManage });
    const mine = await list(branch, north);
    expect(mine.list.every((row) => row.orgId === north || row.shops.every((shop) => shop.shopId === northShop))).toBe(true);
    for (const [url, body] of [
      ['/api/user/getUserListByParentOrg', { orgId: south }],
      ['/api/user/getUserListByParentOrg', { orgId: demo.rootOrgId }],
      ['/api/user/getUserListByShopIds', { shopIds: [southShop] }],
      ['/api/user/detail', { userId: southMember.userId }],
      ['/api/user/update', { ...userBody(), userId: southMember.userId }],
      ['/api/user/updateStatus', { userId: southMember.userId, enabled: false }],
      ['/api/user/updatePassword', { userId: southMember.userId, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }],
      ['/api/user/detail', { userId: adminId }],
    ] as const) {
      expect((await post(branch, url, body)).body, url).toMatchObject({ status: 404, msg: 'Not found or no access' });
    }
  });
});

describe('changing users', () => {
  it("changes a member's details, role, organisation permission and stores", async () => {
    const { userId } = await addUser(admin, { shopIds: [northShop] });
    const response = await post(admin, '/api/user/update', {
      userId,
      surname: 'Zhao',
      givenName: 'Lei',
      employeeNo: 'E-9',
      mobile: '13911110009',
      signupType: 'mobile',
      roleId: RoleId.manager,
      orgId: south,
      shopIds: [northShop],
    });
    expect(response.body.status).toBe(200);
    expect((await post(admin, '/api/user/detail', { userId })).body.data).toMatchObject({
      surname: 'Zhao',
      givenName: 'Lei',
      employeeNo: 'E-9',
      mobile: '13911110009',
      signupType: 'mobile',
      roleId: RoleId.manager,
      orgId: south,
      shops: [{ shopId: northShop }],
    });
  });

  it('refuses to change the personal details of an account shared with another customer, but changes its access', async () => {
    const person = await buildUser(t.db, [
      { customerId: other.customerId, roleId: RoleId.manager },
      { customerId: demo.customerId, roleId: RoleId.storeManage, shopIds: [northShop] },
    ]);
    const base = { userId: person.userId, surname: 'Test', givenName: 'User', signupType: 'email', roleId: RoleId.observer, shopIds: [southShop] };
    await expectMessageInAllLanguages((lang) => post(admin, '/api/user/update', { ...base, surname: 'Renamed' }, lang), 'errors.sharedAccount', undefined, 422);
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/user/updatePassword', { userId: person.userId, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, lang),
      'errors.sharedAccount',
      undefined,
      422,
    );
    expect((await post(admin, '/api/user/update', base)).body.status).toBe(200);
    expect((await post(admin, '/api/user/detail', { userId: person.userId })).body.data).toMatchObject({ surname: 'Test', roleId: RoleId.observer });
    expect((await call(t.app, 'POST', '/api/auth/login', { account: person.loginName, password: TEST_PASSWORD })).body.status).toBe(200);
  });

  it('a branch manager cannot edit someone whose role is above theirs', async () => {
    const manager = await addUser(admin, { roleId: RoleId.manager, orgId: north, shopIds: [] });
    const response = await post(branch, '/api/user/update', { ...userBody({ roleId: RoleId.storeManage }), userId: manager.userId, orgId: north, shopIds: [] });
    expect(response.body.status).toBe(403);
    expect((await post(admin, '/api/user/detail', { userId: manager.userId })).body.data).toMatchObject({ roleId: RoleId.manager });
  });
});

describe('enabling and disabling', () => {
  it("disabling ends the person's sessions at once; they can no longer enter the customer", async () => {
    const { userId, loginName } = await addUser(admin);
    const session = await signIn(t.app, loginName, demo.customerId, NEW_PASSWORD);
    expect((await post(session, '/api/current/getUserInfo')).body.status).toBe(200);
    expect((await post(admin, '/api/user/updateStatus', { userId, enabled: false })).body.status).toBe(200);
    await expectMessageInAllLanguages((lang) => post(session, '/api/current/getUserInfo', undefined, lang), 'errors.loginAgain', undefined, 401);
    // Disabled in their only customer: no sign-in at all, rather than a token that opens nothing.
    const login = await call(t.app, 'POST', '/api/auth/login', { account: loginName, password: NEW_PASSWORD });
    expect(login.body).toMatchObject({ status: 422, msg: translateMessage('en', 'errors.noEnabledMembership'), data: null });
    expect((await list(admin, demo.rootOrgId, { keyword: loginName })).list[0]?.enabled).toBe(false);

    expect((await post(admin, '/api/user/updateStatus', { userId, enabled: true })).body.status).toBe(200);
    expect((await signIn(t.app, loginName, demo.customerId, NEW_PASSWORD)).cid).toBe(demo.customerId);
  });

  it('nobody disables themselves', async () => {
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/user/updateStatus', { userId: adminId, enabled: false }, lang),
      'errors.cannotDisableSelf',
      undefined,
      422,
    );
    expect((await post(admin, '/api/current/getUserInfo')).body.status).toBe(200);
  });
});

describe('setting a password', () => {
  it('follows the spec rule, replaces the password and ends the sessions', async () => {
    const { userId, loginName } = await addUser(admin);
    const session = await signIn(t.app, loginName, demo.customerId, NEW_PASSWORD);
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/user/updatePassword', { userId, password: '1234567#8', confirmPassword: '1234567#8' }, lang),
      'validation.passwordRule',
      undefined,
      400,
    );
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/user/updatePassword', { userId, password: 'a1!', confirmPassword: 'a1!' }, lang),
      'validation.passwordLength',
      undefined,
      400,
    );
    expect((await post(session, '/api/current/getUserInfo')).body.status).toBe(200);
    const next = 'Another#2027';
    expect((await post(admin, '/api/user/updatePassword', { userId, password: next, confirmPassword: next })).body.status).toBe(200);
    expect((await post(session, '/api/current/getUserInfo')).body.status).toBe(401);
    expect((await call(t.app, 'POST', '/api/auth/login', { account: loginName, password: NEW_PASSWORD })).body.status).toBe(422);
    expect((await call(t.app, 'POST', '/api/auth/login', { account: loginName, password: next })).body.status).toBe(200);
  });
});

/** User operations with the key each guard declares. */
const OPERATIONS: { url: string; key: PermissionKey; body: () => unknown }[] = [
  { url: '/api/user/getUserListByParentOrg', key: 'cueretail_user_manage', body: () => ({ orgId: demo.rootOrgId }) },
  { url: '/api/user/getUserListByShopIds', key: 'cueretail_user_manage', body: () => ({ shopIds: [northShop] }) },
  { url: '/api/user/detail', key: 'cueretail_user_manage', body: () => ({ userId: adminId }) },
  { url: '/api/user/add', key: 'user_add', body: () => userBody() },
  { url: '/api/user/update', key: 'user_update', body: () => ({ ...userBody(), userId: adminId }) },
  { url: '/api/user/updateStatus', key: 'user_update_status', body: () => ({ userId: adminId, enabled: false }) },
  { url: '/api/user/updatePassword', key: 'user_update_password', body: () => ({ userId: adminId, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }) },
  { url: '/api/user/getRoleList', key: 'cueretail_user_manage', body: () => undefined },
];

describe('authority', () => {
  it('bars the observer from user management, before the body is read', async () => {
    for (const operation of OPERATIONS) expect((await post(observer, operation.url, { nonsense: 1 })).body.status, operation.url).toBe(403);
    await expectMessageInAllLanguages((lang) => post(observer, '/api/user/add', userBody(), lang), 'errors.noAuthority', undefined, 403);
  });

  it('refuses a custom role without exactly the key', async () => {
    for (const operation of OPERATIONS) {
      const roleId = await buildRoleWithout(t.db, demo.customerId, [operation.key]);
      const session = await signIn(t.app, (await buildUser(t.db, [{ customerId: demo.customerId, roleId }])).loginName, demo.customerId);
      expect((await post(session, operation.url, operation.body())).body.status, operation.url).toBe(403);
    }
  });

  it("answers another customer's users with not found and lists none of them", async () => {
    const users = await countRows(t.db, 'users');
    for (const operation of OPERATIONS) {
      const response = await post(outsider, operation.url, operation.body());
      const text = JSON.stringify(response.body);
      for (const id of [adminId, northShop, demo.rootOrgId]) expect(text.includes(id), `${operation.url} leaks ${id}`).toBe(false);
      // user/add names one of this customer's shops: not found as well, and nothing written.
      if (operation.url !== '/api/user/getRoleList') expect(response.body.status, operation.url).toBe(404);
    }
    expect(await countRows(t.db, 'users')).toBe(users);
  });
});
