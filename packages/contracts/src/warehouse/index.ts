import { z } from 'zod';
import { INSPECTION_LIMITS, PERIOD_TIME_PATTERN, validityDays } from '../inspection/index.ts';
import { idSchema } from '../org/index.ts';
import { messageRef } from '../platform/messages.ts';
import { optionalText, requiredText } from '../platform/validation.ts';
import { isLocalDate, localDateSchema } from '../traffic/index.ts';

/**
 * Warehouse patrol (issue 16 section 2, spec `/warehousePatrol/*`): scheduled checks of each
 * store's stock room by its camera at set times of day. A warehouse plan is a plan of the
 * inspection engine (type 'warehouse', every day of its validity) with cameras and check times;
 * each assignment the scheduler makes of it (one per store and local date) holds one check per
 * camera and time. A check keeps the frame of the recording at its instant and a result: the
 * box's AI's (device event `warehouseCheck`) or a person's; without one by its window's end it is
 * missed. What counts is in docs/API.md ("Warehouse patrol").
 */
export const WAREHOUSE_LIMITS = {
  checkTimesMax: 12,
  camerasMax: 200,
  /** Minutes after a check's time within which its result is expected (default, bounds). */
  windowMinutesDefault: 60,
  windowMinutesMin: 10,
  windowMinutesMax: 240,
  remarkMaxChars: 200,
  /** Analysis range: the patrol range of the spec (section 9). */
  rangeMaxDays: 365,
  /** The frame is taken once the recording had time to be indexed; past this many minutes a check without one says so. */
  frameGiveUpMinutes: 30,
} as const;

const checkTimeSchema = z
  .string()
  .trim()
  .regex(PERIOD_TIME_PATTERN, { error: messageRef('validation.invalidValue', { field: 'checkTimes' }) })
  .refine((value) => value !== '24:00', { error: messageRef('validation.invalidValue', { field: 'checkTimes' }) });

export const warehousePlanAddRequestSchema = z
  .object({
    name: requiredText(INSPECTION_LIMITS.planNameMaxChars),
    description: optionalText(INSPECTION_LIMITS.descriptionMaxChars).default(''),
    shopIds: z
      .array(idSchema)
      .min(1, { error: messageRef('inspection.noShops') })
      .max(INSPECTION_LIMITS.planShopsMax),
    /** The stock-room cameras; each store is checked by its own cameras among them (a store without one is refused). */
    cameraIds: z
      .array(idSchema)
      .min(1, { error: messageRef('warehouse.noCameras') })
      .max(WAREHOUSE_LIMITS.camerasMax),
    /** Store-local HH:mm. */
    checkTimes: z
      .array(checkTimeSchema)
      .min(1, { error: messageRef('warehouse.noCheckTimes') })
      .max(WAREHOUSE_LIMITS.checkTimesMax),
    windowMinutes: z
      .number()
      .int()
      .min(WAREHOUSE_LIMITS.windowMinutesMin)
      .max(WAREHOUSE_LIMITS.windowMinutesMax)
      .default(WAREHOUSE_LIMITS.windowMinutesDefault),
    validFrom: localDateSchema,
    validTo: localDateSchema,
    handlerIds: z
      .array(idSchema)
      .min(1, { error: messageRef('inspection.noHandlers') })
      .max(INSPECTION_LIMITS.planHandlersMax),
  })
  .superRefine((plan, context) => {
    if (isLocalDate(plan.validFrom) && isLocalDate(plan.validTo)) {
      const days = validityDays(plan.validFrom, plan.validTo);
      if (days < 1 || days > INSPECTION_LIMITS.validityMaxDays)
        context.addIssue({ code: 'custom', path: ['validTo'], message: messageRef('errors.timeSelectionError', { days: INSPECTION_LIMITS.validityMaxDays }) });
    }
  });
export type WarehousePlanAddRequest = z.input<typeof warehousePlanAddRequestSchema>;

/**
 * A warehouse plan as a box needs it (its part of GET /api/device/v1/config): which of its cameras
 * to judge at which store-local times, and until when a result counts. A box that runs a stock-room
 * model looks at those cameras at those times and posts `warehouseCheck` events within the window.
 */
