import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { pageOf, pageRequestSchema } from '../org/paging.ts';
import { messageRef } from '../platform/messages.ts';
import { declareOperation, type OperationGuard } from '../platform/operation.ts';

/**
 * Video download tasks (issue 12 section 3; spec sections 3, 4, 7, 8, 9): a camera's recorded
 * range cut by stream copy into one MP4 by a durable job, kept 30 days.
 */
export const VIDEO_DOWNLOADS = {
  /** The longest range of one task (docs/decisions/video.md: a 2 Mbit/s camera makes about 1.8 GB in two hours). */
  maxRangeHours: 2,
  /** Cameras of one batch: each becomes a task of its own. */
  maxCamerasPerBatch: 20,
  /** A generated file is kept this long (spec section 9), then purged and its task marked expired. */
  keepDays: 30,
} as const;

/** Spec section 4: to be generated, generating, generated, failed; expired once the file is purged. */
export const DOWNLOAD_STATUSES = ['toBeGenerated', 'generating', 'generated', 'failed', 'expired'] as const;
export type DownloadStatus = (typeof DOWNLOAD_STATUSES)[number];

const required = messageRef('validation.required');
const instantSchema = z.iso.datetime({ offset: true, error: required });

export const downloadAddSchema = z.object({
  cameraIds: z.array(idSchema).min(1, { error: required }).max(VIDEO_DOWNLOADS.maxCamerasPerBatch),
  start: instantSchema,
  end: instantSchema,
});

export const downloadListSchema = pageRequestSchema.extend({
  shopIds: z.array(idSchema).max(5000).optional(),
  cameraIds: z.array(idSchema).max(5000).optional(),
  statuses: z.array(z.enum(DOWNLOAD_STATUSES)).max(DOWNLOAD_STATUSES.length).optional(),
  /** Tasks whose range starts in [from, to) (ISO instants). */
  from: instantSchema.optional(),
  to: instantSchema.optional(),
});

export const downloadIdSchema = z.object({ id: idSchema });

export const downloadRowSchema = z.object({
  id: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  /** The shop's time zone: the date and time range are read in it. */
  timeZone: z.string(),
  cameraId: z.string(),
  cameraName: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(DOWNLOAD_STATUSES),
  /** 0-100 while generating. */
  progress: z.number().int(),
  /** Why it failed, in the caller's language. */
  failure: z.string().nullable(),
  creatorName: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** Bytes of the generated MP4. */
  bytes: z.number().int().nullable(),
  /** When the generated file is purged (completion + 30 days). */
  expiresAt: z.string().nullable(),
});
export type DownloadRow = z.infer<typeof downloadRowSchema>;
export const downloadPageSchema = pageOf(downloadRowSchema);

export const downloadDetailSchema = downloadRowSchema.extend({
  /** Recorded seconds of the camera within the range (from the index): less than the range means holes the clip leaves out. */
  recordedSeconds: z.number(),
  attempts: z.number().int(),
});

export const downloadStatusSchema = z.object({ id: z.string(), status: z.enum(DOWNLOAD_STATUSES), progress: z.number().int() });
export const downloadAddResponseSchema = z.object({ ids: z.array(z.string()) });

const tags = ['video'];
/** The download tasks' key (spec section 6 navigation keys). */
export const VIDEO_DOWNLOAD_GUARD: OperationGuard = { auth: 'customer', permission: 'video_download' };

/** Spec section 7's archive operations; 'url' and 'batch list' are the download GET and the list. */
export const videoDownloadOperations = {
  downloadList: declareOperation({
    name: 'video.downloadList',
    method: 'POST',
    path: '/api/archive/list',
    summary: 'Video download tasks of the shops the caller sees, newest first, filtered by shop, camera, status and range start',
    tags,
    guard: VIDEO_DOWNLOAD_GUARD,
    body: downloadListSchema,
    response: downloadPageSchema,
  }),
  downloadBatchAdd: declareOperation({
    name: 'video.downloadBatchAdd',
    method: 'POST',
    path: '/api/archive/batch/add',
    summary: 'Queue one download task per camera for a time range (at most 2 hours, within the last 30 days); all or none',
    tags,
    guard: VIDEO_DOWNLOAD_GUARD,
    body: downloadAddSchema,
    response: downloadAddResponseSchema,
  }),
  downloadBatchDetail: declareOperation({
    name: 'video.downloadBatchDetail',
    method: 'POST',
    path: '/api/archive/batch/detail',
    summary: 'One download task with its recorded seconds and attempts',
    tags,
    guard: VIDEO_DOWNLOAD_GUARD,
    body: downloadIdSchema,
    response: downloadDetailSchema,
  }),
  downloadRebuild: declareOperation({
    name: 'video.downloadRebuild',
    method: 'POST',
    path: '/api/archive/rebuild',
    summary: 'Resynthesise (generated, expired) or retry (failed) a download task; refused while it is being made',
    tags,
    guard: VIDEO_DOWNLOAD_GUARD,
    body: downloadIdSchema,
    response: downloadRowSchema,
  }),
  downloadStatus: declareOperation({
    name: 'video.downloadStatus',
    method: 'GET',
    path: '/api/archive/status',
    summary: "A download task's status and progress",
    tags,
    guard: VIDEO_DOWNLOAD_GUARD,
    query: downloadIdSchema,
    response: downloadStatusSchema,
  }),
  downloadFile: declareOperation({
    name: 'video.downloadFile',
    method: 'GET',
    path: '/api/archive/download',
    summary: "A generated task's MP4 (with the session; Range requests answered 206)",
    tags,
    guard: VIDEO_DOWNLOAD_GUARD,
    query: downloadIdSchema,
    response: 'file',
  }),
} as const;

/**
 * The single-lens page's video strip (issue 12 section 5a): a keyframe per recorded hour of a
 * shop-local day, each the first frame of the hour's first segment (a keyframe: no decoding past it).
 */
export const keyframesRequestSchema = z.object({ cameraId: idSchema, date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: required }) });
export const keyframesResponseSchema = z.object({
  cameraId: z.string(),
  shopId: z.string(),
  timeZone: z.string(),
  frames: z.array(z.object({ at: z.string(), segmentId: z.string() })),
});
export type KeyframesResponse = z.infer<typeof keyframesResponseSchema>;
export const keyframeQuerySchema = z.object({ cameraId: idSchema, segmentId: idSchema });

const videoGuard: OperationGuard = { auth: 'customer', permission: 'video_nav' };
export const videoKeyframeOperations = {
  keyframes: declareOperation({
    name: 'video.keyframes',
    method: 'POST',
    path: '/api/video/keyframes',
    summary: 'A keyframe per recorded hour of a shop-local day of a camera (the single-lens strip)',
    tags,
    guard: videoGuard,
    body: keyframesRequestSchema,
    response: keyframesResponseSchema,
  }),
  keyframe: declareOperation({
    name: 'video.keyframe',
    method: 'GET',
    path: '/api/video/keyframe',
    summary: "The first frame of a recorded segment as a small JPEG, made once and kept in storage ('thumbnails/', 30 days)",
    tags,
    guard: videoGuard,
    query: keyframeQuerySchema,
    response: 'file',
  }),
} as const;
