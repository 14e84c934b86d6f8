import { z } from 'zod';
import { deviceAiTaskSchema } from '../ai-tasks/index.ts';
import { ALARM_LIMITS, ALARM_PRIORITIES } from '../alarms/index.ts';
import { BATCH_LIMITS, BATCH_TYPES, VISITOR_TYPES } from '../batch/index.ts';
import { isRawMac, WIFI_ID_PATTERN } from '../crowd/index.ts';
import { messageRef } from '../platform/messages.ts';
import { AGE_BANDS, GENDERS } from '../traffic/index.ts';
import { deviceWarehousePlanSchema } from '../warehouse/index.ts';

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
  /** Foot points of one track: boxes simplify tracks (a point when the direction changes or every few seconds). */
  maxTrackPoints: 600,
  /** Camera pixel coordinates lie in [0, maxPixel]. */
  maxPixel: 10_000,
  /** Columns (and rows) of a camera's heat grid. */
  maxGridSide: 64,
  /** Dwell seconds of one heat-grid cell in one minute: 60 s for each of up to 100 people standing in it. */
  maxCellDwell: 6_000,
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
const pixel = z
  .number({ error: messageRef('validation.invalidValue', { field: 'points' }) })
  .min(0, { error: messageRef('validation.compare', { op: '>=', value: 0 }) })
  .max(DEVICE_API_LIMITS.maxPixel, { error: messageRef('validation.compare', { op: '<=', value: DEVICE_API_LIMITS.maxPixel }) });
const offsetMs = z
  .number({ error: messageRef('validation.positiveInt') })
  .int({ error: messageRef('validation.positiveInt') })
  .min(0, { error: messageRef('validation.compare', { op: '>=', value: 0 }) });

/**
 * One anonymous person's path through a camera's view (floor-plan analysis, issue 13): the foot
 * points as [milliseconds since startedAt, x, y] in the camera's pixels (x right, y down, within
 * the frame the camera was calibrated at), simplified by the box. Sent when the track ends. The
 * server projects it onto the camera's floor plan. A track is known by (cameraId, trackId,
 * startedAt): sent again in another batch it is a duplicate. visitorId, gender and ageBand link it
 * to the visit the box reports for the same person, when it can tell.
 */
export const trackEventSchema = z.strictObject({
  type: z.literal('track'),
  cameraId: deviceId('cameraId'),
  trackId: deviceId('trackId'),
  startedAt: instant('startedAt'),
  points: z
    .array(z.tuple([offsetMs, pixel, pixel]))
    .min(2, { error: messageRef('deviceApi.trackPoints') })
    .max(DEVICE_API_LIMITS.maxTrackPoints, { error: messageRef('validation.maxItems', { n: DEVICE_API_LIMITS.maxTrackPoints }) }),
  visitorId: deviceId('visitorId').optional(),
  gender: z.enum(GENDERS, { error: messageRef('validation.invalidValue', { field: 'gender' }) }).default('unknown'),
  ageBand: z.enum(AGE_BANDS, { error: messageRef('validation.invalidValue', { field: 'ageBand' }) }).default('unknown'),
});
/**
 * A camera's dwell per grid cell in one minute (issue 13): the frame is cut into cols x rows equal
 * cells; cells lists each cell's dwell seconds (summed over people), row by row from the top left.
 * `at` is the minute's start; one grid per camera and minute (a second one is a duplicate).
 */
