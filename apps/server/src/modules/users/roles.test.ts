import { ALL_PERMISSION_KEYS, defaultPrivileges, type PermissionKey, RoleId } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildOrg, buildRoleWithout, buildUser, countRows, type Session, signIn, signInWithRole } from '../../../test/factories.ts';
import { call, createTestApp, expectMessageInAllLanguages, type TestApp } from '../../../test/harness.ts';
import { createRolesService } from './roles.service.ts';

interface RoleRow {
  roleId: number;
  name: string;
  isSystem: boolean;
  updatedAt: string;
  userCount: number;
}

let t: TestApp;
let demo: { customerId: string; rootOrgId: string };
let other: { customerId: string; rootOrgId: string };
let admin: Session;
let manager: Session;
let observer: Session;
let outsider: Session;

const post = (session: Session, url: string, body?: unknown, lang?: string) => call(t.app, 'POST', url, body, { ...session, ...(lang ? { lang } : {}) });
const allShown = () => Object.fromEntries(ALL_PERMISSION_KEYS.map((key) => [key, 0]));

async function createRole(session: Session, name: string, privileges: Record<string, number> = {}): Promise<number> {
  const response = await post(session, '/api/role/add', { name, privileges });
  expect(response.body.status, response.body.msg).toBe(200);
  return (response.body.data as { roleId: number }).roleId;
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await buildCustomer(t.db, 'Role Co');
  other = await buildCustomer(t.db, 'Other Role Co');
  admin = await signInWithRole(t.app, t.db, demo.customerId, RoleId.superManager);
  manager = await signInWithRole(t.app, t.db, demo.customerId, RoleId.manager);
  observer = await signInWithRole(t.app, t.db, demo.customerId, RoleId.observer);
  outsider = await signInWithRole(t.app, t.db, other.customerId, RoleId.superManager);
});
afterAll(async () => t.close());

describe('listing roles', () => {
  it('lists system and custom roles with last update and users, system names in the caller language', async () => {
    const roleId = await createRole(admin, 'Auditors', { cueretail_traffic_nav: 0 });
    await buildUser(t.db, [{ customerId: demo.customerId, roleId }]);
    const roles = (await post(admin, '/api/role/list')).body.data as RoleRow[];
    expect(roles.find((role) => role.roleId === roleId)).toMatchObject({ name: 'Auditors', isSystem: false, userCount: 1 });
    expect(roles.find((role) => role.roleId === RoleId.superManager)).toMatchObject({ name: 'Super manager', isSystem: true, userCount: 1 });
    expect(roles.find((role) => role.roleId === roleId)?.updatedAt).toMatch(/^\d{4}-/);
    const zh = (await post(admin, '/api/role/list', undefined, 'zh')).body.data as RoleRow[];
    expect(zh.find((role) => role.roleId === RoleId.storeManage)?.name).toBe('店长');
    expect(((await post(admin, '/api/role/list', { keyword: 'audit' })).body.data as RoleRow[]).map((role) => role.roleId)).toEqual([roleId]);
  });

  it('shows a role with its complete privilege map', async () => {
    const detail = (await post(admin, '/api/role/detail', { roleId: RoleId.observer })).body.data as { privileges: Record<string, number> };
    expect(detail.privileges).toEqual(defaultPrivileges(RoleId.observer));
    const roleId = await createRole(admin, 'Video only', { video_nav: 0, video_download: 1 });
    const custom = (await post(admin, '/api/role/detail', { roleId })).body.data as { privileges: Record<string, number> };
    expect(Object.keys(custom.privileges)).toHaveLength(ALL_PERMISSION_KEYS.length);
    expect(custom.privileges).toMatchObject({ video_nav: 0, video_download: 1, sale_nav: 2 });
  });

  it('user/getRoleList says which roles the caller may give; getRectRoleList lists rectification handlers', async () => {
    const options = (await post(manager, '/api/user/getRoleList')).body.data as { roleId: number; grantable: boolean }[];
    expect(options.find((role) => role.roleId === RoleId.superManager)?.grantable).toBe(false);
    expect(options.find((role) => role.roleId === RoleId.storeManage)?.grantable).toBe(true);
    const noRect = await createRole(admin, 'No rectification', { ...allShown(), shopinspect_todo_rect: 2 });
    const rect = ((await post(observer, '/api/user/getRectRoleList')).body.data as { roleId: number }[]).map((role) => role.roleId);
    expect(rect).toEqual(expect.arrayContaining([RoleId.superManager, RoleId.storeManage, RoleId.shopAssistant]));
    expect(rect).not.toContain(RoleId.innerData);
    expect(rect).not.toContain(noRect);
  });
});

