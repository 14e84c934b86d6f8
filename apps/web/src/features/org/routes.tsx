import { settingsGroupMeta } from '../../shared/routing/settingsGroups.ts';
import type { AppRoute } from '../../shared/routing/types.ts';

export const ORG_MANAGEMENT_PATH = '/settings/settingCommon/orgMng';

export const orgRoutes: readonly AppRoute[] = [
  {
    // Spec section 2: /settingCommon redirects to organisation management.
    path: '/settingCommon',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'shell:settingsGroups.common', hideInMenu: true },
    redirectTo: ORG_MANAGEMENT_PATH,
  },
  {
    path: '/settings/settingCommon',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'shell:settingsGroups.common', hideInMenu: true },
    redirectTo: ORG_MANAGEMENT_PATH,
  },
  {
    // The observer is barred by path (contracts OBSERVER_BARRED_ROUTES, attached by the registry).
    path: ORG_MANAGEMENT_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'org:title', ...settingsGroupMeta('common'), permission: 'cueretail_org_manage', menuIcon: 'organisation', keepAlive: true },
    page: () => import('./pages/OrgManagementPage.tsx').then((module) => ({ Component: module.OrgManagementPage })),
  },
];
