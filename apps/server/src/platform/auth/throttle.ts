import type { DB } from '../db/database.ts';
import { TooManyRequests } from '../http/errors.ts';
import { now } from '../time/clock.ts';

/** A limit: at most `max` counted attempts per key in a window of `windowMs` from the first. */
export interface ThrottleRule {
  /** Prefix of the keys it counts (address, account, recovery target ...). */
  name: string;
  max: number;
  windowMs: number;
}

export interface ThrottleHit {
  /** Attempts in the current window, this one included. */
  count: number;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
}

/**
 * Counts attempts per key in the database (so every server process agrees) with one atomic upsert:
 * the count a caller gets back already includes its own attempt, so N parallel attempts see the
 * counts 1..N and only the first `max` pass, however they interleave.
 */
export function createThrottle(db: DB) {
  const keyOf = (rule: ThrottleRule, subject: string) => `${rule.name}:${subject.toLowerCase()}`;

  async function hit(rule: ThrottleRule, subject: string): Promise<ThrottleHit> {
    const at = now();
    const atIso = at.toISOString();
    const windowStart = new Date(at.getTime() - rule.windowMs).toISOString();
    const row = await db
      .insertInto('throttle_counters')
      .values({ key: keyOf(rule, subject), count: 1, window_started_at: atIso })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          // A window that has ended starts again with this attempt.
          count: eb
            .case()
            .when('throttle_counters.window_started_at', '<=', windowStart)
            .then(1)
            .else(eb('throttle_counters.count', '+', 1))
            .end(),
          window_started_at: eb
            .case()
            .when('throttle_counters.window_started_at', '<=', windowStart)
            .then(atIso)
            .else(eb.ref('throttle_counters.window_started_at'))
            .end(),
        })),
      )
      .returning(['count', 'window_started_at'])
      .executeTakeFirstOrThrow();
    const endsAt = Date.parse(row.window_started_at) + rule.windowMs;
    return { count: Number(row.count), retryAfterSeconds: Math.max(1, Math.ceil((endsAt - at.getTime()) / 1000)) };
  }

  return {
    hit,
    /** Counts the attempt and refuses it (429, Retry-After) once the key is over its limit. */
    async enforce(rule: ThrottleRule, subject: string): Promise<ThrottleHit> {
      const counted = await hit(rule, subject);
      if (counted.count > rule.max) throw new TooManyRequests(counted.retryAfterSeconds);
      return counted;
    },
    /** Gives back one counted attempt (it turned out not to be a failure). */
    async release(rule: ThrottleRule, subject: string): Promise<void> {
      await db
        .updateTable('throttle_counters')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('key', '=', keyOf(rule, subject))
        .where('count', '>', 0)
        .execute();
    },
    /** Attempts counted in the current window, without counting one. */
    async current(rule: ThrottleRule, subject: string): Promise<number> {
      const row = await db.selectFrom('throttle_counters').select(['count', 'window_started_at']).where('key', '=', keyOf(rule, subject)).executeTakeFirst();
      if (!row || Date.parse(row.window_started_at) <= now().getTime() - rule.windowMs) return 0;
      return Number(row.count);
    },
    async clear(rule: ThrottleRule, subject: string): Promise<void> {
      await db.deleteFrom('throttle_counters').where('key', '=', keyOf(rule, subject)).execute();
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
