import { RoleId } from '@storelens/contracts';
import { settingsGroupMeta } from '../../shared/routing/settingsGroups.ts';
import type { AppRoute } from '../../shared/routing/types.ts';

export const USER_MANAGEMENT_PATH = '/settings/settingCommon/userMng';
export const ROLE_MANAGEMENT_PATH = '/settings/settingCommon/roleMng';

export const usersRoutes: readonly AppRoute[] = [
  {
    // The observer is barred by path (contracts OBSERVER_BARRED_ROUTES, attached by the registry).
    path: USER_MANAGEMENT_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'users:title', ...settingsGroupMeta('common'), permission: 'cueretail_user_manage', menuIcon: 'team', keepAlive: true },
    page: () => import('./pages/UserManagementPage.tsx').then((module) => ({ Component: module.UserManagementPage })),
  },
  {
    // Roles are part of user management (the spec names no key of their own); the observer, who
    // may not manage users, is barred here as on userMng.
    path: ROLE_MANAGEMENT_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'users:roles.title', ...settingsGroupMeta('common'), permission: 'cueretail_user_manage', barRoles: [RoleId.observer], menuIcon: 'role' },
    page: () => import('./pages/RoleManagementPage.tsx').then((module) => ({ Component: module.RoleManagementPage })),
  },
];
