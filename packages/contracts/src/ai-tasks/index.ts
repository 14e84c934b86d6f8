import { z } from 'zod';
import { ALARM_PRIORITIES } from '../alarms/index.ts';
import { idSchema } from '../org/index.ts';
import { keywordSchema, pageOf, pageRequestSchema } from '../org/paging.ts';
import { messageRef } from '../platform/messages.ts';
import { requiredText } from '../platform/validation.ts';

/**
 * AI tasks (issue 15 section 1): which AI inspection items (event codes the boxes' AI reports: no
 * staff at the counter, smoking, rodent ...) run on which cameras, on which weekdays and hours, with
 * what priority. The items and their classes are one catalogue for every customer (the algorithms
 * the boxes run are the product's, docs/decisions/ai-tasks.md); tasks belong to a customer. Boxes
 * read the enabled tasks of their cameras in GET /api/device/v1/config.
 */
export const AI_TASK_LIMITS = {
  nameMaxChars: 40,
  camerasMax: 500,
  itemsMax: 50,
} as const;

/** The priority the box gives the alarms a task raises (the alarm's priority, issue 15 section 2). */
export const AI_TASK_PRIORITIES = ALARM_PRIORITIES;
export type AiTaskPriority = (typeof AI_TASK_PRIORITIES)[number];

/** HH:mm; an end before the start runs past midnight; 24:00 ends a day. */
export const AI_TIME_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

const required = messageRef('validation.required');
const timeSchema = (field: string) =>
  z
    .string({ error: required })
    .trim()
    .regex(AI_TIME_PATTERN, { error: messageRef('validation.invalidValue', { field }) });

// ---------------------------------------------------------------- catalogue

export const aiItemClassSchema = z.object({
  classId: z.string(),
  code: z.string(),
  /** In the caller's language. */
  name: z.string(),
  itemNum: z.number().int(),
});
export type AiItemClass = z.infer<typeof aiItemClassSchema>;

export const aiItemSchema = z.object({
  itemId: z.string(),
  classId: z.string(),
  className: z.string(),
  /** What the box reports as the alarm's eventCode. */
  eventCode: z.string(),
  name: z.string(),
  defaultPriority: z.enum(AI_TASK_PRIORITIES),
});
export type AiItem = z.infer<typeof aiItemSchema>;

export const aiItemListRequestSchema = z.object({ classId: idSchema.optional(), keyword: keywordSchema });

// ---------------------------------------------------------------- tasks

const weekdaysSchema = z
  .array(
    z
      .number({ error: messageRef('validation.invalidValue', { field: 'weekdays' }) })
      .int()
      .min(1)
      .max(7),
    { error: required },
  )
  .min(1, { error: messageRef('aiTasks.weekdaysRequired') })
  .max(7)
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

const taskFieldsObject = z.object({
  name: requiredText(AI_TASK_LIMITS.nameMaxChars),
  /** The cameras the items run on; the task's stores are theirs. */
  cameraIds: z
    .array(idSchema, { error: required })
    .min(1, { error: messageRef('aiTasks.camerasRequired') })
    .max(AI_TASK_LIMITS.camerasMax, { error: messageRef('validation.maxItems', { n: AI_TASK_LIMITS.camerasMax }) }),
  itemIds: z
    .array(idSchema, { error: required })
    .min(1, { error: messageRef('aiTasks.itemsRequired') })
    .max(AI_TASK_LIMITS.itemsMax, { error: messageRef('validation.maxItems', { n: AI_TASK_LIMITS.itemsMax }) }),
  /** ISO weekdays, 1 Monday to 7 Sunday, in the store's time zone. */
  weekdays: weekdaysSchema,
  startTime: timeSchema('startTime'),
  endTime: timeSchema('endTime'),
  priority: z.enum(AI_TASK_PRIORITIES, { error: messageRef('validation.invalidValue', { field: 'priority' }) }),
});
const hoursDiffer = (value: { startTime: string; endTime: string }) => value.startTime !== value.endTime;
const hoursError = { path: ['endTime'], error: messageRef('aiTasks.hoursEmpty') };

export const aiTaskCreateRequestSchema = taskFieldsObject.extend({ enabled: z.boolean().default(true) }).refine(hoursDiffer, hoursError);
export type AiTaskCreateRequest = z.input<typeof aiTaskCreateRequestSchema>;
export const aiTaskUpdateRequestSchema = taskFieldsObject.extend({ taskId: idSchema }).refine(hoursDiffer, hoursError);
export type AiTaskUpdateRequest = z.input<typeof aiTaskUpdateRequestSchema>;
export type AiTaskFields = z.output<typeof taskFieldsObject>;

export const aiTaskIdRequestSchema = z.object({ taskId: idSchema });
export const aiTaskIdResponseSchema = z.object({ taskId: z.string() });
export const aiTaskStatusRequestSchema = z.object({ taskId: idSchema, enabled: z.boolean() });
export const aiTaskNameCheckRequestSchema = z.object({ name: requiredText(AI_TASK_LIMITS.nameMaxChars), taskId: idSchema.optional() });
export const aiTaskNameCheckResponseSchema = z.object({ exists: z.boolean() });

export const aiTaskListRequestSchema = pageRequestSchema.extend({
  keyword: keywordSchema,
  shopIds: z.array(idSchema).max(5000).optional(),
  itemId: idSchema.optional(),
  priority: z.enum(AI_TASK_PRIORITIES).optional(),
  enabled: z.boolean().optional(),
});
export type AiTaskFilter = Omit<z.infer<typeof aiTaskListRequestSchema>, 'page' | 'pageSize'>;

export const aiTaskRowSchema = z.object({
  taskId: z.string(),
  name: z.string(),
  priority: z.enum(AI_TASK_PRIORITIES),
  enabled: z.boolean(),
  weekdays: z.array(z.number().int()),
  startTime: z.string(),
  endTime: z.string(),
  shops: z.array(z.object({ shopId: z.string(), name: z.string(), closed: z.boolean() })),
  cameraCount: z.number().int(),
  items: z.array(z.object({ itemId: z.string(), eventCode: z.string(), name: z.string() })),
  updatedAt: z.string(),
});
export type AiTaskRow = z.infer<typeof aiTaskRowSchema>;
export const aiTaskPageSchema = pageOf(aiTaskRowSchema);

export const aiTaskDetailSchema = aiTaskRowSchema.extend({
  cameras: z.array(z.object({ cameraId: z.string(), name: z.string(), number: z.string(), shopId: z.string(), shopName: z.string() })),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type AiTaskDetail = z.infer<typeof aiTaskDetailSchema>;

// ---------------------------------------------------------------- what a box runs (device config)

export const deviceAiTaskSchema = z.object({
  taskId: z.string(),
  name: z.string(),
  priority: z.enum(AI_TASK_PRIORITIES),
  weekdays: z.array(z.number().int()),
  startTime: z.string(),
  endTime: z.string(),
  /** The task's cameras on this box. */
  cameraIds: z.array(z.string()),
  /** The event codes the box reports as alarms' eventCode. */
  eventCodes: z.array(z.string()),
});
export type DeviceAiTask = z.infer<typeof deviceAiTaskSchema>;
