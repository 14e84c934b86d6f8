import type { TreeNode } from '@storelens/contracts';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { CITY_TREE } from './city-tree.ts';
import { orgRepo } from './org.repo.ts';
import { buildTree, type ShopRow } from './tree.ts';

export type ShopTreeVariant = 'all' | 'hygienic' | 'device' | 'old';

export function createOrgService(deps: { db: DB }) {
  const { db } = deps;

  async function treeFor(
    actor: CustomerActor,
    options: { includeShops: boolean; withCameras?: boolean; filter?: (shop: ShopRow) => boolean; hideClosed?: boolean },
  ) {
    const repo = orgRepo(tenantScope(db, actor.customerId));
    const [orgs, shops, scope, cameras] = await Promise.all([
      repo.orgs(),
      repo.shops(),
      accessOf(db, actor).scope(),
      options.withCameras ? repo.cameras() : Promise.resolve(undefined),
    ]);
    const kept = shops.filter((shop) => (!options.hideClosed || shop.status !== 'closed') && (!options.filter || options.filter(shop)));
    return buildTree(orgs, kept, {
      includeShops: options.includeShops,
      visibleShops: scope.shopIds,
      selectableOrgs: scope.orgIds,
      ...(cameras ? { cameras } : {}),
    });
  }

  return {
    orgTree: (actor: CustomerActor): Promise<TreeNode[]> => treeFor(actor, { includeShops: false }),
    shopTree: (actor: CustomerActor, hideClosed = false): Promise<TreeNode[]> => treeFor(actor, { includeShops: true, hideClosed }),
    /**
     * Variants (their meaning is not shown in the spec; our decision): all, every shop including
     * closed ones; old, the classic tree without closed shops; device, shops that have a box;
     * hygienic, shops still operating (hygiene logs are kept for open and temporarily closed shops).
     */
    async shopTree2(actor: CustomerActor, variant: ShopTreeVariant, hideClosed = false): Promise<TreeNode[]> {
      if (variant === 'device') {
        const withBoxes = await orgRepo(tenantScope(db, actor.customerId)).shopIdsWithBoxes();
        return treeFor(actor, { includeShops: true, hideClosed, filter: (shop) => withBoxes.has(shop.id) });
      }
      const hide = hideClosed || variant === 'old' || variant === 'hygienic';
      return treeFor(actor, { includeShops: true, hideClosed: hide });
    },
    cameraTree: (actor: CustomerActor, hideClosed = false): Promise<TreeNode[]> => treeFor(actor, { includeShops: true, withCameras: true, hideClosed }),
    cityTree: () => CITY_TREE,
  };
}
export type OrgService = ReturnType<typeof createOrgService>;
