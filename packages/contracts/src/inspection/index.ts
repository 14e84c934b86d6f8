import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { keywordSchema, pageOf, pageRequestSchema } from '../org/paging.ts';
import { Limits } from '../platform/limits.ts';
import { messageRef } from '../platform/messages.ts';
import { optionalText, requiredText } from '../platform/validation.ts';
import { isLocalDate, localDateSchema } from '../traffic/index.ts';
import { PLAN_ACTIONS, PLAN_STATUSES } from './plan-states.ts';
import { CYCLE_FREQUENCIES } from './recurrence.ts';

export * from './plan-states.ts';
export * from './recurrence.ts';

/**
 * Patrol inspection, part 1 (issue 14 sections 1-3): the SOP (inspection categories and items),
 * inspection plans (single and cyclic) and the assignments the scheduler makes of them, one per
 * plan occurrence and store. Results (part 2) and rectification (its own domain) build on these.
 */
export const INSPECTION_LIMITS = {
  categoryNameMaxChars: 30,
  itemNameMaxChars: 60,
  descriptionMaxChars: Limits.textMaxChars,
  planNameMaxChars: 50,
  /** Reference images: JPEG, PNG or WebP up to this size, kept as a JPEG of at most imageMaxSide pixels. */
  imageMaxBytes: 5 * 1024 * 1024,
  imageMaxSide: 1600,
  planShopsMax: 5000,
  planItemsMax: 200,
  planHandlersMax: 50,
  /** Spec sections 5 and 9: a patrol range covers at most 365 days. */
  validityMaxDays: Limits.patrolRangeMaxDays,
} as const;

const required = messageRef('validation.required');

// ---------------------------------------------------------------- categories

export const siClassRowSchema = z.object({
  categoryId: z.string(),
  name: z.string(),
  itemNum: z.number().int(),
  updatedAt: z.string(),
});
export type SiClassRow = z.infer<typeof siClassRowSchema>;
export const siClassListRequestSchema = z.object({ keyword: keywordSchema });
export const siClassAddRequestSchema = z.object({ name: requiredText(INSPECTION_LIMITS.categoryNameMaxChars) });
export const siClassUpdateRequestSchema = siClassAddRequestSchema.extend({ categoryId: idSchema });
export const siClassIdRequestSchema = z.object({ categoryId: idSchema });
export const siClassIdResponseSchema = z.object({ categoryId: z.string() });

// ---------------------------------------------------------------- items

