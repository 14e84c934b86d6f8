import { settingsGroupMeta } from '../../shared/routing/settingsGroups.ts';
import type { AppRoute } from '../../shared/routing/types.ts';

export const CROWD_PATH = '/settings/passengerFlow/crowdDataExport';

/** Crowd data export (spec section 2, a customer-flow settings page; flag cueretail_crowd_manage). */
export const crowdRoutes: readonly AppRoute[] = [
  {
    path: CROWD_PATH,
    layout: 'shell',
    access: 'customer',
    meta: {
      titleKey: 'crowd:menu.title',
      ...settingsGroupMeta('customerFlow'),
      permission: 'cueretail_crowd_manage',
      menuIcon: 'visitors',
      preload: ['shopTree'],
    },
    page: () => import('./pages/CrowdDataExportPage.tsx').then((module) => ({ Component: module.CrowdDataExportPage })),
  },
];
