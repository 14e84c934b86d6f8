import { z } from 'zod';
import { idSchema, keywordSchema, pageOf, pageRequestSchema } from '../org/index.ts';
import { Limits, type PackageCaps } from '../platform/limits.ts';
import { messageRef } from '../platform/messages.ts';
import { requiredText } from '../platform/validation.ts';
import {
  comparableOnlySchema,
  dateRangeSchema,
  GRANULARITIES,
  likeForLikeSchema,
  partialReasonSchema,
  rankingResponseSchemaOf,
  shopIdsSchema,
} from '../traffic/index.ts';
import { currencyFilterSchema, moneyInfoSchema } from './money.ts';

const required = messageRef('validation.required');

// ---------------------------------------------------------------- the POS file (spec sections 3, 5)

/** The columns a POS file may have; the customer's template names them and orders them. */
export const SALES_FIELDS = ['shopNumber', 'orderNumber', 'date', 'time', 'quantity', 'amount', 'paymentType', 'itemCount'] as const;
export type SalesField = (typeof SALES_FIELDS)[number];
/** Every template has these (spec section 5: order number, date, quantity, amount; and the store). */
export const REQUIRED_SALES_FIELDS: readonly SalesField[] = ['shopNumber', 'orderNumber', 'date', 'quantity', 'amount'];

/**
 * Caps of one POS upload. The spec gives 40 MB per file and says a cap on files and rows exists
 * without the numbers: ours are 10 files per request and 200,000 data rows per file (each file is
 * one upload in the list, imported all or nothing).
 */
export const POS_LIMITS = {
  maxBytes: Limits.posFileMaxBytes,
  maxFiles: 10,
  maxRows: 200_000,
  /** Row errors kept for the report of one file; the count of rows with errors is always exact. */
  errorsKept: 10_000,
  orderNumberMaxChars: 64,
  paymentTypeMaxChars: 32,
  headerMaxChars: 64,
  quantityDecimals: 3,
  quantityDigits: 9,
  amountDigits: 12,
  itemCountMax: 1_000_000,
  /**
   * What a file may unpack to: LibreOffice's 200,000-row file has 89 MB of sheet XML and 9 MB of
   * shared strings; a part may be about twice that, all parts together a little more.
   */
  package: { maxParts: 1000, maxPartBytes: 192 * 1024 * 1024, maxUnpackedBytes: 256 * 1024 * 1024, maxCompressionRatio: 200 } satisfies PackageCaps,
} as const;

export const POS_STATUSES = ['waiting', 'uploading', 'completed', 'failed'] as const;
export type PosStatus = (typeof POS_STATUSES)[number];
export const POS_AUDIT_STATES = ['unreviewed', 'audited'] as const;
/**
 * The order number of the template's example row: a row with exactly this order number is the
 * example and the import skips it (not a data row, not an error), so a template filled in place
 * below its example imports as is.
 */
export const POS_EXAMPLE_ORDER_NUMBER = 'EXAMPLE';
export type PosAuditState = (typeof POS_AUDIT_STATES)[number];

// ---------------------------------------------------------------- sales template (/settings/settingSales/salesTemplateSetup)

export const salesTemplateColumnSchema = z.object({
  field: z.enum(SALES_FIELDS, { error: messageRef('validation.invalidValue', { field: 'field' }) }),
  /** The header text of the column in the customer's files. */
  header: requiredText(POS_LIMITS.headerMaxChars),
  /** Optional columns can be left out of the template; required ones cannot. */
  enabled: z.boolean(),
});
export type SalesTemplateColumn = z.infer<typeof salesTemplateColumnSchema>;

/** Every field exactly once, in the order of the file's columns. */
export const salesTemplateSaveRequestSchema = z
  .object({ columns: z.array(salesTemplateColumnSchema).length(SALES_FIELDS.length, { error: messageRef('validation.invalidValue', { field: 'columns' }) }) })
  .superRefine((value, context) => {
    const fields = new Set(value.columns.map((column) => column.field));
    if (fields.size !== SALES_FIELDS.length) {
      context.addIssue({ code: 'custom', path: ['columns'], message: messageRef('validation.invalidValue', { field: 'columns' }) });
      return;
    }
    value.columns.forEach((column, index) => {
      if (!column.enabled && REQUIRED_SALES_FIELDS.includes(column.field)) {
        context.addIssue({ code: 'custom', path: ['columns', index, 'enabled'], message: messageRef('pos.requiredColumn', { column: column.header }) });
      }
    });
    const seen = new Set<string>();
    value.columns.forEach((column, index) => {
      const key = column.header.trim().toLowerCase();
      if (column.enabled && seen.has(key)) {
        context.addIssue({ code: 'custom', path: ['columns', index, 'header'], message: messageRef('pos.duplicateHeader', { header: column.header }) });
      }
      if (column.enabled) seen.add(key);
    });
  });
