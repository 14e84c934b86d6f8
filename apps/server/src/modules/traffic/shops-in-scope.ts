import { visibleShopIds } from '../../platform/authz/actor.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { analyticsRepo, type ShopInfo } from './analytics.repo.ts';

export type { ShopInfo };

/** The ids of resolved shops, for the rollup reads. */
export const shopIdsOf = (shops: readonly ShopInfo[]) => shops.map((shop) => shop.id);

/**
 * The shops an analytics question covers: the caller's data scope, narrowed to the shops they
 * name (an id outside it answers not found, like another customer's). Every traffic question and
 * the sales analytics (handed this by app.ts) resolve their shops here.
 */
export function createShopsInScope(deps: { db: DB }) {
  const { db } = deps;
  const repoOf = (customerId: string) => analyticsRepo(tenantScope(db, customerId));

  async function resolveShops(actor: CustomerActor, shopIds: readonly string[] | undefined): Promise<ShopInfo[]> {
    const visible = await visibleShopIds(db, actor);
    const repo = repoOf(actor.customerId);
    if (shopIds && shopIds.length > 0) {
      const wanted = [...new Set(shopIds)];
      if (visible !== null && wanted.some((id) => !visible.has(id))) throw notFound();
      const shops = await repo.shops(wanted);
      if (shops.length !== wanted.length) throw notFound();
      return shops;
    }
    return repo.shops(visible === null ? null : [...visible]);
  }

  async function resolveShop(actor: CustomerActor, shopId: string): Promise<ShopInfo> {
    const [shop] = await resolveShops(actor, [shopId]);
    if (!shop) throw notFound();
    return shop;
  }

  return { resolveShops, resolveShop };
}
export type ShopsInScope = ReturnType<typeof createShopsInScope>;
