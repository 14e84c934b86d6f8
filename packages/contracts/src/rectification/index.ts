import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { keywordSchema, pageOf, pageRequestSchema } from '../org/paging.ts';
import { Limits } from '../platform/limits.ts';
import { messageRef } from '../platform/messages.ts';
import { optionalText, requiredText } from '../platform/validation.ts';

/**
 * Rectification (issue 14 section 4): every failure found in a store becomes an item someone must
 * fix by a deadline. It comes from an inspection, an AI alarm or a person (manual); its handler
 * answers it with feedback and images; its founder or reviewer approves the feedback (the spec's
 * 'changed') or rejects it with a reason (back to the handler). Every action is kept in an
 * append-only history.
 */
export const RECTIFICATION_LIMITS = {
  itemNameMaxChars: 60,
  categoryNameMaxChars: 30,
  problemMaxChars: Limits.textMaxChars,
  feedbackMaxChars: Limits.textMaxChars,
  reasonMaxChars: 200,
  /** Spec sections 5 and 9: up to 9 images with an answer (and as evidence of a manual one). */
  imagesMax: Limits.inspectionImagesMax,
  /** An image upload: JPEG, PNG or WebP up to this size, kept as a JPEG of at most imageMaxSide pixels. */
  imageMaxBytes: 10 * 1024 * 1024,
  imageMaxSide: 1600,
  /** The default deadline: the end of the store's local day, this many days on. */
  defaultDeadlineDays: 3,
  /** A deadline chosen on create lies at most this far ahead. */
  deadlineMaxDays: 90,
  /** 'Due soon' reaches the handler this long before the deadline. */
  dueSoonHours: 24,
  /** An item still open this long after its deadline goes to the handler's superior. */
  escalateAfterHours: 24,
  /** A frame of a recording is taken once the recorder has had time to index it. */
  frameSettleMinutes: 1,
  /** Past this, a missing recording is recorded as missing rather than waited for. */
  frameGiveUpMinutes: 30,
} as const;

export const RECTIFICATION_SOURCES = ['inspection', 'alarm', 'manual'] as const;
export type RectificationSource = (typeof RECTIFICATION_SOURCES)[number];

/**
 * The stored state. pending: waiting for the handler; submitted: feedback given, waiting for the
 * founder or reviewer; rejected: back with the handler, with a reason; approved: done.
 */
export const RECTIFICATION_STATES = ['pending', 'submitted', 'rejected', 'approved'] as const;
export type RectificationState = (typeof RECTIFICATION_STATES)[number];

/** The spec's two states (section 4): approved is 'changed', everything before it 'untreated'. */
export const RECTIFICATION_STATUSES = ['untreated', 'changed'] as const;
export type RectificationStatus = (typeof RECTIFICATION_STATUSES)[number];
export const specStatusOf = (state: RectificationState): RectificationStatus => (state === 'approved' ? 'changed' : 'untreated');

export const RECTIFICATION_ACTIONS = ['submit', 'refer', 'approve', 'reject'] as const;
export type RectificationAction = (typeof RECTIFICATION_ACTIONS)[number];

/** Who may take an action, besides the state allowing it. */
export type RectificationRole = 'handler' | 'founder' | 'reviewer';
export const ACTION_ROLES: Record<RectificationAction, readonly RectificationRole[]> = {
  submit: ['handler'],
  refer: ['handler', 'founder', 'reviewer'],
  approve: ['founder', 'reviewer'],
  reject: ['founder', 'reviewer'],
};

/**
 * THE transition table (docs/API.md): the state an action leads to, per state; an action missing
 * from a state is refused. A referral keeps the state (a rejected item stays rejected, with its
 * reason, for the new handler).
 */
export const RECTIFICATION_TRANSITIONS: Record<RectificationState, Partial<Record<RectificationAction, RectificationState>>> = {
  pending: { submit: 'submitted', refer: 'pending' },
  submitted: { approve: 'approved', reject: 'rejected' },
  rejected: { submit: 'submitted', refer: 'rejected' },
  approved: {},
};

export function rectificationActionAllowed(state: RectificationState, action: RectificationAction): boolean {
  return RECTIFICATION_TRANSITIONS[state][action] !== undefined;
}

/** States in which the handler still owes an answer (the to-do, due soon, overdue, escalation). */
export const OPEN_STATES: readonly RectificationState[] = ['pending', 'rejected'];

