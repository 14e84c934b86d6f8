import {
  ALL_PERMISSION_KEYS,
  calendarOperations,
  completePermissionMap,
  DECLARED_OPERATIONS,
  defaultPrivileges,
  type OperationGuard,
  Perm,
  type PermissionKey,
  RoleId,
  SETTINGS_PAGE_FLAGS,
  SYSTEM_ROLE_IDS,
  sessionOperations,
  translateMessage,
} from '@storelens/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRolesService } from '../src/modules/users/roles.service.ts';
import { effectivePrivileges } from '../src/platform/authz/actor.ts';
import * as deviceStatusMigration from '../src/platform/db/migrations/0010_device_status_key.ts';
import { buildCustomer, buildOrg, buildRoleWithout, buildShop, buildUser, type Session, signIn } from './factories.ts';
import { createTestApp, invoke, type TestApp } from './harness.ts';

/**
 * Server-side enforcement of the menu and settings-group flags and of the whole-customer rule
 * (issue 10): what the web hides, the server refuses, for every declared operation.
 */

let t: TestApp;
let customerId: string;
let rootOrgId: string;
let shopId: string;
let regionId: string;

const GROUP_FLAGS: readonly PermissionKey[] = ['cueretail_config_page_cus', 'cueretail_config_page_sale', 'cueretail_config_page_com'];
const keysOf = (guard: OperationGuard): readonly PermissionKey[] =>
  guard.permission === undefined ? [] : typeof guard.permission === 'string' ? [guard.permission] : guard.permission;

async function callAs(session: Session, path: string, method: string, body: unknown = {}) {
  const response = await t.app.inject({
    method: method as 'POST',
    url: path,
    headers: { authorization: `Bearer ${session.token}`, 'x-customer-code': session.cid },
    ...(method === 'GET' ? {} : { payload: body as object }),
  });
  return { http: response.statusCode, body: response.json() as { status: number; msg: string } };
}

beforeAll(async () => {
  t = await createTestApp();
  const customer = await buildCustomer(t.db, 'Authorization Co');
  customerId = customer.customerId;
  rootOrgId = customer.rootOrgId;
  regionId = await buildOrg(t.db, customerId, rootOrgId, 'North');
  shopId = await buildShop(t.db, customerId, regionId, { number: 'AUTH-1' });
});
afterAll(async () => t.close());

describe('settings-group and page flags', () => {
  it('refuse every operation behind a settings page to a role whose map hides the page or its group', async () => {
    let swept = 0;
    for (const flag of [...GROUP_FLAGS, ...new Set(Object.values(SETTINGS_PAGE_FLAGS).map((flags) => flags[1]))]) {
      const role = await buildRoleWithout(t.db, customerId, [flag]);
      const user = await buildUser(t.db, [{ customerId, roleId: role }]);
      const session = await signIn(t.app, user.loginName, customerId);
      for (const operation of DECLARED_OPERATIONS.filter((candidate) => keysOf(candidate.guard).includes(flag))) {
        const response = await callAs(session, operation.path, operation.method);
        expect(response.http, `${operation.name} without ${flag}`).toBe(403);
        expect(response.body.msg).toBe(translateMessage('en', 'errors.noAuthority'));
        swept += 1;
      }
    }
    console.info(`settings flag sweep: ${swept} operation x hidden-flag calls refused`);
    expect(swept).toBeGreaterThan(40);
  });

  it.each([
    ['/api/org/add', 'cueretail_config_page_com'],
    ['/api/salesTemplate/getConfig', 'cueretail_config_page_sale'],
    ['/api/privacy/get', 'cueretail_config_page_cus'],
  ] as const)('%s needs %s (it answered 200 to a role whose map hides its page)', async (path, flag) => {
    const operation = DECLARED_OPERATIONS.find((candidate) => candidate.path === path);
    expect(keysOf(operation?.guard ?? { auth: 'public' })).toContain(flag);
  });
});

