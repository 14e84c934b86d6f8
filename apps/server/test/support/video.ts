import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeSyntheticClip } from '../../src/modules/video/synthetic-source.ts';

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
