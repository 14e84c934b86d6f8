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
 * stream copy: next to no CPU), like a camera's address: every connection gets the stream from an
 * ffmpeg of its own, started when it connects and stopped when it leaves. Nothing runs while nobody
 * pulls, so a demo camera that records only on demand still answers a live view at once.
 */
export function serveClipLoop(ffmpegPath: string, clip: string, port: number, onError?: (error: Error) => void) {
  const children = new Set<ChildProcess>();
  let latest: ChildProcess | undefined;
  const server = net.createServer((socket) => {
    const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', '-stream_loop', '-1', '-i', clip, '-c', 'copy', '-f', 'mpegts', 'pipe:1'];
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    children.add(child);
    latest = child;
    child.on('error', (error) => onError?.(error));
    child.on('close', () => {
      children.delete(child);
      socket.destroy();
    });
    child.stdout?.pipe(socket);
    // The puller left (or broke off): its stream stops with it.
    socket.on('error', () => undefined);
    socket.on('close', () => child.kill('SIGTERM'));
  });
  server.on('error', (error) => onError?.(error));
  server.listen(port, '127.0.0.1');
  return {
    url: `tcp://127.0.0.1:${port}`,
    /** The ffmpeg serving the newest connection (benchmarks measure its CPU). */
    pid: () => latest?.pid,
    /** How many pullers are being served now. */
    connections: () => children.size,
    async stop(): Promise<void> {
      // Stop taking pullers first; the server closes once the served ones are gone.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all(
        [...children].map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('close', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
      await closed;
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