describe('settings of the whole customer', () => {
  const customerWide = DECLARED_OPERATIONS.filter((operation) => operation.guard.wholeCustomer);

  it('are the retention, flow configuration, sales template, device alert, reporting currency, exchange rate and webhook settings', () => {
    expect(customerWide.map((operation) => operation.path).sort()).toEqual(
      [
        '/api/alertSetting/save',
        '/api/alarms/alertSetting/save',
        '/api/customerKvSetting/update',
        '/api/privacy/update',
        '/api/salesTemplate/saveConfig',
        '/api/currency/saveSettings',
        '/api/exchangeRate/save',
        '/api/exchangeRate/delete',
        // Webhooks send every store's events out: the whole customer's to register, and to read.
        '/api/webhook/list',
        '/api/webhook/add',
        '/api/webhook/update',
        '/api/webhook/delete',
        '/api/webhook/rotateSecret',
        '/api/webhook/test',
        '/api/webhook/deliveries',
        '/api/webhook/delivery',
        '/api/webhook/redeliver',
      ].sort(),
    );
  });

  it('are refused to managers limited to a region or to one store, and to a shop assistant', async () => {
    const limited = [
      await buildUser(t.db, [{ customerId, roleId: RoleId.manager, orgId: regionId }]),
      await buildUser(t.db, [{ customerId, roleId: RoleId.manager, shopIds: [shopId] }]),
      await buildUser(t.db, [{ customerId, roleId: RoleId.storeManage, shopIds: [shopId] }]),
      await buildUser(t.db, [{ customerId, roleId: RoleId.branchManage, orgId: regionId }]),
      await buildUser(t.db, [{ customerId, roleId: RoleId.shopAssistant, shopIds: [shopId] }]),
    ];
    for (const user of limited) {
      const session = await signIn(t.app, user.loginName, customerId);
      for (const operation of customerWide) {
        const response = await callAs(session, operation.path, operation.method);
        expect(response.http, operation.name).toBe(403);
      }
    }
    // Nothing of the customer's settings was written by any of them.
    expect(await t.db.selectFrom('privacy_settings').selectAll().where('customer_id', '=', customerId).execute()).toEqual([]);
    expect(await t.db.selectFrom('flow_settings').selectAll().where('customer_id', '=', customerId).execute()).toEqual([]);
  });

  it('are announced with the customer selection, so the web offers them only to those the server lets change them', async () => {
    const cases: [{ customerId: string; roleId: number; orgId?: string; shopIds?: string[] }, boolean][] = [
      [{ customerId, roleId: RoleId.manager }, true],
      [{ customerId, roleId: RoleId.manager, orgId: rootOrgId }, true],
      [{ customerId, roleId: RoleId.manager, orgId: regionId }, false],
      [{ customerId, roleId: RoleId.storeManage, shopIds: [shopId] }, false],
    ];
    for (const [membership, whole] of cases) {
      const user = await buildUser(t.db, [membership]);
      const session = await signIn(t.app, user.loginName, customerId);
      const selected = await invoke(t.app, sessionOperations.currentSelectcus, { cid: customerId }, session);
      expect((selected.body.data as { wholeCustomer: boolean }).wholeCustomer).toBe(whole);
    }
  });

  it('are open to a manager of the whole customer, and to one scoped to the root organisation', async () => {
    for (const membership of [
      { customerId, roleId: RoleId.manager },
      { customerId, roleId: RoleId.manager, orgId: rootOrgId },
    ]) {
      const user = await buildUser(t.db, [membership]);
      const session = await signIn(t.app, user.loginName, customerId);
      const saved = await invoke(t.app, calendarOperations.privacyUpdate, { blurFaces: true, retentionDays: 120 }, session);
      expect(saved.body.status, saved.body.msg).toBe(200);
    }
  });
});

describe('the customer a request means', () => {
  it('must be named: no X-Customer-Code, or -1, is answered customer switched with the session customer, and nothing is done', async () => {
    const user = await buildUser(t.db, [{ customerId, roleId: RoleId.manager }]);
    const session = await signIn(t.app, user.loginName, customerId);
    for (const header of [undefined, '-1', 'someone-else']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/privacy/update',
        headers: { authorization: `Bearer ${session.token}`, ...(header === undefined ? {} : { 'x-customer-code': header }) },
        payload: { blurFaces: false, retentionDays: 45 },
      });
      expect(response.statusCode, String(header)).toBe(409);
      expect(response.json()).toMatchObject({ status: 409, msg: customerId, data: { cid: customerId } });
    }
    const saved = await t.db.selectFrom('privacy_settings').selectAll().where('customer_id', '=', customerId).execute();
    expect(saved.map((row) => row.retention_days)).not.toContain(45);
  });
});

