import type { AppRoute } from '../../shared/routing/types.ts';

export const PANORAMIC_TOUR_PATH = '/virtualStore/panoramicTour';
const group = 'virtualStore:menu.group';

/**
 * The virtual store (spec section 2: /virtualStore/panoramicTour, under traffic; key panotour_show).
 * The page loads the shop and camera trees first: the camera hotspots are named by the camera tree.
 */
export const virtualStoreRoutes: readonly AppRoute[] = [
  {
    // Not a page of the spec: it gives the breadcrumb's 'virtualStore' segment a name and a link.
    path: '/virtualStore',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: group, section: 'traffic', hideInMenu: true },
    redirectTo: PANORAMIC_TOUR_PATH,
  },
  {
    path: PANORAMIC_TOUR_PATH,
    layout: 'shell',
    access: 'customer',
    meta: {
      titleKey: 'virtualStore:menu.tour',
      section: 'traffic',
      menuGroupKey: group,
      menuIcon: 'panorama',
      permission: 'panotour_show',
      preload: ['shopTree', 'cameraTree'],
    },
    page: () => import('./pages/PanoramicTourPage.tsx').then((module) => ({ Component: module.PanoramicTourPage })),
  },
];
