import type { DB } from '../../platform/db/database.ts';
import type { BoardSettingsTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

/** A customer's board settings (one row per board). */
export function boardsRepo(scope: TenantScope) {
  return {
    all: () =>
      scope
        .selectFrom('board_settings as b')
        .leftJoin('users', 'users.id', 'b.updated_by')
        .selectAll('b')
        .select(['users.surname', 'users.given_name', 'users.login_name'])
        .execute(),
    one: (board: string) => scope.selectFrom('board_settings').selectAll().where('board', '=', board).executeTakeFirst(),
    save: (row: Omit<BoardSettingsTable, 'customer_id'>) =>
      scope
        .insertInto('board_settings', [row])
        .onConflict((oc) =>
          oc.columns(['customer_id', 'board']).doUpdateSet({
            address: row.address,
            signing: row.signing,
            resource_id: row.resource_id,
            audience: row.audience,
            secret: row.secret,
            updated_by: row.updated_by,
            updated_at: row.updated_at,
          }),
        )
        .execute(),
  };
}

/**
 * The addresses of every customer's boards: the frame sources the content security policy of the
 * /dataBoard pages allows. A page load carries no session (the token travels in a header the
 * browser does not send on navigation), so the policy cannot know the customer: it names the
 * configured origins of all customers, and no other.
 */
export async function allBoardAddresses(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('board_settings').select('address').where('address', '!=', '').execute();
  return rows.map((row) => row.address);
}