describe('creating, copying and changing roles', () => {
  it('requires a unique name, also against system role names in any language', async () => {
    await createRole(admin, 'Regional leads');
    const before = await countRows(t.db, 'roles');
    await expectMessageInAllLanguages((lang) => post(admin, '/api/role/add', { name: ' ' }, lang), 'validation.required', undefined, 400);
    await expectMessageInAllLanguages((lang) => post(admin, '/api/role/add', { name: 'REGIONAL LEADS' }, lang), 'errors.nameOverlap', undefined, 422);
    await expectMessageInAllLanguages((lang) => post(admin, '/api/role/add', { name: '店长' }, lang), 'errors.nameOverlap', undefined, 422);
    expect(await countRows(t.db, 'roles')).toBe(before);
  });

  it('validates the privilege map against the permission keys', async () => {
    const before = await countRows(t.db, 'roles');
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/role/add', { name: 'Typo', privileges: { video_navv: 0 } }, lang),
      'validation.unknownField',
      { field: 'video_navv' },
      400,
    );
    expect((await post(admin, '/api/role/add', { name: 'Bad value', privileges: { video_nav: 3 } })).body.status).toBe(400);
    expect(await countRows(t.db, 'roles')).toBe(before);
  });

  it('copies a system role; a user of the copy gets the same permission map and menus', async () => {
    const copied = await post(admin, '/api/role/copy', { roleId: RoleId.storeManage, name: 'Store manager (copy)' });
    expect(copied.body.status).toBe(200);
    const { roleId } = copied.body.data as { roleId: number };
    const user = await buildUser(t.db, [{ customerId: demo.customerId, roleId }]);
    const session = await signIn(t.app, user.loginName, demo.customerId);
    expect((await post(session, '/api/current/permissionMap')).body.data).toEqual(defaultPrivileges(RoleId.storeManage));
  });

  it("changes a custom role's privileges; its users' permission maps follow", async () => {
    const roleId = await createRole(admin, 'Changing', { video_nav: 0 });
    const session = await signIn(t.app, (await buildUser(t.db, [{ customerId: demo.customerId, roleId }])).loginName, demo.customerId);
    expect(((await post(session, '/api/current/permissionMap')).body.data as Record<string, number>).sale_nav).toBe(2);
    expect((await post(admin, '/api/role/update', { roleId, name: 'Changed', privileges: { video_nav: 0, sale_nav: 0 } })).body.status).toBe(200);
    expect(((await post(session, '/api/current/permissionMap')).body.data as Record<string, number>).sale_nav).toBe(0);
    expect(((await post(admin, '/api/role/detail', { roleId })).body.data as RoleRow).name).toBe('Changed');
  });

  it('system roles are read-only', async () => {
    const stored = await t.db
      .selectFrom('roles')
      .select('privileges')
      .where('customer_id', '=', demo.customerId)
      .where('id', '=', RoleId.manager)
      .executeTakeFirstOrThrow();
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/role/update', { roleId: RoleId.manager, privileges: allShown() }, lang),
      'errors.systemRoleReadOnly',
      undefined,
      422,
    );
    await expectMessageInAllLanguages((lang) => post(admin, '/api/role/delete', { roleId: RoleId.manager }, lang), 'errors.systemRoleReadOnly', undefined, 422);
    const after = await t.db
      .selectFrom('roles')
      .select('privileges')
      .where('customer_id', '=', demo.customerId)
      .where('id', '=', RoleId.manager)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(stored);
  });

  it('refuses to delete a role while users hold it; deletes it once free', async () => {
    const roleId = await createRole(admin, 'Held');
    const user = await buildUser(t.db, [{ customerId: demo.customerId, roleId }]);
    const before = await countRows(t.db, 'roles');
    await expectMessageInAllLanguages((lang) => post(admin, '/api/role/delete', { roleId }, lang), 'errors.roleInUse', undefined, 422);
    expect(await countRows(t.db, 'roles')).toBe(before);
    await t.db.updateTable('memberships').set({ role_id: RoleId.observer }).where('user_id', '=', user.userId).execute();
    expect((await post(admin, '/api/role/delete', { roleId })).body.status).toBe(200);
    expect(await countRows(t.db, 'roles')).toBe(before - 1);
    expect((await post(admin, '/api/role/detail', { roleId })).body.status).toBe(404);
  });

  it('nobody creates, copies or edits a role beyond their own rights', async () => {
    // The manager role lacks the debug pages.
    const before = await countRows(t.db, 'roles');
    await expectMessageInAllLanguages(
      (lang) => post(manager, '/api/role/add', { name: 'Debuggers', privileges: { cueretail_shopinspect_alert_debug: 0 } }, lang),
      'errors.privilegeEscalation',
      undefined,
      422,
    );
    expect((await post(manager, '/api/role/copy', { roleId: RoleId.superManager, name: 'Super copy' })).body.status).toBe(422);
    const mine = await createRole(manager, 'Manager made', { video_nav: 0 });
    expect((await post(manager, '/api/role/update', { roleId: mine, privileges: allShown() })).body.status).toBe(422);
    expect(await countRows(t.db, 'roles')).toBe(before + 1);
  });

  it('only people with the whole customer in scope change roles', async () => {
    const region = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'Region');
    const regionalRole = await createRolesService({ db: t.db }).createCustomRole(demo.customerId, 'Regional all', allShown());
    const regional = await signIn(
      t.app,
      (await buildUser(t.db, [{ customerId: demo.customerId, roleId: regionalRole, orgId: region }])).loginName,
      demo.customerId,
    );
    expect((await post(regional, '/api/role/add', { name: 'From a region' })).body.status).toBe(403);
    expect((await post(regional, '/api/role/list')).body.status).toBe(200);
    // Limited to the root organisation is the whole customer.
    const top = await signIn(
      t.app,
      (await buildUser(t.db, [{ customerId: demo.customerId, roleId: regionalRole, orgId: demo.rootOrgId }])).loginName,
      demo.customerId,
    );
    expect((await post(top, '/api/role/add', { name: 'From the top' })).body.status).toBe(200);
  });
});

