import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { keywordSchema, pageOf, pageRequestSchema } from '../org/paging.ts';
import { messageRef } from '../platform/messages.ts';
import { optionalText, requiredText } from '../platform/validation.ts';
import { localDateSchema } from '../traffic/index.ts';

/**
 * Audiences (crowds), advertising channels and promotions (issue 17 section 1). The boxes report
 * phones' Wi-Fi identifiers already pseudonymised (a keyed hash made on the box, 64 hex digits);
 * a raw MAC address never reaches the server. docs/decisions/crowd.md has the rules.
 */
export const CROWD_LIMITS = {
  /** Acquisition dates of one audience. */
  maxRangeDays: 90,
  /** Stores of one audience. */
  maxShops: 200,
  /** Audiences a combined audience is made of. */
  maxSources: 10,
  /** An uploaded identifier file: at most this many bytes and lines. */
  uploadMaxBytes: 8 * 1024 * 1024,
  uploadMaxRows: 100_000,
  /** Row errors an upload refusal lists (the count names them all). */
  uploadErrorsShown: 100,
  /** The intelligent strategy: the store's visitors of the last N days, the top share by visit days, at least 2 of them. */
  intelligentDays: 30,
  intelligentShare: 0.2,
  intelligentMinDays: 2,
  /** Promotion materials: images, at most this many per promotion and bytes each. */
  materialsMax: 9,
  materialMaxBytes: 5 * 1024 * 1024,
  /** The measured effect looks at this many days after a promotion ends. */
  effectAfterDays: 14,
} as const;

/** What a pseudonymised identifier looks like: HMAC-SHA256 in lower-case hex. */
export const WIFI_ID_PATTERN = /^[0-9a-f]{64}$/;
/** A raw MAC address in any usual spelling (aa:bb:.., aa-bb-.., aabb.ccdd.eeff, 12 hex digits). */
export const RAW_MAC_PATTERN = /^(?:[0-9a-f]{2}([:-]))(?:[0-9a-f]{2}\1){4}[0-9a-f]{2}$|^[0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}$|^[0-9a-f]{12}$/i;

export function isRawMac(value: string): boolean {
  return RAW_MAC_PATTERN.test(value.trim());
}

export const AUDIENCE_TYPES = ['inStore', 'inStoreAndPasserby'] as const;
export type AudienceType = (typeof AUDIENCE_TYPES)[number];
export const AUDIENCE_STRATEGIES = ['custom', 'intelligent', 'combined', 'uploaded'] as const;
export type AudienceStrategy = (typeof AUDIENCE_STRATEGIES)[number];
export const COMBINE_OPERATIONS = ['union', 'intersection', 'difference'] as const;
export type CombineOperation = (typeof COMBINE_OPERATIONS)[number];
/** Generation states (spec section 4): not generated, generating, generated, failed. */
export const GENERATION_STATUSES = ['notGenerated', 'generating', 'generated', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];
/** Evaluation states (spec section 4): not assessed, assessing, completed. */
export const EVALUATION_STATUSES = ['notAssessed', 'assessing', 'completed'] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUSES)[number];

const invalid = (field: string) => ({ error: messageRef('validation.invalidValue', { field }) });
const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: messageRef('validation.positiveInt') })
    .int({ error: messageRef('validation.positiveInt') })
    .min(min, { error: messageRef('validation.compare', { op: '>=', value: min }) })
    .max(max, { error: messageRef('validation.compare', { op: '<=', value: max }) });

export const audienceNameSchema = requiredText(64);
const shopIdsField = z
  .array(idSchema)
  .max(CROWD_LIMITS.maxShops, { error: messageRef('validation.maxItems', { n: CROWD_LIMITS.maxShops }) })
  .default([]);

/**
 * The filter conditions of an audience. Which fields apply depends on the strategy: custom uses the
 * stores, dates, visit count, dwell and time of day; intelligent only its stores (the system picks
 * the rest); combined its operation and source audiences; uploaded its stores (where its
 * identifiers are looked for) and the file sent to customerKvSetting/submitMac.
 */
