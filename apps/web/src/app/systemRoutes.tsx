import type { AppRoute } from '../shared/routing/types.ts';

export const systemRoutes: readonly AppRoute[] = [
  {
    // The index route only forwards: to the first permitted section with pages (guard).
    path: '/',
    index: true,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'shell:home', hideInMenu: true },
  },
  {
    path: '/403',
    layout: 'public',
    access: 'public',
    meta: { titleKey: 'shell:forbidden.title' },
    page: () => import('./pages/ForbiddenPage.tsx').then((module) => ({ Component: module.ForbiddenPage })),
  },
  {
    // Forwards to the first settings page the role and the permission map open (settingsLanding.ts).
    path: '/settings',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'shell:userMenu.settings', section: 'settings', hideInMenu: true, hideBreadcrumb: true },
    page: () => import('./pages/SettingsLandingPage.tsx').then((module) => ({ Component: module.SettingsLandingPage })),
  },
  {
    path: '/refresh',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'shell:refresh', hideInMenu: true, hideBreadcrumb: true },
    page: () => import('./pages/RefreshPage.tsx').then((module) => ({ Component: module.RefreshPage })),
  },
];
