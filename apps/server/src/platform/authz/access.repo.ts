import type { Selectable } from 'kysely';
import type { OrgsTable, ShopsTable } from '../db/schema.ts';
import type { TenantScope } from '../tenancy/scoped.ts';

export type OrgNode = Pick<Selectable<OrgsTable>, 'id' | 'parent_id' | 'name' | 'level' | 'orgcode'>;
export type ShopPlacement = Pick<Selectable<ShopsTable>, 'id' | 'org_id'>;

/** What every data scope of a customer is computed from: its organisation tree and where its shops hang. */
export interface CustomerLayout {
  orgs: OrgNode[];
  shops: ShopPlacement[];
}

export function accessRepo(scope: TenantScope) {
  return {
    async layout(): Promise<CustomerLayout> {
      const [orgs, shops] = await Promise.all([
        scope.selectFrom('orgs').select(['id', 'parent_id', 'name', 'level', 'orgcode']).execute(),
        scope.selectFrom('shops').select(['id', 'org_id']).execute(),
      ]);
      return { orgs, shops };
    },

    /** Shops granted to the user one by one (beside or instead of an organisation). */
    async grantedShopIds(userId: string): Promise<string[]> {
      const rows = await scope.selectFrom('membership_shops').select('shop_id').where('user_id', '=', userId).execute();
      return rows.map((row) => row.shop_id);
    },

    /** Every member's grants, for rules about who covers a shop (alarm audiences, members of a shop). */
    allGrants(): Promise<{ user_id: string; shop_id: string }[]> {
      return scope.selectFrom('membership_shops').select(['user_id', 'shop_id']).execute();
    },

    cameraShops(cameraIds: readonly string[]): Promise<{ id: string; shop_id: string }[]> {
      if (cameraIds.length === 0) return Promise.resolve([]);
      return scope
        .selectFrom('cameras')
        .select(['id', 'shop_id'])
        .where('id', 'in', [...cameraIds])
        .execute();
    },
  };
}
