import type { Selectable } from 'kysely';
import type { DB } from '../../platform/db/database.ts';
import { containsKeyword } from '../../platform/db/like-pattern.ts';
import type { MembershipsTable, UsersTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';

const INSERT_CHUNK = 500;

/** Accounts are global (one person, many customers); only their own columns are written here. */
export function usersRepo(db: DB) {
  return {
    findByLoginName: (loginName: string) => db.selectFrom('users').select(['id']).where('login_name', '=', loginName).executeTakeFirst(),
    findById: (userId: string) => db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),
    usersByLoginNames: async (loginNames: string[]) =>
      loginNames.length === 0 ? [] : db.selectFrom('users').select(['id', 'login_name']).where('login_name', 'in', loginNames).execute(),
    mobilesTaken: async (mobiles: string[]) =>
      mobiles.length === 0 ? [] : db.selectFrom('users').select(['id', 'mobile']).where('mobile', 'in', mobiles).execute(),
    mobileTakenByOther: async (mobile: string, userId: string | null) => {
      let query = db.selectFrom('users').select('id').where('mobile', '=', mobile);
      if (userId) query = query.where('id', '!=', userId);
      return (await query.executeTakeFirst()) !== undefined;
    },
    insertUser: (row: UsersTable) => db.insertInto('users').values(row).execute(),
    async insertUsers(rows: UsersTable[]): Promise<void> {
      for (let start = 0; start < rows.length; start += INSERT_CHUNK)
        await db
          .insertInto('users')
          .values(rows.slice(start, start + INSERT_CHUNK))
          .execute();
    },
    updatePerson: (userId: string, fields: Partial<Pick<UsersTable, 'surname' | 'given_name' | 'employee_no' | 'mobile' | 'signup_type' | 'password_hash'>>) =>
      db
        .updateTable('users')
        .set({ ...fields, updated_at: nowIso() })
        .where('id', '=', userId)
        .execute(),
    /**
     * Customers other than this one the accounts belong to. Reads across tenants on purpose, and
     * only counts: whether an account is shared decides who may edit its personal details.
     */
    async sharedAccounts(userIds: string[], customerId: string): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db.selectFrom('memberships').select('user_id').where('user_id', 'in', userIds).where('customer_id', '!=', customerId).execute();
      return new Set(rows.map((row) => row.user_id));
    },
  };
}

/** A member as the user lists show them: the membership in this customer and the person's details. */
export type MemberRow = Pick<Selectable<MembershipsTable>, 'user_id' | 'role_id' | 'org_id' | 'enabled' | 'created_at'> &
  Pick<Selectable<UsersTable>, 'login_name' | 'surname' | 'given_name' | 'employee_no' | 'mobile' | 'email' | 'signup_type'>;

export function membershipsRepo(scope: TenantScope) {
  async function insertGrants(rows: { user_id: string; shop_id: string }[]): Promise<void> {
    for (let start = 0; start < rows.length; start += INSERT_CHUNK)
      await scope.insertInto('membership_shops', rows.slice(start, start + INSERT_CHUNK)).execute();
  }
  return {
    roleExists: async (roleId: number) => (await scope.selectFrom('roles').select('id').where('id', '=', roleId).executeTakeFirst()) !== undefined,
    findMembership: (userId: string) => scope.selectFrom('memberships').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    insertMembership: (row: { user_id: string; role_id: number; org_id: string | null; enabled: number; created_at: string }) =>
      scope.insertInto('memberships', [row]).execute(),
    async insertMemberships(rows: Omit<MembershipsTable, 'customer_id'>[]): Promise<void> {
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) await scope.insertInto('memberships', rows.slice(start, start + INSERT_CHUNK)).execute();
    },
    updateMembership: (userId: string, fields: Partial<Pick<MembershipsTable, 'role_id' | 'org_id' | 'enabled'>>) =>
      scope.updateTable('memberships').set(fields).where('user_id', '=', userId).execute(),
    insertShopGrants: (userId: string, shopIds: string[]) => insertGrants(shopIds.map((shop_id) => ({ user_id: userId, shop_id }))),
    insertGrants,
    async replaceShopGrants(userId: string, shopIds: string[]): Promise<void> {
      await scope.deleteFrom('membership_shops').where('user_id', '=', userId).execute();
      await insertGrants(shopIds.map((shop_id) => ({ user_id: userId, shop_id })));
    },

    /** Members with their account, filtered by a keyword on login, names, mobile and employee number. */
    members: (keyword?: string, userIds?: string[]): Promise<MemberRow[]> => {
      let query = scope
        .selectFrom('memberships')
        // Users are global; joining them on the membership's user keeps the customer filter.
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select([
          'memberships.user_id',
          'memberships.role_id',
          'memberships.org_id',
          'memberships.enabled',
          'memberships.created_at',
          'users.login_name',
          'users.surname',
          'users.given_name',
          'users.employee_no',
          'users.mobile',
          'users.email',
          'users.signup_type',
        ])
        .orderBy('memberships.created_at')
        .orderBy('users.login_name');
      if (userIds) query = query.where('memberships.user_id', 'in', userIds.length > 0 ? userIds : ['']);
      if (keyword) {
        query = query.where((eb) =>
          eb.or(
            (['users.login_name', 'users.surname', 'users.given_name', 'users.mobile', 'users.employee_no'] as const).map((column) =>
              containsKeyword(column, keyword),
            ),
          ),
        );
      }
      return query.execute();
    },
    grants: () => scope.selectFrom('membership_shops').select(['user_id', 'shop_id']).execute(),
    grantsOf: (userId: string) => scope.selectFrom('membership_shops').select('shop_id').where('user_id', '=', userId).execute(),
    shops: () => scope.selectFrom('shops').select(['id', 'org_id', 'number', 'name']).execute(),
    roles: () => scope.selectFrom('roles').selectAll().orderBy('id').execute(),
  };
}
export type MembershipsRepo = ReturnType<typeof membershipsRepo>;
