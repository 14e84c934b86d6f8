import type { AppRoute, RouteMeta } from '../../shared/routing/types.ts';

export const WAREHOUSE_ROOT = '/warehousePatrol';
export const PATROL_ANALYSIS_PATH = '/warehousePatrol/patrolAnalysis';
export const SINGLE_DAY_PATH = '/warehousePatrol/singleDayDetails';
/** Not in the spec's route list (docs/decisions/extensions.md): a hidden page under the analysis. */
export const PLAN_ADD_PATH = '/warehousePatrol/plan/add';

export const WAREHOUSE_GROUP = 'warehouse:menu.group';

/** The extension services tab and its warehouse patrol group (spec section 6). */
const META: Pick<RouteMeta, 'section' | 'permission' | 'requires' | 'menuGroupKey' | 'preload'> = {
  section: 'service',
  permission: 'cueretail_ext_patrol_inspect',
  requires: ['extservice_nav'],
  menuGroupKey: WAREHOUSE_GROUP,
  preload: ['shopTree'],
};

/**
 * Warehouse patrol (issue 16 section 2): the analysis of the stock-room checks per store and day,
 * and one store-day's timeline with its screenshots, where the plan's handlers give the results
 * still awaited; and the form of a new warehouse plan (hidden, the analysis highlighted).
 */
export const warehouseRoutes: readonly AppRoute[] = [
  {
    path: WAREHOUSE_ROOT,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: WAREHOUSE_GROUP, section: 'service', hideInMenu: true },
    redirectTo: PATROL_ANALYSIS_PATH,
  },
  {
    path: PATROL_ANALYSIS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'warehouse:menu.analysis', ...META, menuIcon: 'warehouse', keepAlive: true },
    page: () => import('./pages/PatrolAnalysisPage.tsx').then((module) => ({ Component: module.PatrolAnalysisPage })),
  },
  {
    path: SINGLE_DAY_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'warehouse:menu.singleDay', ...META, menuIcon: 'warehouse' },
    page: () => import('./pages/SingleDayDetailsPage.tsx').then((module) => ({ Component: module.SingleDayDetailsPage })),
  },
  {
    path: PLAN_ADD_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'warehouse:planForm.title', ...META, preload: ['shopTree', 'cameraTree'], hideInMenu: true, parent: PATROL_ANALYSIS_PATH },
    page: () => import('./pages/WarehousePlanFormPage.tsx').then((module) => ({ Component: module.WarehousePlanFormPage })),
  },
];

/** One store-day's timeline. */
export const singleDayPathFor = (shopId: string, date: string) => `${SINGLE_DAY_PATH}?shopId=${encodeURIComponent(shopId)}&date=${encodeURIComponent(date)}`;
