import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { keywordSchema, pageOf, pageRequestSchema } from '../org/paging.ts';
import { Limits } from '../platform/limits.ts';
import { messageRef } from '../platform/messages.ts';
import { numberCompared, optionalText, requiredText } from '../platform/validation.ts';
import { localDateSchema } from '../traffic/index.ts';

// ---------------------------------------------------------------- customer flow configuration (customer kv setting)

const wholeMinutes = (max: number) =>
  z
    .number({ error: messageRef('validation.positiveInt') })
    .int({ error: messageRef('validation.positiveInt'), abort: true })
    .pipe(numberCompared('>', 0))
    .pipe(numberCompared('<=', max));

/**
 * The customer's flow configuration (spec sections 5 and 9). Deep-visit threshold and depth bands
 * are applied when visits are rolled up; weeks of the activity bands when activity is read.
 */
export const FLOW_DEFAULTS = {
  deepVisitMinutes: Limits.deepVisitDefaultMinutes,
  depthBands: { lightMinutes: 5, moderateMinutes: 10, deepMinutes: 20 },
  activityBands: { highWeeks: 1, moderateWeeks: 2, lowWeeks: 4 },
  timeToStoreMinutes: 30,
} as const;

export const flowSettingsSchema = z
  .object({
    deepVisitMinutes: wholeMinutes(240),
    /** Light from lightMinutes to moderateMinutes, moderate up to deepMinutes, deep above. */
    depthBands: z.object({ lightMinutes: wholeMinutes(240), moderateMinutes: wholeMinutes(240), deepMinutes: wholeMinutes(240) }),
    /** High: last visit within highWeeks; moderate: up to moderateWeeks; low: up to lowWeeks. */
    activityBands: z.object({ highWeeks: wholeMinutes(52), moderateWeeks: wholeMinutes(52), lowWeeks: wholeMinutes(52) }),
    /** Time to store (arrival interval), greater than 0 and at most 90 minutes (spec section 5). */
    timeToStoreMinutes: z
      .number({ error: messageRef('validation.positiveInt') })
      .pipe(numberCompared('>', 0))
      .pipe(numberCompared('<=', Limits.timeToStoreMaxMinutes)),
  })
  .refine((s) => s.depthBands.lightMinutes < s.depthBands.moderateMinutes && s.depthBands.moderateMinutes < s.depthBands.deepMinutes, {
    error: messageRef('traffic.depthBandsOrder'),
    path: ['depthBands'],
  })
  .refine((s) => s.activityBands.highWeeks < s.activityBands.moderateWeeks && s.activityBands.moderateWeeks < s.activityBands.lowWeeks, {
    error: messageRef('traffic.activityBandsOrder'),
    path: ['activityBands'],
  });
export type FlowSettings = z.infer<typeof flowSettingsSchema>;
export const flowSettingsResponseSchema = z.object({ settings: flowSettingsSchema, updatedAt: z.string().nullable() });

// ---------------------------------------------------------------- custom calendar events

const eventFields = {
  name: requiredText(Limits.nameMaxChars),
  startDate: localDateSchema,
  endDate: localDateSchema,
  /** Applicable stores; empty with allShops true means every store of the customer. */
  shopIds: z
    .array(idSchema)
    .max(5000, { error: messageRef('validation.maxItems', { n: 5000 }) })
    .default([]),
  allShops: z.boolean().default(false),
  description: optionalText(Limits.textMaxChars).default(''),
};
const rangeInOrder = (value: { startDate: string; endDate: string }) => value.startDate <= value.endDate;
const orderError = { error: messageRef('traffic.rangeOrder'), path: ['endDate'] };
// An event for no store would apply nowhere and be seen by nobody.
const hasStores = (value: { allShops: boolean; shopIds: string[] }) => value.allShops || value.shopIds.length > 0;
const storesError = { error: messageRef('validation.required'), path: ['shopIds'] };

export const calendarEventAddRequestSchema = z.object(eventFields).refine(rangeInOrder, orderError).refine(hasStores, storesError);
export const calendarEventUpdateRequestSchema = z
  .object({ eventId: idSchema, ...eventFields })
  .refine(rangeInOrder, orderError)
  .refine(hasStores, storesError);
export const calendarEventIdRequestSchema = z.object({ eventId: idSchema });
export const calendarEventStatusRequestSchema = z.object({ eventId: idSchema, enabled: z.boolean() });
export const calendarEventListRequestSchema = pageRequestSchema.extend({
  keyword: keywordSchema,
  enabled: z.boolean().optional(),
  /** Events overlapping this range. */
  startDate: localDateSchema.optional(),
  endDate: localDateSchema.optional(),
  shopId: idSchema.optional(),
});
export const calendarEventSchema = z.object({
  eventId: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  allShops: z.boolean(),
  /** The applicable stores the caller may see. */
  shops: z.array(z.object({ shopId: z.string(), name: z.string(), number: z.string() })),
  description: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;
export const calendarEventPageSchema = pageOf(calendarEventSchema);

// ---------------------------------------------------------------- privacy

/**
 * What a customer decides about personal data: whether faces are blurred on snapshots shown or
 * exported (alarm, inspection and batch screenshots), and how many days visit-level data (raw
 * device events and the anonymous visits) is kept. Rollups hold no personal data and stay. The
 * server's daily purge (modules/traffic/retention.ts) enforces the days; boxes read blurFaces from
 * their configuration (GET /api/device/v1/config).
 */
export const PRIVACY_DEFAULTS = { blurFaces: true, retentionDays: 400, collectWifi: false } as const;
export const privacySettingsSchema = z.object({
  blurFaces: z.boolean(),
  /**
   * Whether the boxes' Wi-Fi sightings (pseudonymised phone identifiers, the audiences' source) are
   * collected at all (issue 17). Off by default: a customer turns it on, having told its visitors.
   */
  collectWifi: z.boolean().default(false),
  retentionDays: z
    .number({ error: messageRef('validation.positiveInt') })
    .int({ error: messageRef('validation.positiveInt'), abort: true })
    .pipe(numberCompared('>=', 30))
    .pipe(numberCompared('<=', 1095)),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
export const privacySettingsResponseSchema = z.object({ settings: privacySettingsSchema, updatedAt: z.string().nullable() });
