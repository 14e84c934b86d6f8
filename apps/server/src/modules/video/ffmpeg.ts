import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { Readable } from 'node:stream';

/** ffmpeg is not where the configuration says: a clear start-up error naming the variable. */
export class FfmpegMissingError extends Error {
  constructor(variable: string, file: string) {
    super(`${variable}: ${file} is not an executable file. Install ffmpeg (apt-get install ffmpeg) or set ${variable}.`);
    this.name = 'FfmpegMissingError';
  }
}

export function assertExecutable(variable: string, file: string): void {
  try {
    fs.accessSync(file, fs.constants.X_OK);
  } catch {
    throw new FfmpegMissingError(variable, file);
  }
}

/**
 * Runs ffmpeg (or ffprobe) once with an argument list (no shell: nothing is ever interpreted),
 * optionally feeding stdin from a stream, and collects stdout. Rejects on a non-zero exit or when
 * it runs longer than `timeoutMs`.
 */
export function runFfmpeg(
  binary: string,
  args: readonly string[],
  options: { stdin?: Readable; timeoutMs?: number } = {},
): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 8000) stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000);
    if (options.stdin && child.stdin) {
      // ffmpeg may stop reading once it has its frame: a closed pipe then is expected, not an error.
      child.stdin.on('error', () => undefined);
      options.stdin.on('error', (error) => child.kill('SIGKILL') && reject(error));
      options.stdin.pipe(child.stdin);
    }
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.stdin?.destroy();
      if (code === 0) resolve({ stdout: Buffer.concat(out), stderr });
      else reject(new Error(`${binary} exited with ${code ?? signal}: ${stderr.trim().slice(-500)}`));
    });
  });
}

/** Duration in seconds of a media file (ffprobe): from its first timestamp to its end, wherever its timeline starts. */
export async function probeDuration(ffprobe: string, file: string): Promise<number> {
  const { stdout } = await runFfmpeg(ffprobe, ['-v', 'error', '-show_entries', 'format=start_time,duration', '-of', 'json', file]);
  const format = (JSON.parse(stdout.toString()) as { format?: { start_time?: string; duration?: string } }).format ?? {};
  const duration = Number.parseFloat(format.duration ?? '');
  const start = Number.parseFloat(format.start_time ?? '0');
  if (!Number.isFinite(duration)) throw new Error(`ffprobe found no duration in ${file}`);
  return duration - (Number.isFinite(start) ? start : 0);
}

/** ffmpeg's arguments for one JPEG of `input` at `offset` seconds (the first frame at or after it), written to stdout. */
export function jpegFrameArgs(input: string, offset: string, format?: 'mp4'): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    ...(format ? ['-f', format] : []),
    '-i',
    input,
    '-ss',
    offset,
    '-frames:v',
    '1',
    '-f',
    'image2pipe',
    '-c:v',
    'mjpeg',
    '-q:v',
    '3',
    'pipe:1',
  ];
}
