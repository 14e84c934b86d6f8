import { localeFromHeader, RequestHeader } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { DB } from '../db/database.ts';
import { now } from '../time/clock.ts';
import { DEVICE_TOKEN_PREFIX, findDeviceByToken } from './device-tokens.repo.ts';
import { sessionsRepo } from './sessions.repo.ts';

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : null;
}

/** Resolves the caller's language and session on every request; the guard decides what that allows. */
export function registerSessionResolution(app: FastifyInstance, db: DB, config: AppConfig): void {
  const sessions = sessionsRepo(db);
  app.decorateRequest('locale', 'en');
  app.decorateRequest('session', null);
  app.decorateRequest('actor', null);
  app.decorateRequest('device', null);
  app.addHook('onRequest', async (request, reply) => {
    request.locale = localeFromHeader(request.headers[RequestHeader.acceptLanguage]);
    reply.header(RequestHeader.requestId, request.id);
    const token = bearerToken(request.headers.authorization);
    if (!token || token.length > 200) return;
    // A box's device token identifies the box, never a person: it opens only device operations.
    if (token.startsWith(DEVICE_TOKEN_PREFIX)) {
      request.device = await findDeviceByToken(db, token);
      return;
    }
    const session = await sessions.findActive(token);
    if (!session) return;
    request.session = { sessionId: session.id, userId: session.userId, customerId: session.customerId };
    // Sliding expiry, written at most once a minute per session to keep writes off the hot path.
    if (Date.parse(session.lastSeenAt) < now().getTime() - 60_000) await sessions.touch(session.id, config.sessionTtlHours);
  });
}
