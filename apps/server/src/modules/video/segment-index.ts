import type { DB } from '../../platform/db/database.ts';
import { newId } from '../../platform/ids.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { bucketDeltas } from './availability.ts';
import type { Fmp4Layout } from './fmp4.ts';
import { type SegmentInsert, type SegmentRow, videoRepo } from './video.repo.ts';

export interface FinishedSegment {
  customerId: string;
  cameraId: string;
  runId: string;
  /** The finished file in the spool. */
  file: string;
  startMs: number;
  endMs: number;
  layout: Fmp4Layout;
}

/** Where a camera's recording of an instant is kept: by customer, camera and UTC day. */
export function recordingKey(customerId: string, cameraId: string, startMs: number, id: string): string {
  const day = new Date(startMs).toISOString().slice(0, 10);
  return `recordings/${customerId}/${cameraId}/${day}/${startMs}-${id}.mp4`;
}

/**
 * The segment index: a finished segment goes into storage, then into the index with its
 * availability, in one transaction; removing segments takes them out of both and deletes the
 * stored files no other segment names.
 */
export function createSegmentIndex(deps: { db: DB; storage: ObjectStorage }) {
  const { db, storage } = deps;
  return {
    async add(segment: FinishedSegment): Promise<SegmentRow> {
      const id = newId();
      const location = recordingKey(segment.customerId, segment.cameraId, segment.startMs, id);
      await storage.putFile(location, segment.file);
      const row: SegmentInsert = {
        id,
        camera_id: segment.cameraId,
        start_ms: segment.startMs,
        end_ms: segment.endMs,
        bytes: segment.layout.bytes,
        location,
        init_bytes: segment.layout.initBytes,
        media_bytes: segment.layout.mediaBytes,
        run_id: segment.runId,
        created_at: nowIso(),
      };
      await this.insert(segment.customerId, [row]);
      return row;
    },

    /** Index rows whose files are already in storage (the demo's history). */
    async insert(customerId: string, rows: readonly SegmentInsert[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const repo = videoRepo(tenantScope(trx, customerId));
        await repo.insertSegments(rows);
        await repo.addToBuckets(bucketDeltas(rows));
      });
    },

    /** Takes segments out of the index and storage; answers the bytes of the files deleted. */
    async remove(customerId: string, rows: readonly SegmentRow[]): Promise<{ segments: number; bytes: number }> {
      if (rows.length === 0) return { segments: 0, bytes: 0 };
      const locations = [...new Set(rows.map((row) => row.location))];
      const stillUsed = await db.transaction().execute(async (trx) => {
        const repo = videoRepo(tenantScope(trx, customerId));
        await repo.deleteSegments(rows.map((row) => row.id));
        await repo.addToBuckets(bucketDeltas(rows, -1));
        return repo.locationsInUse(locations);
      });
      const unused = locations.filter((location) => !stillUsed.has(location));
      const bytesOf = new Map(rows.map((row) => [row.location, Number(row.bytes)]));
      await storage.delete(unused);
      return { segments: rows.length, bytes: unused.reduce((sum, location) => sum + (bytesOf.get(location) ?? 0), 0) };
    },
  };
}
export type SegmentIndex = ReturnType<typeof createSegmentIndex>;
