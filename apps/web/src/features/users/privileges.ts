import { FEATURE_KEYS, MENU_FLAGS, NAV_KEYS, Perm, type PermissionKey, type PermValue } from '@storelens/contracts';
import type { Privileges } from './api.ts';

/** The permission keys of spec section 6, grouped as the role editor shows them. */
export const PRIVILEGE_GROUPS = [
  { id: 'navigation', keys: NAV_KEYS },
  { id: 'menus', keys: MENU_FLAGS },
  { id: 'features', keys: FEATURE_KEYS },
] as const satisfies readonly { id: string; keys: readonly PermissionKey[] }[];

export type PrivilegeGroupId = (typeof PRIVILEGE_GROUPS)[number]['id'];

export const PERM_VALUES: readonly PermValue[] = [Perm.shown, Perm.disabled, Perm.hidden];

/** A complete map: a key the role does not list is hidden (as the server reads it). */
export function completePrivileges(privileges: Partial<Record<string, PermValue>>): Record<PermissionKey, PermValue> {
  const complete = {} as Record<PermissionKey, PermValue>;
  for (const group of PRIVILEGE_GROUPS) for (const key of group.keys) complete[key] = privileges[key] ?? Perm.hidden;
  return complete;
}

export function setGroup(privileges: Privileges, groupId: PrivilegeGroupId, value: PermValue): Privileges {
  const group = PRIVILEGE_GROUPS.find((entry) => entry.id === groupId);
  if (!group) return privileges;
  const next = { ...privileges };
  for (const key of group.keys) next[key] = value;
  return next;
}

/** The group's common value, or null when its keys differ. */
export function groupValue(privileges: Privileges, groupId: PrivilegeGroupId): PermValue | null {
  const group = PRIVILEGE_GROUPS.find((entry) => entry.id === groupId);
  if (!group) return null;
  const values = new Set(group.keys.map((key) => privileges[key] ?? Perm.hidden));
  return values.size === 1 ? ([...values][0] ?? null) : null;
}

export function countByValue(privileges: Privileges, keys: readonly PermissionKey[]): Record<PermValue, number> {
  const counts: Record<PermValue, number> = { 0: 0, 1: 0, 2: 0 };
  for (const key of keys) counts[privileges[key] ?? Perm.hidden] += 1;
  return counts;
}
