import type { AppRoute } from '../../../../shared/routing/types.ts';

export const STORE_RANKINGS_PATH = '/shops/storeRankings';
export const STORE_COMPARISON_PATH = '/shops/storeComparison';
export const FOUR_QUADRANT_PATH = '/shops/fourQuadrantAnalysis';

const shopsGroup = 'traffic:shops.menu';

/** The meta every store analysis page shares: traffic section, the traffic key the server guards its operations with, the shop tree, Data Update Time. */
const storeAnalysis = {
  section: 'traffic',
  menuGroupKey: shopsGroup,
  permission: 'cueretail_traffic_nav',
  preload: ['shopTree'],
  showDataUpdateTime: true,
} as const;

/** Store analysis (spec section 2: /shops/*): ranking, comparison of two ranges, four quadrants. */
export const shopsRoutes: readonly AppRoute[] = [
  {
    // Not a page of the spec: it gives the breadcrumb's 'shops' segment a name and a link.
    path: '/shops',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: shopsGroup, section: 'traffic', hideInMenu: true },
    redirectTo: STORE_RANKINGS_PATH,
  },
  {
    path: STORE_RANKINGS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'traffic:shops.rankings.title', ...storeAnalysis, menuIcon: 'ranking' },
    page: () => import('./StoreRankingsPage.tsx').then((module) => ({ Component: module.StoreRankingsPage })),
  },
  {
    path: STORE_COMPARISON_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'traffic:shops.comparison.title', ...storeAnalysis, menuIcon: 'comparison' },
    page: () => import('./StoreComparisonPage.tsx').then((module) => ({ Component: module.StoreComparisonPage })),
  },
  {
    path: FOUR_QUADRANT_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'traffic:shops.quadrant.title', ...storeAnalysis, menuIcon: 'quadrant' },
    page: () => import('./FourQuadrantPage.tsx').then((module) => ({ Component: module.FourQuadrantPage })),
  },
];
