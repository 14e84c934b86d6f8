import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { pageOf, pageRequestSchema } from '../org/paging.ts';
import { messageRef } from '../platform/messages.ts';
import { optionalText } from '../platform/validation.ts';

/**
 * AI alarms (issue 15 sections 2 and 3): what a box's AI saw (an item's event code on a camera),
 * posted through the device API as `alarm` events, folded when it repeats, and reviewed by people:
 * confirmed, marked false alarm, ignored, restored, deleted with a reason, tagged; every action kept
 * in an append-only history.
 */
export const ALARM_LIMITS = {
  /** Repeats of one item on one camera within this many minutes fold into one alarm (a count). */
  defaultFoldMinutes: 10,
  /** Images posted with one alarm event. */
  imagesMax: 4,
  /** One image, decoded from base64. */
  imageMaxBytes: 1024 * 1024,
  /** Kept as a JPEG of at most this many pixels a side. */
  imageMaxSide: 1600,
  /** A clip (issue 15 section 2): an MP4 (H.264) the box cut around the alarm, posted in a second call. */
  clipMaxBytes: 8 * 1024 * 1024,
  clipMaxSeconds: 60,
  /** Spec section 9: alarm media (images and clip) are valid for one year from their upload. */
  mediaValidDays: 365,
  /** Spec section 9: a list's date range spans at most 90 days. */
  rangeMaxDays: 90,
  eventCodeMaxChars: 64,
  eventNameMaxChars: 60,
  reasonMaxChars: 200,
} as const;

export const ALARM_PRIORITIES = ['high', 'low'] as const;
export type AlarmPriority = (typeof ALARM_PRIORITIES)[number];

/**
 * The review state. unconfirmed: new; confirmed: a person said it happened; falseAlarm: a person
 * said it did not (revocable); ignored: left out of the statistics; deleted: with a reason, shown
 * only on the deletion page.
 */
