import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { pageOf, pageRequestSchema } from '../org/paging.ts';
import { messageRef } from '../platform/messages.ts';
import { optionalText } from '../platform/validation.ts';

/**
 * Incident reports (issue 15 section 3; spec /AIInspection/ReportIncident, 'AI error report'):
 * a person says the AI was wrong on an alarm; an operator (inner operation) accepts or rejects it
 * with a note; the reporter is told and sees the outcome.
 */
export const ALARM_ERROR_KINDS = ['falseDetection', 'wrongItem', 'missedDetail', 'other'] as const;
export type AlarmErrorKind = (typeof ALARM_ERROR_KINDS)[number];
export const ALARM_ERROR_STATES = ['pending', 'accepted', 'rejected'] as const;
export type AlarmErrorState = (typeof ALARM_ERROR_STATES)[number];
export const ALARM_ERROR_OUTCOMES = ['accepted', 'rejected'] as const;

const dateSchema = z.iso.date({ error: messageRef('validation.required') });

export const alarmErrorReportCreateSchema = z.object({
  alarmId: idSchema,
  kind: z.enum(ALARM_ERROR_KINDS),
  description: optionalText(500).optional(),
});
export type AlarmErrorReportCreate = z.infer<typeof alarmErrorReportCreateSchema>;

export const alarmErrorReportListRequestSchema = pageRequestSchema.extend({
  shopIds: z.array(idSchema).max(1000).optional(),
  states: z.array(z.enum(ALARM_ERROR_STATES)).max(ALARM_ERROR_STATES.length).optional(),
  alarmId: idSchema.optional(),
  /** Only the caller's own reports. */
  mine: z.boolean().optional(),
  /** UTC dates the reports were made, at most 90 days. */
  startDate: dateSchema,
  endDate: dateSchema,
});
export type AlarmErrorReportListRequest = z.infer<typeof alarmErrorReportListRequestSchema>;

export const alarmErrorReportRowSchema = z.object({
  reportId: z.string(),
  alarmId: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  eventCode: z.string(),
  eventName: z.string(),
  occurredAt: z.string(),
  kind: z.enum(ALARM_ERROR_KINDS),
  description: z.string().nullable(),
  reporterId: z.string(),
  reporterName: z.string(),
  state: z.enum(ALARM_ERROR_STATES),
  outcomeNote: z.string().nullable(),
  handledBy: z.string().nullable(),
  handledByName: z.string().nullable(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AlarmErrorReportRow = z.infer<typeof alarmErrorReportRowSchema>;
export const alarmErrorReportPageSchema = pageOf(alarmErrorReportRowSchema);
export const alarmErrorReportCreatedSchema = z.object({ reportId: z.string(), created: z.boolean() });

export const alarmErrorReportDecideSchema = z.object({
  reportId: idSchema,
  outcome: z.enum(ALARM_ERROR_OUTCOMES),
  note: optionalText(500).optional(),
});
