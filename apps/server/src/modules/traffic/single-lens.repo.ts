import type { TenantScope } from '../../platform/tenancy/scoped.ts';

/** The reads of single-lens analysis: one camera's rollups (entrance hourly and daily, zone daily) and its zone events of a day. */
export function singleLensRepo(scope: TenantScope) {
  return {
    camera: (cameraId: string) =>
      scope
        .selectFrom('cameras')
        .innerJoin('shops', (join) => join.onRef('shops.customer_id', '=', 'cameras.customer_id').onRef('shops.id', '=', 'cameras.shop_id'))
        .select(['cameras.id', 'cameras.name', 'shops.id as shop_id', 'shops.name as shop_name', 'shops.time_zone'])
        .where('cameras.id', '=', cameraId)
        .executeTakeFirst(),

    entranceHours: (cameraId: string, date: string) =>
      scope
        .selectFrom('traffic_entrance_hourly')
        .select((eb) => ['hour', eb.fn.sum<number>('entries').as('entries'), eb.fn.sum<number>('exits').as('exits')])
        .where('camera_id', '=', cameraId)
        .where('local_date', '=', date)
        .groupBy('hour')
        .execute(),

    entranceDays: (cameraId: string, from: string, to: string) =>
      scope
        .selectFrom('traffic_entrance_daily')
        .select((eb) => ['local_date', eb.fn.sum<number>('entries').as('entries'), eb.fn.sum<number>('exits').as('exits')])
        .where('camera_id', '=', cameraId)
        .where('local_date', '>=', from)
        .where('local_date', '<=', to)
        .groupBy('local_date')
        .execute(),

    zoneDays: (cameraId: string, from: string, to: string) =>
      scope
        .selectFrom('traffic_zone_daily')
        .select((eb) => ['local_date', eb.fn.sum<number>('stays').as('stays'), eb.fn.sum<number>('dwell_sum_s').as('dwell')])
        .where('camera_id', '=', cameraId)
        .where('local_date', '>=', from)
        .where('local_date', '<=', to)
        .groupBy('local_date')
        .execute(),

    /** No hourly zone rollup exists: a day's stays of one camera are few, grouped from the events while privacy retention keeps them. */
    zoneHours: (cameraId: string, date: string) =>
      scope
        .selectFrom('traffic_zone_events')
        .select((eb) => ['hour', eb.fn.countAll<number>().as('stays'), eb.fn.sum<number>('dwell_s').as('dwell')])
        .where('camera_id', '=', cameraId)
        .where('local_date', '=', date)
        .groupBy('hour')
        .execute(),
  };
}
