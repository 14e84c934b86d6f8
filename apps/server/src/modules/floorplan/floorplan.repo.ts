import type { FloorPlanCamerasTable, FloorPlanElementsTable, FloorPlansTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

export type FloorPlanRow = Omit<FloorPlansTable, 'customer_id'>;
export type CameraPointRow = Omit<FloorPlanCamerasTable, 'customer_id'>;
export type PlanElementRow = Omit<FloorPlanElementsTable, 'customer_id'>;

const PLAN_COLUMNS = [
  'id',
  'shop_id',
  'name',
  'number',
  'floor',
  'pixels_per_metre',
  'width_m',
  'height_m',
  'image_key',
  'image_type',
  'image_width',
  'image_height',
  'image_bytes',
  'active',
  'geometry_version',
  'created_by',
  'created_at',
  'updated_at',
] as const;
const CAMERA_COLUMNS = [
  'id',
  'plan_id',
  'camera_id',
  'version',
  'plan_version',
  'install_position',
  'camera_number',
  'focal_x',
  'focal_y',
  'calib_width',
  'calib_height',
  'tilt_deg',
  'install_height_m',
  'install_x_m',
  'install_y_m',
  'toward_x_m',
  'toward_y_m',
  'plan_number',
  'homography',
  'homography_error_m',
  'created_by',
  'created_at',
  'retired_at',
] as const;
const ELEMENT_COLUMNS = [
  'id',
  'element_id',
  'plan_id',
  'version',
  'plan_version',
  'kind',
  'name',
  'colour',
  'region_type',
  'linked_element_id',
  'occupancy_threshold',
  'enabled',
  'min_dwell_seconds',
  'flow_mode',
  'hidden',
  'points',
  'created_by',
  'created_at',
  'retired_at',
] as const;

/** A customer's floor plans, camera points and drawn elements (current and retired versions). */
export function floorplanRepo(scope: TenantScope) {
  return {
    plansOfShops: (shopIds: readonly string[]): Promise<FloorPlanRow[]> =>
      shopIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('floor_plans')
            .select(PLAN_COLUMNS)
            .where('shop_id', 'in', shopIds)
            .orderBy('shop_id')
            .orderBy('floor')
            .orderBy('name')
            .orderBy('id')
            .execute(),

    plan: (planId: string): Promise<FloorPlanRow | undefined> =>
      scope.selectFrom('floor_plans').select(PLAN_COLUMNS).where('id', '=', planId).executeTakeFirst(),

    planNamed: (shopId: string, name: string): Promise<{ id: string } | undefined> =>
      scope.selectFrom('floor_plans').select('id').where('shop_id', '=', shopId).where('name', '=', name).executeTakeFirst(),

    insertPlan: (row: FloorPlanRow) => scope.insertInto('floor_plans', [row]).execute(),

    updatePlan: (planId: string, changes: Partial<Omit<FloorPlanRow, 'id' | 'shop_id' | 'created_at' | 'created_by'>>) =>
      scope.updateTable('floor_plans').set(changes).where('id', '=', planId).execute(),

    /** Makes the plan the only active one of its shop and floor. */
    activate: async (plan: Pick<FloorPlanRow, 'id' | 'shop_id' | 'floor'>, at: string) => {
      await scope
        .updateTable('floor_plans')
        .set({ active: 0, updated_at: at })
        .where('shop_id', '=', plan.shop_id)
        .where('floor', '=', plan.floor)
        .where('active', '=', 1)
        .execute();
      await scope.updateTable('floor_plans').set({ active: 1, updated_at: at }).where('id', '=', plan.id).execute();
    },

    /** Raises the plan's geometry version and answers the new one. */
    bumpGeometryVersion: async (planId: string, at: string): Promise<number> => {
      const row = await scope.selectFrom('floor_plans').select('geometry_version').where('id', '=', planId).executeTakeFirstOrThrow();
      const next = row.geometry_version + 1;
      await scope.updateTable('floor_plans').set({ geometry_version: next, updated_at: at }).where('id', '=', planId).execute();
      return next;
    },

    deletePlan: async (planId: string) => {
      await scope.deleteFrom('floor_plan_elements').where('plan_id', '=', planId).execute();
      await scope.deleteFrom('floor_plan_cameras').where('plan_id', '=', planId).execute();
      await scope.deleteFrom('floor_plans').where('id', '=', planId).execute();
    },

    currentCameraPoints: (planIds: readonly string[]): Promise<CameraPointRow[]> =>
      planIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('floor_plan_cameras')
            .select(CAMERA_COLUMNS)
            .where('plan_id', 'in', planIds)
            .where('retired_at', 'is', null)
            .orderBy('camera_number')
            .orderBy('id')
            .execute(),

    currentCameraPoint: (cameraId: string): Promise<CameraPointRow | undefined> =>
      scope.selectFrom('floor_plan_cameras').select(CAMERA_COLUMNS).where('camera_id', '=', cameraId).where('retired_at', 'is', null).executeTakeFirst(),

    cameraPointVersion: (id: string): Promise<CameraPointRow | undefined> =>
      scope.selectFrom('floor_plan_cameras').select(CAMERA_COLUMNS).where('id', '=', id).executeTakeFirst(),

    /** Every version of these cameras' points on one plan, oldest first (what a plan's stored heat may name). */
    planCameraHistory: (planId: string, cameraIds: readonly string[]): Promise<CameraPointRow[]> =>
      cameraIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('floor_plan_cameras')
            .select(CAMERA_COLUMNS)
            .where('plan_id', '=', planId)
            .where('camera_id', 'in', cameraIds)
            .orderBy('camera_id')
            .orderBy('version')
            .execute(),

    latestCameraVersion: async (cameraId: string): Promise<number> => {
      const row = await scope
        .selectFrom('floor_plan_cameras')
        .select((eb) => eb.fn.max<number>('version').as('version'))
        .where('camera_id', '=', cameraId)
        .executeTakeFirst();
      return Number(row?.version ?? 0);
    },

    retireCameraPoint: (cameraId: string, at: string) =>
      scope.updateTable('floor_plan_cameras').set({ retired_at: at }).where('camera_id', '=', cameraId).where('retired_at', 'is', null).execute(),

    insertCameraPoint: (row: CameraPointRow) => scope.insertInto('floor_plan_cameras', [row]).execute(),

    /** Every current element of the plans, optionally of one kind. */
    currentElements: (planIds: readonly string[], kind?: PlanElementRow['kind']): Promise<PlanElementRow[]> => {
      if (planIds.length === 0) return Promise.resolve([]);
      let query = scope.selectFrom('floor_plan_elements').select(ELEMENT_COLUMNS).where('plan_id', 'in', planIds).where('retired_at', 'is', null);
      if (kind) query = query.where('kind', '=', kind);
      return query.orderBy('kind').orderBy('name').orderBy('element_id').execute();
    },

    /** Element versions by version id (current or retired): what a report names. */
    elementVersions: (ids: readonly string[]): Promise<PlanElementRow[]> =>
      ids.length === 0 ? Promise.resolve([]) : scope.selectFrom('floor_plan_elements').select(ELEMENT_COLUMNS).where('id', 'in', ids).execute(),

    /** Every version of the elements, oldest first. */
    elementHistory: (elementIds: readonly string[]): Promise<PlanElementRow[]> =>
      elementIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('floor_plan_elements')
            .select(ELEMENT_COLUMNS)
            .where('element_id', 'in', elementIds)
            .orderBy('element_id')
            .orderBy('version')
            .execute(),

    /** Display-only: which regions the analysis pages hide (not a geometry change, no new version). */
    setHidden: (id: string, hidden: boolean) =>
      scope
        .updateTable('floor_plan_elements')
        .set({ hidden: hidden ? 1 : 0 })
        .where('id', '=', id)
        .execute(),

    retireElements: async (ids: readonly string[], at: string) => {
      if (ids.length > 0)
        await scope.updateTable('floor_plan_elements').set({ retired_at: at }).where('id', 'in', ids).where('retired_at', 'is', null).execute();
    },

    /** Names and numbers of the customer's cameras (which ones the caller may see is the access module's question). */
    cameras: (cameraIds: readonly string[]): Promise<{ id: string; shop_id: string; name: string; number: string }[]> =>
      cameraIds.length === 0
        ? Promise.resolve([])
        : scope.selectFrom('cameras').select(['id', 'shop_id', 'name', 'number']).where('id', 'in', cameraIds).execute(),

    camerasOfShops: (shopIds: readonly string[]): Promise<{ id: string; shop_id: string; name: string; number: string }[]> =>
      shopIds.length === 0
        ? Promise.resolve([])
        : scope.selectFrom('cameras').select(['id', 'shop_id', 'name', 'number']).where('shop_id', 'in', shopIds).orderBy('number').orderBy('id').execute(),

    /** A zone's occupancy threshold on its current version (not geometry: no new version). */
    setOccupancyThreshold: async (versionId: string, threshold: number | null) => {
      await scope.updateTable('floor_plan_elements').set({ occupancy_threshold: threshold }).where('id', '=', versionId).execute();
    },

    insertElements: async (rows: readonly PlanElementRow[]) => {
      if (rows.length > 0) await scope.insertInto('floor_plan_elements', [...rows]).execute();
    },
  };
}
export type FloorplanRepo = ReturnType<typeof floorplanRepo>;
