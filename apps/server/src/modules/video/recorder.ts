import { type ChildProcess, spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { VIDEO } from '@storelens/contracts';
import { newId } from '../../platform/ids.ts';
import { now } from '../../platform/time/clock.ts';
import { probeDuration } from './ffmpeg.ts';
import { type Fmp4Layout, fmp4Layout, shiftDecodeTime } from './fmp4.ts';
import { createFmp4Feed, type Fmp4Feed, LIVE_MP4_OUTPUT } from './live/fmp4-feed.ts';
import { checkedStreamUrl, inputOptionsFor } from './stream-url.ts';

export interface RecordedSegment {
  runId: string;
  file: string;
  startMs: number;
  endMs: number;
  layout: Fmp4Layout;
}

export interface RecorderOptions {
  ffmpegPath: string;
  ffprobePath: string;
  cameraId: string;
  url: string;
  /** This camera's spool directory: ffmpeg writes here, finished segments leave it for storage. */
  spoolDir: string;
  segmentSeconds?: number;
  /** Called once per finished segment, one at a time, in order; the file must be moved or deleted. */
  onSegment: (segment: RecordedSegment) => Promise<void>;
  log: (message: string, details?: Record<string, unknown>) => void;
  /** When given, the run also writes a live fMP4 stream (a second output of the same pull) into a feed handed here. */
  onLiveFeed?: (feed: Fmp4Feed) => void;
}

/** A wall-clock anchor that drifts more than this from what the stream says starts a new one (a stall, a camera clock jump). */
const REANCHOR_MS = 2000;

/** The arguments of one recording run: stream copy of the first video stream into fMP4 segments, the finished ones listed on stdout. */
export function recorderArgs(url: string, spoolDir: string, runId: string, segmentSeconds: number): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    ...inputOptionsFor(url),
    '-i',
    url,
    '-map',
    '0:v:0',
    '-c',
    'copy',
    '-f',
    'segment',
    '-segment_time',
    String(segmentSeconds),
    '-segment_format',
    'mp4',
    // Fragmented MP4 whose init part (ftyp + moov) comes first: the playlist names it as EXT-X-MAP by byte range.
    '-segment_format_options',
    'movflags=+frag_keyframe+empty_moov+default_base_moof+skip_trailer',
    '-segment_list',
    'pipe:1',
    '-segment_list_type',
    'csv',
    path.join(spoolDir, `${runId}-%06d.mp4`),
  ];
}

/**
 * One camera's recording run: an ffmpeg child copying the stream into segments. Each finished
 * segment (a line of ffmpeg's segment list) is placed on the wall clock: the first one anchors the
 * stream's time to now, later ones follow the stream's own timestamps, so neighbours abut exactly.
 * `done` resolves when the child has exited and every finished segment was handed over.
 */
