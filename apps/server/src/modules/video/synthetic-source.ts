import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { runFfmpeg } from './ffmpeg.ts';
import { shiftDecodeTime } from './fmp4.ts';
import { recorderArgs } from './recorder.ts';

export interface SyntheticClipOptions {
  /** Drawn on the picture; letters, digits, spaces and '-' only (it becomes part of a filter graph). */
  label: string;
  seconds: number;
  /** Keyframe interval: the recorder's segment length, so every segment starts on a keyframe. */
  keyframeSeconds: number;
  fps?: number;
  width?: number;
  height?: number;
  /** testsrc2 (default) or mandelbrot: the scene. */
  scene?: 'testsrc2' | 'mandelbrot';
}

/** Only these characters are drawn, so no label can break out of the drawtext option. */
const safeLabel = (label: string) => label.replace(/[^A-Za-z0-9 -]/g, '').slice(0, 40);

/**
 * A synthetic scene with the label and the clip's clock drawn on it, made with ffmpeg's lavfi
 * (no network, no input file): low resolution, low frame rate, H.264 ultrafast with a fixed
 * keyframe interval and no scene-cut keyframes. The demo's cameras and the tests record these.
 */
export async function makeSyntheticClip(ffmpegPath: string, file: string, options: SyntheticClipOptions): Promise<void> {
  const fps = options.fps ?? 5;
  const size = `${options.width ?? 320}x${options.height ?? 180}`;
  const gop = String(Math.max(1, Math.round(options.keyframeSeconds * fps)));
  const source = options.scene === 'mandelbrot' ? `mandelbrot=size=${size}:rate=${fps}` : `testsrc2=size=${size}:rate=${fps}`;
  const text = `drawtext=text='${safeLabel(options.label)} %{pts\\:hms}':x=6:y=6:fontsize=13:fontcolor=white:box=1:boxcolor=black@0.6`;
  const encode = ['-t', String(options.seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-g', gop, '-keyint_min', gop, '-sc_threshold', '0'];
  const rest = [...encode, '-pix_fmt', 'yuv420p', '-b:v', '48k', '-maxrate', '64k', '-bufsize', '128k', '-an', '-movflags', '+faststart', '-y', file];
  try {
    await runFfmpeg(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `${source},${text}`, ...rest], { timeoutMs: 120_000 });
  } catch {
    // drawtext needs a font through fontconfig; a machine without one still gets the scene.
    await runFfmpeg(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', source, ...rest], { timeoutMs: 120_000 });
  }
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Serves a clip as a live MPEG-TS stream over TCP, looped at its own pace (`-re -stream_loop -1`,
 * stream copy: next to no CPU). ffmpeg listens for one recorder; when that one leaves, the serving
 * ffmpeg ends and is started again, so the address keeps answering like a camera's.
 */
export function serveClipLoop(ffmpegPath: string, clip: string, port: number, onError?: (error: Error) => void) {
  let child: ChildProcess | undefined;
  let stopped = false;
  const start = () => {
    if (stopped) return;
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-re',
      '-stream_loop',
      '-1',
      '-i',
      clip,
      '-c',
      'copy',
      '-f',
      'mpegts',
      `tcp://127.0.0.1:${port}?listen=1`,
    ];
    const started = Date.now();
    const spawned = spawn(ffmpegPath, args, { stdio: 'ignore' });
    child = spawned;
    spawned.on('error', (error) => onError?.(error));
    // A listener that dies at once (the port taken) waits a little before trying again.
    spawned.on('close', () => {
      if (!stopped) setTimeout(start, Date.now() - started < 1000 ? 1000 : 0).unref();
    });
  };
  start();
  return {
    url: `tcp://127.0.0.1:${port}`,
    pid: () => child?.pid,
    stop(): Promise<void> {
      stopped = true;
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        current.once('close', () => resolve());
        current.kill('SIGTERM');
      });
    },
  };
}
export type ClipServer = ReturnType<typeof serveClipLoop>;

/**
 * Cuts a clip into fMP4 segments by stream copy, the recorder's own muxer settings (recorder.ts):
 * what the demo's history and the tests index. Answers each segment with its place in the clip.
 */
export async function segmentClip(
  ffmpegPath: string,
  clip: string,
  outDir: string,
  segmentSeconds: number,
): Promise<{ file: string; startS: number; endS: number }[]> {
  const args = recorderArgs('tcp://unused', outDir, 'clip', segmentSeconds);
  const { stdout } = await runFfmpeg(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-i', clip, ...args.slice(args.indexOf('-map'))], {
    timeoutMs: 120_000,
  });
  const pieces = stdout
    .toString()
    .trim()
    .split('\n')
    .map((line) => line.split(','))
    .map(([name, start, end]) => ({ file: path.join(outDir, path.basename(name ?? '')), startS: Number(start), endS: Number(end) }));
  // As the recorder does: each segment's fragments at their place on the clip's timeline.
  for (const piece of pieces) await shiftDecodeTime(piece.file, piece.startS);
  return pieces;
}
