import type { PageRequest } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { messagesRepo } from './messages.repo.ts';

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
      await repo.markRead(actor.userId, id, nowIso());
      return null;
    },

    async readAll(actor: CustomerActor, kind?: 1 | 2 | 3): Promise<{ updated: number }> {
      return { updated: await messagesRepo(tenantScope(db, actor.customerId)).markAllRead(actor.userId, kind, nowIso()) };
    },

    async post(customerId: string, messages: NewMessage[], at = nowIso()): Promise<void> {
      await messagesRepo(tenantScope(db, customerId)).insert(
        messages.map((message) => ({
          id: newId(),
          user_id: message.userId,
          kind: message.kind,
          title: message.title,
          body: message.body,
          read_at: null,
          created_at: at,
          source: message.source,
          ref_id: message.refId,
        })),
      );
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