export const heatGridEventSchema = z.strictObject({
  type: z.literal('heatGrid'),
  cameraId: deviceId('cameraId'),
  at: instant('at'),
  cols: z
    .number()
    .int()
    .min(1)
    .max(DEVICE_API_LIMITS.maxGridSide, { error: messageRef('validation.compare', { op: '<=', value: DEVICE_API_LIMITS.maxGridSide }) }),
  rows: z
    .number()
    .int()
    .min(1)
    .max(DEVICE_API_LIMITS.maxGridSide, { error: messageRef('validation.compare', { op: '<=', value: DEVICE_API_LIMITS.maxGridSide }) }),
  cells: z
    .array(
      z
        .number({ error: messageRef('validation.invalidValue', { field: 'cells' }) })
        .min(0, { error: messageRef('validation.compare', { op: '>=', value: 0 }) })
        .max(DEVICE_API_LIMITS.maxCellDwell, { error: messageRef('validation.compare', { op: '<=', value: DEVICE_API_LIMITS.maxCellDwell }) }),
    )
    .max(DEVICE_API_LIMITS.maxGridSide ** 2, { error: messageRef('validation.maxItems', { n: DEVICE_API_LIMITS.maxGridSide ** 2 }) }),
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

/**
 * A phone's Wi-Fi identifier seen by the box (issue 17): `wifiId` is the keyed hash the box made of
 * the MAC address (HMAC-SHA256 with the customer's key, 64 lower-case hex digits); the raw address
 * never leaves the box, and one sent here is refused. `randomized` says the phone rotates its address
 * (the locally administered bit): such sightings are counted apart and never become people.
 * One sighting runs from the first to the last probe of one stay; `presence` is the box's judgement
 * (signal strength and duration) of in the store or passing by. Collected only while the customer's
 * privacy settings say so (collectWifi); identity (wifiId, firstSeenAt): a resend is a duplicate.
 */
export const wifiEventSchema = z.strictObject({
  type: z.literal('wifi'),
  wifiId: z
    .string({ error: required })
    .trim()
    .refine((value) => !isRawMac(value), { error: messageRef('deviceApi.rawMac'), abort: true })
    .regex(WIFI_ID_PATTERN, { error: messageRef('deviceApi.wifiId') }),
  firstSeenAt: instant('firstSeenAt'),
  lastSeenAt: instant('lastSeenAt'),
  presence: z.enum(['inStore', 'passerby'], { error: messageRef('validation.invalidValue', { field: 'presence' }) }),
  randomized: z.boolean().default(false),
});

/**
 * A visitor batch (issue 17): people who entered together (a family, a tour), reported when the last
 * of them left. `batchId` is the box's id of the batch (a resend is a duplicate); screenshots are
 * JPEG or PNG images in base64, checked as images and kept in object storage.
 */
export const visitorBatchEventSchema = z.strictObject({
  type: z.literal('visitorBatch'),
  batchId: deviceId('batchId'),
  batchType: z.enum(BATCH_TYPES, { error: messageRef('validation.invalidValue', { field: 'batchType' }) }),
  count: z
    .number({ error: messageRef('validation.positiveInt') })
    .int({ error: messageRef('validation.positiveInt') })
    .min(1, { error: messageRef('validation.compare', { op: '>=', value: 1 }) })
    .max(500, { error: messageRef('validation.compare', { op: '<=', value: 500 }) }),
  enteredAt: instant('enteredAt'),
  exitedAt: instant('exitedAt'),
  visitorType: z.enum(VISITOR_TYPES, { error: messageRef('validation.invalidValue', { field: 'visitorType' }) }).default('unknown'),
  /** The entrance camera that saw them come in. */
  cameraId: deviceId('cameraId').optional(),
  /** When staff began to receive them, and for how long (seconds). */
  receptionStartedAt: instant('receptionStartedAt').optional(),
  receptionSeconds: z.number().int().min(0).max(86_400).optional(),
  screenshots: z
    .array(
      z.strictObject({
        at: instant('at').optional(),
        image: z
          .string()
          .max(Math.ceil((BATCH_LIMITS.screenshotMaxBytes * 4) / 3) + 4, {
            error: messageRef('deviceApi.screenshotSize', { kb: BATCH_LIMITS.screenshotMaxBytes / 1024 }),
          })
          .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: messageRef('deviceApi.screenshot') }),
      }),
    )
    .max(BATCH_LIMITS.maxScreenshots, { error: messageRef('validation.maxItems', { n: BATCH_LIMITS.maxScreenshots }) })
    .default([]),
});

/**
 * An AI alarm (issue 15 section 2): the box's AI saw an inspection item's event (no staff at the
 * counter, smoking, rodent ...) on a camera at `at`. `eventId` is the box's id of the event: sent
 * again (a retry, in any batch) it is a duplicate. Images are JPEG, PNG or WebP in base64, checked
 * as images by their content and kept in object storage. A repeat of the same eventCode on the same
 * camera within the fold window (10 minutes by default) is counted on the alarm already raised.
 */
export const alarmEventSchema = z.strictObject({
  type: z.literal('alarm'),
  eventId: deviceId('eventId'),
  cameraId: deviceId('cameraId'),
  eventCode: deviceId('eventCode'),
  /** The item's name as the box knows it; the event code when left out. */
  eventName: z.string().trim().min(1).max(ALARM_LIMITS.eventNameMaxChars).optional(),
  at: instant('at'),
  priority: z.enum(ALARM_PRIORITIES, { error: messageRef('validation.invalidValue', { field: 'priority' }) }),
  images: z
    .array(
      z.strictObject({
        at: instant('at').optional(),
        image: z
          .string()
          .max(Math.ceil((ALARM_LIMITS.imageMaxBytes * 4) / 3) + 4, {
            error: messageRef('deviceApi.alarmImageSize', { kb: ALARM_LIMITS.imageMaxBytes / 1024 }),
          })
          .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: messageRef('deviceApi.alarmImage') }),
      }),
    )
    .max(ALARM_LIMITS.imagesMax, { error: messageRef('validation.maxItems', { n: ALARM_LIMITS.imagesMax }) })
    .default([]),
});

/**
 * A temperature reading of one of the box's sensors (issue 16): °C with one decimal or more, and the
 * relative humidity (%) when the sensor measures it. Identity (sensorId, at): a resend is a duplicate.
 */
