import type { DB } from '../db/database.ts';
import { nowIso } from '../time/clock.ts';

export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
}

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
