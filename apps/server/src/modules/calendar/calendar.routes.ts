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
  type PermissionKey,
  privacySettingsResponseSchema,
  privacySettingsSchema,
  RoleId,
} from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../platform/authz/guard.ts';
import type { OperationGuard } from '../../platform/http/context.ts';
import { defineOperation, optionalBody } from '../../platform/http/operation.ts';
import type { CalendarService } from './calendar.service.ts';

const tags = ['customer-flow settings'];
const needs = (...permission: PermissionKey[]): OperationGuard => ({ auth: 'customer', permission });
/** The observer is barred from the custom calendar and privacy whatever its map says (spec section 6). */
const barObserver = (...permission: PermissionKey[]): OperationGuard => ({ auth: 'customer', permission, barRoles: [RoleId.observer] });

export function registerCalendarRoutes(app: FastifyInstance, calendar: CalendarService): void {
  defineOperation(app, {
    method: 'POST',
    url: '/api/customerKvSetting/get',
    summary: 'Flow configuration: deep-visit threshold, visit depth and activity bands, time to store',
    tags,
    guard: needs('cueretail_customerkvsetting_manage'),
    response: flowSettingsResponseSchema,
    handler: ({ request }) => calendar.getFlowSettings(actorOf(request)),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/customerKvSetting/update',
    summary: 'Save the flow configuration (applies to traffic rolled up from then on)',
    tags,
    guard: barObserver('cueretail_customerkvsetting_manage', 'customerkvsetting_update'),
    body: flowSettingsSchema,
    response: flowSettingsResponseSchema,
    handler: ({ body, request }) => calendar.updateFlowSettings(actorOf(request), body),
  });

  defineOperation(app, {
    method: 'POST',
    url: '/api/calendarEvent/list',
    summary: 'Custom calendar events the caller may see (all stores, or one of theirs), paged',
    tags,
    guard: barObserver('cueretail_calenderevent_manage'),
    body: optionalBody(calendarEventListRequestSchema),
    response: calendarEventPageSchema,
    handler: ({ body, request }) => calendar.listEvents(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/calendarEvent/get',
    summary: 'One calendar event',
    tags,
    guard: barObserver('cueretail_calenderevent_manage'),
    body: calendarEventIdRequestSchema,
    response: calendarEventSchema,
    handler: ({ body, request }) => calendar.getEvent(actorOf(request), body.eventId),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/calendarEvent/add',
    summary: 'Add a calendar event: name, date range, applicable stores, description',
    tags,
    guard: barObserver('cueretail_calenderevent_manage', 'calendarevent_add'),
    body: calendarEventAddRequestSchema,
    response: z.object({ eventId: z.string() }),
    handler: ({ body, request }) => calendar.addEvent(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/calendarEvent/update',
    summary: 'Change a calendar event; stores outside the caller scope stay applicable',
    tags,
    guard: barObserver('cueretail_calenderevent_manage', 'calendarevent_update'),
    body: calendarEventUpdateRequestSchema,
    response: calendarEventSchema,
    handler: ({ body, request }) => calendar.updateEvent(actorOf(request), body),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/calendarEvent/updateStatus',
    summary: 'Enable or disable a calendar event (disabled events are not marked on charts)',
    tags,
    guard: barObserver('cueretail_calenderevent_manage', 'calendarevent_update_status'),
    body: calendarEventStatusRequestSchema,
    response: z.null(),
    handler: ({ body, request }) => calendar.setEventStatus(actorOf(request), body.eventId, body.enabled),
  });

  defineOperation(app, {
    method: 'POST',
    url: '/api/privacy/get',
    summary: 'Privacy settings: face blurring on snapshots, retention days of visit-level data',
    tags,
    guard: barObserver('cueretail_privacy_manage'),
    response: privacySettingsResponseSchema,
    handler: ({ request }) => calendar.getPrivacy(actorOf(request)),
  });
  defineOperation(app, {
    method: 'POST',
    url: '/api/privacy/update',
    summary: 'Save the privacy settings',
    tags,
    guard: barObserver('cueretail_privacy_manage'),
    body: privacySettingsSchema,
    response: privacySettingsResponseSchema,
    handler: ({ body, request }) => calendar.updatePrivacy(actorOf(request), body),
  });
}
