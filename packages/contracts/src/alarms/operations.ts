import { declareOperation, type OperationGuard } from '../platform/operation.ts';
import { RoleId } from '../platform/roles.ts';
import { alarmAnalysisRequestSchema, alarmAnalysisSchema } from './alarm-analysis.ts';
import {
  alarmDebugDetailRequestSchema,
  alarmDebugDetailSchema,
  alarmDebugListRequestSchema,
  alarmDebugPageSchema,
  alarmDeletedListRequestSchema,
  alarmDeletedPageSchema,
} from './alarm-debug.ts';
import {
  alarmErrorReportCreatedSchema,
  alarmErrorReportCreateSchema,
  alarmErrorReportDecideSchema,
  alarmErrorReportListRequestSchema,
  alarmErrorReportPageSchema,
  alarmErrorReportRowSchema,
} from './alarm-reports.ts';
import { alarmAlertSettingResponseSchema, alarmAlertSettingSchema } from './alert-settings.ts';
import {
  alarmActRequestSchema,
  alarmClipQuerySchema,
  alarmClipUploadedSchema,
  alarmClipUploadQuerySchema,
  alarmDetailSchema,
  alarmIdRequestSchema,
  alarmImageQuerySchema,
  alarmListRequestSchema,
  alarmMarkReadRequestSchema,
  alarmMarkReadResponseSchema,
  alarmPageSchema,
  alarmRectifyRequestSchema,
  alarmRectifyResponseSchema,
  alarmStateResponseSchema,
  alarmTagRequestSchema,
} from './index.ts';

const tags = ['alarms'];

/** The AI inspection pages (/AIInspection/*): the inspection tab and the menu flag 'cueretail_shopinspect_alert_show'. */
export const ALARM_READ_GUARD: OperationGuard = { auth: 'customer', permission: ['shopinspect_show', 'cueretail_shopinspect_alert_show'] };
/** Reviewing changes an alarm: never the observer. Deleting also needs 'alert delete' (checked by the service). */
export const ALARM_ACT_GUARD: OperationGuard = { ...ALARM_READ_GUARD, barRoles: [RoleId.observer] };
/** 'create rectification' (spec section 6). */
export const ALARM_RECTIFY_GUARD: OperationGuard = {
  auth: 'customer',
  permission: ['shopinspect_show', 'cueretail_shopinspect_alert_show', 'rectification_create'],
  barRoles: [RoleId.observer],
};

/**
 * Event debugging (/eventDebug, /eventDebugDel): the menu flag 'cueretail_shopinspect_alert_debug'
 * (spec section 6), which only the inner operation role and the super manager hold by default.
 */
export const ALARM_DEBUG_GUARD: OperationGuard = { auth: 'customer', permission: ['shopinspect_show', 'cueretail_shopinspect_alert_debug'] };
/** Incident reports (/AIInspection/ReportIncident): the menu flag 'cueretail_shopinspect_ai_errorreportlist'. */
export const ALARM_ERROR_LIST_GUARD: OperationGuard = { auth: 'customer', permission: ['shopinspect_show', 'cueretail_shopinspect_ai_errorreportlist'] };
/** Reporting an AI error: the feature key 'AI error report' on an alarm the caller sees; never the observer. */
export const ALARM_ERROR_REPORT_GUARD: OperationGuard = {
  auth: 'customer',
  permission: ['shopinspect_show', 'cueretail_shopinspect_alert_show', 'ai_error_report'],
  barRoles: [RoleId.observer],
};
/** The analysis page (/AIInspection/inspectionAnalysis): its menu flag 'cueretail_shopinspect_ai_analysis'. */
export const ALARM_ANALYSIS_GUARD: OperationGuard = { auth: 'customer', permission: ['shopinspect_show', 'cueretail_shopinspect_ai_analysis'] };
/** The outcome of a report is our operators' (inner operation) to set. */
export const ALARM_ERROR_DECIDE_GUARD: OperationGuard = { ...ALARM_ERROR_LIST_GUARD, allowRoles: [RoleId.innerOperation] };
/** Alarm alert settings are the whole customer's: saved only by a caller whose scope is the whole customer. */
export const ALARM_ALERT_SAVE_GUARD: OperationGuard = { ...ALARM_READ_GUARD, barRoles: [RoleId.observer], wholeCustomer: true };

