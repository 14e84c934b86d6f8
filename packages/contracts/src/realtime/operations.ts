import { z } from 'zod';
import { declareOperation } from '../platform/operation.ts';
import { realtimeStreamQuerySchema, realtimeTicketSchema } from './index.ts';

const tags = ['realtime'];

/** The real-time channel (issue 15 section 5; docs/API.md "Real-time events"). */
export const realtimeOperations = {
  ticket: declareOperation({
    name: 'realtime.ticket',
    method: 'POST',
    path: '/api/realtime/ticket',
    summary: "A single-use ticket (30 s) for the caller's event stream: the stream's address with it",
    tags,
    guard: { auth: 'customer' },
    response: realtimeTicketSchema,
  }),
  stream: declareOperation({
    name: 'realtime.stream',
    method: 'GET',
    path: '/api/realtime/stream',
    summary:
      'Server-sent events (text/event-stream): notice counts, dashboard changes; the ticket authenticates (no ticket, a used or expired one: 401 envelope); Last-Event-ID or lastEventId replays what was missed',
    tags,
    // The single-use ticket stands for the session that asked for it.
    guard: { auth: 'public' },
    query: realtimeStreamQuerySchema,
    // Not an envelope: a stream of events (docs/decisions/deviations.md).
    response: z.null(),
  }),
} as const;
