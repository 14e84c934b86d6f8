import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DB } from '../../../platform/db/database.ts';
import type { ObjectStorage } from '../../../platform/storage/object-storage.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { type RecordedSegment, type RecordingSource, type RecordingSources, recordingSources } from '../recording-source.ts';

export interface ClipRange {
  fromMs: number;
  toMs: number;
}

/**
 * Cuts [fromMs, toMs) of a camera's recording into one MP4 by stream copy, in two ffmpeg passes:
 * the overlapping segments (copied out of the camera's recording source into `workDir`, so local
 * and S3 storage, or a box, are alike)
 * are joined by the concat demuxer (each with its duration from the index); then the range is taken out of the joined file with `-ss` before
 * the input, so the copy starts at the keyframe before the range and an edit list makes playback
 * start at the range's first frame (one pass over the concat demuxer placed the cut by each file's
 * own timestamps, which the recorder shifts, and came out short). `+faststart` moves the index to
 * the front so a browser plays while it downloads. Holes in the recording are left out (concat
 * abuts the segments). Every argument is a number the server computed or a path inside `workDir`.
 * `progress` hears 0-90 while segments are fetched, 95 after joining.
 */
export async function cutClip(
  deps: { ffmpegPath: string; source: RecordingSource },
  segments: readonly RecordedSegment[],
  range: ClipRange,
  workDir: string,
  progress: (percent: number) => Promise<void>,
): Promise<string> {
  const first = segments[0];
  const last = segments.at(-1);
  if (!first || !last) throw new Error('no segments to cut');
  const names: string[] = [];
  for (const [index, segment] of segments.entries()) {
    const name = `segment-${String(index).padStart(5, '0')}.mp4`;
    await pipeline(await deps.source.read(segment), fs.createWriteStream(path.join(workDir, name)));
    names.push(name);
    // Reported every tenth segment at most: a progress write is a database round trip.
    if (index % 10 === 9 || index === segments.length - 1) await progress(Math.round(((index + 1) / segments.length) * 90));
  }
  const list = path.join(workDir, 'segments.ffconcat');
  // Each file's duration from the index: ffprobe reads a segment's end in stream time as its
  // duration (the recorder shifts decode times), which would leave a hole after every segment.
  const entries = names.map((name, index) => {
    const segment = segments[index] as RecordedSegment;
    return `file ${name}\nduration ${((segment.end_ms - segment.start_ms) / 1000).toFixed(3)}`;
  });
  await fsp.writeFile(list, `ffconcat version 1.0\n${entries.join('\n')}\n`);
  const joined = path.join(workDir, 'joined.mp4');
  const quiet = ['-hide_banner', '-loglevel', 'error', '-y'];
  await runFfmpeg(deps.ffmpegPath, [...quiet, '-f', 'concat', '-safe', '0', '-i', list, '-map', '0:v:0', '-c', 'copy', joined], { timeoutMs: 600_000 });
  await progress(95);
  const startMs = Math.max(range.fromMs, first.start_ms);
  const offset = ((startMs - first.start_ms) / 1000).toFixed(3);
  const seconds = ((Math.min(range.toMs, last.end_ms) - startMs) / 1000).toFixed(3);
  const out = path.join(workDir, 'clip.mp4');
  await runFfmpeg(deps.ffmpegPath, [...quiet, '-ss', offset, '-i', joined, '-t', seconds, '-map', '0:v:0', '-c', 'copy', '-movflags', '+faststart', out], {
    timeoutMs: 600_000,
  });
  await fsp.rm(joined, { force: true });
  return out;
}

/**
 * A range of a camera's recording as one MP4 in `workDir` (cutClip), or null when the recording
 * does not cover the whole range (a hole, or not recorded yet): for other modules that need a clip
 * of a moment, e.g. the demo boxes' alarm clips.
 */
export async function cutRecordedRange(
  deps: { db: DB; storage: ObjectStorage; ffmpegPath: string; recordings?: RecordingSources },
  customerId: string,
  cameraId: string,
  range: ClipRange,
  workDir: string,
): Promise<string | null> {
  const source = await (deps.recordings ?? recordingSources(deps)).forCamera(customerId, cameraId);
  const segments = await source.segmentsBetween(cameraId, range.fromMs, range.toMs);
  // Covered from the range's start without a hole longer than a second (segments abut within ms).
  const covered = segments.reduce((reached, segment) => (segment.start_ms <= reached + 1000 ? Math.max(reached, segment.end_ms) : reached), range.fromMs);
  const first = segments[0];
  if (!first || first.start_ms > range.fromMs + 1000 || covered < range.toMs) return null;
  return cutClip({ ffmpegPath: deps.ffmpegPath, source }, segments, range, workDir, async () => undefined);
}
