import { containsKeyword } from '../../platform/db/like-pattern.ts';
import type { ShopGroupsTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

const INSERT_CHUNK = 500;

export function shopGroupsRepo(scope: TenantScope) {
  return {
    list: (keyword?: string) => {
      let query = scope.selectFrom('shop_groups').selectAll().orderBy('name');
      if (keyword) query = query.where(containsKeyword('name', keyword));
      return query.execute();
    },
    find: (groupId: string) => scope.selectFrom('shop_groups').selectAll().where('id', '=', groupId).executeTakeFirst(),
    named: (name: string, exceptId?: string) => {
      let query = scope
        .selectFrom('shop_groups')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
      if (exceptId) query = query.where('id', '!=', exceptId);
      return query.executeTakeFirst();
    },
    members: async (groupIds: string[]) =>
      groupIds.length === 0 ? [] : scope.selectFrom('shop_group_shops').select(['group_id', 'shop_id']).where('group_id', 'in', groupIds).execute(),
    existingShopIds: async (shopIds: string[]) =>
      shopIds.length === 0
        ? new Set<string>()
        : new Set((await scope.selectFrom('shops').select('id').where('id', 'in', shopIds).execute()).map((row) => row.id)),
    existingRoleIds: async (roleIds: number[]) =>
      roleIds.length === 0
        ? new Set<number>()
        : new Set((await scope.selectFrom('roles').select('id').where('id', 'in', roleIds).execute()).map((row) => row.id)),
    insert: (row: Omit<ShopGroupsTable, 'customer_id'>) => scope.insertInto('shop_groups', [row]).execute(),
    update: (groupId: string, changes: Partial<Omit<ShopGroupsTable, 'customer_id' | 'id'>>) =>
      scope.updateTable('shop_groups').set(changes).where('id', '=', groupId).execute(),
    delete: (groupId: string) => scope.deleteFrom('shop_groups').where('id', '=', groupId).execute(),
    async replaceMembers(groupId: string, shopIds: string[]): Promise<void> {
      await scope.deleteFrom('shop_group_shops').where('group_id', '=', groupId).execute();
      for (let start = 0; start < shopIds.length; start += INSERT_CHUNK) {
        await scope
          .insertInto(
            'shop_group_shops',
            shopIds.slice(start, start + INSERT_CHUNK).map((shop_id) => ({ group_id: groupId, shop_id })),
          )
          .execute();
      }
    },
  };
}
