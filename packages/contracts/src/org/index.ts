import { z } from 'zod';
import { currencySchema } from '../platform/currencies.ts';
import { Limits, type PackageCaps } from '../platform/limits.ts';
import { messageRef } from '../platform/messages.ts';
import { numberCompared, optionalText, requiredText } from '../platform/validation.ts';
import { keywordSchema, pageOf, pageRequestSchema } from './paging.ts';

export * from './paging.ts';

const required = messageRef('validation.required');

/** An id of a stored row (org, shop, user, group ...): text, as every id of the product. */
export const idSchema = z
  .string({ error: required })
  .trim()
  .min(1, { error: required, abort: true })
  .max(64, { error: messageRef('validation.maxChars', { n: 64 }) });

// ---------------------------------------------------------------- time ranges

/** HH:mm-HH:mm in the shop's time zone; an end before the start runs past midnight; 24:00 ends a day. */
export const TIME_RANGE_PATTERN = /^([01]\d|2[0-3]):[0-5]\d-(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** Length of a time range in minutes: 10:00-22:00 is 720, 22:00-02:00 is 240, 00:00-00:00 a whole day. */
export function timeRangeMinutes(range: string): number {
  const [start = '00:00', end = '00:00'] = range.split('-');
  const minutes = (time: string) => {
    const [h = '0', m = '0'] = time.split(':');
    return Number(h) * 60 + Number(m);
  };
  const length = minutes(end) - minutes(start);
  return length > 0 ? length : length + 24 * 60;
}

/** Spec section 5: the video playback range must not be shorter than business hours. */
export function playbackCoversBusinessHours(playback: string, businessHours: string): boolean {
  return timeRangeMinutes(playback) >= timeRangeMinutes(businessHours);
}

export const timeRangeSchema = z
  .string({ error: required })
  .trim()
  .min(1, { error: required, abort: true })
  .regex(TIME_RANGE_PATTERN, { error: messageRef('validation.timeRange') });

/** IANA names only (Asia/Shanghai, Europe/Paris, UTC); offsets and abbreviations are refused. */
export function isIanaTimeZone(value: string): boolean {
  if (value !== 'UTC' && !/^[A-Za-z]+(\/[A-Za-z0-9_+-]+)+$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
export const timeZoneSchema = z
  .string({ error: required })
  .trim()
  .min(1, { error: required, abort: true })
  .refine(isIanaTimeZone, { error: messageRef('validation.timeZone') });

// ---------------------------------------------------------------- organisations

export const ORGCODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export const orgAddRequestSchema = z.object({
  parentId: idSchema,
  name: requiredText(Limits.nameMaxChars),
  /** Optional: a code people use in spreadsheets; generated when left out. */
  orgcode: z
    .string()
    .trim()
    .regex(ORGCODE_PATTERN, { error: messageRef('validation.invalidValue', { field: 'orgcode' }) })
    .optional(),
});
export const orgAddResponseSchema = z.object({ orgId: z.string(), orgcode: z.string() });
export const orgChangeNameRequestSchema = z.object({ orgId: idSchema, name: requiredText(Limits.nameMaxChars) });
export const orgDeleteRequestSchema = z.object({ orgId: idSchema });
export type OrgAddRequest = z.infer<typeof orgAddRequestSchema>;

// ---------------------------------------------------------------- shops

export const SHOP_STATUSES = ['open', 'temporarily_closed', 'closed'] as const;
export type ShopStatus = (typeof SHOP_STATUSES)[number];
export const SHOP_TYPES = ['direct', 'franchise', 'other'] as const;
export type ShopType = (typeof SHOP_TYPES)[number];

/** Spec section 4: open <-> temporarily closed, either -> closed; closed is final. */
export function canChangeShopStatus(from: ShopStatus, to: ShopStatus): boolean {
  if (from === to) return true;
  return from !== 'closed';
}

export const SHOP_LIMITS = { numberMaxChars: 32, labelMaxChars: 20, labelsMax: 10, addressMaxChars: 200 } as const;

const nullableText = (max: number) => optionalText(max).nullable().optional();
const labelSchema = requiredText(SHOP_LIMITS.labelMaxChars);

/** Time to store (visit interval): above 0 and at most 90 minutes (spec sections 5 and 9). */
export const visitIntervalSchema = numberCompared('>', 0)
  .lte(Limits.timeToStoreMaxMinutes, { error: messageRef('validation.compare', { op: '<=', value: Limits.timeToStoreMaxMinutes }) })
  .int({ error: messageRef('validation.positiveInt') });

/** Every field of spec section 3's shop; the number is unique per customer. No defaults here, so a partial update never resets a field. */
export const shopFieldsSchema = z.object({
  number: requiredText(SHOP_LIMITS.numberMaxChars),
  name: requiredText(Limits.nameMaxChars),
  orgId: idSchema,
  /** Codes of getCityTree: province, city and district must belong together. */
  province: nullableText(32),
  city: nullableText(32),
  district: nullableText(32),
  address: nullableText(SHOP_LIMITS.addressMaxChars),
  latitude: numberCompared('>=', -90)
    .lte(90, { error: messageRef('validation.compare', { op: '<=', value: 90 }) })
    .nullable()
    .optional(),
  longitude: numberCompared('>=', -180)
    .lte(180, { error: messageRef('validation.compare', { op: '<=', value: 180 }) })
    .nullable()
    .optional(),
  status: z.enum(SHOP_STATUSES).optional(),
  shopType: z.enum(SHOP_TYPES).optional(),
  floorArea: numberCompared('>', 0).nullable().optional(),
  /** ISO 4217: the currency of the shop's POS amounts; left out on add, the currency of the shop's country. */
  currency: currencySchema.optional(),
  staffCount: numberCompared('>=', 0)
    .int({ error: messageRef('validation.positiveInt') })
    .nullable()
    .optional(),
  businessHours: timeRangeSchema,
  videoPlaybackHours: timeRangeSchema,
  trafficDisplayHours: timeRangeSchema,
  visitInterval: visitIntervalSchema,
  timeZone: timeZoneSchema,
  indoorPositioning: z.boolean().optional(),
  positioningEngine: nullableText(Limits.nameMaxChars),
  campus: nullableText(Limits.nameMaxChars),
  building: nullableText(Limits.nameMaxChars),
  labels: z
    .array(labelSchema)
    .max(SHOP_LIMITS.labelsMax, { error: messageRef('validation.maxItems', { n: SHOP_LIMITS.labelsMax }) })
    .optional(),
});

const playbackRule = {
  error: messageRef('validation.playbackShorterThanBusiness'),
  path: ['videoPlaybackHours'],
};

export const shopAddRequestSchema = shopFieldsSchema
  .extend({
    status: z.enum(['open', 'temporarily_closed']).default('open'),
    shopType: z.enum(SHOP_TYPES).default('direct'),
    indoorPositioning: z.boolean().default(false),
    labels: shopFieldsSchema.shape.labels.unwrap().default([]),
  })
  .refine((shop) => playbackCoversBusinessHours(shop.videoPlaybackHours, shop.businessHours), playbackRule);
export type ShopAddRequest = z.infer<typeof shopAddRequestSchema>;

/**
 * Update sends the fields that change (the edit form sends them all). Closing needs
 * `confirmClose: true`: the web shows the warning of spec section 4 and sends the flag on OK.
 */
export const shopUpdateRequestSchema = shopFieldsSchema
  .partial()
  .extend({ shopId: idSchema, confirmClose: z.boolean().optional() })
  .refine((shop) => !shop.videoPlaybackHours || !shop.businessHours || playbackCoversBusinessHours(shop.videoPlaybackHours, shop.businessHours), playbackRule);
export type ShopUpdateRequest = z.infer<typeof shopUpdateRequestSchema>;

export const shopIdRequestSchema = z.object({ shopId: idSchema });

export const shopFeaturesSchema = z.object({
  analytics: z.boolean(),
  monitoring: z.boolean(),
  inspections: z.boolean(),
  liveVideo: z.boolean(),
});
export type ShopFeatures = z.infer<typeof shopFeaturesSchema>;

/**
 * The orgs column of spec section 3: the path from the root to the shop's parent, with the root
 * dropped; the last item is the direct parent, up to 4 further levels are shown, '--' when absent.
 */
export const ORG_COLUMN_EMPTY = '--';
export const orgColumnsSchema = z.object({ parent: z.string(), levels: z.array(z.string()).length(4) });
export type OrgColumns = z.infer<typeof orgColumnsSchema>;

export function orgColumnsOf(pathFromRoot: readonly string[]): OrgColumns {
  const belowRoot = pathFromRoot.slice(1);
  const parent = belowRoot.length > 0 ? (belowRoot[belowRoot.length - 1] as string) : ORG_COLUMN_EMPTY;
  const above = belowRoot.slice(0, -1);
  const levels = [0, 1, 2, 3].map((index) => above[index] ?? ORG_COLUMN_EMPTY);
  return { parent, levels };
}

export const shopRowSchema = z.object({
  shopId: z.string(),
  number: z.string(),
  name: z.string(),
  orgId: z.string(),
  orgName: z.string(),
  /** Names from the root down to the direct parent. */
  orgPath: z.array(z.string()),
  orgColumns: orgColumnsSchema,
  status: z.enum(SHOP_STATUSES),
  isClosed: z.boolean(),
  closeTime: z.string().nullable(),
  shopType: z.enum(SHOP_TYPES),
  province: z.string().nullable(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  floorArea: z.number().nullable(),
  currency: z.string(),
  staffCount: z.number().nullable(),
  businessHours: z.string(),
  videoPlaybackHours: z.string(),
  trafficDisplayHours: z.string(),
  visitInterval: z.number(),
  timeZone: z.string(),
  indoorPositioning: z.boolean(),
  positioningEngine: z.string().nullable(),
  campus: z.string().nullable(),
  building: z.string().nullable(),
  labels: z.array(z.string()),
  features: shopFeaturesSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ShopRow = z.infer<typeof shopRowSchema>;

export const shopListRequestSchema = pageRequestSchema.extend({
  /** The organisation whose whole subtree is listed; left out: every shop the user may see. */
  orgId: idSchema.optional(),
  keyword: keywordSchema,
  hideClosed: z.boolean().optional(),
  status: z.enum(SHOP_STATUSES).optional(),
});
export const shopListByParentOrgRequestSchema = shopListRequestSchema.extend({ orgId: idSchema });
export const shopPageSchema = pageOf(shopRowSchema);

export const shopMergeListResponseSchema = z.object({
  shops: z.array(
    z.object({ shopId: z.string(), number: z.string(), name: z.string(), orgId: z.string(), status: z.enum(SHOP_STATUSES), isClosed: z.boolean() }),
  ),
  groups: z.array(z.object({ groupId: z.string(), name: z.string(), shopIds: z.array(z.string()) })),
});

export const shopAddResponseSchema = z.object({ shopId: z.string() });

export const SHOP_LOG_ACTIONS = ['add', 'import', 'update', 'status'] as const;
export const shopLogValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export type ShopLogValue = z.infer<typeof shopLogValueSchema>;
export const shopLogChangeSchema = z.object({ field: z.string(), old: shopLogValueSchema, new: shopLogValueSchema });
export type ShopLogChange = z.infer<typeof shopLogChangeSchema>;
export const shopLogRowSchema = z.object({
  id: z.string(),
  shopId: z.string(),
  action: z.enum(SHOP_LOG_ACTIONS),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
  changes: z.array(shopLogChangeSchema),
});
export const shopLogListRequestSchema = pageRequestSchema.extend({ shopId: idSchema });
export const shopLogPageSchema = pageOf(shopLogRowSchema);

export const shopLabelDicResponseSchema = z.array(z.object({ label: z.string(), count: z.number().int() }));

// ---------------------------------------------------------------- spreadsheet imports

export const importRowErrorSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;
/** What a refused import carries in `data` (status 422): the first errors and the report to download. */
export const importRefusalSchema = z.object({ errorReportId: z.string(), errorCount: z.number().int(), errors: z.array(importRowErrorSchema) });
export type ImportRefusal = z.infer<typeof importRefusalSchema>;
export const importResultSchema = z.object({ imported: z.number().int() });
export const errorReportRequestSchema = z.object({ errorReportId: idSchema });
/**
 * Caps of a shop or user import. `package`: 2000 rows of the widest template (22 columns) make
 * about 1.5 MB of sheet XML and a few MB of shared strings; 8 MiB a part leaves room for long texts
 * while bounding what exceljs builds in memory (about 15 bytes of heap per byte of sheet XML).
 */
export const IMPORT_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxRows: 2000,
  errorsInResponse: 100,
  package: { maxParts: 1000, maxPartBytes: 8 * 1024 * 1024, maxUnpackedBytes: 16 * 1024 * 1024, maxCompressionRatio: 200 } satisfies PackageCaps,
} as const;
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// ---------------------------------------------------------------- shop groups

/**
 * A store group (spec section 3: name, store count, permissions, score). Field detail is not in
 * the spec; ours: permissions are the roles that may use the group (none listed: every role), the
 * score a 0-100 weight that rankings may use.
 */
export const shopGroupRowSchema = z.object({
  groupId: z.string(),
  name: z.string(),
  storeCount: z.number().int(),
  /** The member shops the caller may see. */
  shopIds: z.array(z.string()),
  roleIds: z.array(z.number().int()),
  score: z.number().nullable(),
  updatedAt: z.string(),
});
export const shopGroupListRequestSchema = z.object({ keyword: keywordSchema });
const shopGroupFieldsSchema = z.object({
  name: requiredText(Limits.nameMaxChars),
  shopIds: z.array(idSchema).max(5000),
  roleIds: z.array(z.number().int()).max(100),
  score: numberCompared('>=', 0)
    .lte(100, { error: messageRef('validation.compare', { op: '<=', value: 100 }) })
    .nullable(),
});
export const shopGroupAddRequestSchema = shopGroupFieldsSchema.extend({
  shopIds: shopGroupFieldsSchema.shape.shopIds.default([]),
  roleIds: shopGroupFieldsSchema.shape.roleIds.default([]),
  score: shopGroupFieldsSchema.shape.score.default(null),
});
export const shopGroupUpdateRequestSchema = shopGroupFieldsSchema.partial().extend({ groupId: idSchema });
export const shopGroupIdRequestSchema = z.object({ groupId: idSchema });
export const shopGroupNumResponseSchema = z.object({ groupId: z.string(), storeCount: z.number().int() });
