import type { DB } from '../db/database.ts';
import type { CustomerActor } from '../http/context.ts';
import { notFound } from '../http/errors.ts';
import { tenantScope } from '../tenancy/scoped.ts';
import { accessRepo, type CustomerLayout, type OrgNode } from './access.repo.ts';
import { subtreeOf } from './org-tree.ts';

export type { CustomerLayout, OrgNode };

/**
 * Where a member stands in a customer: the organisation whose subtree they see, and the shops
 * granted to them one by one. A member with neither sees the whole customer.
 */
export interface MemberReach {
  orgId: string | null;
  grantedShopIds: readonly string[];
}

export function reachesWholeCustomer(reach: MemberReach): boolean {
  return reach.orgId === null && reach.grantedShopIds.length === 0;
}

/**
 * THE data-scope rule (DESIGN T2), in one place for the caller and for everyone else (alarm
 * audiences, the members of a shop): a member sees the shops under their organisation's subtree
 * plus the shops granted to them. Subtrees are computed once per organisation and kept.
 */
export function layoutIndex(layout: CustomerLayout) {
  const orgOfShop = new Map(layout.shops.map((shop) => [shop.id, shop.org_id]));
  const subtrees = new Map<string, Set<string>>();
  const subtree = (orgId: string): Set<string> => {
    let found = subtrees.get(orgId);
    if (!found) {
      found = subtreeOf(layout.orgs, orgId);
      subtrees.set(orgId, found);
    }
    return found;
  };
  return {
    subtree,
    /** Null: every shop of the customer. */
    shopsOf(reach: MemberReach): Set<string> | null {
      if (reachesWholeCustomer(reach)) return null;
      const shops = new Set(reach.grantedShopIds);
      if (reach.orgId !== null) {
        const orgs = subtree(reach.orgId);
        for (const shop of layout.shops) if (orgs.has(shop.org_id)) shops.add(shop.id);
      }
      return shops;
    },
    /** Whether the member sees the shop (a shop of this customer). */
    covers(reach: MemberReach, shopId: string): boolean {
      const orgId = orgOfShop.get(shopId);
      if (orgId === undefined) return false;
      if (reachesWholeCustomer(reach) || reach.grantedShopIds.includes(shopId)) return true;
      return reach.orgId !== null && subtree(reach.orgId).has(orgId);
    },
  };
}
export type LayoutIndex = ReturnType<typeof layoutIndex>;

/**
 * The caller's data scope as the administration screens need it: the shops they may see, and the
 * organisations they may manage (their organisation's subtree). A user limited to single shops
 * manages no organisation; a user with neither limit sees and manages everything.
 */
export interface DataScope {
  actor: CustomerActor;
  orgs: OrgNode[];
  orgById: Map<string, OrgNode>;
  /** Null: every shop of the customer. */
  shopIds: Set<string> | null;
  /** Every shop of the customer the caller sees, spelled out. */
  visibleShopIds: string[];
  /** Null: every organisation of the customer. */
  orgIds: Set<string> | null;
  canSeeShop(shopId: string): boolean;
  canManageOrg(orgId: string): boolean;
  /** May filter a list by this organisation: one they manage, or any when limited to single shops (only their shops come back). */
  canFilterByOrg(orgId: string): boolean;
  /** True when the caller is limited to part of the customer (a subtree or single shops). */
  limited: boolean;
  /** The customer's layout with the data-scope rule, for questions about other members. */
  layout: LayoutIndex;
}

/**
 * THE access check: which shops, cameras and organisations this actor may use. Every module asks
 * here. What lies outside the caller's scope answers 'not found', exactly like another customer's
 * ids, so a caller learns nothing about what exists beyond it.
 */
export interface Access {
  readonly actor: CustomerActor;
  scope(): Promise<DataScope>;
  /**
   * The shops to work on: the requested ones (without repeats, in the order asked) when any are
   * named, else every shop the caller sees. Not found when any named shop lies outside.
   */
  shopIds(requested?: readonly string[]): Promise<string[]>;
  requireShop(shopId: string): Promise<void>;
  /** Camera id -> its shop, for cameras whose shop the caller sees; not found when any lies outside. */
  cameras(cameraIds: readonly string[]): Promise<Map<string, string>>;
}

