import type { FastifyInstance } from 'fastify';
import { createCustomersService } from '../src/modules/customers/customers.service.ts';
import { createDevicesService } from '../src/modules/devices/devices.service.ts';
import { createOrgAdminService } from '../src/modules/org/org-admin.service.ts';
import { createUsersService } from '../src/modules/users/users.service.ts';
import type { DB } from '../src/platform/db/database.ts';
import { call } from './harness.ts';

export const TEST_PASSWORD = 'Test#2026pass';
let counter = 0;
const unique = (prefix: string) => {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
};

/** Factories go through the services, like the demo seed, so tests exercise the real write paths. */
export async function buildCustomer(db: DB, name = unique('Customer ')) {
  return createCustomersService({ db }).createCustomer({ name, countries: ['CN'], defaultTimeZone: 'Asia/Shanghai' });
}

export async function buildOrg(db: DB, customerId: string, parentId: string, name = unique('Org ')) {
  return createOrgAdminService({ db }).addOrg(customerId, { parentId, name });
}

export async function buildShop(db: DB, customerId: string, orgId: string, overrides: { name?: string; number?: string; timeZone?: string } = {}) {
  return createOrgAdminService({ db }).addShop(customerId, {
    orgId,
    name: overrides.name ?? unique('Shop '),
    number: overrides.number ?? unique('N'),
    timeZone: overrides.timeZone ?? 'Asia/Shanghai',
  });
}

export async function buildCamera(db: DB, customerId: string, shopId: string) {
  const devices = createDevicesService({ db });
  const { boxId } = await devices.registerBox(customerId, { shopId, mac: unique('MAC'), name: 'box' });
  return devices.addCamera(customerId, { shopId, boxId, name: 'Entrance', number: unique('CAM') });
}

export async function buildUser(
  db: DB,
  memberships: { customerId: string; roleId: number; orgId?: string | null; shopIds?: string[] }[],
  overrides: { loginName?: string; mobile?: string; password?: string } = {},
) {
  const users = createUsersService({ db });
  const loginName = overrides.loginName ?? `${unique('user')}@example.test`;
  const userId = await users.createUser({
    loginName,
    password: overrides.password ?? TEST_PASSWORD,
    surname: 'Test',
    givenName: 'User',
    ...(overrides.mobile ? { mobile: overrides.mobile } : {}),
  });
  for (const membership of memberships) await users.addMembership(membership.customerId, { userId, ...membership });
  return { userId, loginName, password: overrides.password ?? TEST_PASSWORD };
}

/** Signs in and selects the customer: what the web does right after the login page. */
export async function signIn(app: FastifyInstance, loginName: string, customerId?: string, password = TEST_PASSWORD): Promise<{ token: string; cid: string }> {
  const login = await call(app, 'POST', '/api/auth/login', { account: loginName, password });
  if (login.body.status !== 200) throw new Error(`sign-in failed: ${login.body.msg}`);
  const token = (login.body.data as { token: string }).token;
  if (!customerId) return { token, cid: '-1' };
  const selected = await call(app, 'POST', '/api/current/selectcus', { cid: customerId }, { token });
  if (selected.body.status !== 200) throw new Error(`select customer failed: ${selected.body.msg}`);
  return { token, cid: customerId };
}
