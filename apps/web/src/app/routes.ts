import { authRoutes } from '../features/auth/routes.tsx';
import { calendarRoutes } from '../features/calendar/routes.tsx';
import { devicesRoutes } from '../features/devices/routes.tsx';
import { legalRoutes } from '../features/legal/routes.tsx';
import { messagesRoutes } from '../features/messages/routes.tsx';
import { orgRoutes } from '../features/org/routes.tsx';
import { personalRoutes } from '../features/personal/routes.tsx';
import { salesRoutes } from '../features/sales/routes.tsx';
import { sessionRoutes } from '../features/session/routes.tsx';
import { trafficRoutes } from '../features/traffic/routes.tsx';
import { usersRoutes } from '../features/users/routes.tsx';
import { videoDownloadRoutes } from '../features/video/downloadRoutes.tsx';
import { videoPlaybackRoutes } from '../features/video/routes.tsx';
import { virtualStoreRoutes } from '../features/virtual-store/routes.tsx';
import { assembleRoutes, createRouteRegistry } from './routeRegistry.ts';
import { systemRoutes } from './systemRoutes.tsx';

/**
 * Every route of the app, assembled from the features. A feature adds its pages by exporting
 * routes from its routes.tsx and listing them here; tabs, menus, the index target and the
 * breadcrumb follow from the registry.
 */
export const appRegistry = createRouteRegistry(
  // Settings pages in menu order: the settings landing falls back along it (settingsLanding.ts).
  assembleRoutes([
    systemRoutes,
    authRoutes,
    sessionRoutes,
    legalRoutes,
    personalRoutes,
    orgRoutes,
    usersRoutes,
    devicesRoutes,
    messagesRoutes,
    trafficRoutes,
    virtualStoreRoutes,
    videoDownloadRoutes,
    videoPlaybackRoutes,
    calendarRoutes,
    salesRoutes,
  ]),
);
