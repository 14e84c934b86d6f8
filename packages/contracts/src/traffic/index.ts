import { z } from 'zod';
import { idSchema, timeZoneSchema } from '../org/index.ts';
import { Limits } from '../platform/limits.ts';
import { messageRef } from '../platform/messages.ts';
import { requiredText } from '../platform/validation.ts';
import { weatherMarkSchema } from '../weather/index.ts';

const required = messageRef('validation.required');

// ---------------------------------------------------------------- vocabulary

/**
 * Traffic indicators. Counts add up; rates and averages are computed on read from the sums of
 * their parts (capture rate = entries / (entries + passers-by)), never averaged across rows.
 */
export const INDICATORS = [
  'entries',
  'exits',
  'passersby',
  'captureRate',
  'visits',
  'newVisitors',
  'repeatVisitors',
  'repeatRate',
  'avgDwellMinutes',
  'deepVisits',
  'deepVisitRate',
] as const;
export type Indicator = (typeof INDICATORS)[number];
export const indicatorSchema = z.enum(INDICATORS, { error: messageRef('validation.invalidValue', { field: 'indicator' }) });

/** Rates are fractions (0.123 = 12.3 %); the web rounds percentages to 1 decimal (spec section 9). */
export const RATE_INDICATORS: readonly Indicator[] = ['captureRate', 'repeatRate', 'deepVisitRate'];

/**
 * Sales indicators (issue 5) the four-quadrant analysis and custom reports offer besides the
 * traffic ones, computed as the sales screens compute them (the names are the sales contracts'
 * SALES_INDICATORS; sales' `entries` is left out: here `entries` is all of the traffic's).
 */
export const SALES_REPORT_INDICATORS = [
  'netSales',
  'transactions',
  'units',
  'avgTransactionValue',
  'unitsPerTransaction',
  'conversionRate',
  'salesPerVisitor',
  'netSalesPerSqm',
  'entriesPerSqm',
] as const;
export type SalesReportIndicator = (typeof SALES_REPORT_INDICATORS)[number];
/** What the four-quadrant analysis and custom reports offer: the traffic indicators, then the sales ones. */
export const REPORT_INDICATORS = [...INDICATORS, ...SALES_REPORT_INDICATORS] as const;
export type ReportIndicator = (typeof REPORT_INDICATORS)[number];
export const reportIndicatorSchema = z.enum(REPORT_INDICATORS, { error: messageRef('validation.invalidValue', { field: 'indicator' }) });
export const REPORT_RATE_INDICATORS: readonly ReportIndicator[] = [...RATE_INDICATORS, 'conversionRate'];
export function isSalesReportIndicator(indicator: ReportIndicator): indicator is SalesReportIndicator {
  return (SALES_REPORT_INDICATORS as readonly string[]).includes(indicator);
}