const OPERATIONS: { url: string; keys: PermissionKey[]; body: (roleId: number) => unknown }[] = [
  { url: '/api/role/list', keys: ['cueretail_user_manage'], body: () => ({}) },
  { url: '/api/role/detail', keys: ['cueretail_user_manage'], body: (roleId) => ({ roleId }) },
  { url: '/api/role/add', keys: ['cueretail_user_manage', 'user_update'], body: () => ({ name: 'Swept role' }) },
  { url: '/api/role/copy', keys: ['cueretail_user_manage', 'user_update'], body: (roleId) => ({ roleId, name: 'Swept copy' }) },
  { url: '/api/role/update', keys: ['cueretail_user_manage', 'user_update'], body: (roleId) => ({ roleId, name: 'Swept rename' }) },
  { url: '/api/role/delete', keys: ['cueretail_user_manage', 'user_update'], body: (roleId) => ({ roleId }) },
];

describe('authority', () => {
  it('bars the observer, and a custom role without each declared key', async () => {
    const roleId = await createRole(admin, 'Target');
    for (const operation of OPERATIONS) {
      expect((await post(observer, operation.url, operation.body(roleId))).body.status, operation.url).toBe(403);
      for (const key of operation.keys) {
        const without = await buildRoleWithout(t.db, demo.customerId, [key]);
        const session = await signInWithRole(t.app, t.db, demo.customerId, without);
        expect((await post(session, operation.url, operation.body(roleId))).body.status, `${operation.url} without ${key}`).toBe(403);
      }
    }
    await expectMessageInAllLanguages((lang) => post(observer, '/api/role/add', { name: 'x' }, lang), 'errors.noAuthority', undefined, 403);
    expect(((await post(admin, '/api/role/detail', { roleId })).body.data as RoleRow).name).toBe('Target');
  });

  it("answers another customer's custom role with not found, and lists none of the names", async () => {
    const roleId = await createRole(admin, 'Secret role name');
    for (const operation of OPERATIONS) {
      const response = await post(outsider, operation.url, operation.body(roleId));
      expect(JSON.stringify(response.body).includes('Secret role name'), operation.url).toBe(false);
      if (['/api/role/detail', '/api/role/copy', '/api/role/update', '/api/role/delete'].includes(operation.url)) {
        expect(response.body, operation.url).toMatchObject({ status: 404, msg: 'Not found or no access' });
      }
    }
    expect(((await post(admin, '/api/role/detail', { roleId })).body.data as RoleRow).name).toBe('Secret role name');
  });
});
