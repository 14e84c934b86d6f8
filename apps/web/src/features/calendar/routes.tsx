import { settingsGroupMeta } from '../../shared/routing/settingsGroups.ts';
import type { AppRoute } from '../../shared/routing/types.ts';

export const FLOW_CONF_PATH = '/settings/passengerFlow/flowConf';
export const CUSTOM_CALENDAR_PATH = '/settings/passengerFlow/customCalendar';
export const PRIVACY_PATH = '/settings/passengerFlow/privacy';

const customerFlowGroup = settingsGroupMeta('customerFlow');

/**
 * Customer-flow settings (spec section 2): flow configuration, custom calendar, privacy. Each page
 * needs its menu flag besides the group's; the observer is barred from the custom calendar and
 * privacy by path (contracts OBSERVER_BARRED_ROUTES, attached by the registry).
 */
export const calendarRoutes: readonly AppRoute[] = [
  {
    // Spec section 2: /passengerFlow redirects to the flow configuration.
    path: '/passengerFlow',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'shell:settingsGroups.customerFlow', hideInMenu: true },
    redirectTo: FLOW_CONF_PATH,
  },
  {
    // Gives the breadcrumb's 'passengerFlow' segment a name and a link.
    path: '/settings/passengerFlow',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'shell:settingsGroups.customerFlow', hideInMenu: true },
    redirectTo: FLOW_CONF_PATH,
  },
  {
    path: FLOW_CONF_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'calendar:menu.flowConf', ...customerFlowGroup, permission: 'cueretail_customerkvsetting_manage', menuIcon: 'setting' },
    page: () => import('./pages/FlowConfPage.tsx').then((module) => ({ Component: module.FlowConfPage })),
  },
  {
    // The store picker of the event form needs the shop tree.
    path: CUSTOM_CALENDAR_PATH,
    layout: 'shell',
    access: 'customer',
    meta: {
      titleKey: 'calendar:menu.customCalendar',
      ...customerFlowGroup,
      permission: 'cueretail_calenderevent_manage',
      menuIcon: 'calendar',
      keepAlive: true,
      preload: ['shopTree'],
    },
    page: () => import('./pages/CustomCalendarPage.tsx').then((module) => ({ Component: module.CustomCalendarPage })),
  },
  {
    path: PRIVACY_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'calendar:menu.privacy', ...customerFlowGroup, permission: 'cueretail_privacy_manage', menuIcon: 'inspection' },
    page: () => import('./pages/PrivacyPage.tsx').then((module) => ({ Component: module.PrivacyPage })),
  },
];
