import { completePermissionMap, defaultPrivileges, isSystemRoleId } from '@storelens/contracts';
import type { DB } from '../db/database.ts';
import type { CustomerActor } from '../http/context.ts';
import { findMembership, loadScopeRows } from './actor.repo.ts';

/** Resolves who the user is within a customer: role, permission map and organisation scope. */
export async function resolveActor(db: DB, userId: string, customerId: string): Promise<CustomerActor | null> {
  const membership = await findMembership(db, userId, customerId);
  if (!membership) return null;
  const stored = JSON.parse(membership.privileges) as Record<string, number>;
  // System roles fall back to their defaults for keys added after the role was stored.
  const base = isSystemRoleId(membership.role_id) ? { ...defaultPrivileges(membership.role_id), ...stored } : stored;
  return {
    userId,
    customerId,
    roleId: membership.role_id,
    roleName: membership.role_name,
    permissions: completePermissionMap(base),
    orgScopeId: membership.org_id,
  };
}

/**
 * Data scope (DESIGN T2): the shops a user may see are those under their organisation (its whole
 * subtree) plus any shops granted one by one. Null means every shop of the customer.
 */
export async function visibleShopIds(db: DB, actor: CustomerActor): Promise<Set<string> | null> {
  const rows = await loadScopeRows(db, actor.userId, actor.customerId);
  if (actor.orgScopeId === null && rows.explicitShopIds.length === 0) return null;
  const visible = new Set(rows.explicitShopIds);
  if (actor.orgScopeId !== null) {
    const orgs = visibleOrgIds(rows.orgs, actor.orgScopeId);
    for (const shop of rows.shops) if (orgs.has(shop.org_id)) visible.add(shop.id);
  }
  return visible;
}

export function visibleOrgIds(orgs: { id: string; parent_id: string | null }[], rootId: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const org of orgs) {
    if (org.parent_id === null) continue;
    const list = children.get(org.parent_id) ?? [];
    list.push(org.id);
    children.set(org.parent_id, list);
  }
  const result = new Set<string>();
  const stack = [rootId];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (result.has(id)) continue;
    result.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return result;
}
