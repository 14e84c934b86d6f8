import crypto from 'node:crypto';
import type { liveLogRequestSchema, playbackStopSchema, videoSourceSaveSchema } from '@storelens/contracts';
import { type OperationInput, VIDEO, type videoOperations } from '@storelens/contracts';
import type { z } from 'zod';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { DownloadFile, DownloadStream } from '../../platform/http/download.ts';
import { badRequest, notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import { axisFromBuckets, axisWindow } from './availability.ts';
import { jpegFrameArgs, runFfmpeg } from './ffmpeg.ts';
import { writePlaylist } from './playlist.ts';
import { type RecordingSources, recordingSources } from './recording-source.ts';
import { checkedStreamUrl, withoutCredentials } from './stream-url.ts';
import { videoRepo } from './video.repo.ts';

type PlaylistQuery = OperationInput<typeof videoOperations.playbackRecord>;
type SegmentQuery = OperationInput<typeof videoOperations.segment>;
type ScreenshotBody = OperationInput<typeof videoOperations.screenshot>;

const DAY_MS = 86_400_000;
export const HLS_CONTENT_TYPE = 'application/vnd.apple.mpegurl';

/** A frame of recorded video, stamped for evidence (inspections keep the hash). */
export interface Screenshot {
  cameraId: string;
  /** The instant asked for; the frame is the first one at or after it (within one frame interval). */
  at: string;
  jpeg: Buffer;
  sha256: string;
}

/** The URL of a segment as the playlist names it (absolute path, same origin, same session). */
export const segmentUrl = (cameraId: string, segmentId: string) =>
  `/api/video/segment?cameraId=${encodeURIComponent(cameraId)}&segmentId=${encodeURIComponent(segmentId)}`;

/**
 * Recorded video for people: the availability axis, playlists and their segments, screenshots,
 * the camera live log, camera sources. Every camera is checked through the access module; what
 * lies outside the caller's shops answers 'not found'. Watching is logged (the camera live log).
 * Segments and their bytes come from the camera's recording source (`recordings`, by default
 * chosen by the camera's source kind over the index and `storage`), never from storage directly.
 */
export function createVideoService(deps: { db: DB; storage: ObjectStorage; ffmpegPath: string; recordings?: RecordingSources }) {
  const { db } = deps;
  const recordings = deps.recordings ?? recordingSources(deps);
  const repoOf = (actor: CustomerActor) => videoRepo(tenantScope(db, actor.customerId));
  const playableFrom = () => now().getTime() - VIDEO.playableDays * DAY_MS;

  async function requireCamera(actor: CustomerActor, cameraId: string): Promise<string> {
    const shops = await accessOf(db, actor).cameras([cameraId]);
    return shops.get(cameraId) ?? '';
  }

  const logWatch = (actor: CustomerActor, cameraId: string, kind: 'playback' | 'screenshot', fromMs: number, toMs: number | null) =>
    repoOf(actor).logWatch({ id: newId(), user_id: actor.userId, camera_id: cameraId, kind, from_ms: fromMs, to_ms: toMs, at: nowIso() });

  /** The segment holding an instant, or the refusal a person reads. */
  async function segmentAt(customerId: string, cameraId: string, atMs: number) {
    if (atMs < playableFrom()) throw refused('errors.videoTooOld');
    const source = await recordings.forCamera(customerId, cameraId);
    const found = (await source.segmentsBetween(cameraId, atMs, atMs + 1, 5)).find((row) => row.start_ms <= atMs && atMs < row.end_ms);
    if (!found) throw refused('errors.noVideoAtTime');
    return { source, segment: found };
  }

  /** The frame at an instant, decoded from the segment that holds it, stamped with its hash. */
  async function frameOf(customerId: string, cameraId: string, atMs: number): Promise<Screenshot> {
    const { source, segment } = await segmentAt(customerId, cameraId, atMs);
    const offset = ((atMs - segment.start_ms) / 1000).toFixed(3);
    // The segment is fed on stdin: the same for every recording source (local or S3 storage, a
    // box). The only values in the arguments are numbers the server computed.
    const { stdout } = await runFfmpeg(deps.ffmpegPath, jpegFrameArgs('pipe:0', offset, 'mp4'), {
      stdin: await source.read(segment),
      timeoutMs: 20_000,
    });
    if (stdout.length === 0) throw refused('errors.noVideoAtTime');
    return { cameraId, at: new Date(atMs).toISOString(), jpeg: stdout, sha256: crypto.createHash('sha256').update(stdout).digest('hex') };
  }

  return {
    async availability(actor: CustomerActor, input: { cameraId: string }) {
      await requireCamera(actor, input.cameraId);
      const nowMs = now().getTime();
      const window = axisWindow(nowMs);
      const rows = await repoOf(actor).buckets(input.cameraId, window.fromMs);
      return {
        cameraId: input.cameraId,
        from: new Date(window.fromMs).toISOString(),
        to: new Date(window.toMs).toISOString(),
        bucketMs: VIDEO.axisBucketMs,
        recordedSeconds: axisFromBuckets(rows, nowMs),
        playableFrom: new Date(playableFrom()).toISOString(),
      };
    },

    async playlist(actor: CustomerActor, query: PlaylistQuery): Promise<DownloadFile> {
      await requireCamera(actor, query.cameraId);
      const fromMs = Date.parse(query.start);
      const toMs = Date.parse(query.end);
      if (!(toMs > fromMs) || toMs - fromMs > VIDEO.playlistMaxHours * 3_600_000)
        throw badRequest('errors.videoRangeTooLong', { hours: VIDEO.playlistMaxHours });
      const oldest = playableFrom();
      if (toMs <= oldest) throw refused('errors.videoTooOld');
      // A range reaching past the 30 days plays from where playable video starts.
      const from = Math.max(fromMs, oldest);
      const source = await recordings.forCamera(actor.customerId, query.cameraId);
      const segments = await source.segmentsBetween(query.cameraId, from, toMs);
      await logWatch(actor, query.cameraId, 'playback', fromMs, toMs);
      const text = writePlaylist(segments, { fromMs: from, toMs }, (id) => segmentUrl(query.cameraId, id));
      return { fileName: `${query.cameraId}.m3u8`, content: Buffer.from(text), contentType: HLS_CONTENT_TYPE, inline: true };
    },

    async segment(actor: CustomerActor, query: SegmentQuery): Promise<DownloadStream> {
      await requireCamera(actor, query.cameraId);
      const source = await recordings.forCamera(actor.customerId, query.cameraId);
      const row = await source.segment(query.cameraId, query.segmentId);
      if (!row) throw notFound();
      if (row.end_ms <= playableFrom()) throw refused('errors.videoTooOld');
      return {
        fileName: `${row.id}.mp4`,
        contentType: 'video/mp4',
        size: row.bytes,
        inline: true,
        // A segment never changes once recorded; the session check still runs on every request.
        cacheControl: 'private, max-age=3600',
        open: (range) => source.read(row, range),
      };
    },

    async screenshot(actor: CustomerActor, input: ScreenshotBody): Promise<Screenshot> {
      await requireCamera(actor, input.cameraId);
      const atMs = Date.parse(input.at);
      const shot = await frameOf(actor.customerId, input.cameraId, atMs);
      await logWatch(actor, input.cameraId, 'screenshot', atMs, null);
      return shot;
    },

    /**
     * A frame for work no person asks for (a rectification's comparison frame at its deadline, taken
     * by a job): the same frame as a screenshot, of a camera of that customer. Not in the camera
     * live log, which records what people watched. Refuses like a screenshot (no video, too old).
     */
    async frameAt(customerId: string, cameraId: string, at: string): Promise<Screenshot> {
      return frameOf(customerId, cameraId, Date.parse(at));
    },

    /**
     * "Playback stop": the live log keeps what was really watched. A live view gets its start and
     * end; a playback's range ends where playback reached (nothing played: an empty range at its
     * start). A stop with no open watch to close changes nothing: stops are sent again on unload.
     */
    async stop(actor: CustomerActor, input: z.infer<typeof playbackStopSchema>): Promise<null> {
      await requireCamera(actor, input.cameraId);
      const repo = repoOf(actor);
      if (input.mode === 'live') {
        const open = await repo.openWatch({ userId: actor.userId, cameraId: input.cameraId, kind: 'live', fromMs: null, toMs: null });
        if (open) await repo.closeWatch(open.id, { fromMs: Date.parse(open.at), toMs: now().getTime() });
        return null;
      }
      const fromMs = Date.parse(input.start);
      const toMs = Date.parse(input.end);
      const open = await repo.openWatch({ userId: actor.userId, cameraId: input.cameraId, kind: 'playback', fromMs, toMs });
      if (!open) return null;
      const reachedMs = input.reached === null ? fromMs : Math.min(Math.max(Date.parse(input.reached), fromMs), toMs);
      await repo.closeWatch(open.id, { fromMs, toMs: reachedMs });
      return null;
    },

    async liveLog(actor: CustomerActor, input: z.infer<typeof liveLogRequestSchema>) {
      const access = accessOf(db, actor);
      const shopIds = await access.shopIds(input.shopIds);
      const cameraShops = input.cameraIds && input.cameraIds.length > 0 ? await access.cameras(input.cameraIds) : null;
      const shops = new Set(shopIds);
      const cameraIds = cameraShops ? [...cameraShops].filter(([, shopId]) => shops.has(shopId)).map(([id]) => id) : null;
      const { total, rows } = await repoOf(actor).watchLog({ shopIds, cameraIds, offset: (input.page - 1) * input.pageSize, limit: input.pageSize });
      return {
        total,
        page: input.page,
        pageSize: input.pageSize,
        list: rows.map((row) => ({
          id: row.id,
          userId: row.user_id,
          userName: `${row.surname}${row.given_name}`.trim() || row.login_name,
          shopId: row.shop_id,
          shopName: row.shop_name,
          cameraId: row.camera_id,
          cameraName: row.camera_name,
          kind: row.kind,
          from: row.from_ms === null ? null : new Date(Number(row.from_ms)).toISOString(),
          to: row.to_ms === null ? null : new Date(Number(row.to_ms)).toISOString(),
          at: row.at,
        })),
      };
    },

    async source(actor: CustomerActor, cameraId: string) {
      await requireCamera(actor, cameraId);
      const row = await repoOf(actor).source(cameraId);
      return row ? { cameraId, kind: row.kind, url: row.url ? withoutCredentials(row.url) : null, record: row.record } : null;
    },

    async saveSource(actor: CustomerActor, input: z.infer<typeof videoSourceSaveSchema>) {
      await requireCamera(actor, input.cameraId);
      // No address for a stream keeps the stored one: it is answered without its user and password,
      // so a form that changes only the recording mode could not send them back.
      const stored = input.kind === 'stream' && !input.url ? await repoOf(actor).source(input.cameraId) : null;
      const given = input.url || (stored?.kind === 'stream' ? stored.url : null) || '';
      const url = input.kind === 'stream' ? checkedStreamUrl(given) : null;
      if (input.kind === 'stream' && !url) throw badRequest('errors.videoSourceUrl');
      await repoOf(actor).saveSource({ camera_id: input.cameraId, kind: input.kind, url, record: input.record, updated_at: nowIso() });
      return { cameraId: input.cameraId, kind: input.kind, url: url ? withoutCredentials(url) : null, record: input.record };
    },

    /** The demo seed and recorders set sources without a caller. */
    saveSourceFor: (customerId: string, row: { cameraId: string; url: string; record: 'continuous' | 'onDemand' }) =>
      videoRepo(tenantScope(db, customerId)).saveSource({ camera_id: row.cameraId, kind: 'stream', url: row.url, record: row.record, updated_at: nowIso() }),
  };
}
export type VideoService = ReturnType<typeof createVideoService>;
