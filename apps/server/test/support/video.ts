import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fmp4Layout } from '../../src/modules/video/fmp4.ts';
import type { SegmentIndex } from '../../src/modules/video/segment-index.ts';
import { makeSyntheticClip, segmentClip } from '../../src/modules/video/synthetic-source.ts';

export const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
export const FFPROBE = process.env.FFPROBE_PATH ?? '/usr/bin/ffprobe';

/** Waits until a condition holds (polling), failing after `timeoutMs`: tests wait on conditions, never a fixed time. */
export async function waitFor<T>(condition: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function tempDir(prefix: string): Promise<string> {
  return fsp.mkdtemp(path.join(os.tmpdir(), `storelens-${prefix}-`));
}

/** A real synthetic clip: 2-second keyframes, so 2-second segments start on keyframes. */
export async function testClip(directory: string, seconds = 20, label = 'TEST CAM'): Promise<string> {
  const file = path.join(directory, `clip-${seconds}.mp4`);
  await makeSyntheticClip(FFMPEG, file, { label, seconds, keyframeSeconds: 2, fps: 5 });
  return file;
}

/**
 * A clip recorded as the recorder would have: cut into 2-second fMP4 segments (in a new folder under
 * `directory`) and indexed for the camera from `baseMs`. Answers the segments' places in the clip.
 */
export async function recordClip(
  index: Pick<SegmentIndex, 'add'>,
  recording: { clip: string; directory: string; customerId: string; cameraId: string; baseMs: number; runId: string },
): Promise<{ file: string; startS: number; endS: number }[]> {
  const pieces = await segmentClip(FFMPEG, recording.clip, await fsp.mkdtemp(path.join(recording.directory, 'seg-')), 2);
  for (const piece of pieces)
    await index.add({
      customerId: recording.customerId,
      cameraId: recording.cameraId,
      runId: recording.runId,
      file: piece.file,
      startMs: recording.baseMs + Math.round(piece.startS * 1000),
      endMs: recording.baseMs + Math.round(piece.endS * 1000),
      layout: await fmp4Layout(piece.file),
    });
  return pieces;
}