export type SalesTemplateSaveRequest = z.infer<typeof salesTemplateSaveRequestSchema>;

export const salesTemplateResponseSchema = z.object({
  columns: z.array(salesTemplateColumnSchema.extend({ required: z.boolean() })),
  /** True while the customer has not saved a template: headers are the defaults in the caller's language. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
  limits: z.object({ maxBytes: z.number(), maxFiles: z.number(), maxRows: z.number() }),
});
export type SalesTemplateResponse = z.infer<typeof salesTemplateResponseSchema>;

// ---------------------------------------------------------------- POS upload (/settings/settingSales/performanceData)

export const posUploadResponseSchema = z.object({
  uploads: z.array(z.object({ uploadId: z.string(), fileName: z.string(), size: z.number().int(), status: z.enum(POS_STATUSES) })),
});
export type PosUploadResponse = z.infer<typeof posUploadResponseSchema>;

export const posListRequestSchema = pageRequestSchema.extend({
  status: z.enum(POS_STATUSES).optional(),
  auditState: z.enum(POS_AUDIT_STATES).optional(),
  /** Part of the file name. */
  keyword: keywordSchema,
  /** Only these uploads (the progress bar polls the ones it shows). */
  uploadIds: z
    .array(idSchema)
    .max(100, { error: messageRef('validation.maxItems', { n: 100 }) })
    .optional(),
});
export type PosListRequest = z.infer<typeof posListRequestSchema>;

export const posUploadRowSchema = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  /** Bytes. */
  size: z.number().int(),
  uploaderId: z.string().nullable(),
  uploaderName: z.string().nullable(),
  uploadedAt: z.string(),
  status: z.enum(POS_STATUSES),
  /** 0-100. */
  progress: z.number().int(),
  /** Data rows read from the file (null until read). */
  rows: z.number().int().nullable(),
  importedRows: z.number().int(),
  /** Rows with at least one error; the report lists each error with its row and column. */
  errorRows: z.number().int(),
  /** Why the upload failed, in the caller's language. */
  failure: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The shop-local dates the import replaced. */
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  shopCount: z.number().int(),
  auditState: z.enum(POS_AUDIT_STATES),
  auditedBy: z.string().nullable(),
  auditedAt: z.string().nullable(),
  /**
   * Set on a completed upload whose store-days a later upload replaced (a later file for the same
   * store and date replaces it): `full` when it provides none any more. `storeDays`: the store-days
   * it imported; `remaining`: those it still provides (their shops and dates); `by`: each upload
   * that replaced some, with how many.
   */
  superseded: z
    .object({
      full: z.boolean(),
      storeDays: z.number().int(),
      remaining: z.object({ storeDays: z.number().int(), shops: z.number().int(), firstDate: z.string().nullable(), lastDate: z.string().nullable() }),
      by: z.array(
        z.object({ uploadId: z.string(), fileName: z.string(), uploadedAt: z.string(), finishedAt: z.string().nullable(), storeDays: z.number().int() }),
      ),
    })
    .nullable(),
});
export type PosUploadRow = z.infer<typeof posUploadRowSchema>;
export const posListResponseSchema = pageOf(posUploadRowSchema);

export const posUploadIdRequestSchema = z.object({ uploadId: idSchema });
export const posErrorRowsRequestSchema = pageRequestSchema.extend({ uploadId: idSchema });
export const posErrorRowsResponseSchema = pageOf(z.object({ row: z.number().int(), column: z.string(), message: z.string() }));
export const posAuditRequestSchema = z.object({
  uploadIds: z
    .array(idSchema)
    .min(1, { error: required })
    .max(100, { error: messageRef('validation.maxItems', { n: 100 }) }),
});

// ---------------------------------------------------------------- sales analytics (/sales, /consumption)

/**
 * Sales indicators. Sums add up; ratios are computed on read from the sums of their parts.
 * Conversion rate and sales per visitor use the shop-days that have both POS data and traffic
 * (entries > 0), so a shop without cameras, or a day whose POS file is not uploaded yet, does not
 * distort them; `entries` is the traffic of those shop-days.
 */
export const SALES_INDICATORS = [
  'netSales',
  'transactions',
  'units',
  'avgTransactionValue',
  'unitsPerTransaction',
  'entries',
  'conversionRate',
  'salesPerVisitor',
  'netSalesPerSqm',
  'entriesPerSqm',
] as const;
export type SalesIndicator = (typeof SALES_INDICATORS)[number];
/** Indicators that are amounts of money: in the answer's `money.currency`. */
export const MONEY_SALES_INDICATORS: readonly SalesIndicator[] = ['netSales', 'avgTransactionValue', 'salesPerVisitor', 'netSalesPerSqm'];
/**
 * Per m² of floor area (beyond the spec): net sales and visitors (the traffic's entries of every
 * day) of the shops that have a floor area, over their area; shops without one are left out.
 */
