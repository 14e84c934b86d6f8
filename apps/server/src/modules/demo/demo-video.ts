import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { VIDEO } from '@storelens/contracts';
import type { AppConfig } from '../../config.ts';
import type { DB } from '../../platform/db/database.ts';
import { newId } from '../../platform/ids.ts';
import { objectStorageOf } from '../../platform/storage/storage-config.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import { fmp4Layout } from '../video/fmp4.ts';
import { createSegmentIndex } from '../video/segment-index.ts';
import { type ClipServer, makeSyntheticClip, segmentClip, serveClipLoop } from '../video/synthetic-source.ts';
import { createVideoService } from '../video/video.service.ts';
import { demoRepo } from './demo.repo.ts';
import type { DemoDevice } from './seed-demo.ts';

/** Each demo camera's clip: three minutes, looped; short enough to make fast, long enough not to bore. */
const CLIP_SECONDS = 180;
const HISTORY_DAYS = 2;
/**
 * The history's segments: a minute each (the clip keeps a keyframe every 10 s, so seeking stays
 * exact). A recorder writes 10-second ones; for history made at seed time, minute-long ones index
 * the same two days in a sixth of the rows, and the first start is that much quicker.
 */
const HISTORY_SEGMENT_SECONDS = 60;

interface DemoStream {
  customerId: string;
  cameraId: string;
  port: number;
  clip: string;
  record: 'continuous' | 'onDemand';
}

const planFile = (dataDir: string) => path.join(dataDir, 'demo-video', 'streams.json');

/**
 * The demo's video, made once at seed time, with no network: per camera a synthetic scene (its
 * shop and camera drawn on it, 320x180 at 5 fps, a keyframe every recorder segment), cut by stream
 * copy into minute-long segments, stored once and indexed for the last two days in loops (every loop a run
 * of its own: a discontinuity), so yesterday plays at once. The first DEMO_VIDEO_CONTINUOUS cameras
 * record continuously from a real stream (ffmpeg serving the clip over TCP, startDemoStreams); the
 * others keep their history and a source marked on demand.
 */
export async function seedDemoVideo(deps: { db: DB; config: AppConfig; log: (message: string) => void }): Promise<{ cameras: number; segments: number }> {
  const { db, config } = deps;
  const devices = JSON.parse(await fsp.readFile(path.join(config.dataDir, 'demo-devices.json'), 'utf8')) as DemoDevice[];
  const customerIds = new Map((await demoRepo(db).customersNamed([...new Set(devices.map((device) => device.customer))])).map((row) => [row.name, row.id]));
  const storage = objectStorageOf(config);
  const index = createSegmentIndex({ db, storage });
  const video = createVideoService({ db, storage, ffmpegPath: config.video.ffmpegPath });
  const clips = path.join(config.dataDir, 'demo-video', 'clips');
  await fsp.mkdir(clips, { recursive: true });
  const cameras = devices
    .flatMap((device) => device.cameras.map((camera) => ({ customerId: customerIds.get(device.customer) ?? '', shopNumber: device.shopNumber, ...camera })))
    .slice(0, config.video.demoCameras ?? undefined);
  const streams: DemoStream[] = [];
  let segments = 0;
  const until = now().getTime();
  const historyFrom = until - HISTORY_DAYS * 86_400_000;
  const started = Date.now();
  // Two at a time: the machine has two cores, and this runs once.
  const queue = cameras.map((camera, position) => ({ camera, position }));
  const work = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { camera, position } = next;
      const clip = path.join(clips, `${camera.cameraId}.mp4`);
      await makeSyntheticClip(config.video.ffmpegPath, clip, {
        label: `${camera.shopNumber} ${camera.name}`,
        seconds: CLIP_SECONDS,
        keyframeSeconds: VIDEO.segmentSeconds,
        scene: position % 2 === 0 ? 'testsrc2' : 'mandelbrot',
      });
      const cut = await fsp.mkdtemp(path.join(clips, 'cut-'));
      const pieces = await segmentClip(config.video.ffmpegPath, clip, cut, HISTORY_SEGMENT_SECONDS);
      const stored: { location: string; startS: number; endS: number; initBytes: number; mediaBytes: number; bytes: number }[] = [];
      for (const [n, piece] of pieces.entries()) {
        const layout = await fmp4Layout(piece.file);
        const location = `recordings/${camera.customerId}/${camera.cameraId}/demo-clip/${String(n).padStart(3, '0')}.mp4`;
        await storage.putFile(location, piece.file);
        stored.push({ location, startS: piece.startS, endS: piece.endS, initBytes: layout.initBytes, mediaBytes: layout.mediaBytes, bytes: layout.bytes });
      }
      await fsp.rm(cut, { recursive: true, force: true });
      const rows = [];
      const loopMs = Math.round((stored.at(-1)?.endS ?? CLIP_SECONDS) * 1000);
      for (let loop = historyFrom; loop + loopMs <= until; loop += loopMs) {
        const runId = `demo-${loop}`;
        for (const piece of stored)
          rows.push({
            id: newId(),
            camera_id: camera.cameraId,
            start_ms: loop + Math.round(piece.startS * 1000),
            end_ms: loop + Math.round(piece.endS * 1000),
            bytes: piece.bytes,
            location: piece.location,
            init_bytes: piece.initBytes,
            media_bytes: piece.mediaBytes,
            run_id: runId,
            created_at: nowIso(),
          });
      }
      await index.insert(camera.customerId, rows);
      segments += rows.length;
      const record = position < config.video.demoContinuous ? 'continuous' : 'onDemand';
      const port = config.video.demoStreamPort + position;
      await video.saveSourceFor(camera.customerId, { cameraId: camera.cameraId, url: `tcp://127.0.0.1:${port}`, record });
      streams.push({ customerId: camera.customerId, cameraId: camera.cameraId, port, clip, record });
    }
  };
  await Promise.all([work(), work()]);
  streams.sort((a, b) => a.port - b.port);
  await fsp.mkdir(path.dirname(planFile(config.dataDir)), { recursive: true });
  await fsp.writeFile(planFile(config.dataDir), `${JSON.stringify(streams, null, 2)}\n`);
  deps.log(`demo video: ${cameras.length} cameras, ${segments} history segments indexed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { cameras: cameras.length, segments };
}

/**
 * Every demo camera as a real stream: its clip served in a loop over TCP on the loopback, which
 * the recorder (continuous cameras) and the live view (every camera) pull like a customer's
 * camera. A stream runs only while someone pulls it, so the on-demand cameras cost nothing idle.
 */
export function startDemoStreams(config: AppConfig, log: (message: string) => void): { stop: () => Promise<void> } {
  let streams: DemoStream[] = [];
  try {
    streams = JSON.parse(fs.readFileSync(planFile(config.dataDir), 'utf8')) as DemoStream[];
  } catch {
    return { stop: async () => undefined };
  }
  const servers: ClipServer[] = streams
    .filter((stream) => fs.existsSync(stream.clip))
    .map((stream) => serveClipLoop(config.video.ffmpegPath, stream.clip, stream.port, (error) => log(`demo stream ${stream.cameraId}: ${error.message}`)));
  return { stop: async () => void (await Promise.all(servers.map((server) => server.stop()))) };
}
