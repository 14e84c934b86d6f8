import type { DeviceStatus } from '@storelens/contracts';
import type { ExpressionBuilder } from 'kysely';
import { containsKeyword } from '../../platform/db/like-pattern.ts';
import type { AlertSettingsTable, Database } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

export interface DeviceFilter {
  /** Null: every shop; an empty set matches nothing. */
  shopIds: Set<string> | null;
  keyword?: string | undefined;
  status?: DeviceStatus | undefined;
  /** Devices that reported at or after this instant are online. */
  onlineSince: string;
  boxId?: string | undefined;
}

type BoxesEb = ExpressionBuilder<Database, 'boxes' | 'shops'>;
type CamerasEb = ExpressionBuilder<Database, 'cameras' | 'shops' | 'boxes'>;

export function devicesRepo(scope: TenantScope) {
  const boxesWithShops = () =>
    scope
      .selectFrom('boxes')
      // Joins keep the customer on both sides (DESIGN T3).
      .innerJoin('shops', (join) => join.onRef('shops.customer_id', '=', 'boxes.customer_id').onRef('shops.id', '=', 'boxes.shop_id'));
  const camerasWithShops = () =>
    scope
      .selectFrom('cameras')
      .innerJoin('shops', (join) => join.onRef('shops.customer_id', '=', 'cameras.customer_id').onRef('shops.id', '=', 'cameras.shop_id'))
      .innerJoin('boxes', (join) => join.onRef('boxes.customer_id', '=', 'cameras.customer_id').onRef('boxes.id', '=', 'cameras.box_id'));

  function boxConditions(eb: BoxesEb, filter: DeviceFilter) {
    const conditions = [];
    if (filter.shopIds) conditions.push(eb('boxes.shop_id', 'in', [...filter.shopIds]));
    if (filter.status === 'online') conditions.push(eb('boxes.last_report_at', '>=', filter.onlineSince));
    if (filter.status === 'offline') conditions.push(eb('boxes.last_report_at', '<', filter.onlineSince));
    if (filter.status === 'inactive') conditions.push(eb('boxes.last_report_at', 'is', null));
    // Boxes are never disabled (only cameras are); the filter then matches nothing.
    if (filter.status === 'disabled') conditions.push(eb('boxes.id', 'is', null));
    if (filter.keyword) {
      const keyword = filter.keyword;
      conditions.push(eb.or((['boxes.name', 'boxes.mac', 'shops.name', 'shops.number'] as const).map((column) => containsKeyword(column, keyword))));
    }
    return eb.and(conditions);
  }

  function cameraConditions(eb: CamerasEb, filter: DeviceFilter) {
    const conditions = [];
    if (filter.shopIds) conditions.push(eb('cameras.shop_id', 'in', [...filter.shopIds]));
    if (filter.boxId) conditions.push(eb('cameras.box_id', '=', filter.boxId));
    if (filter.status === 'disabled') conditions.push(eb('cameras.enabled', '=', 0));
    if (filter.status && filter.status !== 'disabled') conditions.push(eb('cameras.enabled', '=', 1));
    if (filter.status === 'online') conditions.push(eb('cameras.last_report_at', '>=', filter.onlineSince));
    if (filter.status === 'offline') conditions.push(eb('cameras.last_report_at', '<', filter.onlineSince));
    if (filter.status === 'inactive') conditions.push(eb('cameras.last_report_at', 'is', null));
    if (filter.keyword) {
      const keyword = filter.keyword;
      conditions.push(
        eb.or(
          (['cameras.name', 'cameras.number', 'cameras.mac', 'boxes.mac', 'shops.name', 'shops.number'] as const).map((column) =>
            containsKeyword(column, keyword),
          ),
        ),
      );
    }
    return eb.and(conditions);
  }

  const nothing = (filter: DeviceFilter) => filter.shopIds?.size === 0;

  return {
    existingShopIds: async (shopIds: string[]) =>
      new Set((await scope.selectFrom('shops').select('id').where('id', 'in', shopIds).execute()).map((row) => row.id)),
    shopExists: async (shopId: string) => (await scope.selectFrom('shops').select('id').where('id', '=', shopId).executeTakeFirst()) !== undefined,
    macTaken: async (mac: string) => (await scope.selectFrom('boxes').select('id').where('mac', '=', mac).executeTakeFirst()) !== undefined,
    insertBox: (row: {
      id: string;
      shop_id: string;
      mac: string;
      name: string;
      token_hash: string;
      activated: number;
      last_report_at: null;
      created_at: string;
      deployment_area?: string | null;
    }) => scope.insertInto('boxes', [{ deployment_area: null, ...row }]).execute(),
    insertCamera: (row: {
      id: string;
      shop_id: string;
      box_id: string;
      name: string;
      number: string;
      deployment_area: string | null;
      enabled: number;
      last_report_at: null;
      created_at: string;
      mac?: string | null;
    }) => scope.insertInto('cameras', [{ mac: null, last_alarm_at: null, ...row }]).execute(),
    findBox: (boxId: string) => scope.selectFrom('boxes').select(['id', 'shop_id']).where('id', '=', boxId).executeTakeFirst(),
    setBoxToken: (boxId: string, tokenHash: string) =>
      scope.updateTable('boxes').set({ token_hash: tokenHash, activated: 1 }).where('id', '=', boxId).execute(),
    findCamera: (cameraId: string) => scope.selectFrom('cameras').select(['id', 'shop_id', 'enabled']).where('id', '=', cameraId).executeTakeFirst(),
    setCameraEnabled: (cameraId: string, enabled: number) => scope.updateTable('cameras').set({ enabled }).where('id', '=', cameraId).execute(),

    async countBoxes(filter: DeviceFilter): Promise<number> {
      if (nothing(filter)) return 0;
      const row = await boxesWithShops()
        .where((eb) => boxConditions(eb, filter))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    pageBoxes: async (filter: DeviceFilter, offset: number, limit: number) =>
      nothing(filter)
        ? []
        : boxesWithShops()
            .where((eb) => boxConditions(eb, filter))
            .select([
              'boxes.id',
              'boxes.shop_id',
              'boxes.mac',
              'boxes.name',
              'boxes.deployment_area',
              'boxes.last_report_at',
              'boxes.created_at',
              'shops.name as shop_name',
              'shops.number as shop_number',
            ])
            .orderBy('shops.number')
            .orderBy('boxes.name')
            .orderBy('boxes.id')
            .offset(offset)
            .limit(limit)
            .execute(),
    async cameraCounts(boxIds: string[]): Promise<Map<string, number>> {
      if (boxIds.length === 0) return new Map();
      const rows = await scope
        .selectFrom('cameras')
        .select(['box_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('box_id', 'in', boxIds)
        .groupBy('box_id')
        .execute();
      return new Map(rows.map((row) => [row.box_id, Number(row.n)]));
    },
    async countCameras(filter: DeviceFilter): Promise<number> {
      if (nothing(filter)) return 0;
      const row = await camerasWithShops()
        .where((eb) => cameraConditions(eb, filter))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    pageCameras: async (filter: DeviceFilter, offset: number, limit: number) =>
      nothing(filter)
        ? []
        : camerasWithShops()
            .where((eb) => cameraConditions(eb, filter))
            .select([
              'cameras.id',
              'cameras.shop_id',
              'cameras.box_id',
              'cameras.name',
              'cameras.number',
              'cameras.mac',
              'cameras.deployment_area',
              'cameras.enabled',
              'cameras.last_report_at',
              'boxes.mac as box_mac',
              'shops.name as shop_name',
              'shops.number as shop_number',
            ])
            .orderBy('shops.number')
            .orderBy('cameras.number')
            .offset(offset)
            .limit(limit)
            .execute(),
    boxReports: async (shopIds: Set<string> | null) => {
      if (shopIds?.size === 0) return [];
      let query = scope.selectFrom('boxes').select(['last_report_at']);
      if (shopIds) query = query.where('shop_id', 'in', [...shopIds]);
      return query.execute();
    },
    cameraReports: async (shopIds: Set<string> | null) => {
      if (shopIds?.size === 0) return [];
      let query = scope.selectFrom('cameras').select(['last_report_at', 'enabled']);
      if (shopIds) query = query.where('shop_id', 'in', [...shopIds]);
      return query.execute();
    },

    alertSetting: () => scope.selectFrom('alert_settings').selectAll().executeTakeFirst(),
    saveAlertSetting: (row: Omit<AlertSettingsTable, 'customer_id'>) =>
      scope
        .insertInto('alert_settings', [row])
        .onConflict((oc) =>
          oc.column('customer_id').doUpdateSet({
            enabled: row.enabled,
            modes: row.modes,
            recipient_ids: row.recipient_ids,
            interval_minutes: row.interval_minutes,
            offline_after_minutes: row.offline_after_minutes,
            updated_by: row.updated_by,
            updated_at: row.updated_at,
          }),
        )
        .execute(),

    /** Enabled cameras of operating, monitored shops, silent since before `silentSince`, not alarmed since `alarmedBefore`. */
    offlineCandidates: (silentSince: string, alarmedBefore: string) =>
      scope
        .selectFrom('cameras')
        .innerJoin('shops', (join) => join.onRef('shops.customer_id', '=', 'cameras.customer_id').onRef('shops.id', '=', 'cameras.shop_id'))
        .select([
          'cameras.id',
          'cameras.name',
          'cameras.number',
          'cameras.box_id',
          'cameras.shop_id',
          'cameras.last_report_at',
          'shops.name as shop_name',
          'shops.number as shop_number',
        ])
        .where('cameras.enabled', '=', 1)
        .where('cameras.last_report_at', 'is not', null)
        .where('cameras.last_report_at', '<', silentSince)
        .where((eb) => eb.or([eb('cameras.last_alarm_at', 'is', null), eb('cameras.last_alarm_at', '<=', alarmedBefore)]))
        .where('shops.status', '!=', 'closed')
        .where('shops.monitoring_enabled', '=', 1)
        .execute(),
    /** Claims a camera's alarm; false when another run claimed it first. */
    async claimAlarm(cameraId: string, at: string, alarmedBefore: string): Promise<boolean> {
      const [result] = await scope
        .updateTable('cameras')
        .set({ last_alarm_at: at })
        .where('id', '=', cameraId)
        .where((eb) => eb.or([eb('last_alarm_at', 'is', null), eb('last_alarm_at', '<=', alarmedBefore)]))
        .execute();
      return Number(result?.numUpdatedRows ?? 0) > 0;
    },
    /** Enabled members with what alarm delivery needs: role, scope, language and contact points. */
    audience: () =>
      scope
        .selectFrom('memberships')
        .innerJoin('roles', (join) => join.onRef('roles.customer_id', '=', 'memberships.customer_id').onRef('roles.id', '=', 'memberships.role_id'))
        // Users are global; joined on the membership's user only.
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select(['memberships.user_id', 'memberships.org_id', 'roles.id as role_id', 'roles.privileges', 'users.locale', 'users.email', 'users.mobile'])
        .where('memberships.enabled', '=', 1)
        .where('users.enabled', '=', 1)
        .execute(),
    memberIds: async (userIds: string[]) =>
      userIds.length === 0
        ? new Set<string>()
        : new Set((await scope.selectFrom('memberships').select('user_id').where('user_id', 'in', userIds).execute()).map((row) => row.user_id)),
  };
}
export type DevicesRepo = ReturnType<typeof devicesRepo>;
