import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { pageOf, pageRequestSchema } from '../org/paging.ts';
import { messageRef } from '../platform/messages.ts';
import { requiredText } from '../platform/validation.ts';
import { localDateSchema, shopIdsSchema } from '../traffic/index.ts';

/**
 * Temperature monitoring (issue 16 section 1): sensors are devices of a box (a fridge, a freezer, a
 * display case, a stock room), each with its low and high limits (others outside business hours
 * when set) and a delay before a breach alerts. Readings come through the device API (`temperature`
 * events); a breach that lasts the delay becomes an alert, which one corrective action answers.
 */
export const TEMPERATURE_LIMITS = {
  /** Every limit lies within this range (°C): a limit beyond it is a typing mistake. */
  minCelsius: -60,
  maxCelsius: 80,
  /** A breach alerts after at most this many minutes (a day of defrosting is not a delay). */
  maxDelayMinutes: 240,
  sensorNameMaxChars: 40,
  actionMaxChars: 500,
  /**
   * Retention (docs/decisions/temperature.md): raw readings this many days, 5-minute rollups (min,
   * average, max) for rollupDays, hourly rows (curve points and compliance tallies) for hourDays.
   */
  rawDays: 7,
  rollupDays: 35,
  hourDays: 400,
  /** The rollup bucket of the curves. */
  bucketMinutes: 5,
  /** An export covers at most this many days (a quarter): raw readings where kept, summaries before. */
  exportMaxDays: 92,
  /** An export writes at most this many rows (a quarter of one store of 10 sensors is about 196,000). */
  exportMaxRows: 250_000,
  /** A curve covers at most this many days. */
  curveMaxDays: 31,
  /** The compliance per store covers at most this many days (a quarter and its margin). */
  complianceMaxDays: 92,
} as const;

export const SENSOR_KINDS = ['fridge', 'freezer', 'displayCase', 'stockRoom'] as const;
export type SensorKind = (typeof SENSOR_KINDS)[number];

/** A sensor's breach state: within limits, outside but not for the delay yet, or alerting. */
export const SENSOR_STATES = ['normal', 'pending', 'alert'] as const;
export type SensorState = (typeof SENSOR_STATES)[number];
export const BREACH_SIDES = ['low', 'high'] as const;
export type BreachSide = (typeof BREACH_SIDES)[number];

const celsius = z
  .number({ error: messageRef('validation.invalidValue', { field: 'celsius' }) })
  .min(TEMPERATURE_LIMITS.minCelsius, { error: messageRef('validation.compare', { op: '>=', value: TEMPERATURE_LIMITS.minCelsius }) })
  .max(TEMPERATURE_LIMITS.maxCelsius, { error: messageRef('validation.compare', { op: '<=', value: TEMPERATURE_LIMITS.maxCelsius }) });

/** Low and high limits of a sensor; the high one above the low one. */
export const limitsSchema = z
  .object({ low: celsius, high: celsius })
  .refine((limits) => limits.low < limits.high, { error: messageRef('temperature.limitsOrder'), path: ['high'] });
export type SensorLimits = z.infer<typeof limitsSchema>;

export const sensorSaveRequestSchema = z.object({
  /** Left out: a new sensor. */
  sensorId: idSchema.optional(),
  /** The box the sensor is wired to: the sensor belongs to its store. */
  boxId: idSchema,
  name: requiredText(TEMPERATURE_LIMITS.sensorNameMaxChars),
  kind: z.enum(SENSOR_KINDS, { error: messageRef('validation.invalidValue', { field: 'kind' }) }),
  /** Limits during the store's business hours. */
  limits: limitsSchema,
  /** Limits outside business hours; null: the same as during them. */
  offHoursLimits: limitsSchema.nullable().default(null),
  delayMinutes: z
    .number({ error: messageRef('validation.positiveInt') })
    .int({ error: messageRef('validation.positiveInt') })
    .min(0, { error: messageRef('validation.compare', { op: '>=', value: 0 }) })
    .max(TEMPERATURE_LIMITS.maxDelayMinutes, { error: messageRef('validation.compare', { op: '<=', value: TEMPERATURE_LIMITS.maxDelayMinutes }) }),
  enabled: z.boolean().default(true),
});
export type SensorSaveRequest = z.infer<typeof sensorSaveRequestSchema>;

export const sensorIdRequestSchema = z.object({ sensorId: idSchema });

export const latestReadingSchema = z.object({ at: z.string(), celsius: z.number(), humidity: z.number().nullable() });

export const sensorRowSchema = z.object({
  sensorId: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  /** The store's IANA time zone: its local days are the curve's, the compliance's and the export's. */
  timeZone: z.string(),
  boxId: z.string(),
  name: z.string(),
  kind: z.enum(SENSOR_KINDS),
  limits: z.object({ low: z.number(), high: z.number() }),
  offHoursLimits: z.object({ low: z.number(), high: z.number() }).nullable(),
  delayMinutes: z.number().int(),
  enabled: z.boolean(),
  /** Reported within the customer's offline threshold. */
  online: z.boolean(),
  state: z.enum(SENSOR_STATES),
  /** The limits that apply now (business hours or not, in the store's time zone). */
  currentLimits: z.object({ low: z.number(), high: z.number() }),
  latest: latestReadingSchema.nullable(),
  /** The open alert, when the state is alert. */
  openAlertId: z.string().nullable(),
});
export type SensorRow = z.infer<typeof sensorRowSchema>;