describe('device status', () => {
  const deviceStatusOperations = DECLARED_OPERATIONS.filter((operation) => keysOf(operation.guard).includes('cueretail_device_status'));

  it('guards the box, camera and online operations behind it with its own key, and camera management with it too', () => {
    const paths = deviceStatusOperations.map((operation) => operation.path);
    for (const path of ['/api/device/boxPage', '/api/device/cameraPage', '/api/device/online']) expect(paths).toContain(path);
    // Camera management lists devices through the same operations, so its own need the key as well.
    expect(SETTINGS_PAGE_FLAGS.cameras).toContain('cueretail_device_status');
  });

  it('answers 403 to a role with every key hidden, and to a role that hides only device status, from every device-status operation', async () => {
    const everyKeyHidden = await createRolesService({ db: t.db }).createCustomRole(
      customerId,
      'Nothing at all',
      completePermissionMap(Object.fromEntries(ALL_PERMISSION_KEYS.map((key) => [key, Perm.hidden]))),
    );
    const onlyDevicesHidden = await buildRoleWithout(t.db, customerId, ['cueretail_device_status']);
    for (const role of [everyKeyHidden, onlyDevicesHidden]) {
      const user = await buildUser(t.db, [{ customerId, roleId: role }]);
      const session = await signIn(t.app, user.loginName, customerId);
      for (const operation of deviceStatusOperations) {
        const response = await callAs(session, operation.path, operation.method);
        expect(response.http, `${operation.name} for role ${role}`).toBe(403);
        expect(response.body.msg).toBe(translateMessage('en', 'errors.noAuthority'));
      }
    }
  });

  it('is shown to every system role by default (they all saw device status before the key), and opens the reads', async () => {
    for (const rid of SYSTEM_ROLE_IDS) expect(defaultPrivileges(rid).cueretail_device_status, String(rid)).toBe(Perm.shown);
    const onlyDevices = await createRolesService({ db: t.db }).createCustomRole(customerId, 'Devices only', {
      ...Object.fromEntries(ALL_PERMISSION_KEYS.map((key) => [key, Perm.hidden])),
      cueretail_device_status: Perm.shown,
    });
    const user = await buildUser(t.db, [{ customerId, roleId: onlyDevices }]);
    const session = await signIn(t.app, user.loginName, customerId);
    for (const path of ['/api/device/boxPage', '/api/device/cameraPage', '/api/device/online']) {
      const response = await callAs(session, path, 'POST');
      expect(response.http, path).toBe(200);
    }
  });
});

describe('migration 0010: device status for stored custom roles', () => {
  it('gives the key to custom roles that show something, keeps an all-hidden role hidden, and leaves a stated value and system roles alone', async () => {
    const insert = (id: number, privileges: Record<string, number>) =>
      t.db
        .insertInto('roles')
        .values({
          customer_id: customerId,
          id,
          name: `Stored ${id}`,
          is_system: 0,
          privileges: JSON.stringify(privileges),
          updated_at: new Date().toISOString(),
        })
        .execute();
    // As stored before the key existed: the key is missing.
    await insert(90_001, { cueretail_traffic_nav: Perm.shown, video_nav: Perm.hidden });
    await insert(90_002, { cueretail_traffic_nav: Perm.hidden, video_nav: Perm.disabled });
    await insert(90_003, { cueretail_traffic_nav: Perm.shown, cueretail_device_status: Perm.hidden });
    const systemBefore = await t.db.selectFrom('roles').select(['id', 'privileges']).where('customer_id', '=', customerId).where('is_system', '=', 1).execute();

    await deviceStatusMigration.up(t.db as unknown as Kysely<unknown>);

    const stored = async (id: number) => {
      const row = await t.db.selectFrom('roles').select('privileges').where('customer_id', '=', customerId).where('id', '=', id).executeTakeFirstOrThrow();
      return effectivePrivileges({ id, privileges: row.privileges }).cueretail_device_status;
    };
    expect(await stored(90_001)).toBe(Perm.shown);
    expect(await stored(90_002)).toBe(Perm.hidden);
    expect(await stored(90_003)).toBe(Perm.hidden);
    const systemAfter = await t.db.selectFrom('roles').select(['id', 'privileges']).where('customer_id', '=', customerId).where('is_system', '=', 1).execute();
    expect(systemAfter).toEqual(systemBefore);
  });
});
