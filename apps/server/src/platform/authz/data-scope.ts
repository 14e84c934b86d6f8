import type { DB } from '../db/database.ts';
import type { CustomerActor } from '../http/context.ts';
import { tenantScope } from '../tenancy/scoped.ts';
import { visibleOrgIds, visibleShopIds } from './actor.ts';

export interface OrgNode {
  id: string;
  parent_id: string | null;
  name: string;
  level: number;
  orgcode: string;
}

/**
 * The caller's data scope (DESIGN T2) as the administration screens need it: the shops they may
 * see, and the organisations they may manage (their organisation's subtree). A user limited to
 * single shops manages no organisation; a user with neither limit sees and manages everything.
 */
export interface DataScope {
  actor: CustomerActor;
  orgs: OrgNode[];
  orgById: Map<string, OrgNode>;
  /** Null: every shop of the customer. */
  shopIds: Set<string> | null;
  /** Null: every organisation of the customer. */
  orgIds: Set<string> | null;
  canSeeShop(shopId: string): boolean;
  canManageOrg(orgId: string): boolean;
  /** May filter a list by this organisation: one they manage, or any when limited to single shops (only their shops come back). */
  canFilterByOrg(orgId: string): boolean;
  /** True when the caller is limited to part of the customer (a subtree or single shops). */
  limited: boolean;
}

export async function dataScopeOf(db: DB, actor: CustomerActor): Promise<DataScope> {
  const [orgs, shopIds, customerShops] = await Promise.all([
    tenantScope(db, actor.customerId).selectFrom('orgs').select(['id', 'parent_id', 'name', 'level', 'orgcode']).execute(),
    visibleShopIds(db, actor),
    tenantScope(db, actor.customerId).selectFrom('shops').select('id').execute(),
  ]);
  // An id that is not a shop of this customer is never visible, even to a whole-customer caller
  // (it answered an empty list for another customer's shop instead of 'not found').
  const ownShops = new Set(customerShops.map((shop) => shop.id));
  const orgIds = shopIds === null ? null : actor.orgScopeId !== null ? visibleOrgIds(orgs, actor.orgScopeId) : new Set<string>();
  const orgById = new Map(orgs.map((org) => [org.id, org]));
  return {
    actor,
    orgs,
    orgById,
    shopIds,
    orgIds,
    canSeeShop: (shopId) => ownShops.has(shopId) && (shopIds === null || shopIds.has(shopId)),
    canManageOrg: (orgId) => orgById.has(orgId) && (orgIds === null || orgIds.has(orgId)),
    canFilterByOrg: (orgId) => orgById.has(orgId) && (orgIds === null || orgIds.size === 0 || orgIds.has(orgId)),
    // Scoped to the root organisation is the whole customer in all but name.
    limited: orgIds !== null && orgIds.size < orgs.length,
  };
}

/** Names from the root down to the organisation itself. */
export function orgPathNames(orgById: Map<string, OrgNode>, orgId: string): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  let current = orgById.get(orgId);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    names.unshift(current.name);
    current = current.parent_id ? orgById.get(current.parent_id) : undefined;
  }
  return names;
}

/** The organisation and everything below it. */
export function subtreeOf(orgs: OrgNode[], orgId: string): Set<string> {
  return visibleOrgIds(orgs, orgId);
}

export function rootOf(orgs: OrgNode[]): OrgNode | undefined {
  return orgs.find((org) => org.parent_id === null);
}
