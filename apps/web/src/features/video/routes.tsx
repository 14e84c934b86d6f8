import type { AppRoute } from '../../shared/routing/types.ts';

export const PLAYBACK_PATH = '/playback';

/**
 * Live view and playback (spec section 2: /playback, the video tab, key video_nav). The page loads
 * the shop and camera trees first; its video code (MSE player, hls.js) is loaded on demand.
 */
export const videoPlaybackRoutes: readonly AppRoute[] = [
  {
    path: PLAYBACK_PATH,
    layout: 'shell',
    access: 'customer',
    meta: {
      titleKey: 'playback:menu.playback',
      section: 'video',
      menuIcon: 'video',
      permission: 'video_nav',
      preload: ['shopTree', 'cameraTree'],
    },
    page: () => import('./pages/playback/PlaybackPage.tsx').then((module) => ({ Component: module.PlaybackPage })),
  },
];
