import type { KeyframesResponse } from '@storelens/contracts';

export type Keyframe = KeyframesResponse['frames'][number];

/**
 * The keyframe the page's playback tile starts from: the one clicked, while it belongs to the day
 * shown; otherwise the day's first, so a day opens at its start. Null: nothing recorded that day.
 */
export function frameToPlay(frames: readonly Keyframe[], chosenSegmentId: string | null): Keyframe | null {
  return frames.find((frame) => frame.segmentId === chosenSegmentId) ?? frames[0] ?? null;
}

/**
 * The live and playback page at an instant of a camera's recording. `at` is what that page reads
 * (an alarm's detail links the same way); it opens the camera in playback mode from there.
 */
export function playbackLink(shopId: string, cameraId: string, atMs: number): string {
  const query = new URLSearchParams({ shopId, cameraId, at: new Date(atMs).toISOString() });
  return `/playback?${query.toString()}`;
}
