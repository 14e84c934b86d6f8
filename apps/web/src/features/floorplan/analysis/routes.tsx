import type { AppRoute } from '../../../shared/routing/types.ts';

export const AREA_OVERVIEW_PATH = '/area/overview';
export const STORE_HEAT_PATH = '/area/storeHeat';
export const STORE_FLOW_PATH = '/area/storeFlow';
export const ENTRY_ANALYSIS_PATH = '/area/entryAnalysis';
export const CAMERA_EVENTS_PATH = '/events';
export const OCCUPANCY_PATH = '/area/occupancy';

const areaGroup = 'traffic:menu.area';
const traffic = { section: 'traffic', permission: 'cueretail_traffic_nav', preload: ['shopTree'] } as const;

/**
 * Area analysis on floor plans (spec section 2, issue 13 part B): the traffic tab's area pages,
 * live occupancy and the camera events page. The heat map needs the '2D heatmap view' key, as its
 * operation does.
 */
export const areaAnalysisRoutes: readonly AppRoute[] = [
  {
    path: AREA_OVERVIEW_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'areaAnalysis:menu.overview', ...traffic, menuGroupKey: areaGroup, menuIcon: 'board' },
    page: () => import('./pages/AreaOverviewPage.tsx').then((module) => ({ Component: module.AreaOverviewPage })),
  },
  {
    path: STORE_HEAT_PATH,
    layout: 'shell',
    access: 'customer',
    meta: {
      titleKey: 'areaAnalysis:menu.storeHeat',
      ...traffic,
      permission: 'heatmap_2d_view',
      requires: ['cueretail_traffic_nav'],
      menuGroupKey: areaGroup,
      menuIcon: 'board',
    },
    page: () => import('./pages/StoreHeatPage.tsx').then((module) => ({ Component: module.StoreHeatPage })),
  },
  {
    path: STORE_FLOW_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'areaAnalysis:menu.storeFlow', ...traffic, menuGroupKey: areaGroup, menuIcon: 'trend' },
    page: () => import('./pages/StoreFlowPage.tsx').then((module) => ({ Component: module.StoreFlowPage })),
  },
  {
    path: ENTRY_ANALYSIS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'areaAnalysis:menu.entryAnalysis', ...traffic, menuGroupKey: areaGroup, menuIcon: 'entrance' },
    page: () => import('./pages/EntryAnalysisPage.tsx').then((module) => ({ Component: module.EntryAnalysisPage })),
  },
  {
    // Live occupancy (issue 13, beyond the spec): the operation's key, as for the other area pages.
    path: OCCUPANCY_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'areaAnalysis:occupancy.menu', ...traffic, menuGroupKey: areaGroup, menuIcon: 'visitors' },
    page: () => import('./pages/OccupancyPage.tsx').then((module) => ({ Component: module.OccupancyPage })),
  },
  {
    path: CAMERA_EVENTS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'areaAnalysis:menu.events', ...traffic, preload: ['shopTree', 'cameraTree'], menuIcon: 'camera' },
    page: () => import('./pages/CameraEventsPage.tsx').then((module) => ({ Component: module.CameraEventsPage })),
  },
];
