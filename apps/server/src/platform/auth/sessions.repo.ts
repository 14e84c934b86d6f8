import type { DB } from '../db/database.ts';
import { newId, randomToken, sha256 } from '../ids.ts';
import { isoIn, nowIso } from '../time/clock.ts';

export interface ActiveSession {
  id: string;
  userId: string;
  customerId: string | null;
  lastSeenAt: string;
}

/**
 * Opaque session tokens: the client holds the token, the database holds only its SHA-256, so a
 * leaked database cannot be replayed. Tokens expire, and are revoked on logout, on password change
 * and when the user is disabled.
 */
export function sessionsRepo(db: DB) {
  return {
    async create(userId: string, ttlHours: number): Promise<{ token: string; sessionId: string }> {
      const token = `${newId()}.${randomToken()}`;
      const sessionId = sha256(token);
      const at = nowIso();
      await db
        .insertInto('sessions')
        .values({
          id: sessionId,
          user_id: userId,
          customer_id: null,
          created_at: at,
          last_seen_at: at,
          expires_at: isoIn(ttlHours * 3_600_000),
          revoked_at: null,
        })
        .execute();
      return { token, sessionId };
    },

    async findActive(token: string): Promise<ActiveSession | null> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.id',
          'sessions.user_id',
          'sessions.customer_id',
          'sessions.last_seen_at',
          'sessions.expires_at',
          'sessions.revoked_at',
          'users.enabled',
        ])
        .where('sessions.id', '=', sha256(token))
        .executeTakeFirst();
      if (!row || row.revoked_at || row.expires_at <= nowIso() || row.enabled !== 1) return null;
      return { id: row.id, userId: row.user_id, customerId: row.customer_id, lastSeenAt: row.last_seen_at };
    },

    /**
     * Which of these sessions still stand for their customer (an open event stream asks every
     * heartbeat): not revoked, not expired, the user enabled, the customer still the selected one.
     */
    async stillActive(sessions: readonly { sessionId: string; customerId: string }[]): Promise<Set<string>> {
      if (sessions.length === 0) return new Set();
      const rows = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['sessions.id', 'sessions.customer_id'])
        .where(
          'sessions.id',
          'in',
          sessions.map((session) => session.sessionId),
        )
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', nowIso())
        .where('users.enabled', '=', 1)
        .execute();
      const customerOf = new Map(rows.map((row) => [row.id, row.customer_id]));
      return new Set(sessions.filter((session) => customerOf.get(session.sessionId) === session.customerId).map((session) => session.sessionId));
    },

    async touch(sessionId: string, ttlHours: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: nowIso(), expires_at: isoIn(ttlHours * 3_600_000) })
        .where('id', '=', sessionId)
        .execute();
    },

    async setCustomer(sessionId: string, customerId: string): Promise<void> {
      await db.updateTable('sessions').set({ customer_id: customerId }).where('id', '=', sessionId).execute();
    },

    async revoke(sessionId: string): Promise<void> {
      await db.updateTable('sessions').set({ revoked_at: nowIso() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
    },

    async revokeAllForUser(userId: string, exceptSessionId?: string): Promise<void> {
      let query = db.updateTable('sessions').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
      if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
      await query.execute();
    },
  };
}
export type SessionsRepo = ReturnType<typeof sessionsRepo>;