export const PER_SQM_SALES_INDICATORS: readonly SalesIndicator[] = ['netSalesPerSqm', 'entriesPerSqm'];
export const salesIndicatorSchema = z.enum(SALES_INDICATORS, { error: messageRef('validation.invalidValue', { field: 'indicator' }) });
/** Rates are fractions (0.123 = 12.3 %); the web rounds percentages to 1 decimal. */
export const SALES_RATE_INDICATORS: readonly SalesIndicator[] = ['conversionRate'];

export const salesValuesSchema = z.record(z.enum(SALES_INDICATORS), z.number().nullable());
export type SalesValues = z.infer<typeof salesValuesSchema>;
const partialSalesValuesSchema = z.partialRecord(z.enum(SALES_INDICATORS), z.number().nullable());
export type PartialSalesValues = z.infer<typeof partialSalesValuesSchema>;

/**
 * POS data of the store-days a figure sums over (issue 11: no data is not zero). A store-day has
 * POS data when a completed upload imported at least one order of that store and date; every other
 * store-day of the range (before the store's history, not uploaded yet, today) is missing, not a
 * zero-sales day. A figure whose store-days all miss is null.
 */
export const posDataSchema = z.object({ storeDays: z.number().int(), missing: z.number().int() });
export type PosData = z.infer<typeof posDataSchema>;

const salesIndicatorsSchema = z
  .array(salesIndicatorSchema)
  .min(1, { error: required })
  .max(SALES_INDICATORS.length, { error: messageRef('validation.maxItems', { n: SALES_INDICATORS.length }) });
const shopRef = { shopId: z.string(), shopName: z.string(), shopNumber: z.string() };

export const salesRangeRequestSchema = dateRangeSchema.extend({ shopIds: shopIdsSchema, currency: currencyFilterSchema });
export type SalesRangeRequest = z.infer<typeof salesRangeRequestSchema>;
/** The summary compares with the previous range; `comparableOnly` limits it to comp stores. */
export const salesSummaryRequestSchema = salesRangeRequestSchema.extend({ comparableOnly: comparableOnlySchema });
export type SalesSummaryRequest = z.infer<typeof salesSummaryRequestSchema>;

export const salesSummaryResponseSchema = z.object({
  days: z.number().int(),
  values: salesValuesSchema,
  previousRange: dateRangeSchema,
  previous: salesValuesSchema,
  /** (value - previous) / previous per indicator; null without a previous value. */
  change: partialSalesValuesSchema,
  /** When the selected shops' sales data was last written (the breadcrumb's Data Update Time). */
  dataUpdatedAt: z.string().nullable(),
  money: moneyInfoSchema,
  /**
   * Like for like: POS data arrives for finished days only, so a range holding today compares its
   * finished days (`comparedRange`) with as many days of the previous range (`previousComparedRange`).
   */
  comparedRange: dateRangeSchema.optional(),
  previousComparedRange: dateRangeSchema.optional(),
  likeForLike: likeForLikeSchema.optional(),
  /** The compared store-days of each period and how many lack POS data (issue 11: no data is not zero). */
  posData: posDataSchema,
  previousPosData: posDataSchema,
});
export type SalesSummaryResponse = z.infer<typeof salesSummaryResponseSchema>;

export const salesTrendRequestSchema = salesRangeRequestSchema.extend({
  granularity: z.enum(GRANULARITIES).default('day'),
  indicators: salesIndicatorsSchema,
});
export const salesTrendResponseSchema = z.object({
  granularity: z.enum(GRANULARITIES),
  /** Keys as in the traffic trend: 2026-03-01T10, 2026-03-01, the week's Monday, 2026-03. */
  points: z.array(z.object({ key: z.string(), values: partialSalesValuesSchema, partial: partialReasonSchema.optional(), posData: posDataSchema })),
  money: moneyInfoSchema,
});
export type SalesTrendResponse = z.infer<typeof salesTrendResponseSchema>;

export const salesRankingRequestSchema = salesRangeRequestSchema.extend({
  indicator: salesIndicatorSchema,
  order: z.enum(['desc', 'asc']).default('desc'),
  comparableOnly: comparableOnlySchema,
});
/** `incompleteDays` of a row: its store-days of the compared (finished) days without POS data; `comparable`: POS data on every one of both ranges. */
export const salesRankingResponseSchema = rankingResponseSchemaOf(salesIndicatorSchema).extend({ money: moneyInfoSchema });
export type SalesRankingResponse = z.infer<typeof salesRankingResponseSchema>;

