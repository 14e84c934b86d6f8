import type { TrafficBatchesTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

/** The device API's own data: delivered batches (idempotency) and the boxes' and cameras' last reports. */
export function deviceApiRepo(scope: TenantScope) {
  return {
    findBatch: (boxId: string, batchId: string) =>
      scope.selectFrom('traffic_batches').select(['summary']).where('box_id', '=', boxId).where('batch_id', '=', batchId).executeTakeFirst(),
    insertBatch: (row: Omit<TrafficBatchesTable, 'customer_id'>) => scope.insertInto('traffic_batches', [row]).execute(),

    /** The shop a box serves, with what decides whether it still collects traffic (closing, retention horizon). */
    shopOfBox: (boxId: string) =>
      scope
        .selectFrom('boxes')
        .innerJoin('shops', (join) => join.onRef('shops.customer_id', '=', 'boxes.customer_id').onRef('shops.id', '=', 'boxes.shop_id'))
        .leftJoin('traffic_retention', (join) =>
          join.onRef('traffic_retention.customer_id', '=', 'shops.customer_id').onRef('traffic_retention.shop_id', '=', 'shops.id'),
        )
        .select([
          'shops.id',
          'shops.time_zone',
          'shops.business_hours',
          'shops.status',
          'shops.closed_at',
          'shops.analytics_enabled',
          'traffic_retention.retained_from',
        ])
        .where('boxes.id', '=', boxId)
        .executeTakeFirst(),
    cameraIdsOfBox: async (boxId: string) =>
      new Set((await scope.selectFrom('cameras').select('id').where('box_id', '=', boxId).execute()).map((row) => row.id)),
    cameraIdsOfShop: async (shopId: string) => (await scope.selectFrom('cameras').select('id').where('shop_id', '=', shopId).execute()).map((row) => row.id),
    camerasOfBox: (boxId: string) =>
      scope
        .selectFrom('cameras')
        .select(['id', 'name', 'number', 'deployment_area', 'enabled'])
        .where('box_id', '=', boxId)
        .orderBy('number')
        .orderBy('id')
        .execute(),

    /** A delivery is a report: the device pages show the box, and the cameras that worked, online. */
    async markReported(boxId: string, cameraIds: string[], at: string): Promise<void> {
      await scope.updateTable('boxes').set({ last_report_at: at, activated: 1 }).where('id', '=', boxId).execute();
      if (cameraIds.length > 0) {
        await scope.updateTable('cameras').set({ last_report_at: at }).where('box_id', '=', boxId).where('id', 'in', cameraIds).execute();
      }
    },
  };
}
export type DeviceApiRepo = ReturnType<typeof deviceApiRepo>;
