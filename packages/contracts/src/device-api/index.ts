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
  /**
   * Events dated before the store's retention horizon (a local date whose visit-level data has been
   * purged, see the privacy settings): not collected, as that day's rollups are final.
   */
  ignoredExpired: z.number().int(),
  byType: z.record(z.enum(DEVICE_EVENT_TYPES), z.number().int()),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

// ---------------------------------------------------------------- box configuration (GET /api/device/v1/config)

/** A field of the box configuration, described in the OpenAPI document with an example. */
const documented = <T extends z.ZodType>(schema: T, description: string, example: z.infer<T>) => schema.meta({ description, examples: [example] });

/** A camera of the box, as the box needs it: disabled cameras should stop sending. */
export const deviceCameraConfigSchema = z.object({
  cameraId: documented(z.string(), 'The id the box sends as cameraId in its events', '0mwq3kq0cxa4Tf9s'),
  name: documented(z.string(), 'Camera name given on the device pages', 'Entrance 1'),
  number: documented(z.string(), 'Camera number given on the device pages', 'SH-001-C1'),
  deploymentArea: documented(z.string().nullable(), 'Where the camera is deployed (entrance, zone ...), null when not set', 'entrance'),
  enabled: documented(z.boolean(), 'False when the camera was disabled on the device pages: the box should stop sending its events', true),
});

/**
 * What a box applies on its own side, read with its device token. `version` is a hash of all the
 * other fields: it changes exactly when one of them does, so a box that polls sends it back as
 * `If-None-Match` and gets 304 with no body while nothing changed. docs/API.md has an example.
 */
export const deviceConfigSchema = z.object({
  version: documented(
    z.string(),
    'Hash of every other field (16 hex digits), also sent as the ETag: send it as If-None-Match to get 304 while nothing changed',
    '9c41e0d2b7a3f815',
  ),
  boxId: documented(z.string(), 'The box the device token belongs to', '0mwq3kp1ab7Xk2Qe'),
  shop: z
    .object({
      shopId: documented(z.string(), 'The shop the box serves', '0mwq3ko8zz1Lm4Rt'),
      timeZone: documented(z.string(), "IANA time zone of the shop: the box's local day and business hours are the shop's", 'Asia/Shanghai'),
      businessHours: documented(z.string(), "HH:mm-HH:mm in the shop's time zone; an end before the start runs past midnight", '10:00-22:00'),
      collecting: documented(z.boolean(), 'False once the shop is closed (events from closedAt on are not collected) or its analytics are off', true),
      closedAt: documented(z.string().nullable(), 'When the shop closed (UTC), null while it operates', null),
    })
    .meta({ description: 'The shop whose cameras the box runs' }),
  timeToStoreMinutes: documented(
    z.number(),
    "The customer's time to store (flow configuration, above 0 and at most 90 minutes): a visitor who leaves and comes back within it is one visit, so the box merges the two before it reports the visit",
    30,
  ),
  blurFaces: documented(z.boolean(), "The customer's privacy setting: the box blurs faces on every snapshot it uploads", true),
  cameras: documented(z.array(deviceCameraConfigSchema), "The box's cameras, by number", [
    { cameraId: '0mwq3kq0cxa4Tf9s', name: 'Entrance 1', number: 'SH-001-C1', deploymentArea: 'entrance', enabled: true },
  ]),
});
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;
