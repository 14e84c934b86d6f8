import type { DB } from '../../platform/db/database.ts';
import { type TenantScope, tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';

export function sessionRepo(db: DB) {
  return {
    customerForUser: (userId: string, customerId: string) =>
      tenantScope(db, customerId)
        .selectFrom('memberships')
        .innerJoin('customers', 'customers.id', 'memberships.customer_id')
        .select(['customers.id', 'customers.name', 'customers.countries', 'customers.default_time_zone'])
        .where('memberships.user_id', '=', userId)
        .where('memberships.enabled', '=', 1)
        .executeTakeFirst(),
    userById: (userId: string) => db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow(),
    mobileTakenByOther: async (mobile: string, userId: string) =>
      (await db.selectFrom('users').select('id').where('mobile', '=', mobile).where('id', '!=', userId).executeTakeFirst()) !== undefined,
    async updateUser(userId: string, fields: { surname: string; given_name: string; mobile?: string | null; email?: string; locale?: string }) {
      await db
        .updateTable('users')
        .set({ ...fields, updated_at: nowIso() })
        .where('id', '=', userId)
        .execute();
    },
    async setPassword(userId: string, passwordHash: string) {
      await db.updateTable('users').set({ password_hash: passwordHash, updated_at: nowIso() }).where('id', '=', userId).execute();
    },
  };
}

/** Tenant-scoped reads of the session module. */
export function sessionTenantRepo(scope: TenantScope) {
  return {
    orgName: async (orgId: string | null) =>
      orgId ? ((await scope.selectFrom('orgs').select('name').where('id', '=', orgId).executeTakeFirst())?.name ?? null) : null,
    unreadCounts: (userId: string) =>
      scope
        .selectFrom('messages')
        .select(['kind', (eb) => eb.fn.countAll<number>().as('count')])
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .groupBy('kind')
        .execute(),
  };
}
