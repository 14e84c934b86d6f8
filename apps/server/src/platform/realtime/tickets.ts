import { REALTIME, type RealtimeTicket } from '@storelens/contracts';
import { accessOf } from '../authz/access.ts';
import { resolveActor } from '../authz/actor.ts';
import type { DB } from '../db/database.ts';
import type { CustomerActor } from '../http/context.ts';
import { randomToken, sha256 } from '../ids.ts';
import { tenantScope } from '../tenancy/scoped.ts';
import { isoIn, nowIso } from '../time/clock.ts';
import type { Subscriber } from './hub.ts';
import { realtimeTicketsRepo } from './realtime.repo.ts';

export type StreamGrant = Omit<Subscriber, 'write' | 'end'>;

/**
 * Tickets of the event stream. A browser's EventSource cannot send the Authorization header and
 * the session token must never travel in a URL (logs, history, Referer), so an authenticated call
 * asks for a ticket: random, 30 seconds, single use, bound to the session, the person and the
 * customer. The database keeps only its SHA-256, and redeeming deletes it in one statement, so a
 * ticket opens one stream on any web process, once.
 */
export function createStreamTickets(deps: {
  db: DB;
  activeSessions: (sessions: readonly { sessionId: string; customerId: string }[]) => Promise<Set<string>>;
}) {
  const { db } = deps;
  return {
    async issue(actor: CustomerActor, sessionId: string): Promise<RealtimeTicket> {
      const ticket = `${actor.customerId}.${randomToken(24)}`;
      const expiresAt = isoIn(REALTIME.ticketTtlMs);
      const repo = realtimeTicketsRepo(tenantScope(db, actor.customerId));
      // Tickets nobody redeemed (a tab closed between the two calls) go with the customer's next one.
      await repo.deleteExpired(nowIso());
      await repo.insert({ id: sha256(ticket), user_id: actor.userId, session_id: sessionId, expires_at: expiresAt, created_at: nowIso() });
      return { url: `/api/realtime/stream?ticket=${encodeURIComponent(ticket)}`, expiresAt };
    },

    /**
     * Takes a ticket (once) and answers what its stream may receive: the person's permission map
     * and data scope as of now. Null when the ticket is unknown, used or expired, or its session,
     * membership or customer no longer stands.
     */
    async redeem(ticket: string): Promise<StreamGrant | null> {
      const customerId = ticket.slice(0, ticket.indexOf('.'));
      if (!customerId) return null;
      const taken = await realtimeTicketsRepo(tenantScope(db, customerId)).redeem(sha256(ticket), nowIso());
      if (!taken) return null;
      const active = await deps.activeSessions([{ sessionId: taken.session_id, customerId }]);
      if (!active.has(taken.session_id)) return null;
      const actor = await resolveActor(db, taken.user_id, customerId);
      if (!actor) return null;
      const scope = await accessOf(db, actor).scope();
      return { customerId, userId: actor.userId, sessionId: taken.session_id, permissions: actor.permissions, shops: scope.shopIds };
    },
  };
}
export type StreamTickets = ReturnType<typeof createStreamTickets>;
