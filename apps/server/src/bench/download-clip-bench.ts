import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { VIDEO } from '@storelens/contracts';
import { loadConfig } from '../config.ts';
import { DOWNLOAD_CLIP_JOB, type DownloadClipPayload, downloadClipJob } from '../modules/video/downloads/downloads.jobs.ts';
import { downloadsRepo, queuedDownload } from '../modules/video/downloads/downloads.repo.ts';
import { probeDuration } from '../modules/video/ffmpeg.ts';
import { indexClipLoops } from '../modules/video/recorded-loops.ts';
import type { SegmentIndex } from '../modules/video/segment-index.ts';
import { makeSyntheticClip, segmentClip } from '../modules/video/synthetic-source.ts';
import type { DB } from '../platform/db/database.ts';
import { newId } from '../platform/ids.ts';
import { createJobQueue, createJobWorker, type JobDefinition } from '../platform/jobs/jobs.ts';
import type { ObjectStorage } from '../platform/storage/object-storage.ts';
import { tenantScope } from '../platform/tenancy/scoped.ts';
import { printTable } from './support.ts';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/**
 * "A 10-minute clip generated" (target <= 2 s): a camera recorded with the demo's settings (320x180,
 * 5 fps, a keyframe every 10 s) for the last 10 minutes, 60 segments of 10 s in the index and in
 * storage; each sample queues a download task and runs its job (segments out of storage, joined,
 * cut by stream copy, +faststart, stored): from the queue to 'generated'. The clip's duration is
 * checked with ffprobe.
 */
export async function runDownloadClipBench(deps: {
  db: DB;
  storage: ObjectStorage;
  index: SegmentIndex;
  customerId: string;
  dataDir: string;
  samples: number;
}) {
  const config = loadConfig();
  const work = path.join(deps.dataDir, 'download-bench');
  await fsp.mkdir(work, { recursive: true });
  const clip = path.join(work, 'clip.mp4');
  await makeSyntheticClip(config.video.ffmpegPath, clip, { label: 'DOWNLOAD BENCH', seconds: 60, keyframeSeconds: VIDEO.segmentSeconds });
  const cameraId = newId();
  const toMs = Math.floor(Date.now() / 1000) * 1000 - 60_000;
  const fromMs = toMs - 600_000;
  // A minute of clip in six segments, stored once and indexed ten times over (the demo's history does the same).
  const pieces = await segmentClip(config.video.ffmpegPath, clip, await fsp.mkdtemp(path.join(work, 'seg-')), VIDEO.segmentSeconds);
  await indexClipLoops({ index: deps.index, customerId: deps.customerId, cameraId, pieces, fromMs, loops: 10, loopMs: 60_000 });

  const definitions = [
    downloadClipJob({ db: deps.db, storage: deps.storage, ffmpegPath: config.video.ffmpegPath, workRoot: path.join(work, 'spool') }) as JobDefinition<never>,
  ];
  const queue = createJobQueue(deps.db, definitions);
  const worker = createJobWorker({ db: deps.db, queue, definitions });
  const repo = downloadsRepo(tenantScope(deps.db, deps.customerId));
  const times: number[] = [];
  let bytes = 0;
  let duration = 0;
  for (let sample = 0; sample < deps.samples; sample += 1) {
    const id = newId();
    const t0 = performance.now();
    await repo.insert([queuedDownload({ id, shopId: 'bench', cameraId, fromMs, toMs, createdBy: 'bench', createdAt: new Date().toISOString() })]);
    await queue.enqueue<DownloadClipPayload>(DOWNLOAD_CLIP_JOB, { downloadId: id }, { customerId: deps.customerId });
    await worker.runDue();
    times.push(performance.now() - t0);
    const done = await repo.get(id);
    if (done?.status !== 'generated' || !done.location) throw new Error(`the clip was not generated: ${JSON.stringify(done)}`);
    bytes = Number(done.bytes);
    if (sample === 0) {
      const file = path.join(work, 'generated.mp4');
      await pipeline(await deps.storage.read(done.location), fs.createWriteStream(file));
      duration = await probeDuration(config.video.ffprobePath, file);
    }
  }
  printTable(
    ['a 10-minute clip generated (60 segments of 10 s)', 'p50 ms', 'p95 ms', 'max ms', 'MB', 'ffprobe s'],
    [
      [
        `${deps.samples} tasks, queue to 'generated'`,
        percentile(times, 50).toFixed(0),
        percentile(times, 95).toFixed(0),
        Math.max(...times).toFixed(0),
        (bytes / 1_048_576).toFixed(1),
        duration.toFixed(2),
      ],
    ],
  );
  if (Math.abs(duration - 600) > 0.2 || percentile(times, 95) > 2000) process.exitCode = 1;
}
