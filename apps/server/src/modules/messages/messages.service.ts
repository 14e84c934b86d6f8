import type { NoticeCount, PageRequest } from '@storelens/contracts';
import { type DB, withinTransaction } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { publishRealtime, type RealtimeEvent } from '../../platform/realtime/publish.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { messagesRepo } from './messages.repo.ts';

const ROWS_PER_COUNT_QUERY = 500;

/** Each person's unread counts, as the bell shows them (session noticeCount). */
async function countsOf(db: DB, customerId: string, userIds: readonly string[]): Promise<Map<string, NoticeCount>> {
  const counts = new Map<string, NoticeCount>(userIds.map((userId) => [userId, { alert: 0, plan: 0, rectification: 0 }]));
  const repo = messagesRepo(tenantScope(db, customerId));
  for (let start = 0; start < userIds.length; start += ROWS_PER_COUNT_QUERY) {
    for (const row of await repo.unreadCounts(userIds.slice(start, start + ROWS_PER_COUNT_QUERY))) {
      const count = counts.get(row.user_id);
      if (!count) continue;
      const n = Number(row.n);
      if (row.kind === 1) count.alert = n;
      else if (row.kind === 2) count.plan = n;
      else if (row.kind === 3) count.rectification = n;
    }
  }
  return counts;
}

export interface NewMessage {
  userId: string;
  kind: 1 | 2 | 3;
  title: string;
  body: string;
  source: string | null;
  refId: string | null;
}

/**
 * The message center (spec section 2, /newsCenter): each person's own messages per kind (1 alarm,
 * 2 plan, 3 rectification), read or unread. Other modules post through `post`, never the table.
 *
 * Every change of a person's unread counts is published on the real-time channel (issue 15): a
 * post sends each recipient a `notice` event with their new counts and the new message, reading
 * sends the reader's other tabs their counts. So whatever module posts (camera-offline alarms,
 * occupancy, alarms, plans, rectifications) is live on every open bell with nothing of its own.
 */
export function createMessagesService(deps: { db: DB }) {
  const { db } = deps;
  return {
    async list(actor: CustomerActor, input: PageRequest & { kind: 1 | 2 | 3; read?: boolean | undefined }) {
      const repo = messagesRepo(tenantScope(db, actor.customerId));
      const [total, unread, rows] = await Promise.all([
        repo.count(actor.userId, input.kind, input.read),
        repo.count(actor.userId, input.kind, false),
        repo.page(actor.userId, input.kind, input.read, (input.page - 1) * input.pageSize, input.pageSize),
      ]);
      return {
        total,
        page: input.page,
        pageSize: input.pageSize,
        unread,
        list: rows.map((row) => ({
          id: row.id,
          kind: row.kind as 1 | 2 | 3,
          title: row.title,
          body: row.body,
          read: row.read_at !== null,
          readAt: row.read_at,
          createdAt: row.created_at,
          source: row.source,
          refId: row.ref_id,
        })),
      };
    },

    /** Marks one of the caller's own messages read; someone else's id answers not found. */
    async read(actor: CustomerActor, id: string): Promise<null> {
      const repo = messagesRepo(tenantScope(db, actor.customerId));
      if (!(await repo.find(actor.userId, id))) throw notFound();
      await db.transaction().execute(async (trx) => {
        const [result] = await messagesRepo(tenantScope(trx, actor.customerId)).markRead(actor.userId, id, nowIso());
        if (Number(result?.numUpdatedRows ?? 0) > 0) await publishCounts(trx, actor.customerId, actor.userId);
      });
      return null;
    },

    async readAll(actor: CustomerActor, kind?: 1 | 2 | 3): Promise<{ updated: number }> {
      return db.transaction().execute(async (trx) => {
        const updated = await messagesRepo(tenantScope(trx, actor.customerId)).markAllRead(actor.userId, kind, nowIso());
        if (updated > 0) await publishCounts(trx, actor.customerId, actor.userId);
        return { updated };
      });
    },

    /**
     * Posts messages and tells each recipient's open browsers at once: one `notice` event per
     * message with the recipient's new unread counts. The messages and their events are written in
     * one transaction: nothing is announced that was not stored, nothing stored goes unannounced.
     */
    async post(customerId: string, messages: NewMessage[], at = nowIso()): Promise<void> {
      if (messages.length === 0) return;
      const rows = messages.map((message) => ({
        id: newId(),
        user_id: message.userId,
        kind: message.kind,
        title: message.title,
        body: message.body,
        read_at: null,
        created_at: at,
        source: message.source,
        ref_id: message.refId,
      }));
      await withinTransaction(db, async (trx) => {
        await messagesRepo(tenantScope(trx, customerId)).insert(rows);
        const counts = await countsOf(trx, customerId, [...new Set(rows.map((row) => row.user_id))]);
        const events: RealtimeEvent[] = rows.map((row) => ({
          type: 'notice',
          userId: row.user_id,
          data: {
            counts: counts.get(row.user_id) ?? { alert: 0, plan: 0, rectification: 0 },
            message: { id: row.id, kind: row.kind, title: row.title, body: row.body, createdAt: row.created_at, source: row.source, refId: row.ref_id },
          },
        }));
        await publishRealtime(trx, customerId, events);
      });
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;

/** The reader's new counts to their other tabs (nothing new to show, so no message). */
async function publishCounts(db: DB, customerId: string, userId: string): Promise<void> {
  const counts = (await countsOf(db, customerId, [userId])).get(userId) ?? { alert: 0, plan: 0, rectification: 0 };
  await publishRealtime(db, customerId, [{ type: 'notice', userId, data: { counts, message: null } }]);
}
