import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { VIDEO } from '@storelens/contracts';
import { loadConfig } from '../config.ts';
import { createCustomersService } from '../modules/customers/customers.service.ts';
import { axisFromBuckets, axisFromSegments, axisWindow } from '../modules/video/availability.ts';
import { createRecordingSupervisor } from '../modules/video/recording-supervisor.ts';
import { createSegmentIndex } from '../modules/video/segment-index.ts';
import { type ClipServer, freePort, makeSyntheticClip, serveClipLoop } from '../modules/video/synthetic-source.ts';
import { videoRepo } from '../modules/video/video.repo.ts';
import { migrateToLatest, openDatabase } from '../platform/db/database.ts';
import { newId } from '../platform/ids.ts';
import { createLocalStorage } from '../platform/storage/local-storage.ts';
import { tenantScope } from '../platform/tenancy/scoped.ts';
import { runDownloadClipBench } from './download-clip-bench.ts';
import { benchArgs, printTable } from './support.ts';
import { runPlayerBench } from './video-player-bench.ts';

export function videoBenchOptions(args: readonly string[]) {
  const read = benchArgs(args);
  return {
    /** Cameras whose 30 days of 10 s segments fill the index (the axis reads one of them). */
    indexCameras: read.int('index-cameras', 3, 50),
    samples: read.int('samples', 60, 1000),
    /** Demo cameras recorded continuously while CPU is measured, and for how long. */
    recordCameras: read.int('record-cameras', 7, 64),
    seconds: read.int('seconds', 60, 600),
    skipCpu: read.flag('skip-cpu'),
    /** Download tasks of a 10-minute clip timed (queue to generated). */
    clipSamples: read.int('clip-samples', 10, 200),
    /** Runs of the players' time to first frame and seek in headless Chromium. */
    playerRuns: read.int('player-runs', 10, 100),
    skipPlayer: read.flag('skip-player'),
  };
}
type Options = ReturnType<typeof videoBenchOptions>;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/**
 * `npm run bench -- video`: (1) the playback axis of a camera with 30 days of continuous 10 s
 * segments, from the availability rollup (what the server does) against a naive count over the
 * segments, both giving the same answer; (2) the CPU the demo's continuous recording costs: N
 * demo streams (ffmpeg serving a synthetic clip) recorded by the real supervisor, measured from
 * /proc over a minute (ffmpeg children) and process.cpuUsage (this Node process: indexing);
 * (3) a 10-minute download clip generated (download-clip-bench.ts).
 */
