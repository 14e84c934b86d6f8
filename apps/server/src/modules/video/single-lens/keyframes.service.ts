import { Readable } from 'node:stream';
import { type KeyframesResponse, type keyframeQuerySchema, type keyframesRequestSchema, VIDEO } from '@storelens/contracts';
import type { z } from 'zod';
import { accessOf } from '../../../platform/authz/access.ts';
import type { DB } from '../../../platform/db/database.ts';
import type { CustomerActor } from '../../../platform/http/context.ts';
import type { DownloadStream } from '../../../platform/http/download.ts';
import { notFound, refused } from '../../../platform/http/errors.ts';
import type { ObjectStorage } from '../../../platform/storage/object-storage.ts';
import { tenantScope } from '../../../platform/tenancy/scoped.ts';
import { now } from '../../../platform/time/clock.ts';
import { addDays, utcOfLocal } from '../../../platform/time/local-time.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { type RecordingSources, recordingSources } from '../recording-source.ts';
import { keyframesRepo } from './keyframes.repo.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Wide enough for a strip of 24 at a glance; a 1080p camera's frame would be 30 times the bytes. */
const THUMBNAIL_WIDTH = 320;

/** Where a segment's thumbnail is kept: made once, purged by the 'thumbnails/' policy (30 days, as the recording). */
export const thumbnailKey = (customerId: string, cameraId: string, segmentId: string) => `thumbnails/${customerId}/${cameraId}/${segmentId}.jpg`;

/**
 * The single-lens page's video strip: per recorded hour of a shop-local day, the first frame of the
 * hour's first segment. A segment starts on a keyframe, so the thumbnail decodes one frame and no
 * seek (cheaper than the screenshot, which decodes up to an instant); it is made once and kept in
 * video storage, so the strip costs 24 reads the next time.
 */
export function createKeyframesService(deps: { db: DB; storage: ObjectStorage; ffmpegPath: string; recordings?: RecordingSources }) {
  const { db, storage } = deps;
  const recordings = deps.recordings ?? recordingSources(deps);
  const playableFrom = () => now().getTime() - VIDEO.playableDays * DAY_MS;
  return {
    async keyframes(actor: CustomerActor, input: z.infer<typeof keyframesRequestSchema>): Promise<KeyframesResponse> {
      await accessOf(db, actor).cameras([input.cameraId]);
      const repo = keyframesRepo(tenantScope(db, actor.customerId));
      const shop = await repo.cameraShop(input.cameraId);
      if (!shop) throw notFound();
      const dayStart = utcOfLocal(shop.time_zone, input.date, 0);
      // 23 or 25 hours on a daylight-saving day: the day ends where the next one starts.
      const dayEnd = utcOfLocal(shop.time_zone, addDays(input.date, 1), 0);
      const oldest = playableFrom();
      const frames: KeyframesResponse['frames'] = [];
      for (let hourStart = dayStart; hourStart < dayEnd; hourStart += HOUR_MS) {
        const to = Math.min(hourStart + HOUR_MS, dayEnd);
        if (to <= oldest) continue;
        const segment = await repo.firstSegmentFrom(input.cameraId, Math.max(hourStart, oldest), to);
        if (segment) frames.push({ at: new Date(Number(segment.start_ms)).toISOString(), segmentId: segment.id });
      }
      return { cameraId: input.cameraId, shopId: shop.shop_id, timeZone: shop.time_zone, frames };
    },

    async keyframe(actor: CustomerActor, query: z.infer<typeof keyframeQuerySchema>): Promise<DownloadStream> {
      await accessOf(db, actor).cameras([query.cameraId]);
      const source = await recordings.forCamera(actor.customerId, query.cameraId);
      const segment = await source.segment(query.cameraId, query.segmentId);
      if (!segment) throw notFound();
      if (segment.end_ms <= playableFrom()) throw refused('errors.videoTooOld');
      const key = thumbnailKey(actor.customerId, query.cameraId, segment.id);
      let size = await storage.size(key);
      let made: Buffer | null = null;
      if (size === null) {
        // Fed on stdin from the camera's recording source (local, S3 or a box alike); the arguments are the server's own.
        const { stdout } = await runFfmpeg(
          deps.ffmpegPath,
          [
            '-hide_banner',
            '-loglevel',
            'error',
            '-f',
            'mp4',
            '-i',
            'pipe:0',
            '-frames:v',
            '1',
            '-vf',
            `scale=${THUMBNAIL_WIDTH}:-2`,
            '-f',
            'image2pipe',
            '-c:v',
            'mjpeg',
            '-q:v',
            '5',
            'pipe:1',
          ],
          { stdin: await source.read(segment), timeoutMs: 20_000 },
        );
        if (stdout.length === 0) throw refused('errors.noVideoAtTime');
        await storage.putBuffer(key, stdout);
        made = stdout;
        size = stdout.length;
      }
      const bytes = made;
      return {
        fileName: `${segment.id}.jpg`,
        contentType: 'image/jpeg',
        size,
        inline: true,
        // The picture of a recorded segment never changes; the session check still runs on every request.
        cacheControl: 'private, max-age=86400',
        open: async (range) => (bytes && !range ? Readable.from([bytes]) : storage.read(key, range)),
      };
    },
  };
}
export type KeyframesService = ReturnType<typeof createKeyframesService>;
