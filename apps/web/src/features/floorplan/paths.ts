import type { PlanElementKind } from '@storelens/contracts';

export const STORE_PLAN_PATH = '/settings/passengerFlow/storePlan';
export const GET_STORE_PLAN_PATH = '/settings/passengerFlow/getStorePlan';
export const HALT_AREA_PATH = '/settings/passengerFlow/haltArea';

/** The store-plan tools (spec section 2), one per kind of drawn element; /settings/getStorePlan/edit draws regions. */
export const TOOL_PATHS: Record<PlanElementKind, string> = {
  region: '/settings/getStorePlan/edit',
  mask: '/settings/getStorePlan/setMask',
  display: '/settings/getStorePlan/setDisplay',
  halt: '/settings/getStorePlan/setHaltArea',
  enter: '/settings/getStorePlan/setEnterArea',
  flow: '/settings/getStorePlan/setFlow',
};

export const TOOL_TITLE_KEYS: Record<PlanElementKind, string> = {
  region: 'floorplan:menu.edit',
  mask: 'floorplan:menu.setMask',
  display: 'floorplan:menu.setDisplay',
  halt: 'floorplan:menu.setHaltArea',
  enter: 'floorplan:menu.setEnterArea',
  flow: 'floorplan:menu.setFlow',
};
