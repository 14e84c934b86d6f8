import type { Selectable } from 'kysely';
import type { DB } from '../db/database.ts';
import type { OutboxTable } from '../db/schema.ts';
import { nowIso } from '../time/clock.ts';

export type OutboxMessage = Selectable<OutboxTable>;

export function outboxRepo(db: DB) {
  return {
    async add(message: Omit<OutboxMessage, 'id' | 'created_at'>): Promise<void> {
      await db
        .insertInto('outbox')
        .values({ ...message, created_at: nowIso() })
        .execute();
    },
    async latest(limit: number, recipient?: string): Promise<OutboxMessage[]> {
      let query = db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit);
      if (recipient) query = query.where('recipient', '=', recipient);
      return query.execute();
    },
  };
}