export const ALARM_STATES = ['unconfirmed', 'confirmed', 'falseAlarm', 'ignored', 'deleted'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

export const ALARM_ACTIONS = ['confirm', 'markFalse', 'ignore', 'restore', 'delete'] as const;
export type AlarmAction = (typeof ALARM_ACTIONS)[number];

/**
 * THE transition table (docs/API.md): the state an action leads to, per state; an action missing
 * from a state is refused (4xx with a message). Restore ('restored or cancelled, back to alarm
 * events') brings a false alarm, an ignored or a deleted alarm back to unconfirmed.
 */
export const ALARM_TRANSITIONS: Record<AlarmState, Partial<Record<AlarmAction, AlarmState>>> = {
  unconfirmed: { confirm: 'confirmed', markFalse: 'falseAlarm', ignore: 'ignored', delete: 'deleted' },
  confirmed: { markFalse: 'falseAlarm', ignore: 'ignored', delete: 'deleted' },
  falseAlarm: { restore: 'unconfirmed', delete: 'deleted' },
  ignored: { restore: 'unconfirmed', delete: 'deleted' },
  deleted: { restore: 'unconfirmed' },
};

export function alarmActionAllowed(state: AlarmState, action: AlarmAction): boolean {
  return ALARM_TRANSITIONS[state][action] !== undefined;
}

/** Spec section 3: why an alarm was deleted. */
export const ALARM_DELETE_REASONS = ['system', 'manual', 'reinspect', 'falseReport'] as const;
export type AlarmDeleteReason = (typeof ALARM_DELETE_REASONS)[number];

/** Spec section 3: the tags a reviewer puts on an alarm (the AI's precision is computed from them). */
export const ALARM_TAGS = ['none', 'algorithmCorrect', 'algorithmWrong', 'taskReason'] as const;
export type AlarmTag = (typeof ALARM_TAGS)[number];

/** What the history records: the box's reports and people's actions. */
export const ALARM_HISTORY_ACTIONS = ['raise', ...ALARM_ACTIONS, 'tag', 'rectify'] as const;
export type AlarmHistoryAction = (typeof ALARM_HISTORY_ACTIONS)[number];

const dateSchema = z.iso.date({ error: messageRef('validation.required') });

export const alarmListRequestSchema = pageRequestSchema.extend({
  shopIds: z.array(idSchema).max(1000).optional(),
  eventCodes: z.array(z.string().trim().min(1).max(ALARM_LIMITS.eventCodeMaxChars)).max(100).optional(),
  priority: z.enum(ALARM_PRIORITIES).optional(),
  /** Left out: every state but deleted (deleted alarms are the deletion page's). */
  states: z.array(z.enum(ALARM_STATES)).max(ALARM_STATES.length).optional(),
  tag: z.enum(ALARM_TAGS).optional(),
  read: z.boolean().optional(),
  /** The first and last day (UTC dates of occurrence), at most 90 days. */
  startDate: dateSchema,
  endDate: dateSchema,
});
export type AlarmListRequest = z.infer<typeof alarmListRequestSchema>;

export const alarmRowSchema = z.object({
  alarmId: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  cameraId: z.string().nullable(),
  cameraName: z.string().nullable(),
  eventCode: z.string(),
  eventName: z.string(),
  priority: z.enum(ALARM_PRIORITIES),
  state: z.enum(ALARM_STATES),
  tag: z.enum(ALARM_TAGS),
  deleteReason: z.enum(ALARM_DELETE_REASONS).nullable(),
  /** How many reports folded into this alarm (1: a single one). */
  count: z.number().int(),
  occurredAt: z.string(),
  lastOccurredAt: z.string(),
  read: z.boolean(),
  imageCount: z.number().int(),
  rectificationId: z.string().nullable(),
});
export type AlarmRow = z.infer<typeof alarmRowSchema>;
export const alarmPageSchema = pageOf(alarmRowSchema);

export const alarmImageSchema = z.object({ imageId: z.string(), width: z.number().int(), height: z.number().int(), capturedAt: z.string().nullable() });
export type AlarmImage = z.infer<typeof alarmImageSchema>;

export const alarmHistoryRowSchema = z.object({
  action: z.enum(ALARM_HISTORY_ACTIONS),
  fromState: z.enum(ALARM_STATES).nullable(),
  toState: z.enum(ALARM_STATES).nullable(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  reason: z.string().nullable(),
  tag: z.enum(ALARM_TAGS).nullable(),
  at: z.string(),
});
export type AlarmHistoryRow = z.infer<typeof alarmHistoryRowSchema>;

/** The alarm's clip: `available` false once past its year (the page shows the spec's message then). */
export const alarmClipSchema = z.object({
  durationMs: z.number().int(),
  bytes: z.number().int(),
  uploadedAt: z.string(),
  available: z.boolean(),
});
export type AlarmClip = z.infer<typeof alarmClipSchema>;

export const alarmDetailSchema = alarmRowSchema.extend({
  images: z.array(alarmImageSchema),
  /** The clip the box posted, null when none came. */
  clip: alarmClipSchema.nullable(),
  /** The images are past their year (the alarm's first upload): gone from storage. */
  imagesExpired: z.boolean(),
  history: z.array(alarmHistoryRowSchema),
  /** The actions the table allows now (the page shows only these). */
  allowedActions: z.array(z.enum(ALARM_ACTIONS)),
});
export type AlarmDetail = z.infer<typeof alarmDetailSchema>;

export const alarmIdRequestSchema = z.object({ alarmId: idSchema });
export const alarmActRequestSchema = z.object({
  alarmId: idSchema,
  action: z.enum(ALARM_ACTIONS),
  /** Required to delete. */
  deleteReason: z.enum(ALARM_DELETE_REASONS).optional(),
  /** A remark kept in the history. */
  reason: optionalText(ALARM_LIMITS.reasonMaxChars).optional(),
});
export type AlarmActRequest = z.infer<typeof alarmActRequestSchema>;
export const alarmTagRequestSchema = z.object({ alarmId: idSchema, tag: z.enum(ALARM_TAGS) });
/** Mark the named alarms read, or (all) every unread alarm the caller sees. */
export const alarmMarkReadRequestSchema = z.object({ alarmIds: z.array(idSchema).max(500).optional(), all: z.boolean().default(false) });
export const alarmMarkReadResponseSchema = z.object({ marked: z.number().int() });
export const alarmRectifyRequestSchema = z.object({
  alarmId: idSchema,
  description: optionalText().optional(),
  handlerId: idSchema.optional(),
  deadline: z.iso.datetime({ offset: true }).optional(),
});
export const alarmRectifyResponseSchema = z.object({ rectificationId: z.string(), created: z.boolean() });
export const alarmStateResponseSchema = z.object({ alarmId: z.string(), state: z.enum(ALARM_STATES), tag: z.enum(ALARM_TAGS) });
export const alarmImageQuerySchema = z.object({ imageId: idSchema });
export const alarmClipQuerySchema = z.object({ alarmId: idSchema });

/**
 * A box's clip of an alarm (multipart, the part 'file'), named by the alarm event's `eventId` as
 * the box posted it; the event must have come first. An alarm keeps the first clip any of its
 * reports brought (a fold's later clip is acknowledged and dropped: `kept` false).
 */
export const alarmClipUploadQuerySchema = z.object({ eventId: z.string().trim().min(1).max(64) });
export const alarmClipUploadedSchema = z.object({
  alarmId: z.string(),
  kept: z.boolean(),
  durationMs: z.number().int(),
  bytes: z.number().int(),
});
export type AlarmClipUploaded = z.infer<typeof alarmClipUploadedSchema>;

/** The `alarm` real-time event: a new alarm (not a repeat folded into one) for a shop. */
export const alarmRaisedEventSchema = z.object({
  alarmId: z.string(),
  shopId: z.string(),
  eventCode: z.string(),
  eventName: z.string(),
  priority: z.enum(ALARM_PRIORITIES),
  occurredAt: z.string(),
});
export type AlarmRaisedEvent = z.infer<typeof alarmRaisedEventSchema>;
