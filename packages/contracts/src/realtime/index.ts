import { z } from 'zod';
import { alarmRaisedEventSchema } from '../alarms/index.ts';
import { messageKindSchema } from '../messages/index.ts';
import type { PermissionKey } from '../platform/permissions.ts';
import { noticeCountSchema } from '../session/index.ts';

/**
 * The real-time channel (issue 15 section 5): server-sent events on GET /api/realtime/stream.
 * A browser's EventSource cannot send the Authorization header, and the session token never goes
 * into a URL, so the page first asks for a short-lived single-use ticket (POST /api/realtime/ticket,
 * authenticated like every call) and opens the stream with it. docs/decisions/realtime.md.
 */
export const REALTIME = {
  /** How long a ticket waits to be redeemed by the stream. */
  ticketTtlMs: 30_000,
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: 15_000,
  /**
   * The server ends a stream after this long and the page opens a new one with a new ticket: the
   * person's role, data scope and membership are read again, as on any call.
   */
  connectionLifetimeMs: 10 * 60_000,
  /** At most this many missed events are replayed after a reconnect; more, and the page is told to read everything again (`resync`). */
  replayLimit: 500,
  /** Events are kept this long for replays (the prune job deletes older ones). */
  retentionHours: 24,
  /** The EventSource `retry:` the server suggests (the page reconnects itself, with backoff, on a new ticket). */
  retryMs: 2_000,
} as const;

export const realtimeTicketSchema = z.object({
  /** The stream's path with the ticket: `/api/realtime/stream?ticket=...` (the page adds `lastEventId`). */
  url: z.string(),
  expiresAt: z.string(),
});
export type RealtimeTicket = z.infer<typeof realtimeTicketSchema>;

/** `<customer id>.<random>`: the server's own format; nothing else is read. */
export const realtimeTicketValueSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{20,100}$/);
export const realtimeStreamQuerySchema = z.object({
  ticket: realtimeTicketValueSchema,
  /** The id of the last event the page received (as the Last-Event-ID header would carry it): the events after it are replayed. */
  lastEventId: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
});

/** The message that raised a notice event, as the message center lists it. */
export const liveMessageSchema = z.object({
  id: z.string(),
  kind: messageKindSchema,
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  source: z.string().nullable(),
  refId: z.string().nullable(),
});
export type LiveMessage = z.infer<typeof liveMessageSchema>;

/**
 * `notice`: the person's unread counts changed (a message was posted to them, or they read some in
 * another tab); `message` is the new message, or null when messages were read.
 */
export const noticeEventSchema = z.object({ counts: noticeCountSchema, message: liveMessageSchema.nullable() });
export type NoticeEvent = z.infer<typeof noticeEventSchema>;

/** `dashboard`: a box's events for this shop were stored; an open /dashboard showing it reads it again. */
export const dashboardEventSchema = z.object({ shopId: z.string(), at: z.string() });
export type DashboardEvent = z.infer<typeof dashboardEventSchema>;

/**
 * `temperature` (issue 16): a sensor of this shop changed state (an alert raised or closed); an open
 * /temperature showing the shop reads its latest readings and alerts again.
 */
export const temperatureChangeEventSchema = z.object({
  shopId: z.string(),
  sensorId: z.string(),
  alertId: z.string(),
  change: z.enum(['raised', 'closed', 'action']),
  at: z.string(),
});
export type TemperatureRealtimeEvent = z.infer<typeof temperatureChangeEventSchema>;

/** `resync`: more was missed than can be replayed: read everything again. */
export const resyncEventSchema = z.object({ reason: z.enum(['tooManyMissed', 'expired']) });
export type ResyncEvent = z.infer<typeof resyncEventSchema>;

/**
 * Every event type, its data and the permission a connection needs to receive it. A new type
 * (alarms, rectifications) is added here: its schema, and the key that also guards the operations
 * that read the same data; the server delivers it only to connections whose map shows that key.
 */
export const REALTIME_EVENTS = {
  notice: { schema: noticeEventSchema, permission: 'message_nav' },
  dashboard: { schema: dashboardEventSchema, permission: 'cueretail_traffic_nav' },
  /** A new alarm of a shop (issue 15 section 2); delivered to people whose scope holds the shop. */
  alarm: { schema: alarmRaisedEventSchema, permission: 'cueretail_shopinspect_alert_show' },
  temperature: { schema: temperatureChangeEventSchema, permission: 'cueretail_ext_temperature' },
} as const satisfies Record<string, { schema: z.ZodType; permission: PermissionKey }>;
export type RealtimeEventType = keyof typeof REALTIME_EVENTS;
export type RealtimeEventData<T extends RealtimeEventType> = z.infer<(typeof REALTIME_EVENTS)[T]['schema']>;
export const REALTIME_EVENT_TYPES = Object.keys(REALTIME_EVENTS) as RealtimeEventType[];
