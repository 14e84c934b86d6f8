import type { AppRoute, RouteMeta } from '../../shared/routing/types.ts';

export const ALARM_MESSAGE_PATH = '/AIInspection/alarmMessage';
export const ALARM_DETAIL_PATH = '/AIInspection/alarmMessage/alarmDetail';
export const INCIDENT_REPORTS_PATH = '/AIInspection/ReportIncident';
export const ALARM_ANALYSIS_PATH = '/AIInspection/inspectionAnalysis';
export const INCIDENT_ALARM_PATH = '/AIInspection/ReportIncident/alarmDetail';
export const EVENT_DEBUG_PATH = '/eventDebug';
export const ALARM_DEBUG_DETAIL_PATH = '/eventDebug/alarmDetailDebug';
export const DELETED_ALARMS_PATH = '/eventDebugDel';

/** The AI inspection pages: the inspection tab and the menu flag (spec section 6). */
const META: Pick<RouteMeta, 'section' | 'permission' | 'requires' | 'menuGroupKey'> = {
  section: 'inspection',
  permission: 'cueretail_shopinspect_alert_show',
  requires: ['shopinspect_show'],
  menuGroupKey: 'alarms:menu.group',
};

/** Incident reports: the AI inspection tab and their own menu flag. */
const INCIDENT_META: Pick<RouteMeta, 'section' | 'permission' | 'requires' | 'menuGroupKey'> = {
  ...META,
  permission: 'cueretail_shopinspect_ai_errorreportlist',
};

/** Event debugging: its own menu flag, which by default only the inner operation role and the super manager hold. */
const DEBUG_META: Pick<RouteMeta, 'section' | 'permission' | 'requires' | 'menuGroupKey'> = {
  section: 'inspection',
  permission: 'cueretail_shopinspect_alert_debug',
  requires: ['shopinspect_show'],
  menuGroupKey: 'alarms:menu.debugGroup',
};

const alarmDetailPage = () => import('./pages/AlarmDetailPage.tsx').then((module) => ({ Component: module.AlarmDetailPage }));

/**
 * AI alarms (issue 15 sections 3 and 4): the alarm messages (/AIInspection/alarmMessage: filters,
 * unread in bold, mark all read) and the hidden detail page (images, history, the actions the
 * transition table allows, the tag, a rectification from the alarm, an AI error report); the
 * incident reports; event debugging (every report a box sent, and the deleted alarms to restore).
 */
export const alarmRoutes: readonly AppRoute[] = [
  {
    path: '/AIInspection',
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'alarms:menu.group', section: 'inspection', hideInMenu: true },
    redirectTo: ALARM_MESSAGE_PATH,
  },
  {
    path: ALARM_MESSAGE_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'alarms:menu.messages', ...META, menuIcon: 'alarm', keepAlive: true, preload: ['shopTree'] },
    page: () => import('./pages/AlarmMessagePage.tsx').then((module) => ({ Component: module.AlarmMessagePage })),
  },
  {
    path: ALARM_DETAIL_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'alarms:menu.detail', ...META, hideInMenu: true, parent: ALARM_MESSAGE_PATH },
    page: alarmDetailPage,
  },
  {
    path: INCIDENT_REPORTS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'alarms:menu.incidents', ...INCIDENT_META, menuIcon: 'report', keepAlive: true, preload: ['shopTree'] },
    page: () => import('./pages/IncidentReportsPage.tsx').then((module) => ({ Component: module.IncidentReportsPage })),
  },
  {
    // The alarm a report is about, reached from the reports: the same detail, the reports' menu entry lit.
    path: INCIDENT_ALARM_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'alarms:menu.detail', ...META, hideInMenu: true, parent: INCIDENT_REPORTS_PATH },
    page: alarmDetailPage,
  },
  {
    path: ALARM_ANALYSIS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: {
      titleKey: 'alarms:menu.analysis',
      ...META,
      permission: 'cueretail_shopinspect_ai_analysis',
      menuIcon: 'trend',
      keepAlive: true,
      preload: ['shopTree'],
    },
    page: () => import('./pages/AlarmAnalysisPage.tsx').then((module) => ({ Component: module.AlarmAnalysisPage })),
  },
  {
    path: EVENT_DEBUG_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'alarms:menu.debug', ...DEBUG_META, menuIcon: 'device', keepAlive: true, preload: ['shopTree'] },
    page: () => import('./pages/EventDebugPage.tsx').then((module) => ({ Component: module.EventDebugPage })),
  },
  {
    path: ALARM_DEBUG_DETAIL_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'alarms:menu.debugDetail', ...DEBUG_META, hideInMenu: true, parent: EVENT_DEBUG_PATH },
    page: () => import('./pages/AlarmDebugDetailPage.tsx').then((module) => ({ Component: module.AlarmDebugDetailPage })),
  },
  {
    path: DELETED_ALARMS_PATH,
    layout: 'shell',
    access: 'customer',
    meta: { titleKey: 'alarms:menu.deleted', ...DEBUG_META, menuIcon: 'alarm', preload: ['shopTree'] },
    page: () => import('./pages/DeletedAlarmsPage.tsx').then((module) => ({ Component: module.DeletedAlarmsPage })),
  },
];

export const alarmDetailPath = (alarmId: string) => `${ALARM_DETAIL_PATH}?alarmId=${encodeURIComponent(alarmId)}`;
export const incidentAlarmPath = (alarmId: string) => `${INCIDENT_ALARM_PATH}?alarmId=${encodeURIComponent(alarmId)}`;
export const alarmDebugDetailPath = (reportId: string) => `${ALARM_DEBUG_DETAIL_PATH}?reportId=${encodeURIComponent(reportId)}`;

/** Where an alarm message of the message center leads: the alarm's detail page. */
export function alarmPathOfNotice(source: string | null, refId: string | null): string | null {
  return source === 'alarms.raised' && refId ? alarmDetailPath(refId) : null;
}
