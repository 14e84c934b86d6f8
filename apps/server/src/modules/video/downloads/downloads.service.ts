import { type DownloadRow, type downloadAddSchema, type downloadListSchema, type Locale, translateMessage, VIDEO, VIDEO_DOWNLOADS } from '@storelens/contracts';
import type { z } from 'zod';
import { accessOf } from '../../../platform/authz/access.ts';
import type { DB } from '../../../platform/db/database.ts';
import type { CustomerActor } from '../../../platform/http/context.ts';
import type { DownloadStream } from '../../../platform/http/download.ts';
import { badRequest, notFound, refused } from '../../../platform/http/errors.ts';
import { newId } from '../../../platform/ids.ts';
import type { JobQueue } from '../../../platform/jobs/jobs.ts';
import type { ObjectStorage } from '../../../platform/storage/object-storage.ts';
import { tenantScope } from '../../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../../platform/time/clock.ts';
import { type RecordingSources, recordingSources } from '../recording-source.ts';
import { videoRepo } from '../video.repo.ts';
import { DOWNLOAD_CLIP_JOB, type DownloadClipPayload } from './downloads.jobs.ts';
import { type DownloadRecord, downloadsRepo, queuedDownload } from './downloads.repo.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

type NamedRow = NonNullable<Awaited<ReturnType<ReturnType<typeof downloadsRepo>['named']>>>;

/** One customer's tasks are cut one at a time, so one customer's batch of 20 does not hold every worker. */
export const downloadConcurrencyKey = (customerId: string) => `video-download:${customerId}`;

/**
 * Video download tasks (issue 12 section 3): queued per camera after every check passes (all or
 * none), cut by the `video.download-clip` job, downloaded with the session, kept 30 days. Cameras
 * are checked through the access module; a task outside the caller's shops answers 'not found'.
 */
