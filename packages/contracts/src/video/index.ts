import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { pageOf, pageRequestSchema } from '../org/paging.ts';
import { Limits } from '../platform/limits.ts';
import { messageRef } from '../platform/messages.ts';

/**
 * Store video (issue 12): the constants the server's recorder, playlists and axis share with the
 * web's player. Times on the wire are ISO instants; the index keeps epoch milliseconds.
 */
export const VIDEO = {
  /** Recorded segment length; the demo source's keyframe interval matches it, so a seek lands on a keyframe. */
  segmentSeconds: 10,
  /** The availability axis: 10-minute buckets over 30 days less one bucket (spec section 9, read as 2,591,400,000 ms; docs/decisions/video.md). */
  axisBucketMs: 600_000,
  axisHorizonMs: 2_591_400_000,
  /** Recordings older than this cannot be played (spec sections 8 and 9). */
  playableDays: Limits.videoRetentionDays,
  /** Retention policies (issue 12 section 4; docs/decisions/video.md). */
  recordingRetentionDays: Limits.videoRetentionDays,
  alarmMediaRetentionDays: Limits.alarmMediaRetentionDays,
  downloadRetentionDays: 30,
  /** One playlist covers at most this much: a day of 10 s segments is 8,640 entries. */
  playlistMaxHours: 24,
  /** Spec section 9: seek step and the default offset of 'now' while watching. */
  seekStepSeconds: 10,
  defaultOffsetSeconds: 120,
} as const;

const required = messageRef('validation.required');
const instantSchema = z.iso.datetime({ offset: true, error: required });

/** A camera's video source: a stream the server records (RTSP today), or an edge box that keeps its own recordings. */
export const VIDEO_SOURCE_KINDS = ['stream', 'edge'] as const;
export const RECORD_MODES = ['continuous', 'onDemand'] as const;
/** Protocols the recorder opens; anything else (file:, concat:, pipes) is refused before ffmpeg sees it. */
export const STREAM_PROTOCOLS = ['rtsp:', 'rtsps:', 'rtmp:', 'tcp:'] as const;

/**
 * A camera's stream address as ffmpeg may open it: one of the stream protocols, a host, nothing
 * but printable characters. Anything else (file:, concat:, pipe:, a leading '-') never reaches
 * ffmpeg, whose argument it would otherwise become. Null when refused. Here rather than in the
 * server so the camera form checks an address exactly as the server will before it sends it.
 */
export function checkedStreamUrl(text: string): string | null {
  // Printable ASCII only: no spaces, no control characters, nothing a parser could read twice.
  if (!text || text.length > 500 || !/^[\x21-\x7e]+$/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!(STREAM_PROTOCOLS as readonly string[]).includes(url.protocol) || !url.hostname) return null;
  return url.href;
}

/** The stream address field of the camera form: the server's check and the server's message (errors.videoSourceUrl). */
export const streamUrlSchema = z
  .string({ error: required })
  .trim()
  .min(1, { error: required, abort: true })
  .refine((value) => checkedStreamUrl(value) !== null, { error: messageRef('errors.videoSourceUrl') });

export const cameraRequestSchema = z.object({ cameraId: idSchema });

export const availabilityResponseSchema = z.object({
  cameraId: z.string(),
  /** The start of the first bucket (an ISO instant on a 10-minute boundary). */
  from: z.string(),
  to: z.string(),
  bucketMs: z.number().int(),
  /** Recorded seconds per bucket, oldest first (0 to 600). */
  recordedSeconds: z.array(z.number().int()),
  /** Recordings before this instant cannot be played (30 days). */
  playableFrom: z.string(),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

export const playlistQuerySchema = z.object({ cameraId: idSchema, start: instantSchema, end: instantSchema });
export const segmentQuerySchema = z.object({ cameraId: idSchema, segmentId: idSchema });
export const screenshotRequestSchema = z.object({ cameraId: idSchema, at: instantSchema });

/**
 * A viewer stopped watching (the spec's "playback stop"): the camera live log keeps what was
 * really watched. Live: the view's end. Playback: the playlist's range (as asked for) and the
 * instant playback reached (null: nothing played).
 */
export const playbackStopSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('live'), cameraId: idSchema }),
  z.object({ mode: z.literal('playback'), cameraId: idSchema, start: instantSchema, end: instantSchema, reached: instantSchema.nullable() }),
]);

export const LIVE_LOG_KINDS = ['live', 'playback', 'screenshot', 'download'] as const;
export const liveLogRequestSchema = pageRequestSchema.extend({
  cameraIds: z.array(idSchema).max(5000).optional(),
  shopIds: z.array(idSchema).max(5000).optional(),
});
export const liveLogRowSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  cameraId: z.string(),
  cameraName: z.string(),
  kind: z.enum(LIVE_LOG_KINDS),
  /** The watched range (playback, download) or instant (screenshot); null for live. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  at: z.string(),
});
export const liveLogPageSchema = pageOf(liveLogRowSchema);

export const videoSourceSaveSchema = z.object({
  cameraId: idSchema,
  kind: z.enum(VIDEO_SOURCE_KINDS).default('stream'),
  /**
   * The stream URL (kind 'stream'); credentials may be in it, so it is never answered back in full.
   * Left out (or empty) for a camera that already has a stream address, it keeps the stored one with
   * its credentials: a form that shows the answered address cannot send the password back.
   */
  url: z.string({ error: required }).trim().max(500).optional(),
  record: z.enum(RECORD_MODES).default('continuous'),
});
export const videoSourceSchema = z.object({
  cameraId: z.string(),
  kind: z.enum(VIDEO_SOURCE_KINDS),
  /** The URL without its user and password. */
  url: z.string().nullable(),
  record: z.enum(RECORD_MODES),
});
export * from './live.ts';
