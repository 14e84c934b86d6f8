import type { PanoramaHotspotsTable, PanoramasTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

export type PanoramaRow = Omit<PanoramasTable, 'customer_id'>;
export type HotspotRow = Omit<PanoramaHotspotsTable, 'customer_id'>;

const PANORAMA_COLUMNS = [
  'id',
  'shop_id',
  'name',
  'sort_order',
  'initial_yaw',
  'initial_pitch',
  'width',
  'height',
  'uploaded_width',
  'uploaded_height',
  'bytes',
  'sha256',
  'storage_prefix',
  'tile_cols',
  'tile_rows',
  'created_by',
  'created_at',
  'updated_at',
] as const;
const HOTSPOT_COLUMNS = ['id', 'panorama_id', 'position', 'kind', 'yaw', 'pitch', 'label', 'camera_id', 'target_panorama_id'] as const;

/** A customer's panoramas and their hotspots. */
export function virtualStoreRepo(scope: TenantScope) {
  return {
    panoramasOfShop: (shopId: string): Promise<PanoramaRow[]> =>
      scope.selectFrom('panoramas').select(PANORAMA_COLUMNS).where('shop_id', '=', shopId).orderBy('sort_order').orderBy('created_at').orderBy('id').execute(),

    panorama: (panoramaId: string): Promise<PanoramaRow | undefined> =>
      scope.selectFrom('panoramas').select(PANORAMA_COLUMNS).where('id', '=', panoramaId).executeTakeFirst(),

    countOfShop: async (shopId: string): Promise<number> => {
      const row = await scope
        .selectFrom('panoramas')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('shop_id', '=', shopId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    hotspotsOf: (panoramaIds: readonly string[]): Promise<HotspotRow[]> =>
      panoramaIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('panorama_hotspots')
            .select(HOTSPOT_COLUMNS)
            .where('panorama_id', 'in', panoramaIds)
            .orderBy('panorama_id')
            .orderBy('position')
            .execute(),

    insertPanorama: (row: PanoramaRow) => scope.insertInto('panoramas', [row]).execute(),

    updatePanorama: (panoramaId: string, changes: Partial<Pick<PanoramaRow, 'name' | 'initial_yaw' | 'initial_pitch' | 'sort_order' | 'updated_at'>>) =>
      scope.updateTable('panoramas').set(changes).where('id', '=', panoramaId).execute(),

    deleteHotspotsOf: (panoramaId: string) => scope.deleteFrom('panorama_hotspots').where('panorama_id', '=', panoramaId).execute(),

    insertHotspots: async (rows: readonly HotspotRow[]) => {
      if (rows.length > 0) await scope.insertInto('panorama_hotspots', [...rows]).execute();
    },

    /** The links of other panoramas that lead to this one. */
    deleteLinksTo: (panoramaId: string) => scope.deleteFrom('panorama_hotspots').where('target_panorama_id', '=', panoramaId).execute(),

    deletePanorama: (panoramaId: string) => scope.deleteFrom('panoramas').where('id', '=', panoramaId).execute(),
  };
}
