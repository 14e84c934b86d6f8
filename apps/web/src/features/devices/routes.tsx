import { SETTINGS_PAGE_FLAGS } from '@storelens/contracts';
import { settingsGroupMeta } from '../../shared/routing/settingsGroups.ts';
import type { AppRoute } from '../../shared/routing/types.ts';

export const CAMERA_MANAGEMENT_PATH = '/settings/cameraMng';
export const DEVICE_MANAGEMENT_PATH = '/deviceManagement';

const DEVICE_STATUS_KEY = 'cueretail_device_status';
const deviceGroup = { section: 'settings', menuGroupKey: 'shell:settingsGroups.devices', permission: DEVICE_STATUS_KEY } as const;

export const devicesRoutes: readonly AppRoute[] = [
  {
    // Camera management changes settings: config_page besides the common group's flag; it lists
    // devices through the device status operations, so it needs that key too (contracts
    // SETTINGS_PAGE_FLAGS.cameras). The observer is barred by path (contracts OBSERVER_BARRED_ROUTES).
    path: CAMERA_MANAGEMENT_PATH,
    layout: 'shell',
    access: 'customer',
    meta: {
      titleKey: 'devices:cameraMng',
      ...settingsGroupMeta('common'),
      requires: [...SETTINGS_PAGE_FLAGS.cameras.filter((key) => key !== 'config_page')],
      permission: 'config_page',
      menuIcon: 'camera',
      keepAlive: true,
    },
    page: () => import('./pages/CameraManagementPage.tsx').then((module) => ({ Component: module.CameraManagementPage })),
  },
  {
    // Device status has its own key (the server's device operations require it too).
    path: DEVICE_MANAGEMENT_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'devices:deviceMng', ...deviceGroup, permission: DEVICE_STATUS_KEY, menuIcon: 'device', keepAlive: true },
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
