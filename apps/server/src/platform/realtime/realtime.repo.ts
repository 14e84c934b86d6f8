import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../db/database.ts';
import type { RealtimeEventsTable } from '../db/schema.ts';
import type { TenantScope } from '../tenancy/scoped.ts';

export type RealtimeEventRow = Selectable<RealtimeEventsTable>;
export type NewRealtimeEvent = Omit<Insertable<RealtimeEventsTable>, 'id'>;

const INSERT_CHUNK = 500;

/**
 * The event log. Read across customers on purpose (like the job queue): every web process follows
 * the whole log with one cursor and delivers each event only to the connections of its customer.
 */
export function realtimeEventsRepo(db: DB) {
  return {
    async insert(rows: readonly NewRealtimeEvent[]): Promise<void> {
      for (let start = 0; start < rows.length; start += INSERT_CHUNK)
        await db
          .insertInto('realtime_events')
          .values(rows.slice(start, start + INSERT_CHUNK))
          .execute();
    },

    async maxId(): Promise<number> {
      const row = await db
        .selectFrom('realtime_events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    },

    async minId(): Promise<number | null> {
      const row = await db
        .selectFrom('realtime_events')
        .select((eb) => eb.fn.min('id').as('id'))
        .executeTakeFirst();
      return row?.id === null || row?.id === undefined ? null : Number(row.id);
    },

    /** Events after an id, in id order. */
    after: (id: number, limit: number): Promise<RealtimeEventRow[]> =>
      db.selectFrom('realtime_events').selectAll().where('id', '>', id).orderBy('id').limit(limit).execute(),

    /** Events whose ids were missing when later ones arrived (a transaction that committed late). */
    byIds: (ids: readonly number[]): Promise<RealtimeEventRow[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('realtime_events')
            .selectAll()
            .where('id', 'in', [...ids])
            .orderBy('id')
            .execute(),

    /** One customer's events in (after, upTo], for a replay. */
    forReplay: (customerId: string, after: number, upTo: number, limit: number): Promise<RealtimeEventRow[]> =>
      db
        .selectFrom('realtime_events')
        .selectAll()
        .where('customer_id', '=', customerId)
        .where('id', '>', after)
        .where('id', '<=', upTo)
        .orderBy('id')
        .limit(limit)
        .execute(),

    async deleteBefore(createdBefore: string): Promise<number> {
      const [result] = await db.deleteFrom('realtime_events').where('created_at', '<', createdBefore).execute();
      return Number(result?.numDeletedRows ?? 0);
    },
  };
}

/** Stream tickets of one customer: by the SHA-256 of the ticket, single use. */
export function realtimeTicketsRepo(scope: TenantScope) {
  return {
    insert: (row: { id: string; user_id: string; session_id: string; expires_at: string; created_at: string }) =>
      scope.insertInto('realtime_tickets', [row]).execute(),

    /** Takes the ticket (deletes it) and answers whom it was for; null when it is unknown, used or expired. */
    redeem: (id: string, at: string): Promise<{ user_id: string; session_id: string } | undefined> =>
      scope.deleteFrom('realtime_tickets').where('id', '=', id).where('expires_at', '>', at).returning(['user_id', 'session_id']).executeTakeFirst(),

    /** Tickets nobody redeemed; the customer's expired ones go whenever it issues a new one. */
    deleteExpired: (at: string) => scope.deleteFrom('realtime_tickets').where('expires_at', '<=', at).execute(),
  };
}
