import { VIDEO } from '@storelens/contracts';
import type { BucketDelta } from './video.repo.ts';

const BUCKET = VIDEO.axisBucketMs;

export const bucketStart = (ms: number) => Math.floor(ms / BUCKET) * BUCKET;

/** How many recorded milliseconds each segment adds to each 10-minute bucket it overlaps (sign -1 takes them away). */
export function bucketDeltas(segments: readonly { camera_id: string; start_ms: number; end_ms: number }[], sign: 1 | -1 = 1): BucketDelta[] {
  const sums = new Map<string, BucketDelta>();
  for (const segment of segments) {
    for (let bucket = bucketStart(segment.start_ms); bucket < segment.end_ms; bucket += BUCKET) {
      const overlap = Math.min(segment.end_ms, bucket + BUCKET) - Math.max(segment.start_ms, bucket);
      if (overlap <= 0) continue;
      const key = `${segment.camera_id}|${bucket}`;
      const known = sums.get(key);
      if (known) known.recorded_ms += sign * overlap;
      else sums.set(key, { camera_id: segment.camera_id, bucket_ms: bucket, recorded_ms: sign * overlap });
    }
  }
  return [...sums.values()];
}

/** The axis window ending at `nowMs`: 4,320 buckets, the last one holding now. */
export function axisWindow(nowMs: number): { fromMs: number; toMs: number; buckets: number } {
  const toMs = bucketStart(nowMs) + BUCKET;
  const fromMs = toMs - VIDEO.axisHorizonMs - BUCKET;
  return { fromMs, toMs, buckets: (toMs - fromMs) / BUCKET };
}

/** Recorded seconds per bucket of the window from the stored rollup rows (capped at the bucket's length). */
export function axisFromBuckets(rows: readonly { bucket_ms: number; recorded_ms: number }[], nowMs: number): number[] {
  const { fromMs, buckets } = axisWindow(nowMs);
  const seconds = new Array<number>(buckets).fill(0);
  for (const row of rows) {
    const index = (Number(row.bucket_ms) - fromMs) / BUCKET;
    if (index >= 0 && index < buckets) seconds[index] = Math.min(BUCKET / 1000, Math.round(Number(row.recorded_ms) / 1000));
  }
  return seconds;
}

/** The same axis computed from the segments themselves: the naive peer of the benchmark and the tests' reference. */
export function axisFromSegments(segments: readonly { camera_id: string; start_ms: number; end_ms: number }[], nowMs: number): number[] {
  return axisFromBuckets(bucketDeltas(segments), nowMs);
}
