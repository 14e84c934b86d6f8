import { REALTIME, realtimeOperations, type realtimeStreamQuerySchema } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { sessionsRepo } from '../auth/sessions.repo.ts';
import { actorOf } from '../authz/guard.ts';
import type { DB } from '../db/database.ts';
import { envelopeSchema } from '../http/envelope.ts';
import { AppError, sessionExpired } from '../http/errors.ts';
import { registerOperation } from '../http/operation.ts';
import { createRealtimeHub, type RealtimeHub } from './hub.ts';
import { createStreamTickets } from './tickets.ts';

export interface RealtimeOptions {
  pollMs: number;
  heartbeatMs: number;
  lifetimeMs: number;
}

/** Past this much unsent output a client is too slow: its stream is ended and it replays on reconnect. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** The Last-Event-ID header (the browser's own reconnect) wins over the query parameter (our client's). */
function lastEventIdOf(header: string | string[] | undefined, query: string | undefined): number | null {
  const value = typeof header === 'string' && /^\d{1,15}$/.test(header.trim()) ? header.trim() : query;
  return value === undefined ? null : Number(value);
}

/**
 * The real-time channel (issue 15 section 5): the ticket operation and the event stream, and the
 * process's hub. The stream is declared like every operation (contracts realtimeOperations.stream)
 * but answers text/event-stream, not an envelope: its failures before the stream starts (no ticket,
 * a used or expired one) are envelopes like any other.
 */
export function registerRealtime(app: FastifyInstance, deps: { db: DB; options: RealtimeOptions }): RealtimeHub {
  const sessions = sessionsRepo(deps.db);
  const hub = createRealtimeHub(deps.db, {
    ...deps.options,
    activeSessions: (list) => sessions.stillActive(list),
    log: (message, error) => app.log.error({ err: error }, message),
  });
  const tickets = createStreamTickets({ db: deps.db, activeSessions: (list) => sessions.stillActive(list) });
  // Open streams would keep the server from closing: they end first, telling clients to come back.
  app.addHook('preClose', async () => hub.stop());

  registerOperation(app, realtimeOperations.ticket, async ({ request }) => {
    if (!request.session) throw sessionExpired();
    return tickets.issue(actorOf(request), request.session.sessionId);
  });

  const stream = realtimeOperations.stream;
  app.route({
    method: stream.method,
    url: stream.path,
    config: { guard: stream.guard },
    schema: { summary: stream.summary, tags: [...stream.tags], querystring: stream.query, response: { 200: envelopeSchema(stream.response) } },
    handler: async (request, reply) => {
      const query = request.query as z.infer<typeof realtimeStreamQuerySchema>;
      const grant = await tickets.redeem(query.ticket);
      if (!grant) throw new AppError('sessionExpired', 'realtime.ticketInvalid');
      const lastEventId = lastEventIdOf(request.headers['last-event-id'], query.lastEventId);

      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        // What the hooks set on the reply (security headers, request id), which a hijacked reply does not send itself.
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // A proxy (nginx) must pass events on at once rather than buffer them.
        'x-accel-buffering': 'no',
      });
      response.write(`retry: ${REALTIME.retryMs}\n: connected\n\n`);
      const { detach, ready } = hub.attach(
        {
          ...grant,
          write(frame) {
            if (response.writableEnded || response.destroyed) return false;
            response.write(frame);
            return response.writableLength < MAX_BUFFERED_BYTES;
          },
          end() {
            if (!response.writableEnded) response.end();
          },
        },
        lastEventId,
      );
      response.on('close', detach);
      await ready;
    },
  });
  return hub;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}