export function startRecording(options: RecorderOptions): {
  runId: string;
  done: Promise<{ code: number | null; segments: number }>;
  stop: () => Promise<void>;
} {
  const url = checkedStreamUrl(options.url);
  if (!url) throw new Error(`camera ${options.cameraId}: refused stream address`);
  const runId = newId();
  const args = recorderArgs(url, options.spoolDir, runId, options.segmentSeconds ?? VIDEO.segmentSeconds);
  // The live view's tap: the same input copied once more into fMP4 on fd 3 (always read, so ffmpeg never blocks on it).
  if (options.onLiveFeed) args.push('-map', '0:v:0', '-c', 'copy', ...LIVE_MP4_OUTPUT, 'pipe:3');
  const child: ChildProcess = spawn(options.ffmpegPath, args, {
    stdio: ['ignore', 'pipe', 'pipe', ...(options.onLiveFeed ? (['pipe'] as const) : [])],
  });
  if (options.onLiveFeed) {
    const feed = createFmp4Feed();
    const live = child.stdio[3] as NodeJS.ReadableStream | null;
    live?.on('data', (chunk: Buffer) => feed.push(chunk));
    live?.on('error', () => undefined);
    child.on('close', () => feed.end());
    options.onLiveFeed(feed);
  }
  let anchorMs: number | null = null;
  let segments = 0;
  let chain = Promise.resolve();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const hand = (name: string, startS: number, endS: number, anchor: number) => {
    const file = path.join(options.spoolDir, path.basename(name));
    chain = chain.then(async () => {
      try {
        const layout = await fmp4Layout(file);
        if (!layout.complete) {
          await fsp.rm(file, { force: true });
          return;
        }
        await shiftDecodeTime(file, startS);
        await options.onSegment({ runId, file, startMs: anchor + Math.round(startS * 1000), endMs: anchor + Math.round(endS * 1000), layout });
        segments += 1;
      } catch (error) {
        options.log('segment not indexed', { cameraId: options.cameraId, file, err: error });
      }
    });
  };
  // While ffmpeg probes a stream it buffers seconds of it, and the first segments then finish in a
  // burst, earlier than their media happened. Segments are held until the lines come at the
  // stream's pace (or the run ends); the anchor is then the earliest 'arrival - stream time', the
  // one a buffer cannot have delayed.
  let held: { name: string; startS: number; endS: number }[] = [];
  let lastArrival = 0;
  const flushHeld = () => {
    const anchor = anchorMs;
    if (anchor === null) return;
    for (const line of held) hand(line.name, line.startS, line.endS, anchor);
    held = [];
  };
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  lines.on('line', (line) => {
    const [name, start, end] = line.split(',');
    const startS = Number(start);
    const endS = Number(end);
    if (!name || !Number.isFinite(startS) || !Number.isFinite(endS) || endS <= startS) return;
    const arrived = now().getTime();
    const candidate = arrived - Math.round(endS * 1000);
    const paced = lastArrival > 0 && arrived - lastArrival >= 1000;
    lastArrival = arrived;
    if (held.length > 0 || anchorMs === null) {
      anchorMs = anchorMs === null ? candidate : Math.min(anchorMs, candidate);
      held.push({ name, startS, endS });
      if (paced) flushHeld();
      return;
    }
    // A stall (the camera paused, the network hung) starts a new anchor: the axis shows the gap.
    if (candidate - anchorMs > REANCHOR_MS) anchorMs = candidate;
    hand(name, startS, endS, anchorMs);
  });
  const done = new Promise<{ code: number | null; segments: number }>((resolve) => {
    child.on('error', (error) => options.log('recorder did not start', { cameraId: options.cameraId, err: error }));
    child.on('close', (code) => {
      lines.close();
      flushHeld();
      if (code !== 0 && stderr) options.log('recorder ended', { cameraId: options.cameraId, code, stderr: stderr.trim() });
      void chain.then(() => resolve({ code, segments }));
    });
  });
  return {
    runId,
    done,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // SIGTERM lets ffmpeg close the segment under way and list it; a child that hangs is killed.
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await done;
        clearTimeout(killer);
      } else await done;
    },
  };
}

/**
 * Segments left in a spool by a process that died: whole ones are indexed as a run of their own
 * (ending at the file's last write, lasting what ffprobe reads), cut ones are deleted.
 */
export async function recoverSpool(
  options: Pick<RecorderOptions, 'spoolDir' | 'ffprobePath' | 'onSegment' | 'log' | 'cameraId'>,
): Promise<{ indexed: number; deleted: number }> {
  let names: string[];
  try {
    names = (await fsp.readdir(options.spoolDir)).filter((name) => name.endsWith('.mp4')).sort();
  } catch {
    return { indexed: 0, deleted: 0 };
  }
  const runId = `recovered-${newId()}`;
  let indexed = 0;
  let deleted = 0;
  for (const name of names) {
    const file = path.join(options.spoolDir, name);
    try {
      const layout = await fmp4Layout(file);
      const seconds = layout.complete ? await probeDuration(options.ffprobePath, file).catch(() => 0) : 0;
      if (!layout.complete || seconds <= 0) {
        await fsp.rm(file, { force: true });
        deleted += 1;
        continue;
      }
      const endMs = Math.round((await fsp.stat(file)).mtimeMs);
      await options.onSegment({ runId, file, startMs: endMs - Math.round(seconds * 1000), endMs, layout });
      indexed += 1;
    } catch (error) {
      options.log('spool segment not recovered', { cameraId: options.cameraId, file, err: error });
    }
  }
  return { indexed, deleted };
}
