import type { AppRoute, RouteMeta } from '../../shared/routing/types.ts';

export const BATCH_LIST_PATH = '/batch/list';
export const BATCH_DETAIL_PATH = '/batch/batch-visitor-detail';
export const STORE_ENTRY_PATH = '/storeEntry/detail';

/** Every batch page: the batch tab (batchdata_nav) and 'traffic batch show' (spec section 6). */
const BATCH_META: Pick<RouteMeta, 'section' | 'permission' | 'requires' | 'preload'> = {
  section: 'batch',
  permission: 'batchdata_nav',
  requires: ['traffic_batch_show'],
  preload: ['shopTree'],
};
/** The inner pages are our operators': their menu flag too. */
const INNER_META: Pick<RouteMeta, 'section' | 'permission' | 'requires' | 'preload' | 'menuGroupKey'> = {
  ...BATCH_META,
  requires: ['traffic_batch_show', 'cueretail_batchdata_innerpage'],
  menuGroupKey: 'batch:menu.inner',
};

/**
 * Visitor batches and store-entry details (spec section 2: /batch/list, the inner pages
 * list-inner, list-inner-realtime and list-inner-realtime2, the hidden visitor detail, /storeEntry/detail).
 */
export const batchRoutes: readonly AppRoute[] = [
  {
    path: '/batch',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'batch:menu.group', section: 'batch', hideInMenu: true },
    redirectTo: BATCH_LIST_PATH,
  },
  {
    path: BATCH_LIST_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'batch:menu.list', ...BATCH_META, menuIcon: 'batch', keepAlive: true },
    page: () => import('./pages/BatchListPage.tsx').then((module) => ({ Component: module.BatchListPage })),
  },
  {
    path: '/batch/list-inner',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'batch:menu.innerList', ...INNER_META, menuIcon: 'report' },
    page: () => import('./pages/BatchInnerPage.tsx').then((module) => ({ Component: module.BatchInnerPage })),
  },
  {
    path: '/batch/list-inner-realtime',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'batch:menu.realtime', ...INNER_META, menuIcon: 'trend' },
    page: () => import('./pages/LiveBatchesPage.tsx').then((module) => ({ Component: module.LiveBatchTablePage })),
  },
  {
    path: '/batch/list-inner-realtime2',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'batch:menu.realtime2', ...INNER_META, menuIcon: 'dashboard' },
    page: () => import('./pages/LiveBatchesPage.tsx').then((module) => ({ Component: module.LiveBatchBoardPage })),
  },
  {
    path: BATCH_DETAIL_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'batch:menu.detail', ...BATCH_META, hideInMenu: true, parent: BATCH_LIST_PATH },
    page: () => import('./pages/BatchDetailPage.tsx').then((module) => ({ Component: module.BatchDetailPage })),
  },
  {
    path: '/storeEntry',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'batch:menu.storeEntry', section: 'batch', hideInMenu: true },
    redirectTo: STORE_ENTRY_PATH,
  },
  {
    path: STORE_ENTRY_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'batch:menu.storeEntry', ...BATCH_META, menuIcon: 'entrance' },
    page: () => import('./pages/StoreEntryPage.tsx').then((module) => ({ Component: module.StoreEntryPage })),
  },
];
