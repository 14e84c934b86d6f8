import { type LiveControl, liveOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../../platform/authz/guard.ts';
import type { CustomerActor } from '../../../platform/http/context.ts';
import { envelopeSchema } from '../../../platform/http/envelope.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { registerOperation } from '../../../platform/http/operation.ts';
import type { LiveService } from './live.service.ts';
import type { LiveRelay } from './live-relay.ts';

/** Close codes of the live WebSocket (application range 4000-4999). */
export const LIVE_CLOSE = { ticket: 4401, ended: 4000 } as const;

/**
 * The live view: the ticket operation, the WebSocket that redeems a ticket and relays the camera's
 * fMP4 (binary messages) with control messages as text, and the axis's alarm marks.
 * Needs @fastify/websocket registered on the app.
 */
export function registerLiveRoutes(
  app: FastifyInstance,
  deps: {
    live: LiveService;
    relay: LiveRelay;
    /** The alarms module's answer (app.ts passes it in: video does not read alarms itself). */
    alarmMarks: (actor: CustomerActor, input: { cameraId: string; from: string; to: string }) => Promise<{ marks: { at: string; kind: string }[] }>;
  },
): void {
  registerOperation(app, liveOperations.liveTicket, ({ query, request }) => deps.live.ticket(actorOf(request), query));
  registerOperation(app, liveOperations.alarmMarks, ({ body, request }) => deps.alarmMarks(actorOf(request), body));

  const stream = liveOperations.liveStream;
  app.route({
    method: stream.method,
    url: stream.path,
    config: { guard: stream.guard },
    schema: { summary: stream.summary, tags: [...stream.tags], querystring: stream.query, response: { 200: envelopeSchema(stream.response) } },
    // A plain request (no upgrade) gets a clear refusal, not a hanging socket.
    handler: async () => {
      throw badRequest('errors.liveWebSocketOnly');
    },
    wsHandler: async (socket, request) => {
      const grant = await deps.live.redeem((request.query as { ticket: string }).ticket);
      if (!grant) {
        socket.close(LIVE_CLOSE.ticket, 'ticket');
        return;
      }
      let sawInit = false;
      let skipping = false;
      const control = (message: LiveControl) => socket.send(JSON.stringify(message));
      const unwatch = deps.relay.watch({ cameraId: grant.cameraId, url: grant.url }, (event) => {
        if (event.kind === 'init') {
          sawInit = true;
          socket.send(event.data);
        } else if (event.kind === 'fragment') {
          // A viewer that cannot keep up skips fragments until the next keyframe rather than piling up memory.
          if (!event.keyframe && (skipping || socket.bufferedAmount > 4 * 1024 * 1024)) {
            skipping = true;
            return;
          }
          skipping = false;
          socket.send(event.data);
        } else {
          control({ type: sawInit ? 'ended' : 'offline' });
          socket.close(LIVE_CLOSE.ended, sawInit ? 'ended' : 'offline');
        }
      });
      socket.on('close', unwatch);
    },
  });
}
