import type { DB } from '../../platform/db/database.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

/** What the simulator reads: the demo customers, their shops, boxes and cameras. */
export function demoRepo(db: DB) {
  return {
    customersNamed: (names: string[]) =>
      names.length === 0 ? Promise.resolve([]) : db.selectFrom('customers').select(['id', 'name']).where('name', 'in', names).execute(),
  };
}

export function demoTenantRepo(scope: TenantScope) {
  return {
    shopsWithBoxes: () =>
      scope
        .selectFrom('shops')
        .innerJoin('boxes', (join) => join.onRef('boxes.customer_id', '=', 'shops.customer_id').onRef('boxes.shop_id', '=', 'shops.id'))
        .select([
          'shops.id',
          'shops.number',
          'shops.time_zone',
          'shops.shop_type',
          'shops.business_hours',
          'shops.staff_count',
          'shops.province',
          'shops.city',
          'shops.latitude',
          'shops.floor_area',
          'boxes.id as box_id',
        ])
        .orderBy('shops.number')
        .execute(),
    cameras: () => scope.selectFrom('cameras').select(['id', 'box_id', 'number', 'deployment_area']).orderBy('number').execute(),
    lastIngests: () => scope.selectFrom('traffic_shop_status').select(['shop_id', 'last_ingest_at']).execute(),
    /** The inspection history's plan by name (the demo names its plans uniquely). */
    planNamed: (name: string) => scope.selectFrom('inspection_plans').select(['id', 'updated_at']).where('name', '=', name).executeTakeFirst(),
    /** A plan's assignments of a local date in a zone still waiting to be done (another zone's same date may be its today). */
    pendingAssignments: (planId: string, timeZone: string, date: string) =>
      scope
        .selectFrom('inspection_assignments')
        .select(['id', 'shop_id', 'window_start'])
        .where('plan_id', '=', planId)
        .where('batch_date', '=', date)
        .where('time_zone', '=', timeZone)
        .where('status', '=', 'pending')
        .orderBy('shop_id')
        .execute(),
    /** The last day of POS data of each shop that has any. */
    lastSalesDates: () =>
      scope
        .selectFrom('sales_shop_daily')
        .select((eb) => ['shop_id', eb.fn.max('local_date').as('last_date')])
        .groupBy('shop_id')
        .execute(),
  };
}
