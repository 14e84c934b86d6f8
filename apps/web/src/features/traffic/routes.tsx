import type { AppRoute } from '../../shared/routing/types.ts';
import { customToolRoutes } from './pages/customTool/customToolRoutes.ts';
import { shopsRoutes } from './pages/shops/shopsRoutes.ts';

export const DASHBOARD_PATH = '/dashboard';
export const TREND_PATH = '/trend';
export const ENTRANCE_ANALYSIS_PATH = '/area/entranceAnalysis';
export const TIME_INTERVAL_PATH = '/area/timeIntervalAnalysis';

const areaGroup = 'traffic:menu.area';

/**
 * Traffic pages (spec section 2). Every one needs the traffic tab's key; gate analysis also its own
 * page key (shopgateanalyze_page), as the server's operations do. Each loads the shop tree first
 * and shows the breadcrumb's Data Update Time.
 */
export const trafficRoutes: readonly AppRoute[] = [
  {
    path: DASHBOARD_PATH,
    layout: 'shell',
    access: 'customer',
    meta: {
      titleKey: 'traffic:dashboard.title',
      section: 'traffic',
      permission: 'cueretail_traffic_nav',
      menuIcon: 'dashboard',
      preload: ['shopTree'],
      showDataUpdateTime: true,
    },
    page: () => import('./pages/DashboardPage.tsx').then((module) => ({ Component: module.DashboardPage })),
  },
  {
    path: TREND_PATH,
    layout: 'shell',
    access: 'customer',
    meta: {
      titleKey: 'traffic:trend.title',
      section: 'traffic',
      permission: 'cueretail_traffic_nav',
      menuIcon: 'trend',
      preload: ['shopTree'],
      showDataUpdateTime: true,
    },
    page: () => import('./pages/TrendPage.tsx').then((module) => ({ Component: module.TrendPage })),
  },
  {
    // Not a page of the spec: it gives the breadcrumb's 'area' segment a name and a link.
    path: '/area',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: areaGroup, section: 'traffic', hideInMenu: true },
    redirectTo: ENTRANCE_ANALYSIS_PATH,
  },
  {
    path: ENTRANCE_ANALYSIS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: {
      titleKey: 'traffic:gate.title',
      section: 'traffic',
      menuGroupKey: areaGroup,
      menuIcon: 'entrance',
      permission: 'shopgateanalyze_page',
      requires: ['cueretail_traffic_nav'],
      preload: ['shopTree'],
      showDataUpdateTime: true,
    },
    page: () => import('./pages/EntranceAnalysisPage.tsx').then((module) => ({ Component: module.EntranceAnalysisPage })),
  },
  {
    path: TIME_INTERVAL_PATH,
    layout: 'shell',
    access: 'customer',
    meta: {
      titleKey: 'traffic:timeInterval.title',
      section: 'traffic',
      menuGroupKey: areaGroup,
      menuIcon: 'timeInterval',
      permission: 'cueretail_traffic_nav',
      preload: ['shopTree'],
      showDataUpdateTime: true,
    },
    page: () => import('./pages/TimeIntervalPage.tsx').then((module) => ({ Component: module.TimeIntervalPage })),
  },
  ...shopsRoutes,
  ...customToolRoutes,
];
