import { z } from 'zod';
import { declareOperation, type OperationGuard, optionalBody } from '../platform/operation.ts';
import { type PermissionKey, SETTINGS_PAGE_FLAGS, type SettingsPage } from '../platform/permissions.ts';
import { RoleId } from '../platform/roles.ts';
import {
  calendarEventAddRequestSchema,
  calendarEventIdRequestSchema,
  calendarEventListRequestSchema,
  calendarEventPageSchema,
  calendarEventSchema,
  calendarEventStatusRequestSchema,
  calendarEventUpdateRequestSchema,
  flowSettingsResponseSchema,
  flowSettingsSchema,
  privacySettingsResponseSchema,
  privacySettingsSchema,
} from './index.ts';

const tags = ['customer-flow settings'];
/** A settings page's operation: the page's group and menu flags besides its own keys. */
const onPage = (page: SettingsPage, ...permission: PermissionKey[]): OperationGuard => ({
  auth: 'customer',
  permission: [...SETTINGS_PAGE_FLAGS[page], ...permission],
});
/** The observer is barred from the custom calendar and privacy whatever its map says (spec section 6). */
const barObserver = (page: SettingsPage, ...permission: PermissionKey[]): OperationGuard => ({ ...onPage(page, ...permission), barRoles: [RoleId.observer] });
/** Customer-wide settings change only for callers who see the whole customer. */
const wholeCustomer = (guard: OperationGuard): OperationGuard => ({ ...guard, wholeCustomer: true });

export const calendarOperations = {
  customerKvSettingGet: declareOperation({
    name: 'calendar.customerKvSettingGet',
    method: 'POST',
    path: '/api/customerKvSetting/get',
    summary: 'Flow configuration: deep-visit threshold, visit depth and activity bands, time to store',
    tags,
    guard: onPage('flowConfiguration'),
    response: flowSettingsResponseSchema,
  }),
  customerKvSettingUpdate: declareOperation({
    name: 'calendar.customerKvSettingUpdate',
    method: 'POST',
    path: '/api/customerKvSetting/update',
    summary: 'Save the flow configuration (applies to traffic rolled up from then on)',
    tags,
    guard: wholeCustomer(barObserver('flowConfiguration', 'customerkvsetting_update')),
    body: flowSettingsSchema,
    response: flowSettingsResponseSchema,
  }),
  calendarEventList: declareOperation({
    name: 'calendar.calendarEventList',
    method: 'POST',
    path: '/api/calendarEvent/list',
    summary: 'Custom calendar events the caller may see (all stores, or one of theirs), paged',
    tags,
    guard: barObserver('customCalendar'),
    body: optionalBody(calendarEventListRequestSchema),
    response: calendarEventPageSchema,
  }),
  calendarEventGet: declareOperation({
    name: 'calendar.calendarEventGet',
    method: 'POST',
    path: '/api/calendarEvent/get',
    summary: 'One calendar event',
    tags,
    guard: barObserver('customCalendar'),
    body: calendarEventIdRequestSchema,
    response: calendarEventSchema,
  }),
  calendarEventAdd: declareOperation({
    name: 'calendar.calendarEventAdd',
    method: 'POST',
    path: '/api/calendarEvent/add',
    summary: 'Add a calendar event: name, date range, applicable stores, description',
    tags,
    guard: barObserver('customCalendar', 'calendarevent_add'),
    body: calendarEventAddRequestSchema,
    response: z.object({ eventId: z.string() }),
  }),
  calendarEventUpdate: declareOperation({
    name: 'calendar.calendarEventUpdate',
    method: 'POST',
    path: '/api/calendarEvent/update',
    summary: 'Change a calendar event; stores outside the caller scope stay applicable',
    tags,
    guard: barObserver('customCalendar', 'calendarevent_update'),
    body: calendarEventUpdateRequestSchema,
    response: calendarEventSchema,
  }),
  calendarEventUpdateStatus: declareOperation({
    name: 'calendar.calendarEventUpdateStatus',
    method: 'POST',
    path: '/api/calendarEvent/updateStatus',
    summary: 'Enable or disable a calendar event (disabled events are not marked on charts)',
    tags,
    guard: barObserver('customCalendar', 'calendarevent_update_status'),
    body: calendarEventStatusRequestSchema,
    response: z.null(),
  }),
  privacyGet: declareOperation({
    name: 'calendar.privacyGet',
    method: 'POST',
    path: '/api/privacy/get',
    summary: 'Privacy settings: face blurring on snapshots, retention days of visit-level data',
    tags,
    guard: barObserver('privacy'),
    response: privacySettingsResponseSchema,
  }),
  privacyUpdate: declareOperation({
    name: 'calendar.privacyUpdate',
    method: 'POST',
    path: '/api/privacy/update',
    summary: 'Save the privacy settings',
    tags,
    guard: wholeCustomer(barObserver('privacy')),
    body: privacySettingsSchema,
    response: privacySettingsResponseSchema,
  }),
} as const;
