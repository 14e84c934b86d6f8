import type { MessagesTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

const INSERT_CHUNK = 500;

export function messagesRepo(scope: TenantScope) {
  const mine = (userId: string, kind: number, read?: boolean) => {
    let query = scope.selectFrom('messages').where('user_id', '=', userId).where('kind', '=', kind);
    if (read === true) query = query.where('read_at', 'is not', null);
    if (read === false) query = query.where('read_at', 'is', null);
    return query;
  };
  return {
    async count(userId: string, kind: number, read?: boolean): Promise<number> {
      const row = await mine(userId, kind, read)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    page: (userId: string, kind: number, read: boolean | undefined, offset: number, limit: number) =>
      mine(userId, kind, read).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    find: (userId: string, id: string) =>
      scope.selectFrom('messages').select(['id', 'read_at']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst(),
    markRead: (userId: string, id: string, at: string) =>
      scope.updateTable('messages').set({ read_at: at }).where('id', '=', id).where('user_id', '=', userId).where('read_at', 'is', null).execute(),
    async markAllRead(userId: string, kind: number | undefined, at: string): Promise<number> {
      // Only what existed when the person asked: a message arriving meanwhile stays unread.
      let query = scope.updateTable('messages').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null).where('created_at', '<=', at);
      if (kind !== undefined) query = query.where('kind', '=', kind);
      const [result] = await query.execute();
      return Number(result?.numUpdatedRows ?? 0);
    },
    /** Unread messages by person and kind, for the people given (the live counts of their bells). */
    unreadCounts: (userIds: readonly string[]): Promise<{ user_id: string; kind: number; n: number }[]> =>
      userIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('messages')
            .select(['user_id', 'kind', (eb) => eb.fn.countAll<number>().as('n')])
            .where('user_id', 'in', [...userIds])
            .where('read_at', 'is', null)
            .groupBy(['user_id', 'kind'])
            .execute(),
    async insert(rows: Omit<MessagesTable, 'customer_id'>[]): Promise<void> {
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) await scope.insertInto('messages', rows.slice(start, start + INSERT_CHUNK)).execute();
    },
  };
}