async function loadScope(db: DB, actor: CustomerActor): Promise<DataScope> {
  const repo = accessRepo(tenantScope(db, actor.customerId));
  const [layout, grantedShopIds] = await Promise.all([repo.layout(), repo.grantedShopIds(actor.userId)]);
  const index = layoutIndex(layout);
  const ownShops = new Set(layout.shops.map((shop) => shop.id));
  const shopIds = index.shopsOf({ orgId: actor.orgScopeId, grantedShopIds });
  const orgIds = shopIds === null ? null : actor.orgScopeId !== null ? index.subtree(actor.orgScopeId) : new Set<string>();
  const orgById = new Map(layout.orgs.map((org) => [org.id, org]));
  return {
    actor,
    orgs: layout.orgs,
    orgById,
    shopIds,
    visibleShopIds: layout.shops.map((shop) => shop.id).filter((id) => shopIds === null || shopIds.has(id)),
    orgIds,
    // An id that is not a shop of this customer is never visible, even to a whole-customer caller.
    canSeeShop: (shopId) => ownShops.has(shopId) && (shopIds === null || shopIds.has(shopId)),
    canManageOrg: (orgId) => orgById.has(orgId) && (orgIds === null || orgIds.has(orgId)),
    canFilterByOrg: (orgId) => orgById.has(orgId) && (orgIds === null || orgIds.size === 0 || orgIds.has(orgId)),
    // Scoped to the root organisation is the whole customer in all but name.
    limited: orgIds !== null && orgIds.size < layout.orgs.length,
    layout: index,
  };
}

// An actor is made once per request by the guard (or once per job), so keying on it resolves the
// scope once per request however many services ask, and never shares it between requests.
const accessByActor = new WeakMap<CustomerActor, Access>();

export function accessOf(db: DB, actor: CustomerActor): Access {
  const known = accessByActor.get(actor);
  if (known) return known;
  let loading: Promise<DataScope> | undefined;
  const scope = () => {
    loading ??= loadScope(db, actor);
    return loading;
  };
  const access: Access = {
    actor,
    scope,
    async shopIds(requested) {
      const resolved = await scope();
      if (requested && requested.length > 0) {
        const wanted = [...new Set(requested)];
        if (wanted.some((id) => !resolved.canSeeShop(id))) throw notFound();
        return wanted;
      }
      return [...resolved.visibleShopIds];
    },
    async requireShop(shopId) {
      if (!(await scope()).canSeeShop(shopId)) throw notFound();
    },
    async cameras(cameraIds) {
      const wanted = [...new Set(cameraIds)];
      const [resolved, rows] = await Promise.all([scope(), accessRepo(tenantScope(db, actor.customerId)).cameraShops(wanted)]);
      const shopOf = new Map(rows.map((row) => [row.id, row.shop_id]));
      for (const id of wanted) {
        const shopId = shopOf.get(id);
        if (shopId === undefined || !resolved.canSeeShop(shopId)) throw notFound();
      }
      return shopOf;
    },
  };
  accessByActor.set(actor, access);
  return access;
}

/**
 * The data-scope rule over a whole customer, for work that no caller asks for (who receives a
 * camera-offline alarm): whether a member, by their organisation and grants, sees a shop.
 */
export async function customerReach(db: DB, customerId: string) {
  const repo = accessRepo(tenantScope(db, customerId));
  const [layout, grants] = await Promise.all([repo.layout(), repo.allGrants()]);
  const index = layoutIndex(layout);
  const grantsOf = new Map<string, string[]>();
  for (const grant of grants) grantsOf.set(grant.user_id, [...(grantsOf.get(grant.user_id) ?? []), grant.shop_id]);
  return {
    covers: (member: { user_id: string; org_id: string | null }, shopId: string): boolean =>
      index.covers({ orgId: member.org_id, grantedShopIds: grantsOf.get(member.user_id) ?? [] }, shopId),
  };
}
