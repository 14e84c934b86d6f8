import { sql } from 'kysely';
import type { CrowdAudiencesTable, CrowdChannelsTable, CrowdMaterialsTable, CrowdPromotionsTable, CrowdSightingsTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

type Presence = 'inStore' | 'passerby';
export type NewSighting = Omit<CrowdSightingsTable, 'customer_id'>;
export type AudienceRecord = Omit<CrowdAudiencesTable, 'customer_id'>;
/** What a generation or an evaluation reads of the sightings. */
export interface SightingFact {
  wifi_id: string;
  local_date: string;
  hour: number;
  dwell_s: number;
  presence: 'inStore' | 'passerby';
}

const INSERT_CHUNK = 400;

export function nameKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
}

/** The crowd module's data: sightings, audiences and their members, channels, exports, promotions. */
export function crowdRepo(scope: TenantScope) {
  return {
    // ------------------------------------------------------------ sightings

    /** Stores sightings; a sighting already stored (same shop, identifier and first instant) is skipped. Answers how many were new. */
    async insertSightings(rows: readonly NewSighting[]): Promise<number> {
      let inserted = 0;
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        const chunk = rows.slice(start, start + INSERT_CHUNK);
        const result = await scope
          .insertInto('crowd_sightings', chunk)
          .onConflict((oc) => oc.columns(['customer_id', 'shop_id', 'wifi_id', 'first_seen_at']).doNothing())
          .executeTakeFirst();
        inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return inserted;
    },
    async addRandomized(shopId: string, localDate: string, presence: 'inStore' | 'passerby', sightings: number): Promise<void> {
      await scope
        .insertInto('crowd_random_daily', [{ shop_id: shopId, local_date: localDate, presence, sightings }])
        .onConflict((oc) =>
          oc
            .columns(['customer_id', 'shop_id', 'local_date', 'presence'])
            .doUpdateSet({ sightings: sql`${sql.ref('crowd_random_daily.sightings')} + ${sql.ref('excluded.sightings')}` }),
        )
        .execute();
    },
    sightings: (shopId: string, startDate: string, endDate: string, presences: readonly Presence[]): Promise<SightingFact[]> =>
      scope
        .selectFrom('crowd_sightings')
        .select(['wifi_id', 'local_date', 'hour', 'dwell_s', 'presence'])
        .where('shop_id', '=', shopId)
        .where('local_date', '>=', startDate)
        .where('local_date', '<=', endDate)
        .where('presence', 'in', [...presences])
        .execute(),
    /** Of these identifiers, the ones seen in the shops (with the presences), any date kept. */
    async seenAmong(shopIds: readonly string[], presences: readonly Presence[], wifiIds: readonly string[]): Promise<Set<string>> {
      const seen = new Set<string>();
      if (shopIds.length === 0) return seen;
      for (let start = 0; start < wifiIds.length; start += INSERT_CHUNK) {
        const rows = await scope
          .selectFrom('crowd_sightings')
          .select('wifi_id')
          .distinct()
          .where('shop_id', 'in', [...shopIds])
          .where('presence', 'in', [...presences])
          .where('wifi_id', 'in', wifiIds.slice(start, start + INSERT_CHUNK))
          .execute();
        for (const row of rows) seen.add(row.wifi_id);
      }
      return seen;
    },
    /** Visits (sightings) of the shops in a date range, by identifier and date: the promotion effect's facts. */
    visitsIn: (shopIds: readonly string[], startDate: string, endDate: string) =>
      shopIds.length === 0
        ? Promise.resolve([] as { wifi_id: string; local_date: string }[])
        : scope
            .selectFrom('crowd_sightings')
            .select(['wifi_id', 'local_date'])
            .distinct()
            .where('shop_id', 'in', [...shopIds])
            .where('local_date', '>=', startDate)
            .where('local_date', '<=', endDate)
            .where('presence', '=', 'inStore')
            .execute(),
    async randomizedCount(shopIds: readonly string[], startDate: string | null, endDate: string | null, presences: readonly Presence[]): Promise<number> {
      if (shopIds.length === 0) return 0;
      let query = scope
        .selectFrom('crowd_random_daily')
        .select((eb) => eb.fn.sum<number>('sightings').as('n'))
        .where('shop_id', 'in', [...shopIds])
        .where('presence', 'in', [...presences]);
      if (startDate) query = query.where('local_date', '>=', startDate);
      if (endDate) query = query.where('local_date', '<=', endDate);
      return Number((await query.executeTakeFirst())?.n ?? 0);
    },
    async purgeBefore(shopId: string, date: string): Promise<number> {
      const sightings = await scope.deleteFrom('crowd_sightings').where('shop_id', '=', shopId).where('local_date', '<', date).executeTakeFirst();
      await scope.deleteFrom('crowd_random_daily').where('shop_id', '=', shopId).where('local_date', '<', date).execute();
      return Number(sightings.numDeletedRows);
    },
    shopZones: () => scope.selectFrom('shops').select(['id', 'name', 'time_zone']).execute(),

    // ------------------------------------------------------------ audiences

    audiences: () =>
      scope
        .selectFrom('crowd_audiences as a')
        .leftJoin('users', 'users.id', 'a.created_by')
        .selectAll('a')
        .select(['users.surname', 'users.given_name', 'users.login_name'])
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id')
        .execute(),
    audience: (id: string) => scope.selectFrom('crowd_audiences').selectAll().where('id', '=', id).executeTakeFirst(),
    audienceByName: (key: string) => scope.selectFrom('crowd_audiences').select(['id']).where('name_key', '=', key).executeTakeFirst(),
    insertAudience: (row: AudienceRecord) => scope.insertInto('crowd_audiences', [row]).execute(),
    /** Updates an audience; with `version`, only while it is still that version (a stale job changes nothing). */
    async updateAudience(id: string, patch: Partial<AudienceRecord>, version?: number): Promise<boolean> {
      let query = scope.updateTable('crowd_audiences').set(patch).where('id', '=', id);
      if (version !== undefined) query = query.where('version', '=', version);
      return Number((await query.executeTakeFirst()).numUpdatedRows) > 0;
    },
    deleteAudience: async (id: string) => {
      for (const table of ['crowd_audience_members', 'crowd_audience_shops', 'crowd_audience_sources', 'crowd_uploaded_ids'] as const) {
        await scope.deleteFrom(table).where('audience_id', '=', id).execute();
      }
      await scope.deleteFrom('crowd_exports').where('audience_id', '=', id).execute();
      await scope.deleteFrom('crowd_audiences').where('id', '=', id).execute();
    },
    audienceShops: () => scope.selectFrom('crowd_audience_shops').select(['audience_id', 'shop_id']).execute(),
    async setAudienceShops(audienceId: string, shopIds: readonly string[]): Promise<void> {
      await scope.deleteFrom('crowd_audience_shops').where('audience_id', '=', audienceId).execute();
      if (shopIds.length > 0)
        await scope
          .insertInto(
            'crowd_audience_shops',
            shopIds.map((shop_id) => ({ audience_id: audienceId, shop_id })),
          )
          .execute();
    },
    sources: () => scope.selectFrom('crowd_audience_sources').select(['audience_id', 'source_id', 'position']).orderBy('position').execute(),
    async setSources(audienceId: string, sourceIds: readonly string[]): Promise<void> {
      await scope.deleteFrom('crowd_audience_sources').where('audience_id', '=', audienceId).execute();
      if (sourceIds.length > 0)
        await scope
          .insertInto(
            'crowd_audience_sources',
            sourceIds.map((source_id, position) => ({ audience_id: audienceId, source_id, position })),
          )
          .execute();
    },
    usersOf: (sourceId: string) =>
      scope
        .selectFrom('crowd_audience_sources as s')
        .innerJoin('crowd_audiences as a', (join) => join.onRef('a.customer_id', '=', 's.customer_id').onRef('a.id', '=', 's.audience_id'))
        .select(['a.name'])
        .where('s.source_id', '=', sourceId)
        .execute(),
    async members(audienceId: string): Promise<string[]> {
      const rows = await scope.selectFrom('crowd_audience_members').select('wifi_id').where('audience_id', '=', audienceId).orderBy('wifi_id').execute();
      return rows.map((row) => row.wifi_id);
    },
    async replaceMembers(audienceId: string, wifiIds: readonly string[], onChunk?: (done: number) => Promise<void>): Promise<void> {
      await scope.deleteFrom('crowd_audience_members').where('audience_id', '=', audienceId).execute();
      for (let start = 0; start < wifiIds.length; start += INSERT_CHUNK) {
        await scope
          .insertInto(
            'crowd_audience_members',
            wifiIds.slice(start, start + INSERT_CHUNK).map((wifi_id) => ({ audience_id: audienceId, wifi_id })),
          )
          .execute();
        await onChunk?.(Math.min(wifiIds.length, start + INSERT_CHUNK));
      }
    },
    async uploadedIds(audienceId: string): Promise<string[]> {
      const rows = await scope.selectFrom('crowd_uploaded_ids').select('wifi_id').where('audience_id', '=', audienceId).execute();
      return rows.map((row) => row.wifi_id);
    },
    async insertUploadedIds(audienceId: string, wifiIds: readonly string[]): Promise<void> {
      for (let start = 0; start < wifiIds.length; start += INSERT_CHUNK) {
        await scope
          .insertInto(
            'crowd_uploaded_ids',
            wifiIds.slice(start, start + INSERT_CHUNK).map((wifi_id) => ({ audience_id: audienceId, wifi_id })),
          )
          .execute();
      }
    },

    // ------------------------------------------------------------ channels and exports

    channels: () => scope.selectFrom('crowd_channels').selectAll().orderBy('name').execute(),
    channel: (id: string) => scope.selectFrom('crowd_channels').selectAll().where('id', '=', id).executeTakeFirst(),
    channelByName: (key: string) => scope.selectFrom('crowd_channels').select('id').where('name_key', '=', key).executeTakeFirst(),
    insertChannel: (row: Omit<CrowdChannelsTable, 'customer_id'>) => scope.insertInto('crowd_channels', [row]).execute(),
    updateChannel: (id: string, patch: Partial<Omit<CrowdChannelsTable, 'customer_id' | 'id'>>) =>
      scope.updateTable('crowd_channels').set(patch).where('id', '=', id).execute(),
    deleteChannel: (id: string) => scope.deleteFrom('crowd_channels').where('id', '=', id).execute(),
    exportCounts: () =>
      scope
        .selectFrom('crowd_exports')
        .select((eb) => ['channel_id', eb.fn.countAll<number>().as('n')])
        .groupBy('channel_id')
        .execute(),
    insertExport: (row: {
      id: string;
      audience_id: string;
      channel_id: string;
      channel_name: string;
      rows: number;
      exported_by: string;
      exported_at: string;
    }) => scope.insertInto('crowd_exports', [row]).execute(),
    exportsOf: (audienceId: string) =>
      scope
        .selectFrom('crowd_exports as e')
        .leftJoin('users', 'users.id', 'e.exported_by')
        .select(['e.channel_name', 'e.rows', 'e.exported_at', 'users.surname', 'users.given_name', 'users.login_name'])
        .where('e.audience_id', '=', audienceId)
        .orderBy('e.exported_at', 'desc')
        .execute(),

    // ------------------------------------------------------------ promotions

    promotions: () => scope.selectFrom('crowd_promotions').selectAll().orderBy('start_date', 'desc').orderBy('id').execute(),
    promotion: (id: string) => scope.selectFrom('crowd_promotions').selectAll().where('id', '=', id).executeTakeFirst(),
    promotionsOf: (audienceId: string) => scope.selectFrom('crowd_promotions').select(['name']).where('audience_id', '=', audienceId).execute(),
    insertPromotion: (row: Omit<CrowdPromotionsTable, 'customer_id'>) => scope.insertInto('crowd_promotions', [row]).execute(),
    updatePromotion: (id: string, patch: Partial<Omit<CrowdPromotionsTable, 'customer_id' | 'id'>>) =>
      scope.updateTable('crowd_promotions').set(patch).where('id', '=', id).execute(),
    deletePromotion: async (id: string) => {
      await scope.deleteFrom('crowd_materials').where('promotion_id', '=', id).execute();
      await scope.deleteFrom('crowd_promotions').where('id', '=', id).execute();
    },
    materials: () => scope.selectFrom('crowd_materials').selectAll().orderBy('created_at').orderBy('id').execute(),
    material: (promotionId: string, id: string) =>
      scope.selectFrom('crowd_materials').selectAll().where('promotion_id', '=', promotionId).where('id', '=', id).executeTakeFirst(),
    insertMaterial: (row: Omit<CrowdMaterialsTable, 'customer_id'>) => scope.insertInto('crowd_materials', [row]).execute(),
    deleteMaterial: (id: string) => scope.deleteFrom('crowd_materials').where('id', '=', id).execute(),
  };
}
export type CrowdRepo = ReturnType<typeof crowdRepo>;

/** Every customer, for the daily purge (customers is no tenant table: it lists the tenants). */
export function allCustomerIds(db: import('../../platform/db/database.ts').DB): Promise<{ id: string }[]> {
  return db.selectFrom('customers').select('id').orderBy('id').execute();
}