export const ITEM_STATUSES = ['available', 'filed'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const siItemRowSchema = z.object({
  itemId: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(ITEM_STATUSES),
  /** The reference image's hash (the image URL carries it, so a replaced image is never served from cache), or null. */
  imageVersion: z.string().nullable(),
  /** Plans (not deleted) that list the item. */
  planCount: z.number().int(),
  updatedAt: z.string(),
});
export type SiItemRow = z.infer<typeof siItemRowSchema>;
export const siItemPageSchema = pageOf(siItemRowSchema);

export const siItemFilterSchema = z.object({
  keyword: keywordSchema,
  categoryId: idSchema.optional(),
  status: z.enum(ITEM_STATUSES).optional(),
});
export const siItemListRequestSchema = pageRequestSchema.extend(siItemFilterSchema.shape);
export const siItemAddRequestSchema = z.object({
  categoryId: idSchema,
  name: requiredText(INSPECTION_LIMITS.itemNameMaxChars),
  description: optionalText(INSPECTION_LIMITS.descriptionMaxChars).default(''),
});
export const siItemUpdateRequestSchema = z.object({
  itemId: idSchema,
  categoryId: idSchema.optional(),
  name: requiredText(INSPECTION_LIMITS.itemNameMaxChars).optional(),
  description: optionalText(INSPECTION_LIMITS.descriptionMaxChars).optional(),
  /** Drops the reference image (a new one is sent with siItemUploadImage). */
  removeImage: z.boolean().optional(),
});
export const siItemIdRequestSchema = z.object({ itemId: idSchema });
export const siItemIdResponseSchema = z.object({ itemId: z.string() });
export const siItemStatusRequestSchema = z.object({ itemId: idSchema, status: z.enum(ITEM_STATUSES) });
export const siItemImageQuerySchema = z.object({ itemId: idSchema, v: z.string().max(80).optional() });
/** The image upload's form field (the picture travels as the part named 'file'). */
export const siItemImageFieldsSchema = z.object({ itemId: idSchema });

/** The plan form's picker and the SOP page's tree: categories with their item counts (spec: itemNum) and items. */
export const getSiItemsRequestSchema = z.object({
  keyword: keywordSchema,
  /** Filed items are left out unless asked for (the plan form never asks: a filed item cannot be chosen). */
  includeFiled: z.boolean().default(false),
});
export const siItemGroupSchema = z.object({
  categoryId: z.string(),
  name: z.string(),
  itemNum: z.number().int(),
  items: z.array(z.object({ itemId: z.string(), name: z.string(), status: z.enum(ITEM_STATUSES) })),
});
export type SiItemGroup = z.infer<typeof siItemGroupSchema>;
export const isPlanExistByItemResponseSchema = z.object({ exists: z.boolean(), planCount: z.number().int() });

// ---------------------------------------------------------------- plans

export const PLAN_KINDS = ['single', 'cyclic'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** HH:mm, or 24:00 as a period's end. */
export const PERIOD_TIME_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const periodTimeSchema = z
  .string({ error: required })
  .trim()
  .regex(PERIOD_TIME_PATTERN, { error: messageRef('validation.invalidValue', { field: 'period' }) });

export const cycleSchema = z.object({
  frequency: z.enum(CYCLE_FREQUENCIES),
  weekdays: z.array(z.number().int().min(1).max(7)).max(7).optional(),
  monthDays: z.array(z.number().int().min(1).max(31)).max(31).optional(),
});

/** Days of an inclusive range of local dates. */
export function validityDays(validFrom: string, validTo: string): number {
  return Math.round((Date.parse(`${validTo}T00:00:00Z`) - Date.parse(`${validFrom}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Minutes since midnight of HH:mm (24:00 is 1440). */
export function periodMinutes(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

const planFieldsObject = z.object({
  name: requiredText(INSPECTION_LIMITS.planNameMaxChars),
  kind: z.enum(PLAN_KINDS),
  description: optionalText(INSPECTION_LIMITS.descriptionMaxChars).default(''),
  shopIds: z.array(idSchema).max(INSPECTION_LIMITS.planShopsMax).default([]),
  shopGroupIds: z.array(idSchema).max(100).default([]),
  itemIds: z
    .array(idSchema)
    .min(1, { error: messageRef('inspection.noItems') })
    .max(INSPECTION_LIMITS.planItemsMax),
  validFrom: localDateSchema,
  validTo: localDateSchema,
  /** Cyclic plans only. */
  cycle: cycleSchema.optional(),
  /** The period within a day, in each store's own time: the inspection is due by its end. */
  periodStart: periodTimeSchema,
  periodEnd: periodTimeSchema,
  handlerIds: z
    .array(idSchema)
    .min(1, { error: messageRef('inspection.noHandlers') })
    .max(INSPECTION_LIMITS.planHandlersMax),
  /** Saved as a draft: nothing is scheduled until it is saved without this. */
  asDraft: z.boolean().default(false),
});

/** The plan rules one form and the server share: shops, validity (365 days), cycle, period. */
function checkPlan(plan: z.infer<typeof planFieldsObject>, context: z.RefinementCtx): void {
  if (plan.shopIds.length === 0 && plan.shopGroupIds.length === 0)
    context.addIssue({ code: 'custom', path: ['shopIds'], message: messageRef('inspection.noShops') });
  if (isLocalDate(plan.validFrom) && isLocalDate(plan.validTo)) {
    const days = validityDays(plan.validFrom, plan.validTo);
    if (days < 1 || days > INSPECTION_LIMITS.validityMaxDays)
      context.addIssue({ code: 'custom', path: ['validTo'], message: messageRef('errors.timeSelectionError', { days: INSPECTION_LIMITS.validityMaxDays }) });
  }
  if (plan.kind === 'cyclic') {
    const cycle = plan.cycle;
    if (!cycle) context.addIssue({ code: 'custom', path: ['cycle'], message: messageRef('inspection.cycleDaysRequired') });
    else if ((cycle.frequency === 'weekly' && (cycle.weekdays ?? []).length === 0) || (cycle.frequency === 'monthly' && (cycle.monthDays ?? []).length === 0))
      context.addIssue({ code: 'custom', path: ['cycle'], message: messageRef('inspection.cycleDaysRequired') });
  }
  if (PERIOD_TIME_PATTERN.test(plan.periodStart) && PERIOD_TIME_PATTERN.test(plan.periodEnd)) {
    if (plan.periodStart === '24:00' || periodMinutes(plan.periodEnd) <= periodMinutes(plan.periodStart))
      context.addIssue({ code: 'custom', path: ['periodEnd'], message: messageRef('inspection.periodOrder') });
  }
}

export const planAddRequestSchema = planFieldsObject.superRefine(checkPlan);
export type PlanAddRequest = z.input<typeof planAddRequestSchema>;
export const planUpdateRequestSchema = planFieldsObject.extend({ planId: idSchema }).superRefine(checkPlan);
export type PlanUpdateRequest = z.input<typeof planUpdateRequestSchema>;
export const planIdRequestSchema = z.object({ planId: idSchema });
export const planIdResponseSchema = z.object({ planId: z.string() });

export const isPlanNameExistRequestSchema = z.object({ name: requiredText(INSPECTION_LIMITS.planNameMaxChars), planId: idSchema.optional() });
export const isPlanNameExistResponseSchema = z.object({ exists: z.boolean() });

const personSchema = z.object({ userId: z.string(), name: z.string() });
export const progressSchema = z.object({
  /** Assignments completed / all assignments made so far (cancelled ones are not counted). */
  done: z.number().int(),
  total: z.number().int(),
  /** Percent, one decimal; null before any assignment exists. */
  rate: z.number().nullable(),
  /** Passed / (passed + failed) items of completed assignments, percent, one decimal; null before any result. */
  passRate: z.number().nullable(),
});
export type Progress = z.infer<typeof progressSchema>;

/** The inspection engine's plan types: store patrols with SOP items, and warehouse patrols (cameras at set times). */
export const PLAN_TYPES = ['patrol', 'warehouse'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const planRowSchema = z.object({
  planId: z.string(),
  name: z.string(),
  kind: z.enum(PLAN_KINDS),
  /** 'warehouse': a warehouse patrol plan (issue 16) made on the warehouse pages, not changed in the patrol form. */
  planType: z.enum(PLAN_TYPES),
  status: z.enum(PLAN_STATUSES),
  /** The actions the transition table allows in this state (the web shows these buttons only). */
  actions: z.array(z.enum(PLAN_ACTIONS)),
  validFrom: z.string(),
  validTo: z.string(),
  cycle: cycleSchema.nullable(),
  /** The RFC 5545 rule the cycle is stored as (null for a single plan). */
  rrule: z.string().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  storeCount: z.number().int(),
  itemCount: z.number().int(),
  handlers: z.array(personSchema),
  founder: personSchema,
  progress: progressSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlanRow = z.infer<typeof planRowSchema>;
export const planPageSchema = pageOf(planRowSchema);
export const planListRequestSchema = pageRequestSchema.extend({
  keyword: keywordSchema,
  kind: z.enum(PLAN_KINDS).optional(),
  status: z.enum(PLAN_STATUSES).optional(),
});

export const planDetailSchema = planRowSchema.extend({
  description: z.string(),
  shopIds: z.array(z.string()),
  shopGroupIds: z.array(z.string()),
  shops: z.array(z.object({ shopId: z.string(), name: z.string(), number: z.string(), timeZone: z.string() })),
  items: z.array(z.object({ itemId: z.string(), name: z.string(), categoryName: z.string(), status: z.enum(ITEM_STATUSES) })),
});
export type PlanDetail = z.infer<typeof planDetailSchema>;

export const PLAN_LOG_ACTIONS = ['create', 'modify', 'publish', 'pause', 'reactivate', 'delete'] as const;
export const planLogRowSchema = z.object({
  logId: z.string(),
  action: z.enum(PLAN_LOG_ACTIONS),
  user: personSchema.nullable(),
  changes: z.array(z.object({ field: z.string(), old: z.unknown(), new: z.unknown() })),
  at: z.string(),
});
export type PlanLogRow = z.infer<typeof planLogRowSchema>;

/** A phase: one occurrence of the plan's cycle (a local date), over every store. */
export const batchRowSchema = z.object({ batchId: z.string(), date: z.string(), storeCount: z.number().int(), progress: progressSchema });
export type BatchRow = z.infer<typeof batchRowSchema>;

export const shopProgressRequestSchema = z.object({ planId: idSchema, batchId: z.string().refine(isLocalDate).optional() });
export const shopProgressRowSchema = z.object({ shopId: z.string(), shopName: z.string(), shopNumber: z.string(), progress: progressSchema });
export type ShopProgressRow = z.infer<typeof shopProgressRowSchema>;

export const ASSIGNMENT_STATUSES = ['pending', 'completed', 'cancelled'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const ITEM_RESULTS = ['pass', 'fail', 'invalid'] as const;
export type ItemResult = (typeof ITEM_RESULTS)[number];

export const assignmentRowSchema = z.object({
  assignmentId: z.string(),
  planId: z.string(),
  planName: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  batchId: z.string(),
  timeZone: z.string(),
  /** The period of the day in UTC: the store's local start and end, converted with its zone on that date. */
  windowStart: z.string(),
  windowEnd: z.string(),
  status: z.enum(ASSIGNMENT_STATUSES),
  /** Pending past its window's end. */
  overdue: z.boolean(),
  itemCount: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  invalid: z.number().int(),
  completedAt: z.string().nullable(),
});
export type AssignmentRow = z.infer<typeof assignmentRowSchema>;
export const assignmentPageSchema = pageOf(assignmentRowSchema);
export const assignmentListRequestSchema = pageRequestSchema.extend({
  planId: idSchema,
  batchId: z.string().refine(isLocalDate).optional(),
  shopId: idSchema.optional(),
  status: z.enum(ASSIGNMENT_STATUSES).optional(),
});

export const inspectorsRequestSchema = z.object({
  shopIds: z.array(idSchema).max(INSPECTION_LIMITS.planShopsMax).default([]),
  shopGroupIds: z.array(idSchema).max(100).default([]),
});
export const inspectorRowSchema = z.object({ userId: z.string(), name: z.string(), roleId: z.number().int(), coversAll: z.boolean() });
export type InspectorRow = z.infer<typeof inspectorRowSchema>;

// ---------------------------------------------------------------- doing an inspection (issue 14 section 3)

/** Spec section 5: up to 9 images per item result. */
export const INSPECTION_RESULT_LIMITS = {
  imagesPerItem: 9,
  remarkMaxChars: 500,
} as const;
export const INSPECTION_METHODS = ['remote', 'onsite'] as const;
export type InspectionMethod = (typeof INSPECTION_METHODS)[number];
/** 'pending' with nothing done yet; 'inProgress' once a screenshot or image was taken (derived, not stored). */
export const TODO_STATES = ['pending', 'inProgress'] as const;

export const todoListRequestSchema = pageRequestSchema.extend({ keyword: keywordSchema, shopId: idSchema.optional() });
export const todoRowSchema = z.object({
  assignmentId: z.string(),
  planId: z.string(),
  planName: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  batchId: z.string(),
  timeZone: z.string(),
  windowStart: z.string(),
  windowEnd: z.string(),
  state: z.enum(TODO_STATES),
  overdue: z.boolean(),
  itemCount: z.number().int(),
});
export type TodoRow = z.infer<typeof todoRowSchema>;
export const todoPageSchema = pageOf(todoRowSchema);

/** A submitted assignment in the to-do's done tab (newest first). */
export const todoDoneRowSchema = z.object({
  assignmentId: z.string(),
  planId: z.string(),
  planName: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  batchId: z.string(),
  timeZone: z.string(),
  method: z.enum(INSPECTION_METHODS).nullable(),
  passed: z.number().int(),
  failed: z.number().int(),
  invalid: z.number().int(),
  completedBy: z.string(),
  completedAt: z.string(),
});
export type TodoDoneRow = z.infer<typeof todoDoneRowSchema>;
export const todoDonePageSchema = pageOf(todoDoneRowSchema);

export const resultMediaSchema = z.object({
  mediaId: z.string(),
  itemId: z.string(),
  kind: z.enum(['image', 'screenshot']),
  width: z.number().int(),
  height: z.number().int(),
  sha256: z.string(),
  cameraId: z.string().nullable(),
  /** The instant a screenshot shows (ISO); null for an image. */
  capturedAt: z.string().nullable(),
});
export type ResultMedia = z.infer<typeof resultMediaSchema>;

export const assignmentIdRequestSchema = z.object({ assignmentId: idSchema });
export const todoDetailSchema = z.object({
  assignmentId: z.string(),
  planId: z.string(),
  planName: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  batchId: z.string(),
  timeZone: z.string(),
  windowStart: z.string(),
  windowEnd: z.string(),
  status: z.enum(ASSIGNMENT_STATUSES),
  method: z.enum(INSPECTION_METHODS).nullable(),
  overdue: z.boolean(),
  completedBy: z.object({ userId: z.string(), name: z.string() }).nullable(),
  completedAt: z.string().nullable(),
  cameras: z.array(z.object({ cameraId: z.string(), name: z.string() })),
  items: z.array(
    z.object({
      itemId: z.string(),
      name: z.string(),
      categoryName: z.string(),
      description: z.string(),
      /** The SOP item's reference image (todoReferenceImage), when it has one. */
      hasReferenceImage: z.boolean(),
      result: z.enum(ITEM_RESULTS).nullable(),
      remark: z.string().nullable(),
      rectificationId: z.string().nullable(),
      media: z.array(resultMediaSchema),
    }),
  ),
});
export type TodoDetail = z.infer<typeof todoDetailSchema>;

export const todoScreenshotRequestSchema = z.object({
  assignmentId: idSchema,
  itemId: idSchema,
  cameraId: idSchema,
  /** The instant of the recording to take (ISO); the player's current time. */
  at: z.string().datetime({ offset: true }),
});
export const resultMediaQuerySchema = z.object({ mediaId: idSchema });
export const todoReferenceImageQuerySchema = z.object({ assignmentId: idSchema, itemId: idSchema });
export const resultMediaDeleteRequestSchema = z.object({ mediaId: idSchema });

export const itemResultInputSchema = z.object({
  itemId: idSchema,
  result: z.enum(ITEM_RESULTS),
  remark: z.string().trim().max(INSPECTION_RESULT_LIMITS.remarkMaxChars).default(''),
});
/**
 * A client-generated idempotency key (the on-site page's offline queue): a resend with the same key
 * answers the first result instead of doing the work twice. Letters, digits, '-' and '_' (a UUID fits).
 */
export const inspectionClientKeySchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
export const todoSubmitRequestSchema = z.object({
  assignmentId: idSchema,
  method: z.enum(INSPECTION_METHODS).default('remote'),
  /** Optional: the same key sent again (a lost answer) gets the first submission's result, not 'already submitted'. */
  idempotencyKey: inspectionClientKeySchema.optional(),
  results: z.array(itemResultInputSchema).min(1).max(INSPECTION_LIMITS.planItemsMax),
});
export type TodoSubmitRequest = z.input<typeof todoSubmitRequestSchema>;
export const todoSubmitResponseSchema = z.object({
  assignmentId: z.string(),
  passed: z.number().int(),
  failed: z.number().int(),
  invalid: z.number().int(),
  rectificationIds: z.array(z.string()),
});

export * from './analysis.ts';
