import { type PlanElementKind, SETTINGS_PAGE_FLAGS } from '@storelens/contracts';
import { settingsGroupMeta } from '../../shared/routing/settingsGroups.ts';
import type { AppRoute } from '../../shared/routing/types.ts';
import { GET_STORE_PLAN_PATH, HALT_AREA_PATH, STORE_PLAN_PATH, TOOL_PATHS, TOOL_TITLE_KEYS } from './paths.ts';

const customerFlowGroup = settingsGroupMeta('customerFlow');
const storePlanKeys = { permission: 'cueretail_heatmap_2D_manage', requires: [...SETTINGS_PAGE_FLAGS.storePlan] } as const;

const toolRoute = (kind: PlanElementKind): AppRoute => ({
  path: TOOL_PATHS[kind],
  layout: 'shell',
  access: 'customer',
  // Only the super manager opens the tools: attached by path from contracts SUPER_MANAGER_ONLY_ROUTES.
  meta: { titleKey: TOOL_TITLE_KEYS[kind], ...customerFlowGroup, ...storePlanKeys, hideInMenu: true, parent: STORE_PLAN_PATH, preload: ['shopTree'] },
  page: () => import('./pages/PlanToolPage.tsx').then((module) => ({ Component: () => <module.PlanToolPage kind={kind} /> })),
});

/**
 * Floor plans (spec section 2): the store plans of a shop, one plan with its cameras (hidden), the
 * dwell zones, and the store-plan tools under /settings/getStorePlan/ (hidden, super manager only).
 * Konva comes with these pages' chunks only.
 */
export const floorplanRoutes: readonly AppRoute[] = [
  {
    path: STORE_PLAN_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'floorplan:menu.storePlan', ...customerFlowGroup, ...storePlanKeys, menuIcon: 'board', preload: ['shopTree'] },
    page: () => import('./pages/StorePlanPage.tsx').then((module) => ({ Component: module.StorePlanPage })),
  },
  {
    path: GET_STORE_PLAN_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'floorplan:menu.getStorePlan', ...customerFlowGroup, ...storePlanKeys, hideInMenu: true, parent: STORE_PLAN_PATH, preload: ['shopTree'] },
    page: () => import('./pages/GetStorePlanPage.tsx').then((module) => ({ Component: module.GetStorePlanPage })),
  },
  {
    path: HALT_AREA_PATH,
    layout: 'shell',
    access: 'customer',
    meta: {
      titleKey: 'floorplan:menu.haltArea',
      ...customerFlowGroup,
      permission: 'cueretail_stayregion_manage',
      requires: [...SETTINGS_PAGE_FLAGS.haltArea],
      menuIcon: 'entrance',
      preload: ['shopTree'],
    },
    page: () => import('./pages/HaltAreaPage.tsx').then((module) => ({ Component: module.HaltAreaPage })),
  },
  {
    // Gives the breadcrumb's 'getStorePlan' segment of the tools a name and a link.
    path: '/settings/getStorePlan',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'floorplan:menu.storePlan', section: 'settings', hideInMenu: true },
    redirectTo: STORE_PLAN_PATH,
  },
  ...(['region', 'mask', 'display', 'halt', 'enter', 'flow'] as const).map(toolRoute),
];
