import type { AppRoute } from '../../shared/routing/types.ts';

export const PERSONAL_INFO_PATH = '/personalCenter/personalInfo';

export const personalRoutes: readonly AppRoute[] = [
  {
    path: '/personalCenter',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'personal:center', section: 'personal', hideInMenu: true },
    redirectTo: PERSONAL_INFO_PATH,
  },
  {
    path: PERSONAL_INFO_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'personal:title', section: 'personal', menuIcon: 'user' },
    page: () => import('./pages/PersonalInfoPage.tsx').then((module) => ({ Component: module.PersonalInfoPage })),
  },
];
