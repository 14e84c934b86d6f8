import fsp from 'node:fs/promises';
import path from 'node:path';
import { VIDEO_DOWNLOADS } from '@storelens/contracts';
import type { DB } from '../../../platform/db/database.ts';
import { type JobDefinition, JobInterrupted, PermanentJobError } from '../../../platform/jobs/jobs.ts';
import type { Schedule } from '../../../platform/jobs/scheduler.ts';
import type { ObjectStorage } from '../../../platform/storage/object-storage.ts';
import { tenantScope } from '../../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../../platform/time/clock.ts';
import { type RecordingSources, recordingSources } from '../recording-source.ts';
import { customerIdsOf } from '../video.repo.ts';
import { cutClip } from './clip.ts';
import { downloadsRepo } from './downloads.repo.ts';

export const DOWNLOAD_CLIP_JOB = 'video.download-clip';
export const DOWNLOADS_EXPIRE_JOB = 'video.downloads-expire';
/** A task whose process keeps dying is failed after this many attempts. */
export const DOWNLOAD_CLIP_MAX_ATTEMPTS = 3;
const DAY_MS = 86_400_000;

export interface DownloadClipPayload {
  downloadId: string;
}

/** Where a generated clip is kept: under the 'downloads/' prefix whose policy is 30 days (video-retention.ts). */
export const downloadKey = (customerId: string, downloadId: string) => `downloads/${customerId}/${downloadId}.mp4`;

export interface DownloadJobDeps {
  db: DB;
  storage: ObjectStorage;
  ffmpegPath: string;
  /** A local directory for the segments being joined (DATA_DIR/video-spool/downloads). */
  workRoot: string;
  /** Where segments are read from, per camera (default: by the camera's source kind over the index and `storage`). */
  recordings?: RecordingSources;
  log?: (message: string, error: unknown) => void;
}

/**
 * Cutting one download task's clip as a platform job (DESIGN R1). The task row keeps what a person
 * watches (status, progress, failure); the job row keeps who runs it. A process that dies mid-cut
 * stops its heartbeat: the next worker takes the job back and cuts again from the start (nothing
 * was stored), or, after the last attempt, the task fails. A bug or a missing segment file fails
 * the task at once with 'could not be generated', which the person retries.
 */
export function downloadClipJob(deps: DownloadJobDeps): JobDefinition<DownloadClipPayload> {
  const { db, storage } = deps;
  const recordings = deps.recordings ?? recordingSources(deps);
  const failed = async (customerId: string, id: string) =>
    downloadsRepo(tenantScope(db, customerId)).update(id, { status: 'failed', progress: 100, failure: 'errors.downloadFailed', completed_at: nowIso() }, [
      'toBeGenerated',
      'generating',
    ]);
  return {
    name: DOWNLOAD_CLIP_JOB,
    maxAttempts: DOWNLOAD_CLIP_MAX_ATTEMPTS,
    // A retry is the next worker's take-over, not a timed backoff.
    backoffMs: { base: 0, max: 0 },
    handler: async ({ job, payload, progress, stopping }) => {
      const customerId = job.customer_id;
      if (!customerId) throw new PermanentJobError('a download task names its customer');
      const scope = tenantScope(db, customerId);
      const repo = downloadsRepo(scope);
      const task = await repo.get(payload.downloadId);
      // Waiting, or left 'generating' by an attempt whose process died: this job makes it now.
      if (!task || (task.status !== 'toBeGenerated' && task.status !== 'generating')) return;
      await repo.update(task.id, { status: 'generating', progress: 0, attempts: job.attempts }, ['toBeGenerated', 'generating']);
      const fromMs = Number(task.start_ms);
      const toMs = Number(task.end_ms);
      const source = await recordings.forCamera(customerId, task.camera_id);
      const segments = await source.segmentsBetween(task.camera_id, fromMs, toMs);
      if (segments.length === 0) {
        await repo.update(task.id, { status: 'failed', progress: 100, failure: 'errors.noVideoInRange', completed_at: nowIso() }, ['generating']);
        return;
      }
      const workDir = path.join(deps.workRoot, `${task.id}-${job.attempts}`);
      await fsp.rm(workDir, { recursive: true, force: true });
      await fsp.mkdir(workDir, { recursive: true });
      try {
        const clip = await cutClip({ ffmpegPath: deps.ffmpegPath, source }, segments, { fromMs, toMs }, workDir, async (percent) => {
          if (stopping()) throw new JobInterrupted('the worker is stopping');
          if (!(await progress(percent))) throw new JobInterrupted('another worker took the job');
          await repo.update(task.id, { progress: percent }, ['generating']);
        });
        const { size } = await fsp.stat(clip);
        const location = downloadKey(customerId, task.id);
        await storage.putFile(location, clip);
        const done = await repo.update(task.id, { status: 'generated', progress: 100, failure: null, location, bytes: size, completed_at: nowIso() }, [
          'generating',
        ]);
        // Rebuilt or taken while this attempt cut: its file is not the task's.
        if (!done) await storage.delete([location]);
      } catch (error) {
        if (error instanceof JobInterrupted) {
          // A stop hands the task back to the queue (the next worker starts it again); a lost job is the other worker's.
          if (stopping()) await repo.update(task.id, { status: 'toBeGenerated', progress: 0 }, ['generating']);
          throw error;
        }
        deps.log?.(`video download ${task.id} failed`, error);
        await failed(customerId, task.id);
        throw new PermanentJobError(error instanceof Error ? error.message : String(error));
      } finally {
        await fsp.rm(workDir, { recursive: true, force: true });
      }
    },
    onGiveUp: async (job) => {
      if (!job.customer_id) return;
      await failed(job.customer_id, (JSON.parse(job.payload) as DownloadClipPayload).downloadId);
    },
  };
}

/**
 * Generated files past their 30 days: deleted, and their tasks marked expired, so the list and the
 * storage agree (the retention job's prefix policy deletes the same files by their age; a task
 * whose file went first is marked expired when someone asks for it).
 */
export async function expireDownloads(deps: { db: DB; storage: ObjectStorage }, at: Date = now()): Promise<number> {
  const before = new Date(at.getTime() - VIDEO_DOWNLOADS.keepDays * DAY_MS).toISOString();
  let expired = 0;
  for (const { id: customerId } of await customerIdsOf(deps.db)) {
    const repo = downloadsRepo(tenantScope(deps.db, customerId));
    for (const row of await repo.generatedBefore(before)) {
      if (row.location) await deps.storage.delete([row.location]);
      if (await repo.update(row.id, { status: 'expired', location: null }, ['generated'])) expired += 1;
    }
  }
  return expired;
}

export function downloadsExpireJob(deps: { db: DB; storage: ObjectStorage; log: (message: string) => void }): JobDefinition<null> {
  return {
    name: DOWNLOADS_EXPIRE_JOB,
    handler: async ({ progress }) => {
      const count = await expireDownloads(deps);
      await progress(100);
      deps.log(`video downloads: ${count} generated files past 30 days deleted, their tasks expired`);
    },
  };
}

export const DOWNLOADS_EXPIRE_SCHEDULE: Schedule = { name: 'video-downloads-expire', job: DOWNLOADS_EXPIRE_JOB, dailyAt: { time: '00:25', timeZone: 'UTC' } };
