import type { DB } from '../db/database.ts';

export interface MembershipRow {
  role_id: number;
  org_id: string | null;
  role_name: string;
  privileges: string;
}

/** Membership and role of a user in a customer; null when the user has no (enabled) access. */
export async function findMembership(db: DB, userId: string, customerId: string): Promise<MembershipRow | null> {
  const row = await db
    .selectFrom('memberships')
    .innerJoin('roles', (join) => join.onRef('roles.customer_id', '=', 'memberships.customer_id').onRef('roles.id', '=', 'memberships.role_id'))
    .innerJoin('customers', 'customers.id', 'memberships.customer_id')
    .select(['memberships.role_id', 'memberships.org_id', 'roles.name as role_name', 'roles.privileges'])
    .where('memberships.customer_id', '=', customerId)
    .where('memberships.user_id', '=', userId)
    .where('memberships.enabled', '=', 1)
    .executeTakeFirst();
  return row ?? null;
}

export interface ScopeRows {
  orgs: { id: string; parent_id: string | null }[];
  shops: { id: string; org_id: string }[];
  explicitShopIds: string[];
}

export async function loadScopeRows(db: DB, userId: string, customerId: string): Promise<ScopeRows> {
  const [orgs, shops, explicit] = await Promise.all([
    db.selectFrom('orgs').select(['id', 'parent_id']).where('customer_id', '=', customerId).execute(),
    db.selectFrom('shops').select(['id', 'org_id']).where('customer_id', '=', customerId).execute(),
    db.selectFrom('membership_shops').select('shop_id').where('customer_id', '=', customerId).where('user_id', '=', userId).execute(),
  ]);
  return { orgs, shops, explicitShopIds: explicit.map((r) => r.shop_id) };
}

/** The customers a user may work in (enabled memberships), for sign-in and the customer picker. */
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
