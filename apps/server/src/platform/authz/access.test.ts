import { RoleId } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCamera, buildCustomer, buildOrg, buildShop, buildUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { CustomerActor } from '../http/context.ts';
import { AppError } from '../http/errors.ts';
import { accessOf, type CustomerLayout, customerReach, layoutIndex, type MemberReach } from './access.ts';
import { resolveActor } from './actor.ts';

let t: TestApp;
let customerId: string;
let rootOrgId: string;
const org = { north: '', northEast: '', south: '' };
const shop = { north: '', northEast: '', south: '', root: '', other: '' };
const camera = { north: '', south: '', other: '' };

async function actorWith(membership: { orgId?: string | null; shopIds?: string[] }): Promise<CustomerActor> {
  const { userId } = await buildUser(t.db, [{ customerId, roleId: RoleId.manager, ...membership }]);
  const actor = await resolveActor(t.db, userId, customerId);
  if (!actor) throw new Error('membership not resolved');
  return actor;
}

async function notFoundOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  return error instanceof AppError ? error.statusName : `no refusal (${String(error)})`;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ customerId, rootOrgId } = await buildCustomer(t.db));
  org.north = await buildOrg(t.db, customerId, rootOrgId, 'North');
  org.northEast = await buildOrg(t.db, customerId, org.north, 'North East');
  org.south = await buildOrg(t.db, customerId, rootOrgId, 'South');
  shop.north = await buildShop(t.db, customerId, org.north);
  shop.northEast = await buildShop(t.db, customerId, org.northEast);
  shop.south = await buildShop(t.db, customerId, org.south);
  shop.root = await buildShop(t.db, customerId, rootOrgId);
  const other = await buildCustomer(t.db);
  shop.other = await buildShop(t.db, other.customerId, other.rootOrgId);
  camera.north = await buildCamera(t.db, customerId, shop.north);
  camera.south = await buildCamera(t.db, customerId, shop.south);
  camera.other = await buildCamera(t.db, other.customerId, shop.other);
});
afterAll(() => t.close());

describe('the access check', () => {
  it('gives a member with neither organisation nor grants every shop of the customer, and nothing of another', async () => {
    const access = accessOf(t.db, await actorWith({ orgId: null }));
    const scope = await access.scope();
    expect(scope.shopIds).toBeNull();
    expect(scope.limited).toBe(false);
    expect((await access.shopIds()).sort()).toEqual(
      Object.values(shop)
        .filter((id) => id !== shop.other)
        .sort(),
    );
    expect(await notFoundOf(access.shopIds([shop.north, shop.other]))).toBe('notFound');
    expect(await notFoundOf(access.requireShop('no-such-shop'))).toBe('notFound');
  });

  it('limits an organisation member to its subtree, and answers named shops in the order asked without repeats', async () => {
    const access = accessOf(t.db, await actorWith({ orgId: org.north }));
    const scope = await access.scope();
    expect([...(scope.shopIds ?? [])].sort()).toEqual([shop.north, shop.northEast].sort());
    expect(scope.limited).toBe(true);
    expect(scope.canManageOrg(org.northEast)).toBe(true);
    expect(scope.canManageOrg(org.south)).toBe(false);
    expect(await access.shopIds([shop.northEast, shop.north, shop.northEast])).toEqual([shop.northEast, shop.north]);
    expect(await notFoundOf(access.shopIds([shop.north, shop.south]))).toBe('notFound');
    expect(await notFoundOf(access.requireShop(shop.root))).toBe('notFound');
  });

  it('adds granted shops to the subtree, and a member with grants only manages no organisation', async () => {
    const both = await accessOf(t.db, await actorWith({ orgId: org.north, shopIds: [shop.root] })).scope();
    expect([...(both.shopIds ?? [])].sort()).toEqual([shop.north, shop.northEast, shop.root].sort());
    const grantsOnly = await accessOf(t.db, await actorWith({ shopIds: [shop.south] })).scope();
    expect([...(grantsOnly.shopIds ?? [])]).toEqual([shop.south]);
    expect(grantsOnly.limited).toBe(true);
    expect(grantsOnly.canManageOrg(org.south)).toBe(false);
    expect(grantsOnly.canFilterByOrg(org.north)).toBe(true);
  });

  it('counts a member of the root organisation as the whole customer', async () => {
    const scope = await accessOf(t.db, await actorWith({ orgId: rootOrgId })).scope();
    expect(scope.limited).toBe(false);
    expect(scope.shopIds?.size).toBe(4);
  });

  it("answers cameras by their shop, and not found for a camera outside the scope or another customer's", async () => {
    const access = accessOf(t.db, await actorWith({ orgId: org.north }));
    expect(await access.cameras([camera.north, camera.north])).toEqual(new Map([[camera.north, shop.north]]));
    expect(await notFoundOf(access.cameras([camera.north, camera.south]))).toBe('notFound');
    expect(await notFoundOf(access.cameras([camera.other]))).toBe('notFound');
    expect(await notFoundOf(access.cameras(['no-such-camera']))).toBe('notFound');
  });

  it('resolves the scope once per actor (once per request) and afresh for the next actor', async () => {
    const actor = await actorWith({ orgId: org.south });
    const access = accessOf(t.db, actor);
    expect(accessOf(t.db, actor)).toBe(access);
    const [first, second] = await Promise.all([access.scope(), access.scope()]);
    expect(second).toBe(first);
    const sameUserNextRequest = { ...actor };
    expect(await accessOf(t.db, sameUserNextRequest).scope()).not.toBe(first);
  });

  it('applies the same rule to other members (alarm audiences) as to the caller', async () => {
    const reach = await customerReach(t.db, customerId);
    expect(reach.covers({ user_id: 'u1', org_id: org.north }, shop.northEast)).toBe(true);
    expect(reach.covers({ user_id: 'u1', org_id: org.north }, shop.south)).toBe(false);
    expect(reach.covers({ user_id: 'u2', org_id: null }, shop.south)).toBe(true);
    expect(reach.covers({ user_id: 'u2', org_id: null }, shop.other)).toBe(false);
  });
});

