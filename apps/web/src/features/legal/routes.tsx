import type { AppRoute } from '../../shared/routing/types.ts';

export const legalRoutes: readonly AppRoute[] = [
  {
    path: '/privacyPolicy',
    layout: 'public',
    access: 'public',
    meta: { titleKey: 'legal:privacy.title' },
    page: () => import('./pages/PrivacyPolicyPage.tsx').then((module) => ({ Component: module.PrivacyPolicyPage })),
  },
  {
    path: '/dyvityPrivacy',
    layout: 'public',
    access: 'public',
    meta: { titleKey: 'legal:dyvity.title' },
    page: () => import('./pages/DyvityPrivacyPage.tsx').then((module) => ({ Component: module.DyvityPrivacyPage })),
  },
];
