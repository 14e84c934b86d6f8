import { isSystemRoleId, type Locale, roleDisplayName, SYSTEM_ROLE_IDS, SYSTEM_ROLE_LABELS } from '@storelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCan } from '../../session/hooks/useCan.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { fetchRoleOptions, listRoles, type RoleOption } from '../api.ts';

export const userAdminKeys = {
  all: (cid: string | null) => ['users', cid] as const,
  list: (cid: string | null) => ['users', cid, 'list'] as const,
  roleOptions: (cid: string | null, locale: Locale) => ['users', cid, 'roleOptions', locale] as const,
  roles: (cid: string | null, locale: Locale) => ['users', cid, 'roles', locale] as const,
  role: (cid: string | null, roleId: number, locale: Locale) => ['users', cid, 'role', roleId, locale] as const,
};

/** A role's name in the reader's language: system roles by contracts' labels, custom roles as named. */
export function useRoleName(): (roleId: number, storedName: string) => string {
  const locale = useSessionStore((state) => state.locale);
  return useCallback((roleId: number, storedName: string) => roleDisplayName(locale, roleId, storedName), [locale]);
}

/**
 * Roles to choose from. Administrators of users get the server's list (custom roles included);
 * others (store-group permissions) see the system roles by their labels.
 */
export function useRoleOptions() {
  const cid = useSessionStore((state) => state.cid);
  const locale = useSessionStore((state) => state.locale);
  const mayList = useCan('cueretail_user_manage') !== 'hidden';
  const query = useQuery({
    queryKey: userAdminKeys.roleOptions(cid, locale),
    queryFn: () => fetchRoleOptions({ silent: true }),
    enabled: cid !== null && mayList,
  });
  const fallback: RoleOption[] = SYSTEM_ROLE_IDS.map((roleId) => ({ roleId, name: SYSTEM_ROLE_LABELS[roleId][locale], isSystem: true, grantable: false }));
  const options = (query.data ?? (mayList && query.isPending ? [] : fallback)).map((role) => ({
    ...role,
    name: isSystemRoleId(role.roleId) ? roleDisplayName(locale, role.roleId, role.name) : role.name,
  }));
  return { options, isPending: mayList && query.isPending };
}

export function useRoleList(keyword?: string) {
  const cid = useSessionStore((state) => state.cid);
  const locale = useSessionStore((state) => state.locale);
  return useQuery({ queryKey: [...userAdminKeys.roles(cid, locale), keyword ?? ''], queryFn: () => listRoles(keyword), enabled: cid !== null });
}