describe('the data-scope rule', () => {
  // A seeded generator (mulberry32), so a failure can be replayed.
  function random(seed: number) {
    let state = seed >>> 0;
    return () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let x = Math.imul(state ^ (state >>> 15), 1 | state);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
  }

  function randomLayout(next: () => number): CustomerLayout {
    const orgs: CustomerLayout['orgs'] = [{ id: 'o0', parent_id: null, name: 'root', level: 1, orgcode: 'o0' }];
    for (let i = 1; i < 25; i += 1) {
      const parent = orgs[Math.floor(next() * orgs.length)] as (typeof orgs)[number];
      orgs.push({ id: `o${i}`, parent_id: parent.id, name: `o${i}`, level: parent.level + 1, orgcode: `o${i}` });
    }
    const shops = Array.from({ length: 60 }, (_, i) => ({ id: `s${i}`, org_id: (orgs[Math.floor(next() * orgs.length)] as (typeof orgs)[number]).id }));
    return { orgs, shops };
  }

  // The rule written the slow, obvious way: walk up from the shop's organisation looking for the member's.
  function naiveSees(layout: CustomerLayout, reach: MemberReach, shopId: string): boolean {
    const placed = layout.shops.find((candidate) => candidate.id === shopId);
    if (!placed) return false;
    if (reach.orgId === null && reach.grantedShopIds.length === 0) return true;
    if (reach.grantedShopIds.includes(shopId)) return true;
    let current: string | null = placed.org_id;
    while (current !== null) {
      if (current === reach.orgId) return true;
      current = layout.orgs.find((candidate) => candidate.id === current)?.parent_id ?? null;
    }
    return false;
  }

  it('agrees with a naive walk up the tree for random layouts and members', () => {
    let compared = 0;
    for (let seed = 1; seed <= 40; seed += 1) {
      const next = random(seed);
      const layout = randomLayout(next);
      const index = layoutIndex(layout);
      for (let m = 0; m < 10; m += 1) {
        const orgId = next() < 0.2 ? null : `o${Math.floor(next() * layout.orgs.length)}`;
        const grantedShopIds = next() < 0.5 ? [] : [`s${Math.floor(next() * 60)}`, `s${Math.floor(next() * 60)}`];
        const reach = { orgId, grantedShopIds };
        const shops = index.shopsOf(reach);
        for (const { id } of layout.shops) {
          const expected = naiveSees(layout, reach, id);
          expect(index.covers(reach, id), `seed ${seed} member ${m} shop ${id}`).toBe(expected);
          expect(shops === null || shops.has(id), `seed ${seed} member ${m} shop ${id}`).toBe(expected);
          compared += 1;
        }
      }
    }
    expect(compared).toBe(40 * 10 * 60);
  });
});
