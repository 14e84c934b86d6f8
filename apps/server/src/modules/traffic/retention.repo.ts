import type { DB } from '../../platform/db/database.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

/** The raw tables of visit-level data: what the privacy retention purges. Rollups are not among them. */
export const RAW_TRAFFIC_TABLES = ['traffic_visits', 'traffic_zone_events', 'traffic_line_events', 'traffic_passerby_events'] as const;
export type RawTrafficTable = (typeof RAW_TRAFFIC_TABLES)[number];

/** Privacy retention: each shop's purge horizon, and the purge of raw rows before it. */
export function retentionRepo(scope: TenantScope) {
  return {
    shops: () => scope.selectFrom('shops').select(['id', 'time_zone']).orderBy('id').execute(),

    /** The first local date whose raw data the shop keeps; null while nothing was ever purged. */
    async retainedFrom(shopId: string): Promise<string | null> {
      const row = await scope.selectFrom('traffic_retention').select('retained_from').where('shop_id', '=', shopId).executeTakeFirst();
      return row?.retained_from ?? null;
    },

    saveRetainedFrom: (shopId: string, retainedFrom: string, purgedAt: string) =>
      scope
        .insertInto('traffic_retention', [{ shop_id: shopId, retained_from: retainedFrom, purged_at: purgedAt }])
        .onConflict((oc) => oc.columns(['customer_id', 'shop_id']).doUpdateSet({ retained_from: retainedFrom, purged_at: purgedAt }))
        .execute(),

    /** Deletes a shop's raw rows of local dates before `date` (index (customer_id, shop_id, local_date)). */
    async deleteRawBefore(table: RawTrafficTable, shopId: string, date: string): Promise<number> {
      const result = await scope.deleteFrom(table).where('shop_id', '=', shopId).where('local_date', '<', date).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type RetentionRepo = ReturnType<typeof retentionRepo>;

/** Customers to purge (all when none named). customers is no tenant table: it lists the tenants. */
export function customerIdsOf(db: DB, only?: readonly string[]): Promise<{ id: string }[]> {
  let query = db.selectFrom('customers').select('id').orderBy('id');
  if (only && only.length > 0) query = query.where('id', 'in', [...only]);
  return query.execute();
}
