import type {
  CalendarEvent,
  calendarEventAddRequestSchema,
  calendarEventListRequestSchema,
  calendarEventUpdateRequestSchema,
  FlowSettings,
  flowSettingsResponseSchema,
  Page,
  PrivacySettings,
  privacySettingsResponseSchema,
} from '@storelens/contracts';
import { calendarOperations } from '@storelens/contracts';
import type { z } from 'zod';
import { callOperation } from '../../shared/lib/operations.ts';

/** Customer-flow settings operations (docs/API.md, "Customer-flow settings"). */

export type FlowSettingsSaved = z.infer<typeof flowSettingsResponseSchema>;
export type PrivacySettingsSaved = z.infer<typeof privacySettingsResponseSchema>;
export type CalendarEventListRequest = z.input<typeof calendarEventListRequestSchema>;
export type CalendarEventAddRequest = z.input<typeof calendarEventAddRequestSchema>;
export type CalendarEventUpdateRequest = z.input<typeof calendarEventUpdateRequestSchema>;
export type { CalendarEvent, FlowSettings, PrivacySettings };

export function fetchFlowSettings(): Promise<FlowSettingsSaved> {
  return callOperation(calendarOperations.customerKvSettingGet, undefined);
}

export function saveFlowSettings(settings: FlowSettings): Promise<FlowSettingsSaved> {
  return callOperation(calendarOperations.customerKvSettingUpdate, settings);
}

export function listCalendarEvents(request: CalendarEventListRequest): Promise<Page<CalendarEvent>> {
  return callOperation(calendarOperations.calendarEventList, request);
}

export function addCalendarEvent(request: CalendarEventAddRequest): Promise<{ eventId: string }> {
  return callOperation(calendarOperations.calendarEventAdd, request);
}

export function updateCalendarEvent(request: CalendarEventUpdateRequest): Promise<CalendarEvent> {
  return callOperation(calendarOperations.calendarEventUpdate, request);
}

export function setCalendarEventEnabled(eventId: string, enabled: boolean): Promise<null> {
  return callOperation(calendarOperations.calendarEventUpdateStatus, { eventId, enabled });
}

export function fetchPrivacySettings(): Promise<PrivacySettingsSaved> {
  return callOperation(calendarOperations.privacyGet, undefined);
}

export function savePrivacySettings(settings: PrivacySettings): Promise<PrivacySettingsSaved> {
  return callOperation(calendarOperations.privacyUpdate, settings);
}
