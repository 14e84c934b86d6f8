import { settingsGroupMeta } from '../../shared/routing/settingsGroups.ts';
import type { AppRoute } from '../../shared/routing/types.ts';

export const SALES_PATH = '/sales';
export const CONSUMPTION_PATH = '/consumption';
export const PERFORMANCE_DATA_PATH = '/settings/settingSales/performanceData';
export const SALES_TEMPLATE_PATH = '/settings/settingSales/salesTemplateSetup';
export const EXCHANGE_RATES_PATH = '/settings/settingSales/exchangeRates';

const salesSettingsGroup = settingsGroupMeta('sales');

/**
 * Sales pages (spec section 2): the sales tab (/sales, /consumption, key sale_nav) and the sales
 * settings group (POS data upload and the sales template, menu flag cueretail_pos_upload_manage).
 * The observer is barred from the settings by path (contracts OBSERVER_BARRED_ROUTES, attached by
 * the registry).
 */
export const salesRoutes: readonly AppRoute[] = [
  {
    path: SALES_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'sales:sales.title', section: 'sale', permission: 'sale_nav', menuIcon: 'sale', preload: ['shopTree'], showDataUpdateTime: true },
    page: () => import('./pages/SalesPage.tsx').then((module) => ({ Component: module.SalesPage })),
  },
  {
    path: CONSUMPTION_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'sales:consumption.title', section: 'sale', permission: 'sale_nav', menuIcon: 'board', preload: ['shopTree'] },
    page: () => import('./pages/ConsumptionPage.tsx').then((module) => ({ Component: module.ConsumptionPage })),
  },
  {
    // Spec section 2: /settingSales leads to the group's first page.
    path: '/settingSales',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'shell:settingsGroups.sales', hideInMenu: true },
    redirectTo: PERFORMANCE_DATA_PATH,
  },
  {
    // Gives the breadcrumb's 'settingSales' segment a name and a link.
    path: '/settings/settingSales',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'shell:settingsGroups.sales', hideInMenu: true },
    redirectTo: PERFORMANCE_DATA_PATH,
  },
  {
    path: PERFORMANCE_DATA_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'sales:menu.performanceData', ...salesSettingsGroup, permission: 'cueretail_pos_upload_manage', menuIcon: 'sale', keepAlive: true },
    page: () => import('./pages/PerformanceDataPage.tsx').then((module) => ({ Component: module.PerformanceDataPage })),
  },
  {
    path: SALES_TEMPLATE_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'sales:menu.salesTemplate', ...salesSettingsGroup, permission: 'cueretail_pos_upload_manage', menuIcon: 'template' },
    page: () => import('./pages/SalesTemplatePage.tsx').then((module) => ({ Component: module.SalesTemplatePage })),
  },
  {
    path: EXCHANGE_RATES_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'sales:menu.exchangeRates', ...salesSettingsGroup, permission: 'cueretail_pos_upload_manage', menuIcon: 'setting' },
    page: () => import('./pages/ExchangeRatesPage.tsx').then((module) => ({ Component: module.ExchangeRatesPage })),
  },
];
