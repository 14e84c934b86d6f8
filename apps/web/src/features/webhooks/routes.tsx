import { settingsGroupMeta } from '../../shared/routing/settingsGroups.ts';
import type { AppRoute } from '../../shared/routing/types.ts';

export const WEBHOOKS_PATH = '/settings/settingCommon/webhooks';

/**
 * Webhooks live under common settings (docs/decisions/webhooks.md): like organisations and users,
 * they are the account's administration, not a store's. The observer is barred by path
 * (contracts OBSERVER_BARRED_ROUTES); the server wants the whole customer too.
 */
export const webhooksRoutes: readonly AppRoute[] = [
  {
    path: WEBHOOKS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'webhooks:title', ...settingsGroupMeta('common'), permission: 'cueretail_webhook_manage', menuIcon: 'webhook', keepAlive: true },
    page: () => import('./pages/WebhooksPage.tsx').then((module) => ({ Component: module.WebhooksPage })),
  },
];
