import type { ExtensionServiceId } from '@storelens/contracts';
import type { AppRoute } from '../../shared/routing/types.ts';

export const CATALOGUE_PATH = '/extendService';
export const SERVICE_DETAIL_PATH = '/extendService/serviceDetail';

/** Where each service's card and detail page lead: its own first page (spec section 2). */
export const SERVICE_PAGES: Record<ExtensionServiceId, string | null> = {
  temperature: '/temperature',
  hygieneLog: '/hygieneLog/employeeHealthCertificate',
  warehousePatrol: '/warehousePatrol/patrolAnalysis',
};

export const serviceDetailPathFor = (service: ExtensionServiceId) => `${SERVICE_DETAIL_PATH}?service=${encodeURIComponent(service)}`;

/**
 * The service catalogue (issue 16 section 4): in the extension services tab (extservice_nav) for
 * whoever has the tab; each service inside shows by its own group flag (server side).
 */
export const extensionsRoutes: readonly AppRoute[] = [
  {
    path: CATALOGUE_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'extensions:menu.catalogue', section: 'service', requires: ['extservice_nav'], menuIcon: 'extensions' },
    page: () => import('./pages/CataloguePage.tsx').then((module) => ({ Component: module.CataloguePage })),
  },
  {
    path: SERVICE_DETAIL_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'extensions:menu.serviceDetail', section: 'service', requires: ['extservice_nav'], hideInMenu: true, parent: CATALOGUE_PATH },
    page: () => import('./pages/ServiceDetailPage.tsx').then((module) => ({ Component: module.ServiceDetailPage })),
  },
];