export const audienceConditionsSchema = z.object({
  shopIds: shopIdsField,
  startDate: localDateSchema.optional(),
  endDate: localDateSchema.optional(),
  /** Visits (qualifying sightings) in the range: at least, and at most. */
  minVisits: wholeNumber(1, 1000).default(1),
  maxVisits: wholeNumber(1, 1000).optional(),
  /** Dwell of a qualifying visit, in minutes. */
  minDwellMinutes: wholeNumber(0, 1440).optional(),
  maxDwellMinutes: wholeNumber(1, 1440).optional(),
  /** Time of day of a qualifying visit, store-local hours [fromHour, toHour). */
  fromHour: wholeNumber(0, 23).optional(),
  toHour: wholeNumber(1, 24).optional(),
  operation: z.enum(COMBINE_OPERATIONS, invalid('operation')).optional(),
  sourceIds: z
    .array(idSchema)
    .max(CROWD_LIMITS.maxSources, { error: messageRef('validation.maxItems', { n: CROWD_LIMITS.maxSources }) })
    .default([]),
});
export type AudienceConditions = z.infer<typeof audienceConditionsSchema>;

const audienceFields = {
  name: audienceNameSchema,
  type: z.enum(AUDIENCE_TYPES, invalid('type')),
  conditions: audienceConditionsSchema,
};

export const audienceAddRequestSchema = z.object({ ...audienceFields, strategy: z.enum(['custom', 'intelligent', 'combined'], invalid('strategy')) });
export type AudienceAddRequest = z.infer<typeof audienceAddRequestSchema>;
export const audienceUpdateRequestSchema = z.object({ audienceId: idSchema, ...audienceFields });
export type AudienceUpdateRequest = z.infer<typeof audienceUpdateRequestSchema>;
export const audienceIdRequestSchema = z.object({ audienceId: idSchema });
export const audienceListRequestSchema = pageRequestSchema.extend({
  keyword: keywordSchema,
  status: z.enum(GENERATION_STATUSES, invalid('status')).optional(),
  strategy: z.enum(AUDIENCE_STRATEGIES, invalid('strategy')).optional(),
});

export const audienceOverlapSchema = z.object({ audienceId: z.string(), name: z.string(), size: z.number().int(), shared: z.number().int() });
export const audienceEvaluationSchema = z.object({
  status: z.enum(EVALUATION_STATUSES),
  /** People the audience holds by its conditions today (generated or not). */
  estimatedSize: z.number().int().nullable(),
  /** Generated audiences sharing people with it, largest overlap first. */
  overlaps: z.array(audienceOverlapSchema),
  assessedAt: z.string().nullable(),
});
export const audienceRowSchema = z.object({
  audienceId: z.string(),
  name: z.string(),
  type: z.enum(AUDIENCE_TYPES),
  strategy: z.enum(AUDIENCE_STRATEGIES),
  status: z.enum(GENERATION_STATUSES),
  progress: z.number().int(),
  /** Why the last generation failed (a message in the caller's language), null otherwise. */
  failure: z.string().nullable(),
  /** People: distinct non-randomised identifiers (what an export holds). */
  size: z.number().int(),
  /** MAC quantity: every identifier seen under the conditions, randomised ones included (counted apart, never exported). */
  macQuantity: z.number().int(),
  randomizedCount: z.number().int(),
  shops: z.array(z.object({ shopId: z.string(), name: z.string() })),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  conditions: audienceConditionsSchema,
  sources: z.array(z.object({ audienceId: z.string(), name: z.string() })),
  evaluation: audienceEvaluationSchema,
  /** False for an intelligent audience: it cannot be edited after saving (spec section 4). */
  editable: z.boolean(),
  creatorName: z.string(),
  createdAt: z.string(),
  generatedAt: z.string().nullable(),
});
export type AudienceRow = z.infer<typeof audienceRowSchema>;
export const audiencePageSchema = pageOf(audienceRowSchema);
export const audienceIdResponseSchema = z.object({ audienceId: z.string() });
export const audienceExportRowSchema = z.object({ channelName: z.string(), rows: z.number().int(), exportedBy: z.string(), exportedAt: z.string() });
export const audienceDetailSchema = audienceRowSchema.extend({ exports: z.array(audienceExportRowSchema) });
export type AudienceDetail = z.infer<typeof audienceDetailSchema>;

/** An uploaded audience: the file's lines that could not be taken, by line number. */
export const uploadRowErrorSchema = z.object({ row: z.number().int(), message: z.string() });
export const uploadRefusalSchema = z.object({ errorCount: z.number().int(), errors: z.array(uploadRowErrorSchema) });
export const submitMacResponseSchema = z.object({ audienceId: z.string(), identifiers: z.number().int(), duplicates: z.number().int() });

// ---------------------------------------------------------------- channels