/** The spec's temperature device tree: stores with their sensors. */
export const deviceTreeRequestSchema = z.object({ shopIds: shopIdsSchema });
export const deviceTreeSchema = z.array(
  z.object({
    shopId: z.string(),
    shopName: z.string(),
    sensors: z.array(z.object({ sensorId: z.string(), name: z.string(), kind: z.enum(SENSOR_KINDS), online: z.boolean(), state: z.enum(SENSOR_STATES) })),
  }),
);
export type DeviceTree = z.infer<typeof deviceTreeSchema>;

export const sensorPageRequestSchema = pageRequestSchema.extend({ shopIds: shopIdsSchema, state: z.enum(SENSOR_STATES).optional() });
export const sensorPageSchema = pageOf(sensorRowSchema);

/** The spec's 'last': the latest reading of every sensor of the chosen stores. */
export const lastRequestSchema = z.object({ shopIds: shopIdsSchema });
export const lastSchema = z.array(sensorRowSchema);

/** The spec's 'num list': sensors per state in the chosen stores. */
export const numListSchema = z.object({
  total: z.number().int(),
  normal: z.number().int(),
  pending: z.number().int(),
  alert: z.number().int(),
  offline: z.number().int(),
  openAlerts: z.number().int(),
});
export type NumList = z.infer<typeof numListSchema>;

/** A sensor's curve over local days of its store: 5-minute min, average and max, and the limits in force. */
export const curveRequestSchema = z.object({ sensorId: idSchema, startDate: localDateSchema, endDate: localDateSchema });
export const curveSchema = z.object({
  sensorId: z.string(),
  timeZone: z.string(),
  points: z.array(z.object({ at: z.string(), min: z.number(), avg: z.number(), max: z.number() })),
  /** The limits at each change (business hours opening and closing) over the range, as steps. */
  limits: z.array(z.object({ from: z.string(), low: z.number(), high: z.number() })),
});
export type Curve = z.infer<typeof curveSchema>;

export const alertRowSchema = z.object({
  alertId: z.string(),
  sensorId: z.string(),
  sensorName: z.string(),
  kind: z.enum(SENSOR_KINDS),
  shopId: z.string(),
  shopName: z.string(),
  side: z.enum(BREACH_SIDES),
  /** The limit crossed. */
  limit: z.number(),
  /** When the reading first left the limits; the alert was raised a delay later. */
  startedAt: z.string(),
  raisedAt: z.string(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  peak: z.number(),
  action: z.object({ text: z.string(), by: z.string(), byName: z.string(), at: z.string() }).nullable(),
});
export type AlertRow = z.infer<typeof alertRowSchema>;

export const alertPageRequestSchema = pageRequestSchema.extend({
  shopIds: shopIdsSchema,
  sensorId: idSchema.optional(),
  /** open: not ended; closed: ended; left out: both. */
  status: z.enum(['open', 'closed']).optional(),
});
export const alertPageSchema = pageOf(alertRowSchema);

export const alertActionRequestSchema = z.object({
  alertId: idSchema,
  text: requiredText(TEMPERATURE_LIMITS.actionMaxChars),
});

export const readingsExportRequestSchema = z.object({ shopIds: shopIdsSchema, startDate: localDateSchema, endDate: localDateSchema });
export type ReadingsExportRequest = z.infer<typeof readingsExportRequestSchema>;

export const sensorIdResponseSchema = z.object({ sensorId: z.string() });

/** The boxes a sensor may be wired to: those of the caller's stores. */
export const sensorBoxesSchema = z.array(z.object({ boxId: z.string(), name: z.string(), mac: z.string(), shopId: z.string() }));

/** The compliance per store over the store's local days (at most complianceMaxDays). */
export const complianceRequestSchema = z.object({ shopIds: shopIdsSchema, startDate: localDateSchema, endDate: localDateSchema });
export type ComplianceRequest = z.infer<typeof complianceRequestSchema>;

/**
 * A store's share of time within limits: measured minutes are the 5-minute buckets of its enabled
 * sensors with readings; within, those whose min and max lie inside the limits in force then
 * (business hours or not). share is null when nothing was measured.
 */
export const complianceRowSchema = z.object({
  shopId: z.string(),
  shopName: z.string(),
  sensors: z.number().int(),
  measuredMinutes: z.number().int(),
  withinMinutes: z.number().int(),
  share: z.number().nullable(),
});
export type ComplianceRow = z.infer<typeof complianceRowSchema>;
export const complianceSchema = z.array(complianceRowSchema);
