import { type PermissionMap, RoleId } from '@storelens/contracts';
import { resolvePermission } from '../features/session/permissions.ts';
import type { AppRoute } from '../shared/routing/types.ts';
import { decidePermission, decideRoleAccess, routePermissionKeys } from './guards/navigationGuard.ts';

export const SETTINGS_LANDING_PATH = '/settings';
export const CAMERA_MANAGEMENT_PATH = '/settings/cameraMng';

/**
 * Which settings page `/settings` opens (spec section 2: it depends on the role, the inner
 * operation role differing, and on the config-page permission; the concrete pages are not shown).
 * Our decision, in docs/decisions/web.md: our operators (inner operation, 2068) mostly set up
 * devices, so they land on camera management; everyone else on organisation management. Either
 * way the first choice must be open to the user (role rules, its own key, its settings group's
 * config-page flag, and for camera management config_page); otherwise the next settings page of
 * the menu that is, in menu order. Disabled (1) pages are skipped: a landing page must work.
 */
export function preferredSettingsPages(rid: number | null, settingsMenu: readonly AppRoute[]): AppRoute[] {
  if (rid !== RoleId.innerOperation) return [...settingsMenu];
  const camera = settingsMenu.filter((route) => route.path === CAMERA_MANAGEMENT_PATH);
  return [...camera, ...settingsMenu.filter((route) => route.path !== CAMERA_MANAGEMENT_PATH)];
}

export function resolveSettingsLanding(rid: number | null, map: Partial<PermissionMap> | null, settingsMenu: readonly AppRoute[]): string | null {
  const open = preferredSettingsPages(rid, settingsMenu).find((route) => {
    const guarded = { path: route.path, access: route.access, ...route.meta };
    if (decideRoleAccess(guarded, rid).kind !== 'proceed') return false;
    if (decidePermission(guarded, map).kind !== 'proceed') return false;
    return routePermissionKeys(route.meta).every((key) => resolvePermission(map, key) === 'shown');
  });
  return open?.path ?? null;
}
