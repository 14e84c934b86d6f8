import { RoleId } from '@storelens/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildCustomer, buildShop, type Session, signInWithRole } from '../../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let customer: { customerId: string; rootOrgId: string };
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  customer = await buildCustomer(t.db);
  for (const name of ['50% Off Outlet', '500 Outlet', 'North_East', 'NorthXEast', 'Back\\Slash']) {
    await buildShop(t.db, customer.customerId, customer.rootOrgId, { name });
  }
  admin = await signInWithRole(t.app, t.db, customer.customerId, RoleId.superManager);
});
afterAll(() => t.close());

async function shopsFound(keyword: string): Promise<string[]> {
  const response = await call(t.app, 'POST', '/api/shop/getShopListByParentOrg', { orgId: customer.rootOrgId, page: 1, pageSize: 50, keyword }, admin);
  const data = response.body.data as { list: { name: string }[] };
  return data.list.map((shop) => shop.name).sort();
}

it("takes a keyword's % and _ literally, on this database's dialect, ignoring case", async () => {
  expect(await shopsFound('50%')).toEqual(['50% Off Outlet']);
  expect(await shopsFound('h_e')).toEqual(['North_East']);
  expect(await shopsFound('\\')).toEqual(['Back\\Slash']);
  expect(await shopsFound('OUTLET')).toEqual(['50% Off Outlet', '500 Outlet']);
  expect(await shopsFound('north')).toEqual(['NorthXEast', 'North_East']);
});
