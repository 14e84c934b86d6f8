import { z } from 'zod';
import { messageRef } from '../platform/messages.ts';
import { AGE_BANDS, GENDERS } from '../traffic/index.ts';

/**
 * The device ingestion API (POST /api/device/v1/events), authenticated by a box's device token.
 * A batch is all or nothing, and its batchId is an idempotency key per box: sending it again
 * changes nothing and answers the first answer. docs/API.md documents every event type.
 */
export const DEVICE_API_LIMITS = {
  maxEvents: 5000,
  /** Events stamped further in the future than this (device clock skew) are refused. */
  maxFutureSkewMinutes: 5,
  /** Events older than this are refused: late uploads of a device that was offline are welcome, history imports are not. */
  maxAgeDays: 400,
  maxVisitHours: 24,
  maxCount: 10_000,
  /** Request body limit of the device route (5,000 visits fit comfortably). */
  bodyLimitBytes: 4 * 1024 * 1024,
} as const;

const required = messageRef('validation.required');
const deviceId = (field: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(64, { error: messageRef('validation.maxChars', { n: 64 }) })
    .regex(/^[\w.:-]+$/, { error: messageRef('validation.invalidValue', { field }) });

/** An instant with its offset (2026-03-01T09:15:00Z or +08:00); stored in UTC. */
const instant = (field: string) => z.iso.datetime({ offset: true, error: messageRef('deviceApi.instant', { field }) });
const count = z
  .number({ error: messageRef('validation.positiveInt') })
  .int({ error: messageRef('validation.positiveInt') })
  .min(1, { error: messageRef('validation.compare', { op: '>=', value: 1 }) })
  .max(DEVICE_API_LIMITS.maxCount, { error: messageRef('validation.compare', { op: '<=', value: DEVICE_API_LIMITS.maxCount }) })
  .default(1);

/** A crossing of an entrance line, or several in one minute (count). Staff crossings, when the box can tell, leave customer entries alone. */
export const lineEventSchema = z.strictObject({
  type: z.literal('line'),
  cameraId: deviceId('cameraId'),
  direction: z.enum(['in', 'out'], { error: messageRef('validation.invalidValue', { field: 'direction' }) }),
  at: instant('at'),
  count,
  staff: z.boolean().default(false),
});
/** People who walked past the entrance without entering. */
export const passerbyEventSchema = z.strictObject({
  type: z.literal('passerby'),
  cameraId: deviceId('cameraId'),
  at: instant('at'),
  count,
});
/** A completed visit of one anonymous visitor, reported when they leave. */
export const visitEventSchema = z.strictObject({
  type: z.literal('visit'),
  visitorId: deviceId('visitorId'),
  enteredAt: instant('enteredAt'),
  exitedAt: instant('exitedAt'),
  gender: z.enum(GENDERS, { error: messageRef('validation.invalidValue', { field: 'gender' }) }).default('unknown'),
  ageBand: z.enum(AGE_BANDS, { error: messageRef('validation.invalidValue', { field: 'ageBand' }) }).default('unknown'),
  isStaff: z.boolean().default(false),
  /** The entrance camera that saw the visitor come in, when known. */
  cameraId: deviceId('cameraId').optional(),
});
/** Time a person spent in a region (shelf, fitting room, cashier) seen by a camera. */
export const zoneDwellEventSchema = z.strictObject({
  type: z.literal('zoneDwell'),
  cameraId: deviceId('cameraId'),
  regionId: deviceId('regionId'),
  enteredAt: instant('enteredAt'),
  exitedAt: instant('exitedAt'),
  visitorId: deviceId('visitorId').optional(),
});
/** The box is alive; cameras listed as online are marked as reporting now. */
export const heartbeatEventSchema = z.strictObject({
  type: z.literal('heartbeat'),
  at: instant('at'),
  cameras: z
    .array(z.strictObject({ cameraId: deviceId('cameraId'), online: z.boolean() }))
    .max(256)
    .optional(),
});

export const DEVICE_EVENT_TYPES = ['line', 'passerby', 'visit', 'zoneDwell', 'heartbeat'] as const;
export type DeviceEventType = (typeof DEVICE_EVENT_TYPES)[number];

export const deviceEventSchema = z.discriminatedUnion(
  'type',
  [lineEventSchema, passerbyEventSchema, visitEventSchema, zoneDwellEventSchema, heartbeatEventSchema],
  {
    error: messageRef('deviceApi.eventType'),
  },
);
export type DeviceEvent = z.infer<typeof deviceEventSchema>;
export type LineEvent = z.infer<typeof lineEventSchema>;
export type PasserbyEvent = z.infer<typeof passerbyEventSchema>;
export type VisitEvent = z.infer<typeof visitEventSchema>;
export type ZoneDwellEvent = z.infer<typeof zoneDwellEventSchema>;
export type HeartbeatEvent = z.infer<typeof heartbeatEventSchema>;

export const eventBatchSchema = z.strictObject({
  /** Chosen by the box, unique per box: a retry with the same id is answered from the first delivery. */
  batchId: deviceId('batchId'),
  events: z
    .array(deviceEventSchema)
    .min(1, { error: required })
    .max(DEVICE_API_LIMITS.maxEvents, { error: messageRef('validation.maxItems', { n: DEVICE_API_LIMITS.maxEvents }) }),
});
export type EventBatch = z.infer<typeof eventBatchSchema>;

export const batchSummarySchema = z.object({
  batchId: z.string(),
  receivedAt: z.string(),
  /** Events stored (and rolled up). */
  accepted: z.number().int(),
  /** Visits already known (same visitor entering at the same instant), stored once. */
  duplicates: z.number().int(),
  /** Events at or after the store's closing time (or of a store with analytics off): not collected. */
  ignoredClosed: z.number().int(),
  byType: z.record(z.enum(DEVICE_EVENT_TYPES), z.number().int()),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;
