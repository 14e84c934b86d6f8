import { isAllowed } from '@storelens/contracts';
import { accessOf, type DataScope } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { ShopGroupsTable } from '../../platform/db/schema.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { shopGroupsRepo } from './shop-groups.repo.ts';

export interface ShopGroupInput {
  name: string;
  shopIds: string[];
  roleIds: number[];
  score: number | null;
}

/**
 * Store groups (spec section 3). A group lists shops; its permissions are the roles that may use
 * it (none listed: every role) and its score a 0-100 weight. People see the member shops inside
 * their data scope; editing a group never touches members they cannot see. A group with stores
 * cannot be deleted (spec section 5).
 */
export function createShopGroupsService(deps: { db: DB }) {
  const { db } = deps;

  const usable = (actor: CustomerActor, group: ShopGroupsTable) => {
    const roles = JSON.parse(group.role_ids) as number[];
    return roles.length === 0 || roles.includes(actor.roleId) || isAllowed(actor.permissions, 'shopgroup_add');
  };

  async function findUsable(actor: CustomerActor, groupId: string) {
    const group = await shopGroupsRepo(tenantScope(db, actor.customerId)).find(groupId);
    if (!group || !usable(actor, group)) throw notFound();
    return group;
  }

  async function checkReferences(actor: CustomerActor, scope: DataScope, input: Partial<ShopGroupInput>): Promise<void> {
    const repo = shopGroupsRepo(tenantScope(db, actor.customerId));
    if (input.shopIds) {
      const unique = [...new Set(input.shopIds)];
      const existing = await repo.existingShopIds(unique);
      if (unique.some((id) => !existing.has(id) || !scope.canSeeShop(id))) throw notFound();
    }
    if (input.roleIds) {
      const unique = [...new Set(input.roleIds)];
      const existing = await repo.existingRoleIds(unique);
      if (unique.some((id) => !existing.has(id))) throw notFound();
    }
  }

  async function rows(actor: CustomerActor, keyword?: string) {
    const scope = await accessOf(db, actor).scope();
    const repo = shopGroupsRepo(tenantScope(db, actor.customerId));
    const groups = (await repo.list(keyword)).filter((group) => usable(actor, group));
    const members = await repo.members(groups.map((group) => group.id));
    return groups.map((group) => {
      const shopIds = members.filter((member) => member.group_id === group.id).map((member) => member.shop_id);
      return {
        groupId: group.id,
        name: group.name,
        storeCount: shopIds.length,
        shopIds: shopIds.filter((id) => scope.canSeeShop(id)).sort(),
        roleIds: JSON.parse(group.role_ids) as number[],
        score: group.score,
        updatedAt: group.updated_at,
      };
    });
  }

  return {
    list: (actor: CustomerActor, keyword?: string) => rows(actor, keyword),

    async add(actor: CustomerActor, input: ShopGroupInput): Promise<{ groupId: string }> {
      const scope = await accessOf(db, actor).scope();
      await checkReferences(actor, scope, input);
      const groupId = newId();
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        const repo = shopGroupsRepo(tenantScope(trx, actor.customerId));
        if (await repo.named(input.name)) throw refused('errors.nameOverlap');
        await repo.insert({
          id: groupId,
          name: input.name,
          role_ids: JSON.stringify([...new Set(input.roleIds)]),
          score: input.score,
          created_at: at,
          updated_at: at,
        });
        await repo.replaceMembers(groupId, [...new Set(input.shopIds)]);
      });
      return { groupId };
    },

    async update(actor: CustomerActor, input: Partial<ShopGroupInput> & { groupId: string }): Promise<null> {
      const group = await findUsable(actor, input.groupId);
      const scope = await accessOf(db, actor).scope();
      await checkReferences(actor, scope, input);
      await db.transaction().execute(async (trx) => {
        const repo = shopGroupsRepo(tenantScope(trx, actor.customerId));
        if (input.name !== undefined && (await repo.named(input.name, group.id))) throw refused('errors.nameOverlap');
        await repo.update(group.id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.roleIds !== undefined ? { role_ids: JSON.stringify([...new Set(input.roleIds)]) } : {}),
          ...(input.score !== undefined ? { score: input.score } : {}),
          updated_at: nowIso(),
        });
        if (input.shopIds !== undefined) {
          // Members outside the editor's scope stay: they could not see them to remove them.
          const hidden = (await repo.members([group.id])).map((member) => member.shop_id).filter((id) => !scope.canSeeShop(id));
          await repo.replaceMembers(group.id, [...new Set([...hidden, ...input.shopIds])]);
        }
      });
      return null;
    },

    async remove(actor: CustomerActor, groupId: string): Promise<null> {
      const group = await findUsable(actor, groupId);
      await db.transaction().execute(async (trx) => {
        const repo = shopGroupsRepo(tenantScope(trx, actor.customerId));
        if ((await repo.members([group.id])).length > 0) throw refused('errors.shopGroupHasShops');
        await repo.delete(group.id);
      });
      return null;
    },

    async shopNum(actor: CustomerActor, groupId: string): Promise<{ groupId: string; storeCount: number }> {
      const group = await findUsable(actor, groupId);
      const members = await shopGroupsRepo(tenantScope(db, actor.customerId)).members([group.id]);
      return { groupId: group.id, storeCount: members.length };
    },

    /** Groups with the member shops the caller may see, for pickers. */
    async pickerGroups(actor: CustomerActor) {
      return (await rows(actor)).map((group) => ({ groupId: group.groupId, name: group.name, shopIds: group.shopIds }));
    },
  };
}
export type ShopGroupsService = ReturnType<typeof createShopGroupsService>;