/** The spec's alert operations (section 7: details, detail, delete, restore, report tag, messages, mark read single or all). */
export const alarmOperations = {
  list: declareOperation({
    name: 'alarms.list',
    method: 'POST',
    path: '/api/alarms/list',
    summary: "Alarms of the caller's stores with filters (store, item, priority, state, tag, read, at most 90 days), newest first, paged",
    tags,
    guard: ALARM_READ_GUARD,
    body: alarmListRequestSchema,
    response: alarmPageSchema,
  }),
  detail: declareOperation({
    name: 'alarms.detail',
    method: 'POST',
    path: '/api/alarms/detail',
    summary: 'One alarm with its images, its history and the actions its state allows',
    tags,
    guard: ALARM_READ_GUARD,
    body: alarmIdRequestSchema,
    response: alarmDetailSchema,
  }),
  markRead: declareOperation({
    name: 'alarms.markRead',
    method: 'POST',
    path: '/api/alarms/markRead',
    summary: 'Mark the named alarms read, or every unread alarm of the caller’s stores (all)',
    tags,
    guard: ALARM_READ_GUARD,
    body: alarmMarkReadRequestSchema,
    response: alarmMarkReadResponseSchema,
  }),
  act: declareOperation({
    name: 'alarms.act',
    method: 'POST',
    path: '/api/alarms/act',
    summary: 'Confirm, mark false alarm, ignore, restore or delete (with a reason) an alarm, as the transition table allows',
    tags,
    guard: ALARM_ACT_GUARD,
    body: alarmActRequestSchema,
    response: alarmStateResponseSchema,
  }),
  tag: declareOperation({
    name: 'alarms.tag',
    method: 'POST',
    path: '/api/alarms/tag',
    summary: 'Tag an alarm: no tag, algorithm correct, algorithm wrong, task reason',
    tags,
    guard: ALARM_ACT_GUARD,
    body: alarmTagRequestSchema,
    response: alarmStateResponseSchema,
  }),
  rectify: declareOperation({
    name: 'alarms.rectify',
    method: 'POST',
    path: '/api/alarms/rectify',
    summary: 'Create the rectification of an alarm (one per alarm; a second call answers the first)',
    tags,
    guard: ALARM_RECTIFY_GUARD,
    body: alarmRectifyRequestSchema,
    response: alarmRectifyResponseSchema,
  }),
  image: declareOperation({
    name: 'alarms.image',
    method: 'GET',
    path: '/api/alarms/image',
    summary: 'An image of an alarm, as JPEG',
    tags,
    guard: ALARM_READ_GUARD,
    query: alarmImageQuerySchema,
    response: 'file',
  }),
  clip: declareOperation({
    name: 'alarms.clip',
    method: 'GET',
    path: '/api/alarms/clip',
    summary: "The alarm's clip as MP4 (byte ranges answered 206); past its year 'Video not available. Video is valid for 1 year from the upload date.'",
    tags,
    guard: ALARM_READ_GUARD,
    query: alarmClipQuerySchema,
    response: 'file',
  }),
  deviceClip: declareOperation({
    name: 'alarms.deviceClip',
    method: 'POST',
    path: '/api/device/v1/alarmClip',
    summary:
      "A box's clip of an alarm it posted (Authorization: Bearer <device token>; multipart part 'file': MP4 with H.264 video, at most 60 s and 8 MB; query eventId); idempotent",
    tags: ['device-api'],
    guard: { auth: 'device' },
    query: alarmClipUploadQuerySchema,
    response: alarmClipUploadedSchema,
    upload: true,
  }),
  analysis: declareOperation({
    name: 'alarms.analysis',
    method: 'POST',
    path: '/api/alarms/analysis',
    summary: "Alarms of the caller's stores by item, class, day, store and camera, with false-alarm and ignore rates and the precision people's reviews give",
    tags,
    guard: ALARM_ANALYSIS_GUARD,
    body: alarmAnalysisRequestSchema,
    response: alarmAnalysisSchema,
  }),
  debugList: declareOperation({
    name: 'alarms.debugList',
    method: 'POST',
    path: '/api/alarms/debug/list',
    summary: 'Event debugging: every alarm report as the box sent it (raised, folded, filtered by the system), newest received first',
    tags,
    guard: ALARM_DEBUG_GUARD,
    body: alarmDebugListRequestSchema,
    response: alarmDebugPageSchema,
  }),
  debugDetail: declareOperation({
    name: 'alarms.debugDetail',
    method: 'POST',
    path: '/api/alarms/debug/detail',
    summary: 'One report with its raw payload and processing steps, and its alarm with every report folded into it',
    tags,
    guard: ALARM_DEBUG_GUARD,
    body: alarmDebugDetailRequestSchema,
    response: alarmDebugDetailSchema,
  }),
  debugDeleted: declareOperation({
    name: 'alarms.debugDeleted',
    method: 'POST',
    path: '/api/alarms/debug/deleted',
    summary: 'Deleted alarms with their reason, who deleted them and when (restore with alarms.act)',
    tags,
    guard: ALARM_DEBUG_GUARD,
    body: alarmDeletedListRequestSchema,
    response: alarmDeletedPageSchema,
  }),
  errorReportCreate: declareOperation({
    name: 'alarms.errorReportCreate',
    method: 'POST',
    path: '/api/alarms/errorReport/create',
    summary: 'Report an AI error on an alarm (one per person and alarm; a second call answers the first)',
    tags,
    guard: ALARM_ERROR_REPORT_GUARD,
    body: alarmErrorReportCreateSchema,
    response: alarmErrorReportCreatedSchema,
  }),
  errorReportList: declareOperation({
    name: 'alarms.errorReportList',
    method: 'POST',
    path: '/api/alarms/errorReport/list',
    summary: "Incident reports of the caller's stores with their outcome, newest first",
    tags,
    guard: ALARM_ERROR_LIST_GUARD,
    body: alarmErrorReportListRequestSchema,
    response: alarmErrorReportPageSchema,
  }),
  errorReportDecide: declareOperation({
    name: 'alarms.errorReportDecide',
    method: 'POST',
    path: '/api/alarms/errorReport/decide',
    summary: 'Accept or reject a pending incident report with a note (inner operation); the reporter is told',
    tags,
    guard: ALARM_ERROR_DECIDE_GUARD,
    body: alarmErrorReportDecideSchema,
    response: alarmErrorReportRowSchema,
  }),
  alertSettingGet: declareOperation({
    name: 'alarms.alertSettingGet',
    method: 'POST',
    path: '/api/alarms/alertSetting/get',
    summary: 'Alarm alert settings: channels (text message, phone, e-mail), priorities, recipients, interval',
    tags,
    guard: ALARM_READ_GUARD,
    response: alarmAlertSettingResponseSchema,
  }),
  alertSettingSave: declareOperation({
    name: 'alarms.alertSettingSave',
    method: 'POST',
    path: '/api/alarms/alertSetting/save',
    summary: 'Save the alarm alert settings (interval at least 5 minutes)',
    tags,
    guard: ALARM_ALERT_SAVE_GUARD,
    body: alarmAlertSettingSchema,
    response: alarmAlertSettingResponseSchema,
  }),
};
