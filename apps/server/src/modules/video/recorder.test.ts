import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCamera, buildCustomer, buildShop } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { FFMPEG, FFPROBE, tempDir, testClip, waitFor } from '../../../test/support/video.ts';
import { createLocalStorage } from '../../platform/storage/local-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { probeDuration, runFfmpeg } from './ffmpeg.ts';
import { fmp4Layout } from './fmp4.ts';
import { recorderArgs, recoverSpool } from './recorder.ts';
import { createRecordingSupervisor } from './recording-supervisor.ts';
import { createSegmentIndex } from './segment-index.ts';
import { freePort, serveClipLoop } from './synthetic-source.ts';
import { videoRepo } from './video.repo.ts';

/**
 * The recorder on real ffmpeg output: a real stream (ffmpeg serving a synthetic clip over TCP at
 * its own pace), recorded by stream copy into 2-second fMP4 segments, indexed as they finish.
 */
let t: TestApp;
let dir: string;
let clip: string;
let customerId: string;
let cameraId: string;

beforeAll(async () => {
  t = await createTestApp();
  dir = await tempDir('recorder');
  clip = await testClip(dir);
  const customer = await buildCustomer(t.db);
  customerId = customer.customerId;
  const shop = await buildShop(t.db, customerId, customer.rootOrgId);
  cameraId = await buildCamera(t.db, customerId, shop);
}, 60_000);
afterAll(async () => {
  await t.close();
  await fsp.rm(dir, { recursive: true, force: true });
});

const log = { info: () => undefined, error: (details: Record<string, unknown>, message: string) => console.error(message, details) };

describe('recorder and segment index', () => {
  it('records a live stream into abutting fMP4 segments with start, end, bytes and location in the index', async () => {
    const storage = createLocalStorage(path.join(dir, 'video'));
    const index = createSegmentIndex({ db: t.db, storage });
    const server = serveClipLoop(FFMPEG, clip, await freePort());
    const supervisor = createRecordingSupervisor({
      db: t.db,
      index,
      ffmpegPath: FFMPEG,
      ffprobePath: FFPROBE,
      spoolRoot: path.join(dir, 'spool'),
      log,
      segmentSeconds: 2,
      streams: async () => [{ customerId, cameraId, url: server.url }],
    });
    const startedAt = Date.now();
    try {
      await supervisor.start();
      await waitFor(() => supervisor.indexedCount(cameraId) >= 4, 25_000, 'four indexed segments');
    } finally {
      await supervisor.stop();
      await server.stop();
    }
    const repo = videoRepo(tenantScope(t.db, customerId));
    const segments = await repo.segmentsBetween(cameraId, startedAt - 60_000, Date.now() + 1000);
    expect(segments.length).toBeGreaterThanOrEqual(4);
    for (const [i, segment] of segments.entries()) {
      // Whole segments last the keyframe interval; the last may be cut short by the stop.
      const duration = segment.end_ms - segment.start_ms;
      if (i < segments.length - 1) expect(Math.abs(duration - 2000)).toBeLessThanOrEqual(50);
      else expect(duration).toBeGreaterThan(0);
      expect(segment.start_ms).toBeGreaterThanOrEqual(startedAt - 15_000);
      expect(segment.end_ms).toBeLessThanOrEqual(Date.now() + 1000);
      // Neighbours of one run abut exactly: no false gaps on the axis or in playlists.
      const next = segments[i + 1];
      if (next && next.run_id === segment.run_id) expect(next.start_ms).toBe(segment.end_ms);
      expect(await storage.size(segment.location)).toBe(Number(segment.bytes));
      expect(segment.init_bytes).toBeGreaterThan(0);
      expect(Number(segment.media_bytes)).toBe(Number(segment.bytes) - segment.init_bytes);
      // The stored file is the segment ffprobe reads: its duration is the index's.
      const copy = path.join(dir, `check-${i}.mp4`);
      await fsp.writeFile(copy, await streamToBuffer(await storage.read(segment.location)));
      expect(Math.abs((await probeDuration(FFPROBE, copy)) * 1000 - duration)).toBeLessThanOrEqual(250);
    }
    // The spool is emptied: every finished segment moved into storage.
    expect(await fsp.readdir(path.join(dir, 'spool', cameraId))).toEqual([]);
    // The availability rollup holds exactly what the segments cover.
    const buckets = await repo.buckets(cameraId, 0);
    const covered = buckets.reduce((sum, row) => sum + Number(row.recorded_ms), 0);
    const indexed = (await repo.segmentsBetween(cameraId, 0, Date.now() + 1000)).reduce((sum, row) => sum + row.end_ms - row.start_ms, 0);
    expect(covered).toBe(indexed);
  }, 40_000);

  it('refuses a stream address that is not a stream (no file:, no options)', async () => {
    const storage = createLocalStorage(path.join(dir, 'video-refused'));
    const errors: string[] = [];
    const supervisor = createRecordingSupervisor({
      db: t.db,
      index: createSegmentIndex({ db: t.db, storage }),
      ffmpegPath: FFMPEG,
      ffprobePath: FFPROBE,
      spoolRoot: path.join(dir, 'spool-refused'),
      log: { info: () => undefined, error: (_details, message) => errors.push(message) },
      streams: async () => [{ customerId, cameraId, url: `file:${clip}` }],
    });
    await supervisor.start();
    await waitFor(() => errors.includes('recorder failed'), 5000, 'the refusal');
    await supervisor.stop();
    expect(recorderArgs('rtsp://cam.example/stream', '/spool', 'run', 10)).toContain('-rtsp_transport');
  });

  it('recovers a dead process’s spool: whole segments indexed as a run of their own, a cut one deleted', async () => {
    const spool = path.join(dir, 'spool-dead');
    await fsp.mkdir(spool, { recursive: true });
    // Real segments of the clip, as a recorder would have left them.
    const args = recorderArgs('tcp://x', spool, 'dead', 2);
    await runFfmpeg(FFMPEG, ['-loglevel', 'error', '-i', clip, '-t', '4', ...args.slice(args.indexOf('-map'))]);
    const names = (await fsp.readdir(spool)).sort();
    expect(names.length).toBe(2);
    const whole = await fmp4Layout(path.join(spool, names[0] ?? ''));
    expect(whole.complete).toBe(true);
    // The second one is cut in the middle of its media, as a killed process leaves it.
    await fsp.truncate(path.join(spool, names[1] ?? ''), whole.initBytes + 100);
    const handed: { startMs: number; endMs: number }[] = [];
    const result = await recoverSpool({
      spoolDir: spool,
      ffprobePath: FFPROBE,
      cameraId,
      log: () => undefined,
      onSegment: async (segment) => {
        handed.push(segment);
        await fsp.rm(segment.file);
      },
    });
    expect(result).toEqual({ indexed: 1, deleted: 1 });
    expect(handed[0] && handed[0].endMs - handed[0].startMs).toBeGreaterThanOrEqual(1900);
    expect(await fsp.readdir(spool)).toEqual([]);
  });
});

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
