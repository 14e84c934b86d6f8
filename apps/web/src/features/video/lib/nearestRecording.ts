import type { AvailabilityResponse } from '@storelens/contracts';

/**
 * Where to play when nothing was recorded at the instant asked for: the start of the last
 * 10-minute bucket with video that begins before it (the player skips to the first segment from
 * there), else the first bucket with video after it; null when the camera has none on the axis.
 */
export function nearestRecordingMs(availability: Pick<AvailabilityResponse, 'from' | 'bucketMs' | 'recordedSeconds'>, atMs: number): number | null {
  const from = Date.parse(availability.from);
  let before: number | null = null;
  let after: number | null = null;
  availability.recordedSeconds.forEach((seconds, index) => {
    if (seconds <= 0) return;
    const start = from + index * availability.bucketMs;
    if (start < atMs) before = start;
    else if (after === null) after = start;
  });
  return before ?? after;
}
