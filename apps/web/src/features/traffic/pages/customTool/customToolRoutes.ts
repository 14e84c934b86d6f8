import type { AppRoute } from '../../../../shared/routing/types.ts';

export const CUSTOM_REPORT_PATH = '/customTool/analysis';
export const VISITOR_ANALYTICS_PATH = '/customTool/attributes';

const customToolGroup = 'traffic:customTool.menu';

/** The meta both pages share: traffic section, their menu group, the shop tree, Data Update Time. */
const customTool = {
  section: 'traffic',
  menuGroupKey: customToolGroup,
  preload: ['shopTree'],
  showDataUpdateTime: true,
} as const;

/**
 * Custom tools (spec section 2: /customTool/*): the custom report builder, and visitor analytics,
 * which the customer attribute key (cusattr_show) gates as the server gates the customer profile.
 */
export const customToolRoutes: readonly AppRoute[] = [
  {
    // Not a page of the spec: it gives the breadcrumb's 'customTool' segment a name and a link.
    path: '/customTool',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: customToolGroup, section: 'traffic', hideInMenu: true },
    redirectTo: CUSTOM_REPORT_PATH,
  },
  {
    path: CUSTOM_REPORT_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'traffic:customTool.analysis.title', permission: 'cueretail_traffic_nav', ...customTool, menuIcon: 'report' },
    page: () => import('./CustomReportPage.tsx').then((module) => ({ Component: module.CustomReportPage })),
  },
  {
    path: VISITOR_ANALYTICS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: {
      titleKey: 'traffic:customTool.attributes.title',
      permission: 'cusattr_show',
      requires: ['cueretail_traffic_nav'],
      ...customTool,
      menuIcon: 'visitors',
    },
    page: () => import('./VisitorAnalyticsPage.tsx').then((module) => ({ Component: module.VisitorAnalyticsPage })),
  },
];
