import type { AppRoute, RouteMeta } from '../../shared/routing/types.ts';

export const HYGIENE_ROOT = '/hygieneLog';
export const CERTIFICATES_PATH = '/hygieneLog/employeeHealthCertificate';
export const EMPLOYEE_DETAILS_PATH = '/hygieneLog/employeeDetails';
export const TRAINING_PATH = '/hygieneLog/staffTraining';
export const DISINFECTION_PATH = '/hygieneLog/disinfectionRecords';
export const WASTE_PATH = '/hygieneLog/wasteDisposal';

export const HYGIENE_GROUP = 'hygiene:menu.group';

/** The extension services tab and its hygiene-log group (spec section 6). */
const META: Pick<RouteMeta, 'section' | 'permission' | 'requires' | 'menuGroupKey' | 'preload'> = {
  section: 'service',
  permission: 'cueretail_ext_hygieniclog',
  requires: ['extservice_nav'],
  menuGroupKey: HYGIENE_GROUP,
  preload: ['shopTree'],
};

/**
 * Hygiene logs (issue 16 section 3): health certificates with the staff and the hygienic shop
 * statistics, the hidden employee details page, and the training, disinfection and waste logs.
 */
export const hygieneRoutes: readonly AppRoute[] = [
  {
    path: HYGIENE_ROOT,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: HYGIENE_GROUP, section: 'service', hideInMenu: true },
    redirectTo: CERTIFICATES_PATH,
  },
  {
    path: CERTIFICATES_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'hygiene:menu.certificates', ...META, menuIcon: 'hygiene', keepAlive: true },
    page: () => import('./pages/HealthCertificatePage.tsx').then((module) => ({ Component: module.HealthCertificatePage })),
  },
  {
    path: EMPLOYEE_DETAILS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'hygiene:menu.employeeDetails', ...META, hideInMenu: true, parent: CERTIFICATES_PATH },
    page: () => import('./pages/EmployeeDetailsPage.tsx').then((module) => ({ Component: module.EmployeeDetailsPage })),
  },
  {
    path: TRAINING_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'hygiene:menu.training', ...META, menuIcon: 'hygiene' },
    page: () => import('./pages/RecordPages.tsx').then((module) => ({ Component: module.TrainingPage })),
  },
  {
    path: DISINFECTION_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'hygiene:menu.disinfection', ...META, menuIcon: 'hygiene' },
    page: () => import('./pages/RecordPages.tsx').then((module) => ({ Component: module.DisinfectionPage })),
  },
  {
    path: WASTE_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'hygiene:menu.waste', ...META, menuIcon: 'hygiene' },
    page: () => import('./pages/RecordPages.tsx').then((module) => ({ Component: module.WastePage })),
  },
];

export const employeeDetailsPathFor = (employeeId: string) => `${EMPLOYEE_DETAILS_PATH}?employeeId=${encodeURIComponent(employeeId)}`;
