import { isAllowed, type PermissionKey, type PermissionMap, permState } from '@storelens/contracts';

export type PermissionState = 'shown' | 'disabled' | 'hidden';

/**
 * The two rules of spec section 6, both defined in contracts: the usual one hides on 2 and
 * disables on 1; the strict one hides on anything but 0. A missing map or key hides.
 */
export type PermissionRule = 'usual' | 'strict';

export function resolvePermission(map: Partial<PermissionMap> | null | undefined, key: PermissionKey, rule: PermissionRule = 'usual'): PermissionState {
  if (rule === 'strict') return isAllowed(map ?? undefined, key) ? 'shown' : 'hidden';
  return permState(map ?? undefined, key);
}
