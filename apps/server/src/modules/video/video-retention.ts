import fsp from 'node:fs/promises';
import path from 'node:path';
import { VIDEO } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now } from '../../platform/time/clock.ts';
import type { SegmentIndex } from './segment-index.ts';
import { customerIdsOf, type SegmentRow, videoRepo } from './video.repo.ts';

const DAY_MS = 86_400_000;
const MB = 1024 * 1024;
const BATCH = 2000;

/**
 * The retention policies of video (issue 12 section 4), each by where its files live in storage:
 * continuous recordings ('recordings/', through the index) 30 days; alarm media ('alarm-media/')
 * one year; download files ('downloads/') 30 days. Alarms and download tasks come later and put
 * their files under those prefixes; the policies already hold for them.
 */
export const VIDEO_RETENTION_POLICIES = [
  { prefix: 'alarm-media/', days: VIDEO.alarmMediaRetentionDays },
  { prefix: 'downloads/', days: VIDEO.downloadRetentionDays },
  // The single-lens strip's thumbnails, made once per segment: kept as long as the recording.
  { prefix: 'thumbnails/', days: VIDEO.recordingRetentionDays },
] as const;

export interface VideoPurgeResult {
  segments: number;
  bytes: number;
  /** Files deleted per policy prefix. */
  files: Record<string, number>;
}

export interface DiskGuardResult {
  freeBytes: number;
  minFreeBytes: number;
  segments: number;
  bytes: number;
  oldestDeleted: string | null;
  newestDeleted: string | null;
}

/** Free bytes of the file system holding a directory (the nearest existing one: DATA_DIR may not be made yet). */
export async function freeBytesOf(directory: string): Promise<number> {
  let current = path.resolve(directory);
  for (;;) {
    try {
      const stats = await fsp.statfs(current);
      return stats.bavail * stats.bsize;
    } catch (error) {
      const parent = path.dirname(current);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === current) throw error;
      current = parent;
    }
  }
}

export function createVideoRetention(deps: {
  db: DB;
  storage: ObjectStorage;
  index: SegmentIndex;
  /** The directory whose disk the guard watches (DATA_DIR). */
  dataDir: string;
  minFreeMb: number;
  /** Free bytes now; the file system's by default (tests pass a disk of their own size). */
  freeBytes?: () => Promise<number>;
  log: (message: string, details?: Record<string, unknown>) => void;
  /** Segments the guard deletes between two looks at the disk (100: a few hundred MB of real cameras' video). */
  guardBatch?: number;
}) {
  const { db, storage, index } = deps;
  const guardBatch = deps.guardBatch ?? 100;
  const freeBytes = deps.freeBytes ?? (() => freeBytesOf(deps.dataDir));

  return {
    /** Deletes recordings past 30 days (whole segments ended before the line) and policy files past their days. */
    async purge(at: Date = now()): Promise<VideoPurgeResult> {
      const result: VideoPurgeResult = { segments: 0, bytes: 0, files: {} };
      const cutoff = at.getTime() - VIDEO.recordingRetentionDays * DAY_MS;
      for (const { id: customerId } of await customerIdsOf(db)) {
        const repo = videoRepo(tenantScope(db, customerId));
        for (;;) {
          const rows = (await repo.oldestSegments(BATCH, cutoff)).filter((row) => row.end_ms <= cutoff);
          if (rows.length === 0) break;
          const removed = await index.remove(customerId, rows);
          result.segments += removed.segments;
          result.bytes += removed.bytes;
          if (rows.length < BATCH) break;
        }
      }
      for (const policy of VIDEO_RETENTION_POLICIES) {
        const before = at.getTime() - policy.days * DAY_MS;
        const old: string[] = [];
        for await (const object of storage.list(policy.prefix)) if (object.modifiedMs < before) old.push(object.key);
        await storage.delete(old);
        result.files[policy.prefix] = old.length;
      }
      return result;
    },

    /**
     * When free disk under DATA_DIR falls below VIDEO_MIN_FREE_MB, deletes the oldest recordings of
     * every customer first, a batch at a time, until 10 % more than the minimum is free again, and
     * logs what went. Only local storage fills this disk; with S3 it has nothing to do.
     */
    async guardDisk(): Promise<DiskGuardResult> {
      const minFreeBytes = deps.minFreeMb * MB;
      const result: DiskGuardResult = { freeBytes: await freeBytes(), minFreeBytes, segments: 0, bytes: 0, oldestDeleted: null, newestDeleted: null };
      if (storage.kind !== 'local' || result.freeBytes >= minFreeBytes) return result;
      const target = minFreeBytes * 1.1;
      const customers = (await customerIdsOf(db)).map((row) => row.id);
      let free = result.freeBytes;
      while (free < target) {
        const candidates: { customerId: string; row: SegmentRow }[] = [];
        for (const customerId of customers)
          for (const row of await videoRepo(tenantScope(db, customerId)).oldestSegments(guardBatch)) candidates.push({ customerId, row });
        if (candidates.length === 0) break;
        candidates.sort((a, b) => a.row.start_ms - b.row.start_ms || a.row.id.localeCompare(b.row.id));
        const batch = candidates.slice(0, guardBatch);
        for (const customerId of new Set(batch.map((entry) => entry.customerId))) {
          const removed = await index.remove(
            customerId,
            batch.filter((entry) => entry.customerId === customerId).map((entry) => entry.row),
          );
          result.segments += removed.segments;
          result.bytes += removed.bytes;
        }
        result.oldestDeleted ??= new Date(batch[0]?.row.start_ms ?? 0).toISOString();
        result.newestDeleted = new Date(batch.at(-1)?.row.end_ms ?? 0).toISOString();
        free = await freeBytes();
      }
      deps.log('video disk guard: free disk below the minimum, oldest recordings deleted', {
        freeMbBefore: Math.round(result.freeBytes / MB),
        freeMbAfter: Math.round(free / MB),
        minFreeMb: deps.minFreeMb,
        segments: result.segments,
        mbDeleted: Math.round(result.bytes / MB),
        from: result.oldestDeleted,
        to: result.newestDeleted,
      });
      return result;
    },
  };
}
export type VideoRetention = ReturnType<typeof createVideoRetention>;
