import type { AppRoute } from '../../shared/routing/types.ts';

export const MESSAGE_CENTER_PATH = '/newsCenter';

export const messagesRoutes: readonly AppRoute[] = [
  {
    // Hidden from the menu (spec section 2): reached from the bell, which links to ?tab=1|2|3.
    path: MESSAGE_CENTER_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'messageCenter:title', section: 'personal', permission: 'message_nav', hideInMenu: true, menuIcon: 'message' },
    page: () => import('./pages/MessageCenterPage.tsx').then((module) => ({ Component: module.MessageCenterPage })),
  },
];
