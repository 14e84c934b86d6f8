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
import type { z } from 'zod';
import { http } from '../../shared/lib/http.ts';

/** Customer-flow settings operations (docs/API.md, "Customer-flow settings"). */

export type FlowSettingsSaved = z.infer<typeof flowSettingsResponseSchema>;
export type PrivacySettingsSaved = z.infer<typeof privacySettingsResponseSchema>;
export type CalendarEventListRequest = z.input<typeof calendarEventListRequestSchema>;
export type CalendarEventAddRequest = z.input<typeof calendarEventAddRequestSchema>;
export type CalendarEventUpdateRequest = z.input<typeof calendarEventUpdateRequestSchema>;
export type { CalendarEvent, FlowSettings, PrivacySettings };

export function fetchFlowSettings(): Promise<FlowSettingsSaved> {
  return http.post<FlowSettingsSaved>('/customerKvSetting/get');
}

export function saveFlowSettings(settings: FlowSettings): Promise<FlowSettingsSaved> {
  return http.post<FlowSettingsSaved>('/customerKvSetting/update', settings);
}

export function listCalendarEvents(request: CalendarEventListRequest): Promise<Page<CalendarEvent>> {
  return http.post<Page<CalendarEvent>>('/calendarEvent/list', request);
}

export function addCalendarEvent(request: CalendarEventAddRequest): Promise<{ eventId: string }> {
  return http.post<{ eventId: string }>('/calendarEvent/add', request);
}

export function updateCalendarEvent(request: CalendarEventUpdateRequest): Promise<CalendarEvent> {
  return http.post<CalendarEvent>('/calendarEvent/update', request);
}

export function setCalendarEventEnabled(eventId: string, enabled: boolean): Promise<null> {
  return http.post<null>('/calendarEvent/updateStatus', { eventId, enabled });
}

export function fetchPrivacySettings(): Promise<PrivacySettingsSaved> {
  return http.post<PrivacySettingsSaved>('/privacy/get');
}

export function savePrivacySettings(settings: PrivacySettings): Promise<PrivacySettingsSaved> {
  return http.post<PrivacySettingsSaved>('/privacy/update', settings);
}