/** What the history records: people's actions and the system's (notices, escalation, frames). */
export const HISTORY_ACTIONS = ['create', 'submit', 'refer', 'approve', 'reject', 'dueSoon', 'overdue', 'escalate', 'frame', 'frameMissing'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

const required = messageRef('validation.required');
const instantSchema = z.iso.datetime({ offset: true, error: required });
const personSchema = z.object({ userId: z.string(), name: z.string() });
export type RectificationPerson = z.infer<typeof personSchema>;

// ---------------------------------------------------------------- rows

export const MEDIA_ROLES = ['evidence', 'feedback', 'frame'] as const;
export type MediaRole = (typeof MEDIA_ROLES)[number];

export const mediaSchema = z.object({
  mediaId: z.string(),
  /** evidence: what showed the problem; feedback: the handler's answer; frame: the camera at the deadline. */
  role: z.enum(MEDIA_ROLES),
  kind: z.enum(['image', 'screenshot']),
  width: z.number().int(),
  height: z.number().int(),
  cameraId: z.string().nullable(),
  cameraName: z.string().nullable(),
  capturedAt: z.string().nullable(),
  /** Feedback images: the answer they came with (1 for the first, 2 after a rejection, ...). */
  round: z.number().int(),
});
export type RectificationMedia = z.infer<typeof mediaSchema>;

export const rectificationRowSchema = z.object({
  rectificationId: z.string(),
  source: z.enum(RECTIFICATION_SOURCES),
  state: z.enum(RECTIFICATION_STATES),
  /** The spec's status: untreated or changed. */
  status: z.enum(RECTIFICATION_STATUSES),
  /** Still open past its deadline. */
  overdue: z.boolean(),
  /** Escalated to the handler's superior. */
  escalated: z.boolean(),
  shopId: z.string(),
  shopName: z.string(),
  shopNumber: z.string(),
  /** The store's zone: the deadline reads in the store's own time. */
  timeZone: z.string(),
  itemName: z.string(),
  categoryName: z.string(),
  problem: z.string(),
  /** The plan of an inspection failure, the event of an alarm; null otherwise. */
  originName: z.string().nullable(),
  handler: personSchema,
  founder: personSchema.nullable(),
  reviewer: personSchema.nullable(),
  deadline: z.string(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type RectificationRow = z.infer<typeof rectificationRowSchema>;
export const rectificationPageSchema = pageOf(rectificationRowSchema);

export const FRAME_STATUSES = ['none', 'pending', 'captured', 'missing'] as const;
export type FrameStatus = (typeof FRAME_STATUSES)[number];

export const rectificationDetailSchema = rectificationRowSchema.extend({
  planId: z.string().nullable(),
  assignmentId: z.string().nullable(),
  alarmId: z.string().nullable(),
  eventCode: z.string().nullable(),
  inspector: personSchema.nullable(),
  /** When the failure was found (the inspection's result, the alarm's event, the manual creation). */
  foundAt: z.string(),
  evidence: z.array(mediaSchema),
  /** A manual item's frame of its camera at the time given (pending until the recording is read; missing with the reason). */
  evidenceFrame: z.object({ status: z.enum(FRAME_STATUSES), at: z.string().nullable(), note: z.string().nullable() }),
  /** The latest answer (its images are the feedback media of its round); null before any. */
  feedback: z.object({ text: z.string(), round: z.number().int(), at: z.string(), images: z.array(mediaSchema) }).nullable(),
  /** The latest rejection's reason while the item is rejected. */
  rejectReason: z.string().nullable(),
  /** The camera's frame at the deadline (the 'after' beside the evidence's 'before'). */
  frame: z.object({
    status: z.enum(FRAME_STATUSES),
    cameraId: z.string().nullable(),
    cameraName: z.string().nullable(),
    /** The instant the frame shows (the deadline). */
    at: z.string().nullable(),
    media: mediaSchema.nullable(),
    /** Why there is none (no recording at the deadline, video too old), in the reader's language. */
    note: z.string().nullable(),
  }),
  /** What the caller may do now (the page shows these buttons only). */
  abilities: z.object({ submit: z.boolean(), refer: z.boolean(), review: z.boolean() }),
});
export type RectificationDetail = z.infer<typeof rectificationDetailSchema>;

export const historyRowSchema = z.object({
  historyId: z.string(),
  action: z.enum(HISTORY_ACTIONS),
  /** Who did it; null for the system (notices, escalation, frames). */
  user: personSchema.nullable(),
  /** The reason of a referral or a rejection. */
  reason: z.string().nullable(),
  /** The feedback of an answer. */
  text: z.string().nullable(),
  /** Referral: from and to; creation: the first handler; notices: who was told. */
  fromUser: personSchema.nullable(),
  toUsers: z.array(personSchema),
  /** Media the action brought (feedback images, a frame). */
  mediaIds: z.array(z.string()),
  /** A system note in the reader's language (a frame that could not be taken, and why). */
  note: z.string().nullable(),
  at: z.string(),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;

// ---------------------------------------------------------------- requests

export const rectificationIdRequestSchema = z.object({ rectificationId: idSchema });

export const rectificationFilterSchema = z.object({
  keyword: keywordSchema,
  shopIds: z.array(idSchema).max(5000).optional(),
  states: z.array(z.enum(RECTIFICATION_STATES)).max(RECTIFICATION_STATES.length).optional(),
  source: z.enum(RECTIFICATION_SOURCES).optional(),
  /** Only those still open past their deadline. */
  overdueOnly: z.boolean().optional(),
  /** Created in [createdFrom, createdTo). */
  createdFrom: instantSchema.optional(),
  createdTo: instantSchema.optional(),
});
export type RectificationFilter = z.infer<typeof rectificationFilterSchema>;
export const rectificationListRequestSchema = pageRequestSchema.extend(rectificationFilterSchema.shape);

/** Which list a download writes: the caller's to-do, what they raised, or all they may see. */
export const RECTIFICATION_LISTS = ['mine', 'created', 'all'] as const;
export type RectificationList = (typeof RECTIFICATION_LISTS)[number];
export const rectificationDownloadRequestSchema = rectificationFilterSchema.extend({ list: z.enum(RECTIFICATION_LISTS) });

export const rectificationSubmitRequestSchema = z.object({
  rectificationId: idSchema,
  feedback: requiredText(RECTIFICATION_LIMITS.feedbackMaxChars),
  /** Images uploaded with uploadImage, up to 9. */
  imageIds: z
    .array(idSchema)
    .max(RECTIFICATION_LIMITS.imagesMax, { error: messageRef('rectification.tooManyImages', { max: RECTIFICATION_LIMITS.imagesMax }) })
    .default([]),
});
export type RectificationSubmitRequest = z.input<typeof rectificationSubmitRequestSchema>;

export const rectificationReferRequestSchema = z.object({
  rectificationId: idSchema,
  handlerId: idSchema,
  reason: requiredText(RECTIFICATION_LIMITS.reasonMaxChars),
});

export const rectificationReviewRequestSchema = z
  .object({
    rectificationId: idSchema,
    decision: z.enum(['approve', 'reject']),
    /** Required to reject: the handler reads why. */
    reason: optionalText(RECTIFICATION_LIMITS.reasonMaxChars).default(''),
  })
  .superRefine((review, context) => {
    if (review.decision === 'reject' && review.reason.trim() === '')
      context.addIssue({ code: 'custom', path: ['reason'], message: messageRef('rectification.reasonRequired') });
  });
export type RectificationReviewRequest = z.input<typeof rectificationReviewRequestSchema>;

export const rectificationCreateRequestSchema = z
  .object({
    shopId: idSchema,
    itemName: requiredText(RECTIFICATION_LIMITS.itemNameMaxChars),
    categoryName: optionalText(RECTIFICATION_LIMITS.categoryNameMaxChars).default(''),
    problem: requiredText(RECTIFICATION_LIMITS.problemMaxChars),
    /** Left out: the store's default handler (docs/decisions/rectification.md). */
    handlerId: idSchema.optional(),
    /** Someone besides the founder who may approve or reject the answer. */
    reviewerId: idSchema.optional(),
    /** Left out: the end of the store's local day, defaultDeadlineDays on. */
    deadline: instantSchema.optional(),
    /** A camera of the store: a frame of its recording at capturedAt becomes evidence, and the frame at the deadline the comparison. */
    cameraId: idSchema.optional(),
    capturedAt: instantSchema.optional(),
    /** Evidence images uploaded with uploadImage, up to 9. */
    imageIds: z
      .array(idSchema)
      .max(RECTIFICATION_LIMITS.imagesMax, { error: messageRef('rectification.tooManyImages', { max: RECTIFICATION_LIMITS.imagesMax }) })
      .default([]),
  })
  .superRefine((input, context) => {
    if (input.capturedAt && !input.cameraId) context.addIssue({ code: 'custom', path: ['cameraId'], message: messageRef('rectification.cameraRequired') });
  });
export type RectificationCreateRequest = z.input<typeof rectificationCreateRequestSchema>;
export const rectificationIdResponseSchema = z.object({ rectificationId: z.string() });

/** The people who may handle a store's rectifications, the default one first. */
export const handlerCandidatesRequestSchema = z.object({ shopId: idSchema });
export const handlerCandidateSchema = z.object({
  userId: z.string(),
  name: z.string(),
  roleId: z.number().int(),
  /** The one a new item of this store goes to unless someone is chosen. */
  isDefault: z.boolean(),
});
export type HandlerCandidate = z.infer<typeof handlerCandidateSchema>;

export const uploadedImageSchema = z.object({ mediaId: z.string(), width: z.number().int(), height: z.number().int() });
export const mediaQuerySchema = z.object({ mediaId: idSchema });
