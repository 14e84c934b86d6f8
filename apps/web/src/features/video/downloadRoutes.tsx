import type { AppRoute } from '../../shared/routing/types.ts';

export const DOWNLOADS_PATH = '/download';
export const DOWNLOAD_DETAIL_PATH = '/download/viewDetails';
export const SINGLE_LENS_PATH = '/monophonic/areaStatistics';

/**
 * Video download tasks (spec section 2: /download, the hidden /download/viewDetails; key
 * video_download).
 */
export const videoDownloadRoutes: readonly AppRoute[] = [
  {
    path: DOWNLOADS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'videoDownloads:menu.downloads', section: 'video', permission: 'video_download', menuIcon: 'video', preload: ['cameraTree'] },
    page: () => import('./pages/downloads/DownloadsPage.tsx').then((module) => ({ Component: module.DownloadsPage })),
  },
  {
    path: DOWNLOAD_DETAIL_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'videoDownloads:menu.detail', section: 'video', permission: 'video_download', hideInMenu: true, parent: DOWNLOADS_PATH },
    page: () => import('./pages/downloads/DownloadDetailPage.tsx').then((module) => ({ Component: module.DownloadDetailPage })),
  },
];

/**
 * Single-lens analysis (/monophonic/areaStatistics in the traffic menu, where the spec lists it:
 * after the custom tools, before the virtual store): the traffic tab's key for its figures; its
 * video strip needs video_nav, checked on the page.
 */
export const singleLensRoutes: readonly AppRoute[] = [
  {
    // Not a page of the spec: it gives the breadcrumb's 'monophonic' segment a name and a link.
    path: '/monophonic',
    layout: 'shell',
    access: 'customer',
    // Its own name: the breadcrumb reads 'Single lens / Single-lens analysis', not the page's name twice.
    meta: { titleKey: 'singleLens:menu.group', section: 'traffic', hideInMenu: true },
    redirectTo: SINGLE_LENS_PATH,
  },
  {
    path: SINGLE_LENS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: {
      titleKey: 'singleLens:menu.title',
      section: 'traffic',
      permission: 'cueretail_traffic_nav',
      menuIcon: 'camera',
      preload: ['cameraTree'],
    },
    page: () => import('./pages/singleLens/SingleLensPage.tsx').then((module) => ({ Component: module.SingleLensPage })),
  },
];
