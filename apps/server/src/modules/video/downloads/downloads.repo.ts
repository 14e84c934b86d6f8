import type { Updateable } from 'kysely';
import type { VideoDownloadsTable } from '../../../platform/db/schema.ts';
import type { TenantScope } from '../../../platform/tenancy/scoped.ts';

export type DownloadRecord = Omit<VideoDownloadsTable, 'customer_id'>;
export type DownloadStatusName = VideoDownloadsTable['status'];
export type DownloadPatch = Updateable<Omit<VideoDownloadsTable, 'customer_id' | 'id'>>;

export interface DownloadFilter {
  shopIds: readonly string[];
  cameraIds: readonly string[] | null;
  statuses: readonly DownloadStatusName[] | null;
  fromMs: number | null;
  toMs: number | null;
  offset: number;
  limit: number;
}

/** A new task, queued: what the service writes per camera (and the benchmark per sample). */
export function queuedDownload(task: {
  id: string;
  shopId: string;
  cameraId: string;
  fromMs: number;
  toMs: number;
  createdBy: string;
  createdAt: string;
}): DownloadRecord {
  return {
    id: task.id,
    shop_id: task.shopId,
    camera_id: task.cameraId,
    start_ms: task.fromMs,
    end_ms: task.toMs,
    status: 'toBeGenerated',
    progress: 0,
    failure: null,
    location: null,
    bytes: null,
    attempts: 0,
    created_by: task.createdBy,
    created_at: task.createdAt,
    completed_at: null,
  };
}

const COLUMNS = [
  'video_downloads.id',
  'video_downloads.shop_id',
  'video_downloads.camera_id',
  'video_downloads.start_ms',
  'video_downloads.end_ms',
  'video_downloads.status',
  'video_downloads.progress',
  'video_downloads.failure',
  'video_downloads.location',
  'video_downloads.bytes',
  'video_downloads.attempts',
  'video_downloads.created_by',
  'video_downloads.created_at',
  'video_downloads.completed_at',
] as const;

/** The download tasks of one customer. */
export function downloadsRepo(scope: TenantScope) {
  /** Tasks with the names a person reads: shop, its time zone, camera, creator. */
  const named = () =>
    scope
      .selectFrom('video_downloads')
      .innerJoin('cameras', (join) =>
        join.onRef('cameras.customer_id', '=', 'video_downloads.customer_id').onRef('cameras.id', '=', 'video_downloads.camera_id'),
      )
      .innerJoin('shops', (join) => join.onRef('shops.customer_id', '=', 'video_downloads.customer_id').onRef('shops.id', '=', 'video_downloads.shop_id'))
      // Users are global; joined on the task's creator only.
      .leftJoin('users', 'users.id', 'video_downloads.created_by')
      .select([
        ...COLUMNS,
        'shops.name as shop_name',
        'shops.time_zone',
        'cameras.name as camera_name',
        'users.surname',
        'users.given_name',
        'users.login_name',
      ]);

  return {
    insert: (rows: readonly DownloadRecord[]) => scope.insertInto('video_downloads', [...rows]).execute(),

    get: (id: string) => scope.selectFrom('video_downloads').selectAll().where('id', '=', id).executeTakeFirst(),

    /** One task with names, only when its shop is one of `shopIds` (the caller's). */
    named: (id: string, shopIds: readonly string[]) =>
      named()
        .where('video_downloads.id', '=', id)
        .where('video_downloads.shop_id', 'in', shopIds.length > 0 ? [...shopIds] : [''])
        .executeTakeFirst(),

    async list(filter: DownloadFilter) {
      let query = named().where('video_downloads.shop_id', 'in', filter.shopIds.length > 0 ? [...filter.shopIds] : ['']);
      if (filter.cameraIds) query = query.where('video_downloads.camera_id', 'in', filter.cameraIds.length > 0 ? [...filter.cameraIds] : ['']);
      if (filter.statuses && filter.statuses.length > 0) query = query.where('video_downloads.status', 'in', [...filter.statuses]);
      if (filter.fromMs !== null) query = query.where('video_downloads.start_ms', '>=', filter.fromMs);
      if (filter.toMs !== null) query = query.where('video_downloads.start_ms', '<', filter.toMs);
      const [total, rows] = await Promise.all([
        query
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        query.orderBy('video_downloads.created_at', 'desc').orderBy('video_downloads.id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
      ]);
      return { total: Number(total.n), rows };
    },

    /** Changes a task when its status is one of `from` (a stale writer changes nothing); answers whether it did. */
    async update(id: string, patch: DownloadPatch, from?: readonly DownloadStatusName[]): Promise<boolean> {
      let query = scope.updateTable('video_downloads').set(patch).where('id', '=', id);
      if (from) query = query.where('status', 'in', [...from]);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Generated tasks completed before an instant: their files are past the 30 days. */
    generatedBefore: (beforeIso: string) =>
      scope.selectFrom('video_downloads').select(['id', 'location']).where('status', '=', 'generated').where('completed_at', '<', beforeIso).execute(),
  };
}
export type DownloadsRepo = ReturnType<typeof downloadsRepo>;
