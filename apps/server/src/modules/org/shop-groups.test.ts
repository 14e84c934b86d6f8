import { RoleId } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildOrg, buildShop, buildUser, countRows, type Session, signIn, signInWithRole } from '../../../test/factories.ts';
import { call, createTestApp, expectMessageInAllLanguages, type TestApp } from '../../../test/harness.ts';

interface GroupRow {
  groupId: string;
  name: string;
  storeCount: number;
  shopIds: string[];
  roleIds: number[];
  score: number | null;
}

let t: TestApp;
let demo: { customerId: string; rootOrgId: string };
let other: { customerId: string; rootOrgId: string };
let north: string;
let south: string;
let northShops: string[];
let southShop: string;
let admin: Session;
let branch: Session;
let observer: Session;
let outsider: Session;

const post = (session: Session, url: string, body?: unknown, lang?: string) => call(t.app, 'POST', url, body, { ...session, ...(lang ? { lang } : {}) });
const groups = async (session: Session) => (await post(session, '/api/shopGroup/list')).body.data as GroupRow[];

beforeAll(async () => {
  t = await createTestApp();
  demo = await buildCustomer(t.db, 'Group Co');
  other = await buildCustomer(t.db, 'Other Group Co');
  north = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'North');
  south = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'South');
  northShops = [await buildShop(t.db, demo.customerId, north), await buildShop(t.db, demo.customerId, north)];
  southShop = await buildShop(t.db, demo.customerId, south);
  admin = await signInWithRole(t.app, t.db, demo.customerId, RoleId.superManager);
  // A manager limited to the North region (the manager role may add store groups).
  branch = await signIn(t.app, (await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.manager, orgId: north }])).loginName, demo.customerId);
  observer = await signInWithRole(t.app, t.db, demo.customerId, RoleId.observer);
  outsider = await signInWithRole(t.app, t.db, other.customerId, RoleId.superManager);
});
afterAll(async () => t.close());

describe('store groups', () => {
  it('adds a group with stores, permissions and a score, and lists its store count', async () => {
    const added = await post(admin, '/api/shopGroup/add', { name: 'Flagships', shopIds: [...northShops, southShop], roleIds: [RoleId.manager], score: 80 });
    expect(added.body.status).toBe(200);
    const { groupId } = added.body.data as { groupId: string };
    const row = (await groups(admin)).find((group) => group.groupId === groupId);
    expect(row).toMatchObject({ name: 'Flagships', storeCount: 3, roleIds: [RoleId.manager], score: 80 });
    expect(row?.shopIds).toEqual([...northShops, southShop].sort());
    expect((await post(admin, '/api/shopGroup/shopNum', { groupId })).body.data).toEqual({ groupId, storeCount: 3 });
  });

  it('refuses a duplicate name and unknown or foreign stores, writing nothing', async () => {
    const before = await countRows(t.db, 'shop_groups');
    await expectMessageInAllLanguages((lang) => post(admin, '/api/shopGroup/add', { name: 'flagships' }, lang), 'errors.nameOverlap', undefined, 422);
    const foreign = await buildShop(t.db, other.customerId, other.rootOrgId);
    expect((await post(admin, '/api/shopGroup/add', { name: 'Foreign', shopIds: [foreign] })).body.status).toBe(404);
    expect((await post(admin, '/api/shopGroup/add', { name: 'Unknown role', roleIds: [99999] })).body.status).toBe(404);
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/shopGroup/add', { name: 'Bad score', score: 101 }, lang),
      'validation.compare',
      { op: '<=', value: 100 },
      400,
    );
    expect(await countRows(t.db, 'shop_groups')).toBe(before);
  });

  it('shows a limited user only their stores of a group, and keeps the others when they edit it', async () => {
    const { groupId } = (await post(admin, '/api/shopGroup/add', { name: 'Mixed', shopIds: [northShops[0], southShop] })).body.data as { groupId: string };
    const seen = (await groups(branch)).find((group) => group.groupId === groupId);
    expect(seen).toMatchObject({ storeCount: 2, shopIds: [northShops[0]] });
    expect((await post(branch, '/api/shopGroup/add', { name: 'South only', shopIds: [southShop] })).body.status).toBe(404);
    expect((await post(branch, '/api/shopGroup/update', { groupId, shopIds: [northShops[1]] })).body.status).toBe(200);
    const after = (await groups(admin)).find((group) => group.groupId === groupId);
    expect(after?.shopIds).toEqual([northShops[1], southShop].sort());
  });

  it('lists a group restricted to roles only for those roles (and for group managers)', async () => {
    await post(admin, '/api/shopGroup/add', { name: 'Managers only', roleIds: [RoleId.manager] });
    expect((await groups(observer)).some((group) => group.name === 'Managers only')).toBe(false);
    expect((await groups(branch)).some((group) => group.name === 'Managers only')).toBe(true);
    expect((await groups(admin)).some((group) => group.name === 'Managers only')).toBe(true);
  });

  it('refuses to delete a group while stores remain in it; deletes it once empty', async () => {
    const { groupId } = (await post(admin, '/api/shopGroup/add', { name: 'To delete', shopIds: [southShop] })).body.data as { groupId: string };
    const before = await countRows(t.db, 'shop_groups');
    await expectMessageInAllLanguages((lang) => post(admin, '/api/shopGroup/delete', { groupId }, lang), 'errors.shopGroupHasShops', undefined, 422);
    expect(await countRows(t.db, 'shop_groups')).toBe(before);
    expect(await countRows(t.db, 'shop_group_shops')).toBeGreaterThan(0);
    expect((await post(admin, '/api/shopGroup/update', { groupId, shopIds: [], name: 'Emptied', score: null })).body.status).toBe(200);
    expect((await post(admin, '/api/shopGroup/shopNum', { groupId })).body.data).toEqual({ groupId, storeCount: 0 });
    expect((await post(admin, '/api/shopGroup/delete', { groupId })).body.status).toBe(200);
    expect(await countRows(t.db, 'shop_groups')).toBe(before - 1);
  });

  it("shows another customer's user none of the groups, and answers their ids with not found", async () => {
    const { groupId } = (await post(admin, '/api/shopGroup/add', { name: 'Private', shopIds: [southShop] })).body.data as { groupId: string };
    expect(await groups(outsider)).toEqual([]);
    for (const url of ['/api/shopGroup/shopNum', '/api/shopGroup/delete']) {
      expect((await post(outsider, url, { groupId })).body, url).toMatchObject({ status: 404, msg: 'Not found or no access' });
    }
    expect((await post(outsider, '/api/shopGroup/update', { groupId, name: 'Taken over' })).body.status).toBe(404);
    const merged = (await post(outsider, '/api/stShop/getListOfMerge')).body.data as { groups: unknown[]; shops: unknown[] };
    expect(merged.groups).toEqual([]);
    expect((await groups(admin)).find((group) => group.groupId === groupId)?.name).toBe('Private');
  });

  it('the merge list carries the shops and groups a user may pick', async () => {
    const merged = (await post(branch, '/api/stShop/getListOfMerge')).body.data as {
      shops: { shopId: string }[];
      groups: { name: string; shopIds: string[] }[];
    };
    expect(merged.shops.map((shop) => shop.shopId).sort()).toEqual([...northShops].sort());
    expect(merged.groups.find((group) => group.name === 'Flagships')?.shopIds).toEqual([...northShops].sort());
  });
});
