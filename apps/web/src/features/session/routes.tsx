import type { AppRoute } from '../../shared/routing/types.ts';
import { CUSTOMER_PICKER_PATH } from './afterSignIn.ts';

export const sessionRoutes: readonly AppRoute[] = [
  {
    path: CUSTOMER_PICKER_PATH,
    layout: 'public',
    // Signed in, but by definition without a customer yet.
    access: 'user',
    meta: { titleKey: 'session:picker.title' },
    page: () => import('./pages/CustomerPickerPage.tsx').then((module) => ({ Component: module.CustomerPickerPage })),
  },
];
