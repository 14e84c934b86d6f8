import type { DB } from '../../platform/db/database.ts';
import type { UsersTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

export function usersRepo(db: DB) {
  return {
    findByLoginName: (loginName: string) => db.selectFrom('users').select(['id']).where('login_name', '=', loginName).executeTakeFirst(),
    insertUser: (row: UsersTable) => db.insertInto('users').values(row).execute(),
  };
}

export function membershipsRepo(scope: TenantScope) {
  return {
    roleExists: async (roleId: number) => (await scope.selectFrom('roles').select('id').where('id', '=', roleId).executeTakeFirst()) !== undefined,
    insertMembership: (row: { user_id: string; role_id: number; org_id: string | null; enabled: number; created_at: string }) =>
      scope.insertInto('memberships', [row]).execute(),
    insertShopGrants: (userId: string, shopIds: string[]) =>
      shopIds.length === 0
        ? Promise.resolve([])
        : scope
            .insertInto(
              'membership_shops',
              shopIds.map((shop_id) => ({ user_id: userId, shop_id })),
            )
            .execute(),
  };
}