export const deviceWarehousePlanSchema = z.object({
  planId: z.string(),
  name: z.string(),
  /** The plan's cameras on this box. */
  cameraIds: z.array(z.string()),
  /** Store-local HH:mm, ascending. */
  checkTimes: z.array(z.string()),
  windowMinutes: z.number().int(),
  /** Store-local dates, inclusive. */
  validFrom: z.string(),
  validTo: z.string(),
});
export type DeviceWarehousePlan = z.infer<typeof deviceWarehousePlanSchema>;
export const warehousePlanIdResponseSchema = z.object({ planId: z.string() });

/** A check as people read it: before its time, awaiting a result (window open), passed, failed, or missed (no result by the window's end). */
export const CHECK_STATES = ['upcoming', 'pending', 'passed', 'failed', 'missed'] as const;
export type CheckState = (typeof CHECK_STATES)[number];
export const CHECK_CAPTURES = ['pending', 'captured', 'noVideo'] as const;
export const CHECK_SOURCES = ['ai', 'person'] as const;

const dateSchema = z.iso.date({ error: messageRef('validation.required') });

export const patrolAnalysisRequestSchema = z.object({
  shopIds: z.array(idSchema).max(5000).optional(),
  /** Store-local dates of the checks, at most 365 days. */
  startDate: dateSchema,
  endDate: dateSchema,
});
export type PatrolAnalysisRequest = z.infer<typeof patrolAnalysisRequestSchema>;

const countsSchema = z.object({
  /** Checks scheduled (their time has come). */
  checks: z.number().int(),
  /** Checks with a result. */
  done: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  /** Without a result past the window's end. */
  missed: z.number().int(),
  /** Without a result, window still open. */
  pending: z.number().int(),
  /** Checks no recording covered (the frame could not be taken). */
  noVideo: z.number().int(),
  /** passed / done, percent, one decimal; null without results. */
  passRate: z.number().nullable(),
});
export type PatrolCounts = z.infer<typeof countsSchema>;

export const patrolAnalysisSchema = z.object({
  totals: countsSchema,
  trend: z.array(z.object({ date: z.string(), done: z.number().int(), passed: z.number().int(), failed: z.number().int(), missed: z.number().int() })),
  /** One row per store and local date with checks, newest first. */
  days: z.array(countsSchema.extend({ shopId: z.string(), shopName: z.string(), date: z.string() })),
});
export type PatrolAnalysis = z.infer<typeof patrolAnalysisSchema>;
export type PatrolDayRow = PatrolAnalysis['days'][number];

export const singleDayRequestSchema = z.object({ shopId: idSchema, date: localDateSchema });

export const warehouseCheckSchema = z.object({
  checkId: z.string(),
  planId: z.string(),
  planName: z.string(),
  cameraId: z.string(),
  cameraName: z.string(),
  /** Store-local HH:mm and the instants of the check and its window's end. */
  checkTime: z.string(),
  dueAt: z.string(),
  windowEnd: z.string(),
  state: z.enum(CHECK_STATES),
  capture: z.enum(CHECK_CAPTURES),
  result: z.enum(['pass', 'fail']).nullable(),
  resultSource: z.enum(CHECK_SOURCES).nullable(),
  remark: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The caller handles the plan and the check awaits a person's result (its window open). */
  canJudge: z.boolean(),
});
export type WarehouseCheck = z.infer<typeof warehouseCheckSchema>;

export const singleDaySchema = z.object({
  shopId: z.string(),
  shopName: z.string(),
  date: z.string(),
  timeZone: z.string(),
  /** Counts of the checks whose time has come (upcoming ones are on the timeline, not in the counts). */
  counts: countsSchema,
  /** In time order, then by camera; upcoming ones included. */
  checks: z.array(warehouseCheckSchema),
});
export type SingleDay = z.infer<typeof singleDaySchema>;

export const checkJudgeRequestSchema = z
  .object({
    checkId: idSchema,
    result: z.enum(['pass', 'fail']),
    remark: optionalText(WAREHOUSE_LIMITS.remarkMaxChars).optional(),
  })
  .superRefine((input, context) => {
    if (input.result === 'fail' && !input.remark?.trim()) context.addIssue({ code: 'custom', path: ['remark'], message: messageRef('errors.fillRemarks') });
  });
export const checkImageQuerySchema = z.object({ checkId: idSchema });

/** The device event (docs/API.md): the box's AI's result of the check of a camera whose window holds `at`. */
export const WAREHOUSE_EVENT_NOTE_MAX = WAREHOUSE_LIMITS.remarkMaxChars;