export async function runVideoBench(options: Options): Promise<void> {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'storelens-video-bench-'));
  const { db, close } = openDatabase({ databaseUrl: null, dataDir });
  try {
    await migrateToLatest(db);
    const { customerId } = await createCustomersService({ db }).createCustomer({ name: 'Video bench', countries: ['CN'], defaultTimeZone: 'Asia/Shanghai' });
    const index = createSegmentIndex({ db, storage: createLocalStorage(path.join(dataDir, 'video')) });
    const nowMs = Date.now();
    const segmentMs = VIDEO.segmentSeconds * 1000;
    const from = axisWindow(nowMs).fromMs;
    const started = Date.now();
    const cameras = Array.from({ length: options.indexCameras }, () => newId());
    let rows = 0;
    for (const cameraId of cameras) {
      const batch = [];
      // Continuous recording with an hour's outage every day at 03:00 (a realistic axis has holes).
      for (let start = from; start + segmentMs <= nowMs; start += segmentMs) {
        if (new Date(start).getUTCHours() === 3) continue;
        batch.push({
          id: newId(),
          camera_id: cameraId,
          start_ms: start,
          end_ms: start + segmentMs,
          bytes: 250_000,
          location: `recordings/${customerId}/${cameraId}/${start}.mp4`,
          init_bytes: 772,
          media_bytes: 249_228,
          run_id: `run-${Math.floor(start / 86_400_000)}`,
          created_at: new Date(start).toISOString(),
        });
      }
      await index.insert(customerId, batch);
      rows += batch.length;
    }
    console.log(
      `index: ${rows.toLocaleString('en')} segments of ${cameras.length} cameras (30 days of ${VIDEO.segmentSeconds} s) written in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const repo = videoRepo(tenantScope(db, customerId));
    const camera = cameras[0] ?? '';
    const timed = async (work: () => Promise<number[]>) => {
      const times: number[] = [];
      let answer: number[] = [];
      for (let i = 0; i < options.samples; i += 1) {
        const t0 = performance.now();
        answer = await work();
        times.push(performance.now() - t0);
      }
      return { times, answer };
    };
    const rollup = await timed(async () => axisFromBuckets(await repo.buckets(camera, from), nowMs));
    const naive = await timed(async () => axisFromSegments(await repo.segmentsBetween(camera, from, nowMs + 1, 1_000_000), nowMs));
    const same = JSON.stringify(rollup.answer) === JSON.stringify(naive.answer);
    printTable(
      ['availability axis (4,320 buckets)', 'p50 ms', 'p95 ms', 'same answer'],
      [
        ['rollup (server)', percentile(rollup.times, 50).toFixed(1), percentile(rollup.times, 95).toFixed(1), same ? 'yes' : 'NO'],
        ['naive: count over the segments', percentile(naive.times, 50).toFixed(1), percentile(naive.times, 95).toFixed(1), same ? 'yes' : 'NO'],
      ],
    );
    if (!same) process.exitCode = 1;
    await runDownloadClipBench({ db, storage: createLocalStorage(path.join(dataDir, 'video')), index, customerId, dataDir, samples: options.clipSamples });
    if (!options.skipCpu) await recorderCpu(options, dataDir, db, index, customerId);
    if (!options.skipPlayer) await runPlayerBench(options.playerRuns);
  } finally {
    await close();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
}

/** CPU seconds (user + system) of a process from /proc/<pid>/stat. */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The ffmpeg children of this process. */
function ffmpegChildren(): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.split(') ')[1]?.split(' ') ?? [];
      if (stat.includes('(ffmpeg)') && Number(fields[1]) === process.pid) pids.push(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return pids;
}

async function recorderCpu(
  options: Options,
  dataDir: string,
  db: Parameters<typeof createRecordingSupervisor>[0]['db'],
  index: Parameters<typeof createRecordingSupervisor>[0]['index'],
  customerId: string,
) {
  const config = loadConfig();
  const clips = path.join(dataDir, 'clips');
  await fsp.mkdir(clips, { recursive: true });
  const servers: ClipServer[] = [];
  const streams: { customerId: string; cameraId: string; url: string }[] = [];
  for (let i = 0; i < options.recordCameras; i += 1) {
    const clip = path.join(clips, `${i}.mp4`);
    // The demo's clip settings (modules/demo/demo-video.ts).
    await makeSyntheticClip(config.video.ffmpegPath, clip, {
      label: `BENCH ${i}`,
      seconds: 180,
      keyframeSeconds: VIDEO.segmentSeconds,
      scene: i % 2 ? 'mandelbrot' : 'testsrc2',
    });
    const server = serveClipLoop(config.video.ffmpegPath, clip, await freePort());
    servers.push(server);
    streams.push({ customerId, cameraId: newId(), url: server.url });
  }
  const supervisor = createRecordingSupervisor({
    db,
    index,
    ffmpegPath: config.video.ffmpegPath,
    ffprobePath: config.video.ffprobePath,
    spoolRoot: path.join(dataDir, 'spool'),
    log: { info: () => undefined, error: (details, message) => console.error(message, details) },
    streams: async () => streams,
  });
  try {
    await supervisor.start();
    // Warm up: every recorder connected and past its first segment.
    const deadline = Date.now() + 60_000;
    while (streams.some((stream) => supervisor.indexedCount(stream.cameraId) < 1) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 500));
    const pids = ffmpegChildren();
    const before = pids.map(cpuSecondsOf);
    const nodeBefore = process.cpuUsage();
    const t0 = Date.now();
    await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
    const elapsed = (Date.now() - t0) / 1000;
    const ffmpegSeconds = pids.map(cpuSecondsOf).reduce((sum, value, i) => sum + value - (before[i] ?? 0), 0);
    const nodeUsage = process.cpuUsage(nodeBefore);
    const nodeSeconds = (nodeUsage.user + nodeUsage.system) / 1e6;
    const indexed = streams.reduce((sum, stream) => sum + supervisor.indexedCount(stream.cameraId), 0);
    const pct = (seconds: number) => `${((seconds / elapsed) * 100).toFixed(2)} %`;
    printTable(
      [`continuous recording, ${options.recordCameras} demo cameras, ${Math.round(elapsed)} s`, 'CPU of one core', 'per camera'],
      [
        [`ffmpeg (${pids.length} processes: ${servers.length} stream servers + recorders)`, pct(ffmpegSeconds), pct(ffmpegSeconds / options.recordCameras)],
        ['Node (indexing segments)', pct(nodeSeconds), pct(nodeSeconds / options.recordCameras)],
        ['total', pct(ffmpegSeconds + nodeSeconds), pct((ffmpegSeconds + nodeSeconds) / options.recordCameras)],
      ],
    );
    console.log(
      `segments indexed during the run: ${indexed}; cameras that fit 10 % of one core at this rate: ${Math.floor((0.1 * elapsed) / ((ffmpegSeconds + nodeSeconds) / options.recordCameras))}`,
    );
  } finally {
    await supervisor.stop();
    await Promise.all(servers.map((server) => server.stop()));
  }
}
