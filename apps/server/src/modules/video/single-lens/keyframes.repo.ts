import type { TenantScope } from '../../../platform/tenancy/scoped.ts';

/** What the keyframe strip reads: a camera's shop and time zone, and the first segment of each hour. */
export function keyframesRepo(scope: TenantScope) {
  return {
    cameraShop: (cameraId: string) =>
      scope
        .selectFrom('cameras')
        .innerJoin('shops', (join) => join.onRef('shops.customer_id', '=', 'cameras.customer_id').onRef('shops.id', '=', 'cameras.shop_id'))
        .select(['shops.id as shop_id', 'shops.time_zone'])
        .where('cameras.id', '=', cameraId)
        .executeTakeFirst(),

    /** The first segment starting in [fromMs, toMs), by the index on (camera, start). */
    firstSegmentFrom: (cameraId: string, fromMs: number, toMs: number) =>
      scope
        .selectFrom('video_segments')
        .select(['id', 'start_ms'])
        .where('camera_id', '=', cameraId)
        .where('start_ms', '>=', fromMs)
        .where('start_ms', '<', toMs)
        .orderBy('start_ms')
        .limit(1)
        .executeTakeFirst(),
  };
}
