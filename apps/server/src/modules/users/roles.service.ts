import {
  ALL_PERMISSION_KEYS,
  completePermissionMap,
  FIRST_CUSTOM_ROLE_ID,
  isSystemRoleId,
  LOCALES,
  type Locale,
  Perm,
  type PermissionMap,
  roleDisplayName,
  SYSTEM_ROLE_LABELS,
} from '@storelens/contracts';
import { accessOf } from '../../platform/authz/access.ts';
import { effectivePrivileges } from '../../platform/authz/actor.ts';
import type { DB } from '../../platform/db/database.ts';
import type { RolesTable } from '../../platform/db/schema.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { noAuthority, notFound, refused } from '../../platform/http/errors.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { rolesRepo } from './roles.repo.ts';

/**
 * No one grants what they do not have: every key a role shows (0) must be shown to the caller.
 * This keeps a manager from creating, copying or handing out a role above their own.
 */
export function withinRights(actor: CustomerActor, privileges: PermissionMap): boolean {
  return ALL_PERMISSION_KEYS.every((key) => privileges[key] !== Perm.shown || actor.permissions[key] === Perm.shown);
}

/** Role names are unique per customer, also against the system roles' names in any language. */
function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
function nameTaken(roles: RolesTable[], name: string, exceptId?: number): boolean {
  return roles.some(
    (role) =>
      role.id !== exceptId &&
      (sameName(role.name, name) ||
        (isSystemRoleId(role.id) && LOCALES.some((locale) => sameName(SYSTEM_ROLE_LABELS[role.id as keyof typeof SYSTEM_ROLE_LABELS][locale], name)))),
  );
}

/**
 * Roles of a customer (spec section 6): the system roles (2060-2069) are read-only; custom roles
 * are created, copied, edited and deleted. Roles are customer-wide, so only people whose data
 * scope is the whole customer may change them, and never beyond their own rights.
 */
