import type { AppRoute } from '../../shared/routing/types.ts';

/** Sign-in and password recovery: public pages, outside the antd shell (the /login budget). */
export const authRoutes: readonly AppRoute[] = [
  {
    path: '/login',
    layout: 'public',
    access: 'public',
    meta: { titleKey: 'auth:login.title' },
    page: () => import('./pages/LoginPage.tsx').then((module) => ({ Component: module.LoginPage })),
  },
  {
    path: '/login/kr',
    layout: 'public',
    access: 'public',
    meta: { titleKey: 'auth:login.title', locale: 'kr' },
    page: () => import('./pages/LoginPage.tsx').then((module) => ({ Component: module.KoreanLoginPage })),
  },
  {
    path: '/forgotPassword',
    layout: 'public',
    access: 'public',
    meta: { titleKey: 'auth:forgot.title' },
    page: () => import('./pages/ForgotPasswordPage.tsx').then((module) => ({ Component: module.ForgotPasswordPage })),
  },
  {
    path: '/verificationCode',
    layout: 'public',
    access: 'public',
    meta: { titleKey: 'auth:verify.title' },
    page: () => import('./pages/VerificationCodePage.tsx').then((module) => ({ Component: module.VerificationCodePage })),
  },
  {
    path: '/resetPassword',
    layout: 'public',
    access: 'public',
    meta: { titleKey: 'auth:reset.title' },
    page: () => import('./pages/ResetPasswordPage.tsx').then((module) => ({ Component: module.ResetPasswordPage })),
  },
  {
    path: '/addressOut',
    layout: 'public',
    access: 'public',
    meta: { titleKey: 'auth:signedOut.title' },
    page: () => import('./pages/AddressOutPage.tsx').then((module) => ({ Component: module.AddressOutPage })),
  },
  {
    path: '/dev/outbox',
    layout: 'public',
    access: 'public',
    meta: { titleKey: 'auth:outbox.title' },
    page: () => import('./pages/DevOutboxPage.tsx').then((module) => ({ Component: module.DevOutboxPage })),
  },
];