export const temperatureEventSchema = z.strictObject({
  type: z.literal('temperature'),
  sensorId: deviceId('sensorId'),
  at: instant('at'),
  celsius: z
    .number({ error: messageRef('validation.invalidValue', { field: 'celsius' }) })
    .min(-100, { error: messageRef('validation.compare', { op: '>=', value: -100 }) })
    .max(150, { error: messageRef('validation.compare', { op: '<=', value: 150 }) }),
  humidity: z
    .number({ error: messageRef('validation.invalidValue', { field: 'humidity' }) })
    .min(0, { error: messageRef('validation.compare', { op: '>=', value: 0 }) })
    .max(100, { error: messageRef('validation.compare', { op: '<=', value: 100 }) })
    .optional(),
});

/**
 * The box's AI's result of a warehouse check (issue 16 section 2): what it judged of the stock room
 * seen by one of its cameras at `at`, which falls in the window of that camera's scheduled check
 * (from the check's time to its window's end). The first result of a check stands: a resend, or a
 * result after a person's, changes nothing and is counted a duplicate; one outside every open
 * window is counted ignored.
 */
export const warehouseCheckEventSchema = z.strictObject({
  type: z.literal('warehouseCheck'),
  cameraId: deviceId('cameraId'),
  at: instant('at'),
  result: z.enum(['pass', 'fail'], { error: messageRef('validation.invalidValue', { field: 'result' }) }),
  note: z
    .string()
    .trim()
    .max(200, { error: messageRef('validation.maxChars', { n: 200 }) })
    .optional(),
});

export const DEVICE_EVENT_TYPES = [
  'line',
  'passerby',
  'visit',
  'zoneDwell',
  'heartbeat',
  'track',
  'heatGrid',
  'wifi',
  'visitorBatch',
  'alarm',
  'temperature',
  'warehouseCheck',
] as const;
export type DeviceEventType = (typeof DEVICE_EVENT_TYPES)[number];

export const deviceEventSchema = z.discriminatedUnion(
  'type',
  [
    lineEventSchema,
    passerbyEventSchema,
    visitEventSchema,
    zoneDwellEventSchema,
    heartbeatEventSchema,
    trackEventSchema,
    heatGridEventSchema,
    wifiEventSchema,
    visitorBatchEventSchema,
    alarmEventSchema,
    temperatureEventSchema,
    warehouseCheckEventSchema,
  ],
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
export type TrackEvent = z.infer<typeof trackEventSchema>;
export type HeatGridEvent = z.infer<typeof heatGridEventSchema>;
export type WifiEvent = z.infer<typeof wifiEventSchema>;
export type VisitorBatchEvent = z.infer<typeof visitorBatchEventSchema>;
export type AlarmEvent = z.infer<typeof alarmEventSchema>;
export type TemperatureEvent = z.infer<typeof temperatureEventSchema>;
export type WarehouseCheckEvent = z.infer<typeof warehouseCheckEventSchema>;

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
  /** Wi-Fi sightings while the customer's privacy settings do not collect them: dropped unread. */
  ignoredPrivacy: z.number().int(),
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
  collectWifi: documented(
    z.boolean(),
    "The customer's privacy setting: whether the box reports Wi-Fi sightings (pseudonymised identifiers) at all; while false it should send none",
    false,
  ),
  cameras: documented(z.array(deviceCameraConfigSchema), "The box's cameras, by number", [
    { cameraId: '0mwq3kq0cxa4Tf9s', name: 'Entrance 1', number: 'SH-001-C1', deploymentArea: 'entrance', enabled: true },
  ]),
  aiTasks: documented(
    z.array(deviceAiTaskSchema),
    "The enabled AI tasks (issue 15) on the box's cameras: on those weekdays and hours (the shop's time zone; an end before the start runs past midnight) the box watches for these event codes and posts what it sees as `alarm` events with the task's priority. Empty once the shop is closed",
    [
      {
        taskId: '0mwq3kr2ab1Xy7Pq',
        name: 'Counter and hygiene',
        priority: 'high',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        startTime: '09:00',
        endTime: '22:00',
        cameraIds: ['0mwq3kq0cxa4Tf9s'],
        eventCodes: ['no_staff_at_counter', 'rodent'],
      },
    ],
  ),
  warehousePlans: documented(
    z.array(deviceWarehousePlanSchema),
    "The active warehouse patrol plans (issue 16) on the box's cameras: at each check time (the shop's time zone) of each day from validFrom to validTo the box judges the stock room of those cameras and posts a `warehouseCheck` event (pass, or fail with a remark) before the window's end; later results are not taken. Empty once the shop is closed",
    [
      {
        planId: '0mwq3ks4cd2Zt8Wn',
        name: 'Stock rooms',
        cameraIds: ['0mwq3kq0cxa4Tf9s'],
        checkTimes: ['10:00', '16:00'],
        windowMinutes: 60,
        validFrom: '2026-06-01',
        validTo: '2026-06-30',
      },
    ],
  ),
});
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;