export const CHANNEL_FORMATS = ['csv', 'txt'] as const;
export const channelFieldsSchema = z.object({
  name: requiredText(64),
  /** csv: a header line 'wifi_id' then one identifier a line; txt: identifiers only. */
  format: z.enum(CHANNEL_FORMATS, invalid('format')).default('csv'),
  description: optionalText(500).default(''),
});
export const channelUpdateRequestSchema = channelFieldsSchema.extend({ channelId: idSchema });
export const channelIdRequestSchema = z.object({ channelId: idSchema });
export const channelRowSchema = z.object({
  channelId: z.string(),
  name: z.string(),
  format: z.enum(CHANNEL_FORMATS),
  description: z.string(),
  exports: z.number().int(),
  createdAt: z.string(),
});
export type ChannelRow = z.infer<typeof channelRowSchema>;
export const channelIdResponseSchema = z.object({ channelId: z.string() });
export const audienceExportRequestSchema = z.object({ audienceId: idSchema, channelId: idSchema });

// ---------------------------------------------------------------- promotions

const httpsUrl = z
  .string({ error: messageRef('validation.required') })
  .trim()
  .max(500, { error: messageRef('validation.maxChars', { n: 500 }) })
  .refine(
    (value) => {
      if (value === '') return true;
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    },
    { error: messageRef('validation.invalidValue', { field: 'landingUrl' }) },
  );
const promotionFields = {
  name: requiredText(64),
  audienceId: idSchema,
  startDate: localDateSchema,
  endDate: localDateSchema,
  landingUrl: httpsUrl.default(''),
  description: optionalText(500).default(''),
};
const inOrder = (value: { startDate: string; endDate: string }) => value.startDate <= value.endDate;
const orderError = { error: messageRef('traffic.rangeOrder'), path: ['endDate'] };
export const promotionAddRequestSchema = z.object(promotionFields).refine(inOrder, orderError);
export const promotionUpdateRequestSchema = z.object({ promotionId: idSchema, ...promotionFields }).refine(inOrder, orderError);
export const promotionIdRequestSchema = z.object({ promotionId: idSchema });
export const promotionListRequestSchema = pageRequestSchema.extend({ keyword: keywordSchema });
export const materialQuerySchema = z.object({ promotionId: idSchema, materialId: idSchema });
export const materialSchema = z.object({
  materialId: z.string(),
  fileName: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export const PROMOTION_PHASES = ['scheduled', 'running', 'ended'] as const;
export const promotionRowSchema = z.object({
  promotionId: z.string(),
  name: z.string(),
  audienceId: z.string(),
  audienceName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  phase: z.enum(PROMOTION_PHASES),
  landingUrl: z.string(),
  description: z.string(),
  materials: z.array(materialSchema),
  createdAt: z.string(),
});
export type PromotionRow = z.infer<typeof promotionRowSchema>;
export const promotionPageSchema = pageOf(promotionRowSchema);
export const promotionIdResponseSchema = z.object({ promotionId: z.string() });

/** One group's return: of `people`, how many were seen in the stores in the window. */
const returnSchema = z.object({
  people: z.number().int(),
  during: z.number().int(),
  after: z.number().int(),
  duringRate: z.number().nullable(),
  afterRate: z.number().nullable(),
});
/**
 * The measured effect of a promotion (beyond the spec; the method is in docs/decisions/crowd.md):
 * the audience's people seen in its stores during the promotion and in the days after, against a
 * control group of the same stores' other visitors matched on how often they came before it.
 */
export const promotionEffectSchema = z.object({
  promotionId: z.string(),
  /** The windows compared (store-local dates). */
  baseline: z.object({ startDate: z.string(), endDate: z.string() }),
  during: z.object({ startDate: z.string(), endDate: z.string() }),
  after: z.object({ startDate: z.string(), endDate: z.string() }),
  /** False until the promotion has started: nothing to measure yet. */
  measurable: z.boolean(),
  /**
   * The audience's acquisition dates reach into the promotion: its people were picked partly by coming
   * during it, so the comparison measures the selection as much as the promotion (shown as a warning).
   */
  acquisitionOverlaps: z.boolean(),
  audience: returnSchema,
  /** The control group re-weighted to the audience's baseline frequency mix. */
  control: returnSchema,
  /** Audience rate minus control rate, in percentage points. */
  duringLiftPoints: z.number().nullable(),
  afterLiftPoints: z.number().nullable(),
  strata: z.array(z.object({ label: z.string(), audience: z.number().int(), control: z.number().int() })),
});
export type PromotionEffect = z.infer<typeof promotionEffectSchema>;
export const promotionDetailSchema = promotionRowSchema.extend({ effect: promotionEffectSchema });