export const GRANULARITIES = ['hour', 'day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export const GENDERS = ['male', 'female', 'unknown'] as const;
export type Gender = (typeof GENDERS)[number];
/** Age bands a device reports; 'unknown' when it could not tell. */
export const AGE_BANDS = ['0-17', '18-24', '25-34', '35-44', '45-54', '55+', 'unknown'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** Stay-time distribution buckets in minutes: [min, max). */
export const DWELL_BUCKETS = [
  { key: '0-2', min: 0, max: 2 },
  { key: '2-5', min: 2, max: 5 },
  { key: '5-10', min: 5, max: 10 },
  { key: '10-20', min: 10, max: 20 },
  { key: '20-30', min: 20, max: 30 },
  { key: '30-60', min: 30, max: 60 },
  { key: '60+', min: 60, max: Number.POSITIVE_INFINITY },
] as const;

/** Visit frequency buckets: visits of one visitor within the range. */
export const FREQUENCY_BUCKETS = ['1', '2', '3', '4', '5+'] as const;
/** Revisit interval buckets in days since the same visitor's previous visit to the same store. */
export const REVISIT_BUCKETS = [
  { key: '0-7', min: 0, max: 7 },
  { key: '8-14', min: 8, max: 14 },
  { key: '15-30', min: 15, max: 30 },
  { key: '31-60', min: 31, max: 60 },
  { key: '60+', min: 61, max: Number.POSITIVE_INFINITY },
] as const;

/** Range limits: 90 days in reports (spec section 5); longer only where grouped by week or month. */
export const RANGE_LIMITS = { days: Limits.reportRangeMaxDays, grouped: 366, hourly: 31 } as const;

/** Days in an inclusive range of local dates (YYYY-MM-DD). */
export function localRangeDays(range: { startDate: string; endDate: string }): number {
  return Math.round((Date.parse(`${range.endDate}T00:00:00Z`) - Date.parse(`${range.startDate}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * Why two ranges cannot be compared side by side (store comparison, sales period comparison), as
 * a message key, or null: the same range twice ('The same day cannot be selected twice'), lengths
 * that differ, or ranges that share a day. One rule for the server, which refuses, and the web,
 * which refuses before asking. Each range's own limits are checked before this.
 */
export function comparisonRangesProblem(
  rangeA: { startDate: string; endDate: string },
  rangeB: { startDate: string; endDate: string },
): 'traffic.sameDayTwice' | 'traffic.rangesUnequal' | 'traffic.rangesOverlap' | null {
  if (rangeA.startDate === rangeB.startDate && rangeA.endDate === rangeB.endDate) return 'traffic.sameDayTwice';
  if (localRangeDays(rangeA) !== localRangeDays(rangeB)) return 'traffic.rangesUnequal';
  if (rangeA.startDate <= rangeB.endDate && rangeB.startDate <= rangeA.endDate) return 'traffic.rangesOverlap';
  return null;
}

// ---------------------------------------------------------------- shared request parts

export const LOCAL_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isLocalDate(value: string): boolean {
  if (!LOCAL_DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A shop-local calendar date, YYYY-MM-DD. */
export const localDateSchema = z
  .string({ error: required })
  .trim()
  .min(1, { error: required, abort: true })
  .refine(isLocalDate, { error: messageRef('validation.date') });

export const dateRangeSchema = z.object({ startDate: localDateSchema, endDate: localDateSchema });
export type DateRange = z.infer<typeof dateRangeSchema>;

/** Shops to analyse; left out or empty: every shop the caller may see. */
export const shopIdsSchema = z
  .array(idSchema)
  .max(5000, { error: messageRef('validation.maxItems', { n: 5000 }) })
  .optional();

const indicatorsSchema = z
  .array(indicatorSchema)
  .min(1, { error: required })
  .max(INDICATORS.length, { error: messageRef('validation.maxItems', { n: INDICATORS.length }) });

export const indicatorValuesSchema = z.record(z.enum(INDICATORS), z.number().nullable());
export type IndicatorValues = z.infer<typeof indicatorValuesSchema>;
const partialValuesSchema = z.partialRecord(z.enum(INDICATORS), z.number().nullable());
export type PartialIndicatorValues = z.infer<typeof partialValuesSchema>;
const partialReportValuesSchema = z.partialRecord(z.enum(REPORT_INDICATORS), z.number().nullable());
export type PartialReportValues = z.infer<typeof partialReportValuesSchema>;
const reportIndicatorsSchema = z
  .array(reportIndicatorSchema)
  .min(1, { error: required })
  .max(REPORT_INDICATORS.length, { error: messageRef('validation.maxItems', { n: REPORT_INDICATORS.length }) });

const shopRef = { shopId: z.string(), shopName: z.string(), shopNumber: z.string() };

// ---------------------------------------------------------------- like for like and data completeness (issue 11)

/**
 * Why a bucket is partial: 'running' (the hour, day, week or month is still going on), 'edge' (the
 * range holds only part of the week or month). A partial bucket is drawn and exported as such,
 * never as a drop.
 */
export const PARTIAL_REASONS = ['running', 'edge'] as const;
export const partialReasonSchema = z.enum(PARTIAL_REASONS);
export type PartialReason = z.infer<typeof partialReasonSchema>;

/**
 * Data completeness of a bucket, range or store-day: of `shops` selected shops, `reporting` had
 * devices reporting in it and `complete` reported through every business hour (store-days).
 */
export const coverageSchema = z.object({ shops: z.number().int(), reporting: z.number().int(), complete: z.number().int() });
export type Coverage = z.infer<typeof coverageSchema>;

/**
 * How a comparison was made: `cut` when a running range was compared with the same elapsed part
 * of the other range; `comparableOnly` when only comparable stores (reporting on every compared
 * day of both ranges) were compared: `comparedShops` of `shops`.
 */
export const likeForLikeSchema = z.object({
  cut: z.boolean(),
  comparableOnly: z.boolean(),
  comparedShops: z.number().int(),
  shops: z.number().int(),
});
export type LikeForLike = z.infer<typeof likeForLikeSchema>;
/**
 * Data completeness of a report row (issue 11), counted in store-days (store-hours by hour) up to
 * each shop's today: of `total`, `reporting` had devices reporting and `complete` reported through
 * every business hour. A row with none reporting has no traffic values (null: no data, not 0).
 */
export const storeDaysSchema = z.object({ total: z.number().int(), reporting: z.number().int(), complete: z.number().int() });
export type StoreDaysCount = z.infer<typeof storeDaysSchema>;
/** Request flag of comparison views: compare comparable stores only. */
export const comparableOnlySchema = z.boolean().optional();

// ---------------------------------------------------------------- today's dashboard

export const dashboardRequestSchema = z.object({ shopIds: shopIdsSchema });
export const dashboardResponseSchema = z.object({
  /** The latest ingest time over the selected shops (the breadcrumb's 'Data Update Time'). */
  dataUpdatedAt: z.string().nullable(),
  generatedAt: z.string(),
  totals: indicatorValuesSchema,
  /** Entries of the same weekday last week up to the same local hour, to compare with 'so far'. */
  lastWeekEntriesSoFar: z.number(),
  hourly: z.array(z.object({ hour: z.number().int(), entries: z.number(), lastWeekEntries: z.number() })),
  shops: z.array(
    z.object({
      ...shopRef,
      localDate: z.string(),
      timeZone: z.string(),
      isClosed: z.boolean(),
      values: indicatorValuesSchema,
      lastWeekEntries: z.number(),
      /** The same weekday last week up to the shop's current local time (like for like with today so far). */
      lastWeekEntriesSoFar: z.number().optional(),
      /** Whether the shop's devices reported through today's business hours so far; false: the figures are incomplete. */
      complete: z.boolean().optional(),
    }),
  ),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

export const dataUpdateTimeRequestSchema = z.object({ shopIds: shopIdsSchema });
export const dataUpdateTimeResponseSchema = z.object({ dataUpdatedAt: z.string().nullable() });

// ---------------------------------------------------------------- trend

export const trendRequestSchema = dateRangeSchema.extend({
  shopIds: shopIdsSchema,
  granularity: z.enum(GRANULARITIES).default('day'),
  indicators: indicatorsSchema,
});
export type TrendRequest = z.infer<typeof trendRequestSchema>;

export const trendPointSchema = z.object({
  /** 2026-03-01 (day), 2026-03-01T10 (hour), the Monday of the week (week), 2026-03 (month). */
  key: z.string(),
  values: partialValuesSchema,
  /** Set when the bucket holds only part of its period (running, or at the edge of the range). */
  partial: partialReasonSchema.optional(),
  /** Which selected shops reported in the bucket; values are null when none did (no data is not zero). */
  coverage: coverageSchema.optional(),
});
export const holidayMarkSchema = z.object({ date: z.string(), name: z.string(), country: z.string() });
export const calendarMarkSchema = z.object({ eventId: z.string(), name: z.string(), startDate: z.string(), endDate: z.string() });
/** Weather of the selected shops' cities over a range (the trend's weather, on its own). */
export const weatherListRequestSchema = dateRangeSchema.extend({ shopIds: shopIdsSchema });
export type WeatherListRequest = z.infer<typeof weatherListRequestSchema>;
export const trendResponseSchema = z.object({
  granularity: z.enum(GRANULARITIES),
  points: z.array(trendPointSchema),
  holidays: z.array(holidayMarkSchema),
  calendarEvents: z.array(calendarMarkSchema),
  weather: z.array(weatherMarkSchema),
});
export type TrendResponse = z.infer<typeof trendResponseSchema>;

// ---------------------------------------------------------------- store ranking, comparison, four quadrants, time interval

export const rankingRequestSchema = dateRangeSchema.extend({
  shopIds: shopIdsSchema,
  indicator: indicatorSchema,
  order: z.enum(['desc', 'asc']).default('desc'),
  comparableOnly: comparableOnlySchema,
});
/** A store ranking by one indicator against the previous period: traffic's and sales' (their own indicator lists). */
export function rankingResponseSchemaOf<Indicator extends z.ZodType>(indicator: Indicator) {
  return z.object({
    indicator,
    previousRange: dateRangeSchema,
    rows: z.array(
      z.object({
        rank: z.number().int(),
        ...shopRef,
        value: z.number().nullable(),
        previousValue: z.number().nullable(),
        /** (value - previous) / previous; null without a previous value. */
        change: z.number().nullable(),
        /** Reporting on every compared day of both ranges (a comp store). */
        comparable: z.boolean().optional(),
        /** Store-days of the range whose devices did not report through business hours. */
        incompleteDays: z.number().int().optional(),
      }),
    ),
    likeForLike: likeForLikeSchema.optional(),
  });
}
export const rankingResponseSchema = rankingResponseSchemaOf(indicatorSchema);
export type RankingResponse = z.infer<typeof rankingResponseSchema>;

export const comparisonRequestSchema = z.object({
  shopIds: shopIdsSchema,
  rangeA: dateRangeSchema,
  rangeB: dateRangeSchema,
  indicators: indicatorsSchema,
  comparableOnly: comparableOnlySchema,
});
export const comparisonResponseSchema = z.object({
  days: z.number().int(),
  totalsA: partialValuesSchema,
  totalsB: partialValuesSchema,
  /** (B - A) / A per indicator. */
  change: partialValuesSchema,
  shops: z.array(
    z.object({
      ...shopRef,
      a: partialValuesSchema,
      b: partialValuesSchema,
      comparable: z.boolean().optional(),
      /** Store-days of range A (B) whose devices did not report through business hours (up to the shop's today). */
      incompleteDaysA: z.number().int().optional(),
      incompleteDaysB: z.number().int().optional(),
    }),
  ),
  series: z.array(
    z.object({
      offset: z.number().int(),
      dateA: z.string(),
      dateB: z.string(),
      a: partialValuesSchema,
      b: partialValuesSchema,
      /** The pair of the running day: both sides count the same elapsed hours. */
      partial: partialReasonSchema.optional(),
      /** The compared shops' store-days of each side's date (up to each shop's today); a side none reported on has null values. */
      storeDaysA: storeDaysSchema.optional(),
      storeDaysB: storeDaysSchema.optional(),
      /** A side has a store-day without data or with a device outage: the pair is not a fair comparison. */
      incomplete: z.boolean().optional(),
    }),
  ),
  likeForLike: likeForLikeSchema.optional(),
});
export type ComparisonResponse = z.infer<typeof comparisonResponseSchema>;

export const fourQuadrantRequestSchema = dateRangeSchema.extend({
  shopIds: shopIdsSchema,
  xIndicator: indicatorSchema,
  yIndicator: indicatorSchema,
});
export const fourQuadrantResponseSchema = z.object({
  xIndicator: indicatorSchema,
  yIndicator: indicatorSchema,
  xAverage: z.number().nullable(),
  yAverage: z.number().nullable(),
  /** Quadrant 1: both at or above average; 2: x below, y above; 3: both below; 4: x above, y below. */
  points: z.array(
    z.object({
      ...shopRef,
      x: z.number().nullable(),
      y: z.number().nullable(),
      quadrant: z.number().int().nullable(),
      /** Store-days of the range whose devices did not report through business hours (a shop that reported none has no traffic values). */
      incompleteDays: z.number().int().optional(),
    }),
  ),
  /** The store-days of the shops and range (up to each shop's today): how many reported, how many in full (issue 11). */
  storeDays: storeDaysSchema.optional(),
});
export type FourQuadrantResponse = z.infer<typeof fourQuadrantResponseSchema>;
/**
 * The four-quadrant analysis with the sales indicators too (REPORT_INDICATORS, issue 5): what
 * /api/traffic/fourQuadrant accepts and answers. The traffic-only shapes above describe the
 * answer to a traffic-only question; they stay for the pages written before sales joined.
 */
export const fourQuadrantWithSalesRequestSchema = fourQuadrantRequestSchema.extend({ xIndicator: reportIndicatorSchema, yIndicator: reportIndicatorSchema });
export type FourQuadrantWithSalesRequest = z.infer<typeof fourQuadrantWithSalesRequestSchema>;
export const fourQuadrantWithSalesResponseSchema = fourQuadrantResponseSchema.extend({ xIndicator: reportIndicatorSchema, yIndicator: reportIndicatorSchema });
export type FourQuadrantWithSalesResponse = z.infer<typeof fourQuadrantWithSalesResponseSchema>;

export const timeIntervalRequestSchema = dateRangeSchema.extend({ shopIds: shopIdsSchema, indicators: indicatorsSchema });
export const timeIntervalResponseSchema = z.object({
  days: z.number().int(),
  /** The store-days of the shops and range (up to each shop's today): how many reported, how many in full (issue 11). */
  storeDays: storeDaysSchema.optional(),
  hours: z.array(z.object({ hour: z.number().int(), total: partialValuesSchema, dailyAverage: partialValuesSchema })),
});
export type TimeIntervalResponse = z.infer<typeof timeIntervalResponseSchema>;

// ---------------------------------------------------------------- gate (entrance) analysis

export const gateListRequestSchema = dateRangeSchema.extend({ shopId: idSchema });
const gateCounts = {
  entries: z.number(),
  exits: z.number(),
  passersby: z.number(),
  captureRate: z.number().nullable(),
};
export const gateListResponseSchema = z.object({
  shopId: z.string(),
  /** The store-days of the shops and range (up to each shop's today): how many reported, how many in full (issue 11). */
  storeDays: storeDaysSchema.optional(),
  rows: z.array(
    z.object({
      cameraId: z.string(),
      cameraName: z.string(),
      cameraNumber: z.string(),
      ...gateCounts,
      /** This entrance's part of the shop's entries. */
      share: z.number().nullable(),
    }),
  ),
});
export type GateListResponse = z.infer<typeof gateListResponseSchema>;
export const gateSummaryRequestSchema = dateRangeSchema.extend({ shopIds: shopIdsSchema });
export const gateSummaryResponseSchema = z.object({
  ...gateCounts,
  gates: z.number().int(),
  /** The store-days of the shops and range (up to each shop's today): how many reported, how many in full (issue 11). */
  storeDays: storeDaysSchema.optional(),
  busiest: z.object({ cameraId: z.string(), cameraName: z.string(), shopId: z.string(), entries: z.number() }).nullable(),
});
export const gateTrendRequestSchema = dateRangeSchema.extend({
  shopId: idSchema,
  cameraIds: z.array(idSchema).max(200).optional(),
  granularity: z.enum(['hour', 'day']).default('day'),
});
export const gateTrendResponseSchema = z.object({
  granularity: z.enum(['hour', 'day']),
  series: z.array(
    z.object({
      cameraId: z.string(),
      cameraName: z.string(),
      /** A bucket the shop's devices did not report in has no values (null, not 0; issue 11); `coverage` says whether it reported, and in full. */
      points: z.array(
        z.object({
          key: z.string(),
          entries: z.number().nullable(),
          exits: z.number().nullable(),
          passersby: z.number().nullable(),
          coverage: coverageSchema,
        }),
      ),
    }),
  ),
});
export type GateTrendResponse = z.infer<typeof gateTrendResponseSchema>;

// ---------------------------------------------------------------- visitors

export const visitorRangeRequestSchema = dateRangeSchema.extend({ shopIds: shopIdsSchema });
export const profileResponseSchema = z.object({
  visits: z.number(),
  /** The store-days of the shops and range (up to each shop's today): how many reported, how many in full (issue 11). */
  storeDays: storeDaysSchema.optional(),
  gender: z.array(z.object({ gender: z.enum(GENDERS), visits: z.number(), share: z.number().nullable() })),
  age: z.array(z.object({ band: z.enum(AGE_BANDS), visits: z.number(), share: z.number().nullable() })),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const newRepeatRequestSchema = visitorRangeRequestSchema.extend({ granularity: z.enum(['day', 'week', 'month']).default('day') });
export const newRepeatResponseSchema = z.object({
  newVisitors: z.number(),
  /** The store-days of the shops and range (up to each shop's today): how many reported, how many in full (issue 11). */
  storeDays: storeDaysSchema.optional(),
  repeatVisitors: z.number(),
  repeatRate: z.number().nullable(),
  /** A bucket none of the shops reported in has no values (null, not 0; issue 11); `coverage` says how many reported. */
  points: z.array(z.object({ key: z.string(), newVisitors: z.number().nullable(), repeatVisitors: z.number().nullable(), coverage: coverageSchema })),
});
export type NewRepeatResponse = z.infer<typeof newRepeatResponseSchema>;

export const stayTimeResponseSchema = z.object({
  visits: z.number(),
  /** The store-days of the shops and range (up to each shop's today): how many reported, how many in full (issue 11). */
  storeDays: storeDaysSchema.optional(),
  avgDwellMinutes: z.number().nullable(),
  buckets: z.array(z.object({ bucket: z.string(), visits: z.number(), share: z.number().nullable() })),
  deepVisits: z.number(),
  deepVisitRate: z.number().nullable(),
  /** Threshold and bands as configured when the visits were rolled up (see the flow configuration). */
  deepVisitMinutes: z.number(),
  depth: z.object({ light: z.number(), moderate: z.number(), deep: z.number() }),
});
export type StayTimeResponse = z.infer<typeof stayTimeResponseSchema>;

export const frequencyResponseSchema = z.object({
  visitors: z.number(),
  /** The store-days of the shops and range (up to each shop's today): how many reported, how many in full (issue 11). */
  storeDays: storeDaysSchema.optional(),
  averageVisits: z.number().nullable(),
  buckets: z.array(z.object({ bucket: z.enum(FREQUENCY_BUCKETS), visitors: z.number(), share: z.number().nullable() })),
});
export const revisitResponseSchema = z.object({
  repeatVisits: z.number(),
  /** The store-days of the shops and range (up to each shop's today): how many reported, how many in full (issue 11). */
  storeDays: storeDaysSchema.optional(),
  averageDays: z.number().nullable(),
  buckets: z.array(z.object({ bucket: z.string(), visits: z.number(), share: z.number().nullable() })),
});
export const activityRequestSchema = z.object({ shopIds: shopIdsSchema, endDate: localDateSchema });
export const activityResponseSchema = z.object({
  /** Visitors seen within the low band's reach (default 4 weeks) before the end date, by how long ago their last visit was. */
  visitors: z.number(),
  high: z.number(),
  moderate: z.number(),
  low: z.number(),
  bandsWeeks: z.object({ high: z.number(), moderate: z.number(), low: z.number() }),
});

// ---------------------------------------------------------------- custom reports

export const REPORT_DIMENSIONS = ['shop', 'day', 'week', 'month', 'hour', 'shopDay'] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

/**
 * Rolling ranges of a saved report (issue 11): the rule is stored, not its dates, and resolved
 * when the report runs, in the local today of its shops (their time zone when they share one,
 * else the customer's). Every rule is of complete days: a saved report never reads a running day.
 */
export const ROLLING_RANGES = ['yesterday', 'last7CompleteDays', 'last30CompleteDays', 'lastCompleteWeek', 'lastCompleteMonth'] as const;
export type RollingRange = (typeof ROLLING_RANGES)[number];
export const rollingRangeSchema = z.enum(ROLLING_RANGES, { error: messageRef('validation.invalidValue', { field: 'rolling' }) });

const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);
const isoDay = (day: Date) => day.toISOString().slice(0, 10);
const shifted = (date: string, days: number) => {
  const day = utcDay(date);
  day.setUTCDate(day.getUTCDate() + days);
  return isoDay(day);
};

/** The dates a rolling rule stands for on a local `today` (YYYY-MM-DD); weeks start on Monday. */
export function resolveRollingRange(rule: RollingRange, today: string): DateRange {
  const yesterday = shifted(today, -1);
  switch (rule) {
    case 'yesterday':
      return { startDate: yesterday, endDate: yesterday };
    case 'last7CompleteDays':
      return { startDate: shifted(today, -7), endDate: yesterday };
    case 'last30CompleteDays':
      return { startDate: shifted(today, -30), endDate: yesterday };
    case 'lastCompleteWeek': {
      const monday = shifted(today, -((utcDay(today).getUTCDay() + 6) % 7) - 7);
      return { startDate: monday, endDate: shifted(monday, 6) };
    }
    case 'lastCompleteMonth': {
      const firstOfMonth = `${today.slice(0, 7)}-01`;
      const lastOfPrevious = shifted(firstOfMonth, -1);
      return { startDate: `${lastOfPrevious.slice(0, 7)}-01`, endDate: lastOfPrevious };
    }
  }
}

/**
 * A report definition. With `rolling`, the dates are the rule's (resolved at run time; the
 * `startDate`/`endDate` sent are what the builder showed, and are replaced); without, they are fixed.
 */
export const reportDefinitionSchema = dateRangeSchema.extend({
  indicators: indicatorsSchema,
  dimension: z.enum(REPORT_DIMENSIONS),
  shopIds: shopIdsSchema,
  rolling: rollingRangeSchema.optional(),
});
export type ReportDefinition = z.infer<typeof reportDefinitionSchema>;
export const reportTableSchema = z.object({
  dimension: z.enum(REPORT_DIMENSIONS),
  indicators: z.array(indicatorSchema),
  /** The dates the report ran for (a rolling rule's, resolved at run time). */
  range: dateRangeSchema.optional(),
  rolling: rollingRangeSchema.optional(),
  rows: z.array(
    z.object({
      key: z.string(),
      shopId: z.string().optional(),
      shopName: z.string().optional(),
      shopNumber: z.string().optional(),
      period: z.string().optional(),
      values: partialValuesSchema,
      storeDays: storeDaysSchema.optional(),
      /** Set when the row holds only part of its period (running, or a week or month at the range's edge). */
      partial: partialReasonSchema.optional(),
    }),
  ),
  totals: partialValuesSchema,
  totalsStoreDays: storeDaysSchema.optional(),
});
export type ReportTable = z.infer<typeof reportTableSchema>;
export const reportSaveRequestSchema = z.object({
  reportId: idSchema.optional(),
  name: requiredText(Limits.nameMaxChars),
  definition: reportDefinitionSchema,
});
export const reportIdRequestSchema = z.object({ reportId: idSchema });
export const savedReportSchema = z.object({
  reportId: z.string(),
  name: z.string(),
  definition: reportDefinitionSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedReport = z.infer<typeof savedReportSchema>;
/**
 * Custom reports with the sales indicators too (REPORT_INDICATORS, issue 5): what the
 * /api/customReport operations accept and answer. The traffic-only shapes above describe a
 * traffic-only report; they stay for the pages written before sales joined.
 */
export const reportWithSalesDefinitionSchema = reportDefinitionSchema.extend({ indicators: reportIndicatorsSchema });
export type ReportWithSalesDefinition = z.infer<typeof reportWithSalesDefinitionSchema>;
export const reportWithSalesTableSchema = reportTableSchema.extend({
  indicators: z.array(reportIndicatorSchema),
  rows: z.array(reportTableSchema.shape.rows.element.extend({ values: partialReportValuesSchema })),
  totals: partialReportValuesSchema,
});
export type ReportWithSalesTable = z.infer<typeof reportWithSalesTableSchema>;
export const reportWithSalesSaveRequestSchema = reportSaveRequestSchema.extend({ definition: reportWithSalesDefinitionSchema });
export const savedReportWithSalesSchema = savedReportSchema.extend({ definition: reportWithSalesDefinitionSchema });
export type SavedReportWithSales = z.infer<typeof savedReportWithSalesSchema>;

// ---------------------------------------------------------------- exports

/** One export operation for every analytics table: the same query, answered as an .xlsx. */
export const exportRequestSchema = z.discriminatedUnion(
  'table',
  [
    z.object({ table: z.literal('dashboard'), query: dashboardRequestSchema }),
    z.object({ table: z.literal('trend'), query: trendRequestSchema }),
    z.object({ table: z.literal('ranking'), query: rankingRequestSchema }),
    z.object({ table: z.literal('comparison'), query: comparisonRequestSchema }),
    z.object({ table: z.literal('fourQuadrant'), query: fourQuadrantWithSalesRequestSchema }),
    z.object({ table: z.literal('timeInterval'), query: timeIntervalRequestSchema }),
    z.object({ table: z.literal('gateList'), query: gateListRequestSchema }),
    z.object({ table: z.literal('profile'), query: visitorRangeRequestSchema }),
    z.object({ table: z.literal('stayTime'), query: visitorRangeRequestSchema }),
    z.object({ table: z.literal('frequency'), query: visitorRangeRequestSchema }),
    z.object({ table: z.literal('revisitInterval'), query: visitorRangeRequestSchema }),
    z.object({ table: z.literal('activity'), query: activityRequestSchema }),
    z.object({
      table: z.literal('customReport'),
      query: reportWithSalesDefinitionSchema,
      /** The reader's time zone, in which the file states when it was generated (else the customer's). */
      timeZone: timeZoneSchema.optional(),
      /** The saved report's name, for the file's title. */
      reportName: z.string().trim().max(Limits.nameMaxChars).optional(),
    }),
  ],
  { error: messageRef('validation.invalidValue', { field: 'table' }) },
);
export type ExportRequest = z.infer<typeof exportRequestSchema>;
