import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { pageOf, pageRequestSchema } from '../org/paging.ts';
import { messageRef } from '../platform/messages.ts';
import { localDateSchema, shopIdsSchema } from '../traffic/index.ts';

/**
 * Visitor batches and store-entry details (issue 17 section 2). A batch is a group that entered
 * together (a family, a tour) as the box saw it: the device API's `visitorBatch` event. The lists
 * read the stored batches, the day view reads the rollups per store and day.
 */
export const BATCH_TYPES = ['single', 'pair', 'family', 'group'] as const;
export type BatchType = (typeof BATCH_TYPES)[number];
export const VISITOR_TYPES = ['new', 'returning', 'member', 'unknown'] as const;
export type VisitorType = (typeof VISITOR_TYPES)[number];
/** Reception time bands of the conversion view (minutes). */
export const RECEPTION_BANDS = ['none', 'under1', 'from1to3', 'from3to5', 'over5'] as const;
export type ReceptionBand = (typeof RECEPTION_BANDS)[number];

export const BATCH_LIMITS = {
  maxRangeDays: 90,
  /** Screenshots one batch event may carry, and bytes of each (decoded). */
  maxScreenshots: 3,
  screenshotMaxBytes: 512 * 1024,
  /** The real-time pages show at most this many batches. */
  realtimeRows: 50,
  /** The real-time pages ask for new batches this often until the server pushes them (see useLiveBatches). */
  realtimePollMs: 3000,
} as const;

const invalid = (field: string) => ({ error: messageRef('validation.invalidValue', { field }) });

export function receptionBandOf(seconds: number | null): ReceptionBand {
  if (seconds === null) return 'none';
  if (seconds < 60) return 'under1';
  if (seconds < 180) return 'from1to3';
  if (seconds < 300) return 'from3to5';
  return 'over5';
}

export const batchFilterSchema = z.object({
  shopIds: shopIdsSchema,
  startDate: localDateSchema,
  endDate: localDateSchema,
  batchTypes: z
    .array(z.enum(BATCH_TYPES, invalid('batchTypes')))
    .max(BATCH_TYPES.length)
    .optional(),
  visitorTypes: z
    .array(z.enum(VISITOR_TYPES, invalid('visitorTypes')))
    .max(VISITOR_TYPES.length)
    .optional(),
  /** Received by staff (a reception was recorded) or not. */
  received: z.boolean().optional(),
  minCount: z.number().int().min(1).max(10_000).optional(),
});
export type BatchFilter = z.infer<typeof batchFilterSchema>;
export const batchListRequestSchema = batchFilterSchema.extend(pageRequestSchema.shape);

export const visitorBatchRowSchema = z.object({
  batchId: z.string(),
  /** The box's own id of the batch. */
  batchKey: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  timeZone: z.string(),
  localDate: z.string(),
  type: z.enum(BATCH_TYPES),
  count: z.number().int(),
  enteredAt: z.string(),
  exitedAt: z.string(),
  staySeconds: z.number().int(),
  receptionStartedAt: z.string().nullable(),
  receptionSeconds: z.number().int().nullable(),
  visitorType: z.enum(VISITOR_TYPES),
  entrance: z.object({ cameraId: z.string(), name: z.string() }).nullable(),
  screenshots: z.number().int(),
  receivedAt: z.string(),
});
export type VisitorBatchRow = z.infer<typeof visitorBatchRowSchema>;
export const visitorBatchSummarySchema = z.object({
  batches: z.number().int(),
  people: z.number().int(),
  received: z.number().int(),
  avgStaySeconds: z.number().nullable(),
  avgReceptionSeconds: z.number().nullable(),
});
export const batchPageSchema = pageOf(visitorBatchRowSchema).extend({ summary: visitorBatchSummarySchema });

export const batchIdRequestSchema = z.object({ batchId: idSchema });
export const batchDetailSchema = visitorBatchRowSchema.extend({
  screenshotList: z.array(z.object({ index: z.number().int(), at: z.string().nullable(), width: z.number().int(), height: z.number().int() })),
});
export type BatchDetail = z.infer<typeof batchDetailSchema>;
export const screenshotQuerySchema = z.object({
  batchId: idSchema,
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(BATCH_LIMITS.maxScreenshots - 1),
});

/** The real-time pages: the newest batches, and from a cursor on only what arrived since. */
export const realtimeRequestSchema = z.object({ shopIds: shopIdsSchema, after: z.string().max(64).optional() });
export const realtimeResponseSchema = z.object({ batches: z.array(visitorBatchRowSchema), cursor: z.string(), serverTime: z.string() });
export type RealtimeResponse = z.infer<typeof realtimeResponseSchema>;

/** Per store and day, from the rollups, with the sales module's transactions beside. */
export const batchDayRowSchema = z.object({
  shopId: z.string(),
  shopName: z.string(),
  date: z.string(),
  batches: z.number().int(),
  people: z.number().int(),
  byType: z.record(z.enum(BATCH_TYPES), z.number().int()),
  received: z.number().int(),
  avgStaySeconds: z.number().nullable(),
  avgReceptionSeconds: z.number().nullable(),
  /** POS transactions of the store-day; null without POS data. */
  transactions: z.number().int().nullable(),
  /** Transactions per batch (a family of five is one buying decision), and per person, in percent. */
  conversionPerBatch: z.number().nullable(),
  conversionPerPerson: z.number().nullable(),
});
export type BatchDayRow = z.infer<typeof batchDayRowSchema>;
export const batchDaysRequestSchema = z.object({ shopIds: shopIdsSchema, startDate: localDateSchema, endDate: localDateSchema });
export const batchDaysResponseSchema = z.object({
  rows: z.array(batchDayRowSchema),
  totals: batchDayRowSchema.omit({ shopId: true, shopName: true, date: true }),
  /** Batches by reception band, with the average stay: what staff greeting did over the range. */
  reception: z.array(z.object({ band: z.enum(RECEPTION_BANDS), batches: z.number().int(), people: z.number().int() })),
  /** Pearson correlation over store-days with POS data: average reception seconds against batch conversion (null under 3 points). */
  receptionConversionCorrelation: z.number().nullable(),
});
export type BatchDaysResponse = z.infer<typeof batchDaysResponseSchema>;

/** /storeEntry/detail: each entry with its time, entrance and batch. */
export const storeEntryRequestSchema = z.object({ shopId: idSchema, date: localDateSchema }).extend(pageRequestSchema.shape);
export const storeEntryRowSchema = z.object({
  at: z.string(),
  entrance: z.string().nullable(),
  batchId: z.string(),
  batchKey: z.string(),
  type: z.enum(BATCH_TYPES),
  count: z.number().int(),
  visitorType: z.enum(VISITOR_TYPES),
});
export const storeEntryPageSchema = pageOf(storeEntryRowSchema).extend({ timeZone: z.string(), entries: z.number().int() });
