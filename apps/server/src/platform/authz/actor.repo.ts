import type { Selectable } from 'kysely';
import type { DB } from '../db/database.ts';
import type { MembershipsTable, RolesTable } from '../db/schema.ts';
import { tenantScope } from '../tenancy/scoped.ts';

export type MembershipRow = Pick<Selectable<MembershipsTable>, 'role_id' | 'org_id'> & { role_name: string } & Pick<Selectable<RolesTable>, 'privileges'>;

/** Membership and role of a user in a customer; null when the user has no (enabled) access. */
export async function findMembership(db: DB, userId: string, customerId: string): Promise<MembershipRow | null> {
  const row = await tenantScope(db, customerId)
    .selectFrom('memberships')
    .innerJoin('roles', (join) => join.onRef('roles.customer_id', '=', 'memberships.customer_id').onRef('roles.id', '=', 'memberships.role_id'))
    .innerJoin('customers', 'customers.id', 'memberships.customer_id')
    .select(['memberships.role_id', 'memberships.org_id', 'roles.name as role_name', 'roles.privileges'])
    .where('memberships.user_id', '=', userId)
    .where('memberships.enabled', '=', 1)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The customers a user may work in (enabled memberships), for sign-in and the customer picker. Reads
 * across tenants on purpose: before a customer is chosen, the person's memberships are what name them.
 */
export function customersOfUser(db: DB, userId: string): Promise<{ cid: string; cname: string }[]> {
  return db
    .selectFrom('memberships')
    .innerJoin('customers', 'customers.id', 'memberships.customer_id')
    .select(['customers.id as cid', 'customers.name as cname'])
    .where('memberships.user_id', '=', userId)
    .where('memberships.enabled', '=', 1)
    .orderBy('customers.name')
    .execute();
}