export function createRolesService(deps: { db: DB }) {
  const { db } = deps;

  async function requireWholeCustomer(actor: CustomerActor): Promise<void> {
    if ((await accessOf(db, actor).scope()).limited) throw noAuthority();
  }

  async function insertRole(customerId: string, name: string, privileges: Partial<PermissionMap>): Promise<number> {
    const repo = rolesRepo(tenantScope(db, customerId));
    // Two concurrent creations could pick the same id; the primary key then refuses the second.
    const id = Math.max(FIRST_CUSTOM_ROLE_ID, (await repo.maxId()) + 1);
    await repo.insert({ id, name, is_system: 0, privileges: JSON.stringify(privileges), updated_at: nowIso() });
    return id;
  }

  async function findRole(actor: CustomerActor, roleId: number): Promise<RolesTable> {
    const role = await rolesRepo(tenantScope(db, actor.customerId)).find(roleId);
    if (!role) throw notFound();
    return role;
  }

  async function createChecked(actor: CustomerActor, name: string, privileges: PermissionMap): Promise<{ roleId: number }> {
    await requireWholeCustomer(actor);
    if (!withinRights(actor, privileges)) throw refused('errors.privilegeEscalation');
    if (nameTaken(await rolesRepo(tenantScope(db, actor.customerId)).all(), name)) throw refused('errors.nameOverlap');
    try {
      return { roleId: await insertRole(actor.customerId, name, privileges) };
    } catch (error) {
      if (isUniqueViolation(error)) throw refused('errors.operationFailed');
      throw error;
    }
  }

  return {
    /** Seed and test path: a custom role with the given map, no checks. */
    createCustomRole: (customerId: string, name: string, privileges: Partial<PermissionMap>) => insertRole(customerId, name, privileges),

    async list(actor: CustomerActor, locale: Locale, keyword?: string) {
      const repo = rolesRepo(tenantScope(db, actor.customerId));
      const [roles, counts] = await Promise.all([repo.all(), repo.memberCounts()]);
      return roles
        .map((role) => ({
          roleId: role.id,
          name: roleDisplayName(locale, role.id, role.name),
          isSystem: role.is_system === 1,
          updatedAt: role.updated_at,
          userCount: counts.get(role.id) ?? 0,
        }))
        .filter((role) => !keyword || role.name.toLowerCase().includes(keyword.toLowerCase()));
    },

    async detail(actor: CustomerActor, roleId: number, locale: Locale) {
      const role = await findRole(actor, roleId);
      const counts = await rolesRepo(tenantScope(db, actor.customerId)).memberCounts();
      return {
        roleId: role.id,
        name: roleDisplayName(locale, role.id, role.name),
        isSystem: role.is_system === 1,
        updatedAt: role.updated_at,
        userCount: counts.get(role.id) ?? 0,
        privileges: effectivePrivileges(role),
      };
    },

    /** Keys left out of the map are hidden (2): a new role starts with nothing. */
    create: (actor: CustomerActor, input: { name: string; privileges?: Record<string, 0 | 1 | 2> | undefined }) =>
      createChecked(actor, input.name, completePermissionMap(input.privileges ?? {})),

    async copy(actor: CustomerActor, input: { roleId: number; name: string }) {
      const source = await findRole(actor, input.roleId);
      return createChecked(actor, input.name, effectivePrivileges(source));
    },

    async update(actor: CustomerActor, input: { roleId: number; name?: string | undefined; privileges?: Record<string, 0 | 1 | 2> | undefined }) {
      await requireWholeCustomer(actor);
      const role = await findRole(actor, input.roleId);
      if (role.is_system === 1 || isSystemRoleId(role.id)) throw refused('errors.systemRoleReadOnly');
      const repo = rolesRepo(tenantScope(db, actor.customerId));
      if (input.name !== undefined && nameTaken(await repo.all(), input.name, role.id)) throw refused('errors.nameOverlap');
      const privileges = input.privileges ? completePermissionMap(input.privileges) : undefined;
      if (privileges && !withinRights(actor, privileges)) throw refused('errors.privilegeEscalation');
      await repo.update(role.id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(privileges ? { privileges: JSON.stringify(privileges) } : {}),
        updated_at: nowIso(),
      });
      return { roleId: role.id };
    },

    async remove(actor: CustomerActor, roleId: number): Promise<null> {
      await requireWholeCustomer(actor);
      const role = await findRole(actor, roleId);
      if (role.is_system === 1 || isSystemRoleId(role.id)) throw refused('errors.systemRoleReadOnly');
      await db.transaction().execute(async (trx) => {
        const repo = rolesRepo(tenantScope(trx, actor.customerId));
        if (await repo.inUse(role.id)) throw refused('errors.roleInUse');
        await repo.delete(role.id);
      });
      return null;
    },

    /** Roles for the user form, each saying whether the caller may give it. */
    async options(actor: CustomerActor, locale: Locale) {
      const roles = await rolesRepo(tenantScope(db, actor.customerId)).all();
      return roles.map((role) => ({
        roleId: role.id,
        name: roleDisplayName(locale, role.id, role.name),
        isSystem: role.is_system === 1,
        grantable: withinRights(actor, effectivePrivileges(role)),
      }));
    },

    /**
     * Roles that may handle rectification (not shown in the spec; our decision): those whose
     * privileges show the rectification to-do (shopinspect_todo_rect = 0).
     */
    async rectificationRoles(actor: CustomerActor, locale: Locale) {
      const roles = await rolesRepo(tenantScope(db, actor.customerId)).all();
      return roles
        .filter((role) => effectivePrivileges(role).shopinspect_todo_rect === Perm.shown)
        .map((role) => ({ roleId: role.id, name: roleDisplayName(locale, role.id, role.name) }));
    },
  };
}
export type RolesService = ReturnType<typeof createRolesService>;
