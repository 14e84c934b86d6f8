import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { pageOf, pageRequestSchema } from '../org/paging.ts';
import { messageRef } from '../platform/messages.ts';
import { ALARM_DELETE_REASONS, ALARM_PRIORITIES, ALARM_STATES, alarmDetailSchema } from './index.ts';

/**
 * Event debugging (issue 15 section 4; spec pages /eventDebug, /eventDebug/alarmDetailDebug,
 * /eventDebugDel): every alarm report as the box sent it, whatever became of it.
 * raised: made an alarm; folded: counted on an earlier alarm; ignoredClosed: filtered by the system
 * (the store was closed), no alarm.
 */
export const ALARM_REPORT_OUTCOMES = ['raised', 'folded', 'ignoredClosed'] as const;
export type AlarmReportOutcome = (typeof ALARM_REPORT_OUTCOMES)[number];

const dateSchema = z.iso.date({ error: messageRef('validation.required') });

export const alarmDebugListRequestSchema = pageRequestSchema.extend({
  shopIds: z.array(idSchema).max(1000).optional(),
  outcomes: z.array(z.enum(ALARM_REPORT_OUTCOMES)).max(ALARM_REPORT_OUTCOMES.length).optional(),
  /** Only reports whose alarm is now deleted. */
  deletedOnly: z.boolean().optional(),
  eventCode: z.string().trim().min(1).max(64).optional(),
  /** UTC dates of reception, at most 90 days. */
  startDate: dateSchema,
  endDate: dateSchema,
});
export type AlarmDebugListRequest = z.infer<typeof alarmDebugListRequestSchema>;

export const alarmDebugRowSchema = z.object({
  reportId: z.string(),
  outcome: z.enum(ALARM_REPORT_OUTCOMES),
  /** The alarm the report made or folded into; null when the system filtered it. */
  alarmId: z.string().nullable(),
  alarmState: z.enum(ALARM_STATES).nullable(),
  deleteReason: z.enum(ALARM_DELETE_REASONS).nullable(),
  shopId: z.string(),
  shopName: z.string(),
  cameraId: z.string().nullable(),
  cameraName: z.string().nullable(),
  eventCode: z.string(),
  priority: z.enum(ALARM_PRIORITIES),
  boxId: z.string(),
  eventId: z.string(),
  batchRef: z.string(),
  occurredAt: z.string(),
  receivedAt: z.string(),
});
export type AlarmDebugRow = z.infer<typeof alarmDebugRowSchema>;
export const alarmDebugPageSchema = pageOf(alarmDebugRowSchema);

/** One step of a report's processing, in order (derived from what was stored). */
export const ALARM_DEBUG_STEPS = [
  'received',
  'imagesChecked',
  'duplicateCheck',
  'closedCheck',
  'raised',
  'folded',
  'ignoredClosed',
  'notified',
  'history',
] as const;
export const alarmDebugStepSchema = z.object({
  step: z.enum(ALARM_DEBUG_STEPS),
  at: z.string(),
  /** Facts of the step (e.g. images and their sizes, the alarm folded into, the history action). */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type AlarmDebugStep = z.infer<typeof alarmDebugStepSchema>;

export const alarmDebugReportSchema = alarmDebugRowSchema.extend({
  /** The event as posted, each image replaced by its size and sha256. */
  payload: z.unknown(),
  steps: z.array(alarmDebugStepSchema),
});
export type AlarmDebugReport = z.infer<typeof alarmDebugReportSchema>;

/** The hidden /eventDebug/alarmDetailDebug: the report, and its alarm with every report that folded into it. */
export const alarmDebugDetailSchema = z.object({
  report: alarmDebugReportSchema,
  alarm: alarmDetailSchema.nullable(),
  reports: z.array(alarmDebugReportSchema),
});
export type AlarmDebugDetail = z.infer<typeof alarmDebugDetailSchema>;
export const alarmDebugDetailRequestSchema = z.object({ reportId: idSchema });

/** /eventDebugDel: deleted alarms with their reason, who deleted them and when. */
export const alarmDeletedListRequestSchema = pageRequestSchema.extend({
  shopIds: z.array(idSchema).max(1000).optional(),
  deleteReason: z.enum(ALARM_DELETE_REASONS).optional(),
  startDate: dateSchema,
  endDate: dateSchema,
});
export const alarmDeletedRowSchema = z.object({
  alarmId: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  cameraName: z.string().nullable(),
  eventCode: z.string(),
  eventName: z.string(),
  priority: z.enum(ALARM_PRIORITIES),
  count: z.number().int(),
  occurredAt: z.string(),
  deleteReason: z.enum(ALARM_DELETE_REASONS).nullable(),
  deletedBy: z.string().nullable(),
  deletedByName: z.string().nullable(),
  deletedAt: z.string().nullable(),
  remark: z.string().nullable(),
});
export type AlarmDeletedRow = z.infer<typeof alarmDeletedRowSchema>;
export const alarmDeletedPageSchema = pageOf(alarmDeletedRowSchema);
