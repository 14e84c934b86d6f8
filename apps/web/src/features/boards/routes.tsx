import { RoleId } from '@storelens/contracts';
import { settingsGroupMeta } from '../../shared/routing/settingsGroups.ts';
import type { AppRoute, RouteMeta } from '../../shared/routing/types.ts';

export const BOARD_SETTINGS_PATH = '/settings/dataBoards';

const BOARD_META: Pick<RouteMeta, 'section' | 'permission' | 'menuGroupKey' | 'menuIcon'> = {
  section: 'traffic',
  permission: 'cueretail_databoard_show',
  menuGroupKey: 'boards:menu.group',
  menuIcon: 'board',
};
const page = (path: string, board: string, component: string): AppRoute => ({
  path,
  layout: 'shell',
  access: 'customer',
  // The route's board: the server answers the address of this customer's board by its key.
  meta: { titleKey: `boards:boards.${board}`, ...BOARD_META, boardAddress: board },
  page: () => import('./pages/BoardPage.tsx').then((module) => ({ Component: module[component as 'BusinessToolPage'] })),
});

/**
 * Embedded data boards (spec section 2: /dataBoard redirects to businessTool; six pages, each an
 * external board by address) and the operators' settings page for them (ours).
 */
export const boardsRoutes: readonly AppRoute[] = [
  {
    path: '/dataBoard',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'boards:menu.group', section: 'traffic', hideInMenu: true },
    redirectTo: '/dataBoard/businessTool',
  },
  page('/dataBoard/businessTool', 'businessTool', 'BusinessToolPage'),
  page('/dataBoard/manageBoard', 'manageBoard', 'ManageBoardPage'),
  page('/dataBoard/shopBoard', 'shopBoard', 'ShopBoardPage'),
  page('/dataBoard/marketBrain', 'marketBrain', 'MarketBrainPage'),
  page('/dataBoard/composeAnalyse', 'composeAnalyse', 'ComposeAnalysePage'),
  page('/dataBoard/spaceRow', 'spaceRow', 'SpaceRowPage'),
  {
    path: BOARD_SETTINGS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'boards:menu.settings', ...settingsGroupMeta('common'), allowRoles: [RoleId.innerOperation], menuIcon: 'board' },
    page: () => import('./pages/BoardSettingsPage.tsx').then((module) => ({ Component: module.BoardSettingsPage })),
  },
];
