import type { Readable } from 'node:stream';
import type { VIDEO_SOURCE_KINDS } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import type { ByteRange, ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { type SegmentRow, videoRepo } from './video.repo.ts';

export type VideoSourceKind = (typeof VIDEO_SOURCE_KINDS)[number];

/** One recorded segment as the player, the screenshots and the download clips need it. */
export interface RecordedSegment {
  id: string;
  camera_id: string;
  start_ms: number;
  end_ms: number;
  bytes: number;
  /** The fMP4 init part's length: the playlist names bytes [0, init_bytes) as EXT-X-MAP. */
  init_bytes: number;
  media_bytes: number;
  /** Segments of one run share a timeline; a new run is a discontinuity. */
  run_id: string;
  /** Where the source keeps the bytes (a storage key for stored recordings): only the source that answered the segment reads it. */
  location: string;
}

/**
 * Where a camera's recorded video is read from: the one seam between the recordings and their
 * readers (the playlists and segments of the player, screenshots and the frames jobs take, the
 * download clips). The readers never name storage, so a camera whose video stays on an edge box
 * gets its own source (docs/decisions/video.md says what it must provide) and the readers do not
 * change. Bound to one customer.
 */
export interface RecordingSource {
  /** Segments of a camera overlapping [fromMs, toMs), in time order, at most `limit` (default 20,000). */
  segmentsBetween(cameraId: string, fromMs: number, toMs: number, limit?: number): Promise<RecordedSegment[]>;
  /** One segment of that camera, or null when the camera has no such segment. */
  segment(cameraId: string, segmentId: string): Promise<RecordedSegment | null>;
  /** The segment's bytes, or an inclusive byte range of them (HTTP Range); rejects when they cannot be had. */
  read(segment: RecordedSegment, range?: ByteRange): Promise<Readable>;
}

/** A source for one customer's cameras of one kind. */
export type RecordingSourceOf = (customerId: string) => RecordingSource;

/** Picks the recording source of a camera by its video source kind. */
export interface RecordingSources {
  forCamera(customerId: string, cameraId: string): Promise<RecordingSource>;
}

/** PostgreSQL and SQLite answer the bigint columns as numbers already (database.ts); the map keeps the type plain for every source. */
function recorded(row: SegmentRow): RecordedSegment {
  return {
    id: row.id,
    camera_id: row.camera_id,
    start_ms: Number(row.start_ms),
    end_ms: Number(row.end_ms),
    bytes: Number(row.bytes),
    init_bytes: Number(row.init_bytes),
    media_bytes: Number(row.media_bytes),
    run_id: row.run_id,
    location: row.location,
  };
}

/** Recordings the server keeps: the segment index in the database, the bytes in object storage (what the recorder writes). */
export function storedRecordings(deps: { db: DB; storage: ObjectStorage }): RecordingSourceOf {
  return (customerId) => {
    const repo = videoRepo(tenantScope(deps.db, customerId));
    return {
      segmentsBetween: async (cameraId, fromMs, toMs, limit) => (await repo.segmentsBetween(cameraId, fromMs, toMs, limit)).map(recorded),
      segment: async (cameraId, segmentId) => {
        const row = await repo.segment(cameraId, segmentId);
        return row ? recorded(row) : null;
      },
      read: (segment, range) => deps.storage.read(segment.location, range),
    };
  };
}

/**
 * The source of each camera, by its `video_sources.kind`. 'stream' reads the stored recordings.
 * 'edge' does too until an edge box's own source exists: no box uploads yet, so an edge camera has
 * what the index holds for it (nothing, or what was stored for it), as before this seam; the edge
 * source is passed in `kinds` here and nowhere else (docs/decisions/video.md). A camera without a
 * source row (the demo's history, segments indexed by a test) is read as a stream camera: 'stream'
 * is the source's default kind.
 */
export function recordingSources(deps: { db: DB; storage: ObjectStorage; kinds?: Partial<Record<VideoSourceKind, RecordingSourceOf>> }): RecordingSources {
  const stored = storedRecordings(deps);
  const byKind: Record<VideoSourceKind, RecordingSourceOf> = { stream: stored, edge: stored, ...deps.kinds };
  return {
    async forCamera(customerId, cameraId) {
      const kind = await videoRepo(tenantScope(deps.db, customerId)).sourceKind(cameraId);
      return byKind[kind ?? 'stream'](customerId);
    },
  };
}
