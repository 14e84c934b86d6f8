import type { TenantScope } from '../../../platform/tenancy/scoped.ts';

/** What the live view needs to know of a camera: whether it may stream, and from where. */
export function liveRepo(scope: TenantScope) {
  return {
    camera: (cameraId: string) =>
      scope
        .selectFrom('cameras')
        .innerJoin('shops', (join) => join.onRef('shops.customer_id', '=', 'cameras.customer_id').onRef('shops.id', '=', 'cameras.shop_id'))
        .leftJoin('video_sources', (join) =>
          join.onRef('video_sources.customer_id', '=', 'cameras.customer_id').onRef('video_sources.camera_id', '=', 'cameras.id'),
        )
        .select(['cameras.id', 'cameras.enabled', 'shops.status as shop_status', 'video_sources.kind', 'video_sources.url'])
        .where('cameras.id', '=', cameraId)
        .executeTakeFirst(),
  };
}
