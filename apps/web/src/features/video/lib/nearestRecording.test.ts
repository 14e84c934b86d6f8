import { describe, expect, it } from 'vitest';
import { nearestRecordingMs } from './nearestRecording.ts';

const BUCKET = 600_000;
const from = '2026-11-27T00:00:00.000Z';
const start = (index: number) => Date.parse(from) + index * BUCKET;
const axis = (recordedSeconds: number[]) => ({ from, bucketMs: BUCKET, recordedSeconds });

describe('the nearest recording', () => {
  it('is the last recorded bucket that begins before the instant, even one that ends before it', () => {
    // Recorded in buckets 1 and 2 (until some time in 2); asked for the middle of bucket 4.
    expect(nearestRecordingMs(axis([0, 600, 300, 0, 0]), start(4) + 60_000)).toBe(start(2));
    // Asked for inside a bucket whose recording stopped before the instant: that bucket's start.
    expect(nearestRecordingMs(axis([0, 600, 300, 0]), start(2) + 500_000)).toBe(start(2));
  });

  it('is the first recorded bucket after the instant when nothing was recorded before', () => {
    expect(nearestRecordingMs(axis([0, 0, 0, 600]), start(1))).toBe(start(3));
  });

  it('is null for a camera without any video on the axis', () => {
    expect(nearestRecordingMs(axis([0, 0, 0]), start(1))).toBeNull();
  });
});
