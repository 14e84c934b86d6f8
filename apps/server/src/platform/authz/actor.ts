import { completePermissionMap, defaultPrivileges, isSystemRoleId, type PermissionMap } from '@storelens/contracts';
import type { DB } from '../db/database.ts';
import type { CustomerActor } from '../http/context.ts';
import { findMembership } from './actor.repo.ts';

/**
 * What a role grants: a system role's defaults under its stored map (so keys added after the role
 * was stored take their defaults), a custom role's stored map as it is.
 */
export function effectivePrivileges(role: { id: number; privileges: string }): PermissionMap {
  const stored = JSON.parse(role.privileges) as Record<string, number>;
  return completePermissionMap(isSystemRoleId(role.id) ? { ...defaultPrivileges(role.id), ...stored } : stored);
}

/** Resolves who the user is within a customer: role, permission map and organisation scope. */
export async function resolveActor(db: DB, userId: string, customerId: string): Promise<CustomerActor | null> {
  const membership = await findMembership(db, userId, customerId);
  if (!membership) return null;
  return {
    userId,
    customerId,
    roleId: membership.role_id,
    roleName: membership.role_name,
    permissions: effectivePrivileges({ id: membership.role_id, privileges: membership.privileges }),
    orgScopeId: membership.org_id,
  };
}
