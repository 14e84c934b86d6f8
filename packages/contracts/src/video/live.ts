import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { declareOperation } from '../platform/operation.ts';

/**
 * Live view (issue 12 section 2): fragmented MP4 over a WebSocket into Media Source Extensions.
 * A person asks for a camera's live address (GET current/cameralive/web); the answer names a
 * WebSocket URL with a single-use ticket valid for a few seconds (a browser cannot send the
 * session's Authorization header on a WebSocket, and the session token never goes into a URL).
 */
export const LIVE = {
  /** How long a live ticket may wait before its WebSocket opens. */
  ticketTtlMs: 30_000,
  /** An on-demand camera's pull stays open this long after its last viewer leaves (a tile re-shown, a page reloaded). */
  pullGraceMs: 10_000,
  /** Video grid layouts (tiles per page) and the default (spec section 9: 1x1, gap 4 px). */
  layouts: [1, 4, 9, 16] as const,
  gridGapPx: 4,
  /** Playback speeds offered (the choice is remembered). */
  speeds: [0.5, 1, 2, 4, 8, 16] as const,
} as const;

export const liveRequestSchema = z.object({ cameraId: idSchema });
export const liveTicketSchema = z.object({
  cameraId: z.string(),
  /** Path of the WebSocket with its ticket; the page makes it ws:// or wss:// on its own origin. */
  url: z.string(),
  expiresAt: z.string(),
});
export type LiveTicket = z.infer<typeof liveTicketSchema>;
/** A signed ticket: base64url claims, a dot, a base64url HMAC (the server's own format; nothing else is read). */
export const liveStreamQuerySchema = z.object({
  ticket: z
    .string()
    .max(1000)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/),
});

/**
 * Text messages on the live WebSocket (binary messages are the fMP4 bytes: the init part first,
 * then fragments). `offline`: the camera gave no video (the page shows 'The camera is offline');
 * `ended`: the stream stopped (the recorder restarted): the page asks for a new ticket.
 */
export const liveControlSchema = z.object({ type: z.enum(['offline', 'ended']) });
export type LiveControl = z.infer<typeof liveControlSchema>;

/** Alarm marks for the playback time axis; alarms arrive with issue 15, so the list is empty today. */
export const alarmMarksRequestSchema = z.object({ cameraId: idSchema, from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) });
export const alarmMarksSchema = z.object({ marks: z.array(z.object({ at: z.string(), kind: z.string() })) });

const tags = ['video'];

export const liveOperations = {
  liveTicket: declareOperation({
    name: 'video.liveTicket',
    method: 'GET',
    path: '/api/current/cameralive/web',
    summary: "A camera's live stream: the WebSocket address with a single-use ticket (closed stores and offline cameras are refused)",
    tags,
    guard: { auth: 'customer', permission: 'video_nav' },
    query: liveRequestSchema,
    response: liveTicketSchema,
  }),
  liveStream: declareOperation({
    name: 'video.liveStream',
    method: 'GET',
    path: '/api/live/stream',
    summary: 'The live WebSocket: fMP4 init part and fragments as binary messages; the ticket authenticates (a plain request is refused)',
    tags,
    // The single-use ticket stands for the session that asked for it.
    guard: { auth: 'public' },
    query: liveStreamQuerySchema,
    response: z.null(),
  }),
  alarmMarks: declareOperation({
    name: 'video.alarmMarks',
    method: 'POST',
    path: '/api/video/alarmMarks',
    summary: 'Alarm instants of a camera in a range, marked on the playback time axis (none until alarms exist)',
    tags,
    guard: { auth: 'customer', permission: 'video_nav' },
    body: alarmMarksRequestSchema,
    response: alarmMarksSchema,
  }),
} as const;