export function createDownloadsService(deps: { db: DB; storage: ObjectStorage; queue: JobQueue; recordings?: RecordingSources }) {
  const { db, storage, queue } = deps;
  // The recorded seconds a task's detail shows come from where the job will cut it.
  const recordings = deps.recordings ?? recordingSources(deps);
  const repoOf = (actor: CustomerActor) => downloadsRepo(tenantScope(db, actor.customerId));
  const playableFrom = () => now().getTime() - VIDEO.playableDays * DAY_MS;

  const enqueue = (customerId: string, downloadId: string) =>
    queue.enqueue<DownloadClipPayload>(DOWNLOAD_CLIP_JOB, { downloadId }, { customerId, concurrencyKey: downloadConcurrencyKey(customerId) });

  /** The task when its shop is the caller's, else 'not found' (another customer's id reads the same). */
  async function requireTask(actor: CustomerActor, id: string): Promise<NamedRow> {
    const row = await repoOf(actor).named(id, await accessOf(db, actor).shopIds());
    if (!row) throw notFound();
    return row;
  }

  function present(row: NamedRow, locale: Locale): DownloadRow {
    const completedAt = row.completed_at;
    return {
      id: row.id,
      shopId: row.shop_id,
      shopName: row.shop_name,
      timeZone: row.time_zone,
      cameraId: row.camera_id,
      cameraName: row.camera_name,
      start: new Date(Number(row.start_ms)).toISOString(),
      end: new Date(Number(row.end_ms)).toISOString(),
      status: row.status,
      progress: row.progress,
      failure: row.status === 'failed' && row.failure ? translateMessage(locale, row.failure) : null,
      creatorName: `${row.surname ?? ''}${row.given_name ?? ''}`.trim() || (row.login_name ?? ''),
      createdAt: row.created_at,
      completedAt,
      bytes: row.bytes === null ? null : Number(row.bytes),
      expiresAt: row.status === 'generated' && completedAt ? new Date(Date.parse(completedAt) + VIDEO_DOWNLOADS.keepDays * DAY_MS).toISOString() : null,
    };
  }

  /** A range a task may cover: ends after it starts and by now, at most two hours, within the 30 playable days. */
  function checkedRange(start: string, end: string): { fromMs: number; toMs: number } {
    const fromMs = Date.parse(start);
    const toMs = Date.parse(end);
    if (!(toMs > fromMs) || toMs - fromMs > VIDEO_DOWNLOADS.maxRangeHours * HOUR_MS || toMs > now().getTime())
      throw badRequest('errors.downloadRange', { hours: VIDEO_DOWNLOADS.maxRangeHours });
    if (fromMs < playableFrom()) throw refused('errors.videoTooOld');
    return { fromMs, toMs };
  }

  return {
    async batchAdd(actor: CustomerActor, input: z.infer<typeof downloadAddSchema>) {
      const { fromMs, toMs } = checkedRange(input.start, input.end);
      const cameraIds = [...new Set(input.cameraIds)];
      // Every camera is checked before anything is queued: one outside the caller's shops fails the batch.
      const shopOf = await accessOf(db, actor).cameras(cameraIds);
      const createdAt = nowIso();
      const rows: DownloadRecord[] = cameraIds.map((cameraId) =>
        queuedDownload({ id: newId(), shopId: shopOf.get(cameraId) ?? '', cameraId, fromMs, toMs, createdBy: actor.userId, createdAt }),
      );
      const video = videoRepo(tenantScope(db, actor.customerId));
      await repoOf(actor).insert(rows);
      for (const row of rows) {
        // The camera live log keeps who took video away, and which (spec: the log's 'download' kind).
        await video.logWatch({ id: newId(), user_id: actor.userId, camera_id: row.camera_id, kind: 'download', from_ms: fromMs, to_ms: toMs, at: createdAt });
        await enqueue(actor.customerId, row.id);
      }
      return { ids: rows.map((row) => row.id) };
    },

    async list(actor: CustomerActor, input: z.infer<typeof downloadListSchema>, locale: Locale) {
      const access = accessOf(db, actor);
      const shopIds = await access.shopIds(input.shopIds);
      const cameraIds = input.cameraIds && input.cameraIds.length > 0 ? [...(await access.cameras(input.cameraIds)).keys()] : null;
      const { total, rows } = await repoOf(actor).list({
        shopIds,
        cameraIds,
        statuses: input.statuses ?? null,
        fromMs: input.from ? Date.parse(input.from) : null,
        toMs: input.to ? Date.parse(input.to) : null,
        offset: (input.page - 1) * input.pageSize,
        limit: input.pageSize,
      });
      return { total, page: input.page, pageSize: input.pageSize, list: rows.map((row) => present(row, locale)) };
    },

    async detail(actor: CustomerActor, id: string, locale: Locale) {
      const row = await requireTask(actor, id);
      const fromMs = Number(row.start_ms);
      const toMs = Number(row.end_ms);
      const source = await recordings.forCamera(actor.customerId, row.camera_id);
      const segments = await source.segmentsBetween(row.camera_id, fromMs, toMs);
      const recordedMs = segments.reduce((sum, segment) => sum + Math.max(0, Math.min(toMs, segment.end_ms) - Math.max(fromMs, segment.start_ms)), 0);
      return { ...present(row, locale), recordedSeconds: recordedMs / 1000, attempts: row.attempts };
    },

    async status(actor: CustomerActor, id: string) {
      const row = await requireTask(actor, id);
      return { id: row.id, status: row.status, progress: row.progress };
    },

    /** Resynthesise (generated, expired) or retry (failed): the task is queued again from the start. */
    async rebuild(actor: CustomerActor, id: string, locale: Locale) {
      const row = await requireTask(actor, id);
      if (row.status === 'toBeGenerated' || row.status === 'generating') throw refused('errors.videoSynthesizing');
      if (Number(row.start_ms) < playableFrom()) throw refused('errors.videoTooOld');
      const repo = repoOf(actor);
      const changed = await repo.update(
        row.id,
        { status: 'toBeGenerated', progress: 0, failure: null, location: null, bytes: null, completed_at: null, attempts: 0 },
        [row.status],
      );
      // Another request rebuilt it in between: it is being made.
      if (!changed) throw refused('errors.videoSynthesizing');
      if (row.location) await storage.delete([row.location]);
      await enqueue(actor.customerId, row.id);
      return present((await requireTask(actor, id)) as NamedRow, locale);
    },

    async file(actor: CustomerActor, id: string): Promise<DownloadStream> {
      const row = await requireTask(actor, id);
      if (row.status === 'toBeGenerated' || row.status === 'generating') throw refused('errors.videoSynthesizing');
      if (row.status === 'failed') throw refused('errors.downloadFailed');
      const size = row.status === 'generated' && row.location ? await storage.size(row.location) : null;
      if (size === null || !row.location) {
        // The retention job deleted the file first: the task says so from now on.
        if (row.status === 'generated') await repoOf(actor).update(row.id, { status: 'expired', location: null }, ['generated']);
        throw refused('errors.downloadExpired');
      }
      const location = row.location;
      const stamp = new Date(Number(row.start_ms)).toISOString().replace(/[-:]/g, '').slice(0, 15);
      return {
        fileName: `video-${stamp}-${row.id}.mp4`,
        contentType: 'video/mp4',
        size,
        cacheControl: 'private, no-store',
        open: (range) => storage.read(location, range),
      };
    },
  };
}
export type DownloadsService = ReturnType<typeof createDownloadsService>;
