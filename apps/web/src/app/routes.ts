import { aiTaskRoutes } from '../features/ai-tasks/routes.tsx';
import { alarmRoutes } from '../features/alarms/routes.tsx';
import { authRoutes } from '../features/auth/routes.tsx';
import { batchRoutes } from '../features/batch/routes.tsx';
import { boardsRoutes } from '../features/boards/routes.tsx';
import { calendarRoutes } from '../features/calendar/routes.tsx';
import { crowdRoutes } from '../features/crowd/routes.tsx';
import { devicesRoutes } from '../features/devices/routes.tsx';
import { extensionsRoutes } from '../features/extensions/routes.tsx';
import { areaAnalysisRoutes } from '../features/floorplan/analysis/routes.tsx';
import { floorplanRoutes } from '../features/floorplan/routes.tsx';
import { hygieneRoutes } from '../features/hygiene/routes.tsx';
import { forgetInspectionOfflineReads, inspectionRoutes } from '../features/inspection/routes.tsx';
import { legalRoutes } from '../features/legal/routes.tsx';
import { messagesRoutes } from '../features/messages/routes.tsx';
import { orgRoutes } from '../features/org/routes.tsx';
import { personalRoutes } from '../features/personal/routes.tsx';
import { rectificationRoutes } from '../features/rectification/routes.tsx';
import { salesRoutes } from '../features/sales/routes.tsx';
import { sessionRoutes } from '../features/session/routes.tsx';
import { temperatureRoutes } from '../features/temperature/routes.tsx';
import { trafficRoutes } from '../features/traffic/routes.tsx';
import { usersRoutes } from '../features/users/routes.tsx';
import { singleLensRoutes, videoDownloadRoutes } from '../features/video/downloadRoutes.tsx';
import { videoPlaybackRoutes } from '../features/video/routes.tsx';
import { virtualStoreRoutes } from '../features/virtual-store/routes.tsx';
import { warehouseRoutes } from '../features/warehouse/routes.tsx';
import { webhooksRoutes } from '../features/webhooks/routes.tsx';
import { onSignOut } from '../shared/lib/signOutCleanups.ts';
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
    // Last of the common settings: integrations with other systems (docs/decisions/webhooks.md).
    webhooksRoutes,
    messagesRoutes,
    trafficRoutes,
    singleLensRoutes,
    areaAnalysisRoutes,
    virtualStoreRoutes,
    // The video tab's menu: live and playback first (the tab's target), then the downloads.
    videoPlaybackRoutes,
    videoDownloadRoutes,
    calendarRoutes,
    floorplanRoutes,
    crowdRoutes,
    salesRoutes,
    inspectionRoutes,
    // The task-management group: AI tasks after the daily patrol plans (spec section 2).
    aiTaskRoutes,
    batchRoutes,
    boardsRoutes,
    rectificationRoutes,
    alarmRoutes,
    temperatureRoutes,
    hygieneRoutes,
    warehouseRoutes,
    // The service catalogue after the services: the tab's target stays /temperature (spec section 2).
    extensionsRoutes,
  ]),
);

// What features keep of a user in the browser, forgotten at sign-out (shared/lib/signOutCleanups.ts).
onSignOut(forgetInspectionOfflineReads);
