import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { declareOperation } from '../platform/operation.ts';
import { localDateSchema } from './index.ts';

/**
 * Single-lens analysis (/monophonic/areaStatistics, issue 12 section 5a): one camera's traffic
 * (entries, exits through its lines) and dwell (stays in its zones) by hour of a day and by day.
 */
export const SINGLE_LENS = {
  /** The daily chart: this many days up to the chosen one. */
  days: 7,
} as const;

export const singleLensRequestSchema = z.object({ cameraId: idSchema, date: localDateSchema });

/** Null: not known (no report from the shop's devices for the period, or hourly stays whose events the privacy retention purged), never a zero. */
const figures = {
  entries: z.number().int().nullable(),
  exits: z.number().int().nullable(),
  /** Stays in the camera's zones that began in the period. */
  stays: z.number().int().nullable(),
  /** Seconds of those stays in all; the average is dwellSeconds / stays. */
  dwellSeconds: z.number().nullable(),
};

export const singleLensResponseSchema = z.object({
  cameraId: z.string(),
  cameraName: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  timeZone: z.string(),
  date: z.string(),
  /** 24 hours of the chosen day (shop-local); hourly stays come from the zone events while they are kept (privacy retention). */
  hourly: z.array(z.object({ hour: z.number().int(), ...figures })),
  /** The days up to the chosen one, oldest first. */
  daily: z.array(z.object({ date: z.string(), ...figures })),
  /** Hours of the chosen day the shop's devices sent no report for (their figures are null). */
  hoursWithoutReports: z.number().int(),
  /** The chosen day is before the privacy retention's horizon: its hourly stays are gone (the daily ones stay). */
  hourlyStaysPurged: z.boolean(),
});
export type SingleLensResponse = z.infer<typeof singleLensResponseSchema>;

export const singleLensOperations = {
  cameraStatistics: declareOperation({
    name: 'traffic.cameraStatistics',
    method: 'POST',
    path: '/api/camera/event/regionTraffic',
    summary: "One camera's entries, exits, stays and dwell by hour of a day and by day (single-lens analysis)",
    tags: ['traffic'],
    guard: { auth: 'customer', permission: 'cueretail_traffic_nav' },
    body: singleLensRequestSchema,
    response: singleLensResponseSchema,
  }),
} as const;
