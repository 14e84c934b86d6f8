import { accessOf } from '../../platform/authz/access.ts';
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
 * the custom reports resolve their shops here; the check itself is the platform's access module.
 */
export function createShopsInScope(deps: { db: DB }) {
  const { db } = deps;
  const repoOf = (customerId: string) => analyticsRepo(tenantScope(db, customerId));

  async function resolveShops(actor: CustomerActor, shopIds: readonly string[] | undefined): Promise<ShopInfo[]> {
    const wanted = await accessOf(db, actor).shopIds(shopIds);
    const shops = await repoOf(actor.customerId).shops(wanted);
    if (shops.length !== wanted.length) throw notFound();
    return shops;
  }

  async function resolveShop(actor: CustomerActor, shopId: string): Promise<ShopInfo> {
    const [shop] = await resolveShops(actor, [shopId]);
    if (!shop) throw notFound();
    return shop;
  }

  return { resolveShops, resolveShop };
}
export type ShopsInScope = ReturnType<typeof createShopsInScope>;