export const crossStoreRequestSchema = salesRangeRequestSchema.extend({ indicators: salesIndicatorsSchema });
export const crossStoreResponseSchema = z.object({
  totals: partialSalesValuesSchema,
  /** The mean over the shops that have a value. */
  shopAverage: partialSalesValuesSchema,
  shops: z.array(z.object({ ...shopRef, values: partialSalesValuesSchema, shareOfNetSales: z.number().nullable() })),
  money: moneyInfoSchema,
});
export type CrossStoreResponse = z.infer<typeof crossStoreResponseSchema>;

/** Null where none of the store-days summed has POS data. */
const hourSales = {
  netSales: z.number().nullable(),
  transactions: z.number().nullable(),
  entries: z.number().nullable(),
  conversionRate: z.number().nullable(),
  avgTransactionValue: z.number().nullable(),
};
export const timeOfDayResponseSchema = z.object({
  days: z.number().int(),
  hours: z.array(z.object({ hour: z.number().int(), ...hourSales })),
  /** Orders whose file gave no time: in the totals of the day, in no hour. */
  withoutTime: z.object({ netSales: z.number(), transactions: z.number() }),
  /** The store-days of the range and how many have no POS data (every hour sums over the same store-days). */
  posData: posDataSchema,
  money: moneyInfoSchema,
});
export type TimeOfDayResponse = z.infer<typeof timeOfDayResponseSchema>;

/** Basket size buckets: items of the order (units when the file has no item count). */
export const BASKET_BUCKETS = ['1', '2', '3', '4', '5', '6-9', '10+'] as const;
export const basketSizeResponseSchema = z.object({
  transactions: z.number(),
  unitsPerTransaction: z.number().nullable(),
  buckets: z.array(z.object({ bucket: z.enum(BASKET_BUCKETS), transactions: z.number(), share: z.number().nullable() })),
});
export type BasketSizeResponse = z.infer<typeof basketSizeResponseSchema>;

export const weekdayResponseSchema = z.object({
  /** Monday (0) to Sunday (6); `days` is how many (finished) days of that weekday the range holds, `posData` their store-days. */
  weekdays: z.array(z.object({ weekday: z.number().int(), days: z.number().int(), ...hourSales, posData: posDataSchema })),
  money: moneyInfoSchema,
});
export type WeekdayResponse = z.infer<typeof weekdayResponseSchema>;

export const periodComparisonRequestSchema = z.object({
  shopIds: shopIdsSchema,
  currency: currencyFilterSchema,
  rangeA: dateRangeSchema,
  rangeB: dateRangeSchema,
  comparableOnly: comparableOnlySchema,
});
export const periodComparisonResponseSchema = z.object({
  days: z.number().int(),
  a: salesValuesSchema,
  b: salesValuesSchema,
  /** (B - A) / A per indicator. */
  change: partialSalesValuesSchema,
  series: z.array(
    z.object({
      offset: z.number().int(),
      dateA: z.string(),
      dateB: z.string(),
      a: salesValuesSchema,
      b: salesValuesSchema,
      /** Set on pairs of days whose POS data is not in yet (the running day and later): left out of the totals. */
      partial: partialReasonSchema.optional(),
      /** POS data of each side's store-days (of the compared shops). */
      posDataA: posDataSchema,
      posDataB: posDataSchema,
    }),
  ),
  likeForLike: likeForLikeSchema.optional(),
  money: moneyInfoSchema,
});
export type PeriodComparisonResponse = z.infer<typeof periodComparisonResponseSchema>;

// ---------------------------------------------------------------- export (one operation for every sales table)

/** Any table of /sales and /consumption as .xlsx: `query` is the request of the table's own operation. */
export const salesExportRequestSchema = z.discriminatedUnion(
  'table',
  [
    z.object({ table: z.literal('trend'), query: salesTrendRequestSchema }),
    z.object({ table: z.literal('ranking'), query: salesRankingRequestSchema }),
    z.object({ table: z.literal('crossStore'), query: crossStoreRequestSchema }),
    z.object({ table: z.literal('timeOfDay'), query: salesRangeRequestSchema }),
    z.object({ table: z.literal('basketSize'), query: salesRangeRequestSchema }),
    z.object({ table: z.literal('weekday'), query: salesRangeRequestSchema }),
    z.object({ table: z.literal('periodComparison'), query: periodComparisonRequestSchema }),
  ],
  { error: messageRef('validation.invalidValue', { field: 'table' }) },
);
export type SalesExportRequest = z.infer<typeof salesExportRequestSchema>;
export type SalesExportTable = SalesExportRequest['table'];
