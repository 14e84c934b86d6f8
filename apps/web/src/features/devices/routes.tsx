import { settingsGroupMeta } from '../../shared/routing/settingsGroups.ts';
import type { AppRoute } from '../../shared/routing/types.ts';

export const CAMERA_MANAGEMENT_PATH = '/settings/cameraMng';
export const DEVICE_MANAGEMENT_PATH = '/deviceManagement';

const deviceGroup = { section: 'settings', menuGroupKey: 'shell:settingsGroups.devices' } as const;

export const devicesRoutes: readonly AppRoute[] = [
  {
    // Camera management changes settings: config_page besides the common group's flag; the
    // observer is barred by path (contracts OBSERVER_BARRED_ROUTES).
    path: CAMERA_MANAGEMENT_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'devices:cameraMng', ...settingsGroupMeta('common'), permission: 'config_page', menuIcon: 'camera', keepAlive: true },
    page: () => import('./pages/CameraManagementPage.tsx').then((module) => ({ Component: module.CameraManagementPage })),
  },
  {
    // Reading device state needs no key of its own (the server lists the caller's shops only).
    path: DEVICE_MANAGEMENT_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'devices:deviceMng', ...deviceGroup, menuIcon: 'device', keepAlive: true },
    page: () => import('./pages/DeviceManagementPage.tsx').then((module) => ({ Component: module.DeviceManagementPage })),
  },
  {
    path: `${DEVICE_MANAGEMENT_PATH}/detail`,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'devices:boxDetail', ...deviceGroup, hideInMenu: true, parent: DEVICE_MANAGEMENT_PATH },
    page: () => import('./pages/BoxDetailPage.tsx').then((module) => ({ Component: module.BoxDetailPage })),
  },
  {
    path: `${DEVICE_MANAGEMENT_PATH}/cameraDetail`,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'devices:cameraDetail', ...deviceGroup, hideInMenu: true, parent: DEVICE_MANAGEMENT_PATH },
    page: () => import('./pages/CameraDetailPage.tsx').then((module) => ({ Component: module.CameraDetailPage })),
  },
];
