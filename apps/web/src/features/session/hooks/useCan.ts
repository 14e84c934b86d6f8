import type { PermissionKey } from '@storelens/contracts';
import { type PermissionRule, type PermissionState, resolvePermission } from '../permissions.ts';
import { useSessionStore } from '../state/sessionStore.ts';

/** The one way pages, menus and buttons read the permission map (DESIGN P1). */
export function useCan(key: PermissionKey, rule: PermissionRule = 'usual'): PermissionState {
  return useSessionStore((state) => resolvePermission(state.permissionMap, key, rule));
}
