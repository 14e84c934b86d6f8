import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { messageRef } from '../platform/messages.ts';

/**
 * AI inspection analysis (issue 15 section 3; spec /AIInspection/inspectionAnalysis): alarms by
 * item and class, their trend, the stores with the most, false-alarm and ignore rates, and beyond
 * the spec the precision of each item and camera judged from people's reviews, so an operator sees
 * which camera's AI needs tuning. What counts is in docs/API.md ("AI inspection analysis").
 */
const dateSchema = z.iso.date({ error: messageRef('validation.required') });

export const alarmAnalysisRequestSchema = z.object({
  shopIds: z.array(idSchema).max(1000).optional(),
  /** UTC dates of occurrence, at most 90 days. */
  startDate: dateSchema,
  endDate: dateSchema,
});
export type AlarmAnalysisRequest = z.infer<typeof alarmAnalysisRequestSchema>;

/** Reviews of alarms: judged right (tagged correct, or confirmed untagged) or wrong (tagged wrong, or a false alarm untagged). */
const judgedSchema = z.object({
  correct: z.number().int(),
  wrong: z.number().int(),
  /** correct / (correct + wrong); null when nothing was judged. */
  precision: z.number().nullable(),
});

export const alarmAnalysisSchema = z.object({
  totals: z.object({
    /** Alarms in the statistics: neither ignored nor deleted. */
    alarms: z.number().int(),
    /** Box reports behind them (repeats folded into an alarm count here). */
    reports: z.number().int(),
    unconfirmed: z.number().int(),
    confirmed: z.number().int(),
    falseAlarms: z.number().int(),
    ignored: z.number().int(),
    /** falseAlarms / alarms; null without alarms. */
    falseAlarmRate: z.number().nullable(),
    /** ignored / (alarms + ignored); null without either. */
    ignoreRate: z.number().nullable(),
    ...judgedSchema.shape,
  }),
  byItem: z.array(
    z.object({
      eventCode: z.string(),
      eventName: z.string(),
      /** The item's class in the catalogue; null for a code the catalogue does not hold. */
      classId: z.string().nullable(),
      alarms: z.number().int(),
      falseAlarms: z.number().int(),
      ignored: z.number().int(),
      ...judgedSchema.shape,
    }),
  ),
  byClass: z.array(z.object({ classId: z.string().nullable(), className: z.string().nullable(), alarms: z.number().int() })),
  /** One entry per UTC date of the range, days without alarms included. */
  trend: z.array(z.object({ date: z.string(), high: z.number().int(), low: z.number().int() })),
  /** The ten stores with the most alarms. */
  stores: z.array(z.object({ shopId: z.string(), shopName: z.string(), alarms: z.number().int(), falseAlarms: z.number().int() })),
  /** Cameras with judged alarms, least precise first (at most 20). */
  cameras: z.array(
    z.object({ cameraId: z.string(), cameraName: z.string(), shopName: z.string(), alarms: z.number().int(), ...judgedSchema.shape, precision: z.number() }),
  ),
});
export type AlarmAnalysis = z.infer<typeof alarmAnalysisSchema>;
