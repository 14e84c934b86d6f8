import type { ShopsTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

export type NewShopRow = Omit<ShopsTable, 'customer_id'>;

export function orgAdminRepo(scope: TenantScope) {
  return {
    findOrg: (orgId: string) => scope.selectFrom('orgs').select(['id', 'level', 'orgcode']).where('id', '=', orgId).executeTakeFirst(),
    orgcodeTaken: async (orgcode: string) => (await scope.selectFrom('orgs').select('id').where('orgcode', '=', orgcode).executeTakeFirst()) !== undefined,
    shopNumberTaken: async (number: string) => (await scope.selectFrom('shops').select('id').where('number', '=', number).executeTakeFirst()) !== undefined,
    insertOrg: (row: { id: string; parent_id: string; name: string; level: number; orgcode: string; created_at: string }) =>
      scope.insertInto('orgs', [row]).execute(),
    insertShop: (row: NewShopRow) => scope.insertInto('shops', [row]).execute(),
  };
}
