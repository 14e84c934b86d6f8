import { sql } from 'kysely';
import type { DB } from '../../platform/db/database.ts';
import type { VideoSegmentsTable, VideoWatchLogTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

export type SegmentRow = Omit<VideoSegmentsTable, 'customer_id'>;
export type SegmentInsert = Omit<VideoSegmentsTable, 'customer_id'>;
/** Recorded milliseconds to add (or, negative, take away) per camera and bucket. */
export interface BucketDelta {
  camera_id: string;
  bucket_ms: number;
  recorded_ms: number;
}

const SEGMENT_COLUMNS = ['id', 'camera_id', 'start_ms', 'end_ms', 'bytes', 'location', 'init_bytes', 'media_bytes', 'run_id', 'created_at'] as const;

/** The segment index, the availability rollup, camera sources and the camera live log of one customer. */
export function videoRepo(scope: TenantScope) {
  return {
    insertSegments: async (rows: readonly SegmentInsert[]) => {
      // Bounded batches: SQLite takes at most 32,766 bound values in one statement.
      for (let index = 0; index < rows.length; index += 2000) await scope.insertInto('video_segments', rows.slice(index, index + 2000)).execute();
    },

    /** Adds to (or takes from) the availability buckets, one upsert per bucket. */
    async addToBuckets(deltas: readonly BucketDelta[]) {
      if (deltas.length === 0) return;
      for (let index = 0; index < deltas.length; index += 2000)
        await scope
          .insertInto('video_availability', deltas.slice(index, index + 2000))
          .onConflict((oc) =>
            oc
              .columns(['customer_id', 'camera_id', 'bucket_ms'])
              .doUpdateSet({ recorded_ms: sql<number>`video_availability.recorded_ms + excluded.recorded_ms` }),
          )
          .execute();
      await scope.deleteFrom('video_availability').where('recorded_ms', '<=', 0).execute();
    },

    /** Segments of a camera overlapping [fromMs, toMs), in time order. */
    segmentsBetween: (cameraId: string, fromMs: number, toMs: number, limit = 20_000): Promise<SegmentRow[]> =>
      scope
        .selectFrom('video_segments')
        .select(SEGMENT_COLUMNS)
        .where('camera_id', '=', cameraId)
        // Segments are at most a minute long: bounding the start keeps the range scan on the index.
        .where('start_ms', '>=', fromMs - 60_000)
        .where('start_ms', '<', toMs)
        .where('end_ms', '>', fromMs)
        .orderBy('start_ms')
        .limit(limit)
        .execute(),

    segment: (cameraId: string, segmentId: string) =>
      scope.selectFrom('video_segments').select(SEGMENT_COLUMNS).where('camera_id', '=', cameraId).where('id', '=', segmentId).executeTakeFirst(),

    /** The availability buckets of a camera from `fromMs` on. */
    buckets: (cameraId: string, fromMs: number) =>
      scope
        .selectFrom('video_availability')
        .select(['bucket_ms', 'recorded_ms'])
        .where('camera_id', '=', cameraId)
        .where('bucket_ms', '>=', fromMs)
        .orderBy('bucket_ms')
        .execute(),

    /** The oldest segments of the customer (every camera), up to `limit`, optionally only those starting before `beforeMs`. */
    oldestSegments: (limit: number, beforeMs?: number) => {
      let query = scope.selectFrom('video_segments').select(SEGMENT_COLUMNS).orderBy('start_ms').orderBy('id').limit(limit);
      if (beforeMs !== undefined) query = query.where('start_ms', '<', beforeMs);
      return query.execute();
    },

    deleteSegments: async (ids: readonly string[]) => {
      for (let index = 0; index < ids.length; index += 2000)
        await scope
          .deleteFrom('video_segments')
          .where('id', 'in', ids.slice(index, index + 2000))
          .execute();
    },

    /** Of these storage locations, the ones some segment still names (the demo's history shares its clip's files). */
    async locationsInUse(locations: readonly string[]): Promise<Set<string>> {
      const used = new Set<string>();
      for (let index = 0; index < locations.length; index += 2000) {
        const rows = await scope
          .selectFrom('video_segments')
          .select('location')
          .distinct()
          .where('location', 'in', locations.slice(index, index + 2000))
          .execute();
        for (const row of rows) used.add(row.location);
      }
      return used;
    },

    lastSegmentEnd: async (cameraId: string): Promise<number | null> => {
      const row = await scope
        .selectFrom('video_segments')
        .select((eb) => eb.fn.max('end_ms').as('end'))
        .where('camera_id', '=', cameraId)
        .executeTakeFirst();
      return row?.end === null || row?.end === undefined ? null : Number(row.end);
    },

    /** Streams to record continuously: enabled cameras of shops that are not closed (closing a shop turns its live video off). */
    recordedStreams: () =>
      scope
        .selectFrom('video_sources')
        .innerJoin('cameras', (join) => join.onRef('cameras.customer_id', '=', 'video_sources.customer_id').onRef('cameras.id', '=', 'video_sources.camera_id'))
        .innerJoin('shops', (join) => join.onRef('shops.customer_id', '=', 'cameras.customer_id').onRef('shops.id', '=', 'cameras.shop_id'))
        .select(['video_sources.camera_id', 'video_sources.url'])
        .where('video_sources.kind', '=', 'stream')
        .where('video_sources.record', '=', 'continuous')
        .where('video_sources.url', 'is not', null)
        .where('cameras.enabled', '=', 1)
        .where('shops.status', '!=', 'closed')
        .orderBy('video_sources.camera_id')
        .execute(),
    /** The kind of a camera's video source (which recording source reads it), or undefined without a source. */
    sourceKind: async (cameraId: string) => (await scope.selectFrom('video_sources').select('kind').where('camera_id', '=', cameraId).executeTakeFirst())?.kind,
    source: (cameraId: string) =>
      scope.selectFrom('video_sources').select(['camera_id', 'kind', 'url', 'record', 'updated_at']).where('camera_id', '=', cameraId).executeTakeFirst(),
    saveSource: (row: { camera_id: string; kind: 'stream' | 'edge'; url: string | null; record: 'continuous' | 'onDemand'; updated_at: string }) =>
      scope
        .insertInto('video_sources', [row])
        .onConflict((oc) =>
          oc.columns(['customer_id', 'camera_id']).doUpdateSet({ kind: row.kind, url: row.url, record: row.record, updated_at: row.updated_at }),
        )
        .execute(),

    logWatch: (row: Omit<VideoWatchLogTable, 'customer_id'>) => scope.insertInto('video_watch_log', [row]).execute(),

    /**
     * A person's newest watch of a camera that is still open: a live view has no range yet, a
     * playback still spans the range its playlist was asked for (closing it narrows that range).
     */
    openWatch: (filter: { userId: string; cameraId: string; kind: 'live' | 'playback'; fromMs: number | null; toMs: number | null }) => {
      let query = scope
        .selectFrom('video_watch_log')
        .select(['id', 'at'])
        .where('user_id', '=', filter.userId)
        .where('camera_id', '=', filter.cameraId)
        .where('kind', '=', filter.kind);
      query = filter.fromMs === null ? query.where('from_ms', 'is', null) : query.where('from_ms', '=', filter.fromMs);
      query = filter.toMs === null ? query.where('to_ms', 'is', null) : query.where('to_ms', '=', filter.toMs);
      return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
    },
    closeWatch: (id: string, range: { fromMs: number; toMs: number }) =>
      scope.updateTable('video_watch_log').set({ from_ms: range.fromMs, to_ms: range.toMs }).where('id', '=', id).execute(),

    /** The camera live log, newest first, with the names a person reads; `cameraIds` null: every camera. */
    async watchLog(filter: { shopIds: readonly string[]; cameraIds: readonly string[] | null; offset: number; limit: number }) {
      let query = scope
        .selectFrom('video_watch_log')
        .innerJoin('cameras', (join) =>
          join.onRef('cameras.customer_id', '=', 'video_watch_log.customer_id').onRef('cameras.id', '=', 'video_watch_log.camera_id'),
        )
        .innerJoin('shops', (join) => join.onRef('shops.customer_id', '=', 'cameras.customer_id').onRef('shops.id', '=', 'cameras.shop_id'))
        // Users are global; joined on the log's user only.
        .innerJoin('users', 'users.id', 'video_watch_log.user_id');
      query = query.where('cameras.shop_id', 'in', filter.shopIds.length > 0 ? [...filter.shopIds] : ['']);
      if (filter.cameraIds) query = query.where('video_watch_log.camera_id', 'in', filter.cameraIds.length > 0 ? [...filter.cameraIds] : ['']);
      const [total, rows] = await Promise.all([
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        query
          .select([
            'video_watch_log.id',
            'video_watch_log.user_id',
            'users.surname',
            'users.given_name',
            'users.login_name',
            'shops.id as shop_id',
            'shops.name as shop_name',
            'cameras.id as camera_id',
            'cameras.name as camera_name',
            'video_watch_log.kind',
            'video_watch_log.from_ms',
            'video_watch_log.to_ms',
            'video_watch_log.at',
          ])
          .orderBy('video_watch_log.at', 'desc')
          .orderBy('video_watch_log.id', 'desc')
          .offset(filter.offset)
          .limit(filter.limit)
          .execute(),
      ]);
      return { total: Number(total.n), rows };
    },
  };
}
export type VideoRepo = ReturnType<typeof videoRepo>;

/** Every customer (customers is no tenant table: it lists the tenants), for work over all of them. */
export function customerIdsOf(db: DB): Promise<{ id: string }[]> {
  return db.selectFrom('customers').select('id').orderBy('id').execute();
}
