import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { Limits } from '../platform/limits.ts';
import { messageRef } from '../platform/messages.ts';
import { isLocalDate, localDateSchema } from '../traffic/index.ts';

/**
 * Inspection analysis (patrol stats, issue 14 section 5): pass rates of completed inspections by
 * store, organisation node, category and item over store-local dates (at most 365 days), their
 * trend, the rectification on-time rate and the store groups' scores. A pass rate is passed /
 * (passed + failed): an item marked invalid (not applicable) is left out.
 */
export const PATROL_STATS_LIMITS = {
  /** Spec sections 5 and 9: a patrol range covers at most 365 days. */
  rangeMaxDays: Limits.patrolRangeMaxDays,
  /** Up to this many days the trend is per day, beyond it per month. */
  dailyTrendMaxDays: 62,
  shopsMax: 5000,
} as const;

export const patrolStatsRequestSchema = z
  .object({
    startDate: localDateSchema,
    endDate: localDateSchema,
    /** Stores to look at; none: every store the caller sees. */
    shopIds: z.array(idSchema).max(PATROL_STATS_LIMITS.shopsMax).default([]),
  })
  .superRefine((range, context) => {
    if (!isLocalDate(range.startDate) || !isLocalDate(range.endDate)) return;
    // Both ends counted (the plan validity's rule).
    const days = Math.round((Date.parse(range.endDate) - Date.parse(range.startDate)) / 86_400_000) + 1;
    if (days < 1 || days > PATROL_STATS_LIMITS.rangeMaxDays)
      context.addIssue({ code: 'custom', path: ['endDate'], message: messageRef('errors.timeSelectionError', { days: PATROL_STATS_LIMITS.rangeMaxDays }) });
  });
export type PatrolStatsRequest = z.input<typeof patrolStatsRequestSchema>;

/** Item results counted: passed, failed, invalid; the pass rate 0..1 (null when nothing was passed or failed). */
export const passCountsSchema = z.object({
  passed: z.number().int(),
  failed: z.number().int(),
  invalid: z.number().int(),
  passRate: z.number().nullable(),
});
export type PassCounts = z.infer<typeof passCountsSchema>;

export const patrolStatsSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  granularity: z.enum(['day', 'month']),
  summary: passCountsSchema.extend({
    /** Assignments of the range (cancelled ones left out) and how many were completed. */
    assignments: z.number().int(),
    completed: z.number().int(),
    /** Rectifications raised by the range's inspections; due: answered or past their deadline; onTime: answered by the deadline. */
    rectifications: z.number().int(),
    rectificationsDue: z.number().int(),
    rectificationsOnTime: z.number().int(),
    onTimeRate: z.number().nullable(),
  }),
  /** Per day (YYYY-MM-DD) or month (YYYY-MM) of the range, every period listed. */
  trend: z.array(passCountsSchema.extend({ period: z.string(), completed: z.number().int() })),
  /** The store ranking: best pass rate first (stores without results last). */
  shops: z.array(
    passCountsSchema.extend({
      shopId: z.string(),
      shopName: z.string(),
      shopNumber: z.string(),
      orgName: z.string(),
      assignments: z.number().int(),
      completed: z.number().int(),
    }),
  ),
  /** Per organisation node holding the stores directly. */
  orgs: z.array(passCountsSchema.extend({ orgId: z.string(), orgName: z.string(), shopCount: z.number().int() })),
  categories: z.array(passCountsSchema.extend({ categoryName: z.string() })),
  /** The most failed items first. */
  items: z.array(passCountsSchema.extend({ itemId: z.string(), itemName: z.string(), categoryName: z.string() })),
  /** Store groups with a store the caller sees: score = pass rate of those stores x 100, one decimal (null without results). */
  groups: z.array(passCountsSchema.extend({ groupId: z.string(), name: z.string(), shopCount: z.number().int(), score: z.number().nullable() })),
});
export type PatrolStats = z.infer<typeof patrolStatsSchema>;
