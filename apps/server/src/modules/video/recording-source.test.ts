import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { RoleId } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCamera, buildCustomer, buildShop, buildUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { FFMPEG, FFPROBE, recordClip, tempDir, testClip } from '../../../test/support/video.ts';
import { resolveActor } from '../../platform/authz/actor.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { DownloadStream } from '../../platform/http/download.ts';
import { newId } from '../../platform/ids.ts';
import type { ByteRange, ObjectStorage } from '../../platform/storage/object-storage.ts';
import { objectStorageOf } from '../../platform/storage/storage-config.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso, setClock } from '../../platform/time/clock.ts';
import { cutRecordedRange } from './downloads/clip.ts';
import { createDownloads } from './downloads/downloads.module.ts';
import { jpegFrameArgs, probeDuration, runFfmpeg } from './ffmpeg.ts';
import { fmp4Layout } from './fmp4.ts';
import { type RecordedSegment, type RecordingSource, recordingSources } from './recording-source.ts';
import { createSegmentIndex } from './segment-index.ts';
import { createKeyframesService } from './single-lens/keyframes.service.ts';
import { segmentClip } from './synthetic-source.ts';
import { videoRepo } from './video.repo.ts';
import { createVideoService, segmentUrl } from './video.service.ts';

/**
 * The recording seam: the player (playlists, segments), screenshots, the keyframe strip's
 * pictures and the download clips read a camera's video through its recording source, picked by
 * the camera's source kind. A second source, standing in for an edge box that keeps its own
 * recordings, is given for kind 'edge': real fMP4 segments cut by ffmpeg into a directory of
 * the "box", with its own index in memory, never written to the database or object storage. Its
 * camera's video can then only have come through that source. A stream camera beside it still
 * reads the stored recordings.
 */
const NOW = '2026-05-20T12:00:00.000Z';
const T1 = Date.parse(NOW) - 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let dir: string;
let clip: string;
let storage: ObjectStorage;
let actor: CustomerActor;
let customerId: string;
let edgeCamera: string;
let streamCamera: string;
/** The box's segments, as its own index lists them, with their files in the box's directory. */
let boxSegments: (RecordedSegment & { file: string })[] = [];
/** What the box was asked: which camera's segments, and which segments' bytes. */
const asked = { cameras: [] as string[], reads: [] as string[] };

/** An edge box's recordings in a directory: its index in memory, its bytes from its files. */
function boxSource(): RecordingSource {
  return {
    async segmentsBetween(cameraId, fromMs, toMs, limit = 20_000) {
      asked.cameras.push(cameraId);
      return boxSegments.filter((segment) => segment.camera_id === cameraId && segment.end_ms > fromMs && segment.start_ms < toMs).slice(0, limit);
    },
    async segment(cameraId, segmentId) {
      asked.cameras.push(cameraId);
      return boxSegments.find((segment) => segment.camera_id === cameraId && segment.id === segmentId) ?? null;
    },
    async read(segment: RecordedSegment, range?: ByteRange) {
      asked.reads.push(segment.id);
      const file = boxSegments.find((entry) => entry.id === segment.id)?.file;
      if (!file) throw new Error(`the box has no segment ${segment.id}`);
      return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
  };
}

const sources = () => recordingSources({ db: t.db, storage, kinds: { edge: () => boxSource() } });

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
const openAll = async (file: DownloadStream, range?: ByteRange) => bytesOf(await file.open(range));

beforeAll(async () => {
  // ROLE=web: the app's own download worker stays off, so only this test's worker (with the box) cuts.
  t = await createTestApp({ role: 'web' });
  setClock(NOW);
  dir = await tempDir('recording-source');
  clip = await testClip(dir, 12);
  storage = objectStorageOf(t.config);
  const customer = await buildCustomer(t.db);
  customerId = customer.customerId;
  const shop = await buildShop(t.db, customerId, customer.rootOrgId);
  edgeCamera = await buildCamera(t.db, customerId, shop);
  streamCamera = await buildCamera(t.db, customerId, shop);
  const repo = videoRepo(tenantScope(t.db, customerId));
  await repo.saveSource({ camera_id: edgeCamera, kind: 'edge', url: null, record: 'continuous', updated_at: nowIso() });
  await repo.saveSource({ camera_id: streamCamera, kind: 'stream', url: 'rtsp://127.0.0.1:9/stream', record: 'onDemand', updated_at: nowIso() });
  const member = await buildUser(t.db, [{ customerId, roleId: RoleId.superManager }]);
  const resolved = await resolveActor(t.db, member.userId, customerId);
  if (!resolved) throw new Error('no actor');
  actor = resolved;

  // The box: the clip cut into 2-second segments in its own directory, indexed by the box alone.
  const boxDir = await fsp.mkdtemp(path.join(dir, 'box-'));
  const pieces = await segmentClip(FFMPEG, clip, boxDir, 2);
  boxSegments = [];
  for (const piece of pieces) {
    const layout = await fmp4Layout(piece.file);
    boxSegments.push({
      id: newId(),
      camera_id: edgeCamera,
      start_ms: T1 + Math.round(piece.startS * 1000),
      end_ms: T1 + Math.round(piece.endS * 1000),
      bytes: layout.bytes,
      init_bytes: layout.initBytes,
      media_bytes: layout.mediaBytes,
      run_id: 'box-run',
      location: path.basename(piece.file),
      file: piece.file,
    });
  }
  // The stream camera: the same clip recorded the usual way, into the index and object storage.
  const index = createSegmentIndex({ db: t.db, storage });
  await recordClip(index, { clip, directory: dir, customerId, cameraId: streamCamera, baseMs: T1, runId: 'run-1' });
}, 120_000);
afterAll(async () => {
  await t.close();
  await fsp.rm(t.config.dataDir, { recursive: true, force: true });
  await fsp.rm(dir, { recursive: true, force: true });
});

describe('the recording source of a camera, by its source kind', () => {
  it('the edge camera has nothing in the index or storage: what follows can only come from the box', async () => {
    expect(await videoRepo(tenantScope(t.db, customerId)).segmentsBetween(edgeCamera, T1 - 60_000, T1 + 60_000)).toEqual([]);
    expect(boxSegments.length).toBe(6);
  });

  it('the player: the playlist lists the box segments, each segment answered (whole and by range) from the box files', async () => {
    const video = createVideoService({ db: t.db, storage, ffmpegPath: FFMPEG, recordings: sources() });
    const playlist = await video.playlist(actor, { cameraId: edgeCamera, start: iso(T1), end: iso(T1 + 12_000) });
    const urls = playlist.content
      .toString()
      .split('\n')
      .filter((line) => line.startsWith('/api/video/segment'));
    expect(urls).toEqual(boxSegments.map((segment) => segmentUrl(edgeCamera, segment.id)));

    const [first] = boxSegments;
    if (!first) throw new Error('no box segment');
    const file = await video.segment(actor, { cameraId: edgeCamera, segmentId: first.id });
    expect(file.size).toBe(first.bytes);
    const whole = await openAll(file);
    expect(whole.equals(await fsp.readFile(first.file))).toBe(true);
    const init = await openAll(file, { start: 0, end: first.init_bytes - 1 });
    expect(init.length).toBe(first.init_bytes);
    expect(init.subarray(4, 8).toString()).toBe('ftyp');
    expect(asked.reads).toContain(first.id);
  });

  it('screenshots and frames: the frame at an instant is decoded from the box segment that holds it', async () => {
    const video = createVideoService({ db: t.db, storage, ffmpegPath: FFMPEG, recordings: sources() });
    const reads = asked.reads.length;
    const shot = await video.screenshot(actor, { cameraId: edgeCamera, at: iso(T1 + 5400) });
    // The very frame of the source clip at 5.4 s (the third 2-second segment holds it).
    const { stdout } = await runFfmpeg(FFMPEG, jpegFrameArgs(clip, '5.400'));
    expect(shot.jpeg.equals(stdout)).toBe(true);
    expect(asked.reads.slice(reads)).toEqual([boxSegments[2]?.id]);
    expect((await video.frameAt(customerId, edgeCamera, iso(T1 + 5400))).sha256).toBe(shot.sha256);
  });

  it("the keyframe strip's picture is the first frame of the box segment", async () => {
    const keyframes = createKeyframesService({ db: t.db, storage, ffmpegPath: FFMPEG, recordings: sources() });
    const [first] = boxSegments;
    const picture = await openAll(await keyframes.keyframe(actor, { cameraId: edgeCamera, segmentId: first?.id ?? '' }));
    expect(picture.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(asked.reads.at(-1)).toBe(first?.id);
  });

  it('the download task: the job cuts the clip out of the box segments, of the requested duration', async () => {
    const { downloads, worker } = createDownloads({ db: t.db, storage, ffmpegPath: FFMPEG, workRoot: path.join(dir, 'work'), recordings: sources() });
    const reads = asked.reads.length;
    const { ids } = await downloads.batchAdd(actor, { cameraIds: [edgeCamera], start: iso(T1 + 1000), end: iso(T1 + 9000) });
    const [id] = ids;
    await worker.runDue();
    await worker.stop();
    expect(await downloads.detail(actor, id ?? '', 'en')).toMatchObject({ status: 'generated', recordedSeconds: 8 });
    // The segments 0-2, 2-4, 4-6, 6-8 and 8-10 s, read from the box once each.
    expect(asked.reads.slice(reads)).toEqual(boxSegments.slice(0, 5).map((segment) => segment.id));
    const row = await t.db
      .selectFrom('video_downloads')
      .select('location')
      .where('id', '=', id ?? '')
      .executeTakeFirstOrThrow();
    const out = path.join(dir, 'downloaded.mp4');
    await fsp.writeFile(out, await bytesOf(await storage.read(row.location ?? '')));
    expect(Math.abs((await probeDuration(FFPROBE, out)) - 8)).toBeLessThanOrEqual(0.2);
  }, 60_000);

  it("another module's clip of a moment (cutRecordedRange) comes from the box too", async () => {
    const workDir = await fsp.mkdtemp(path.join(dir, 'moment-'));
    const file = await cutRecordedRange(
      { db: t.db, storage, ffmpegPath: FFMPEG, recordings: sources() },
      customerId,
      edgeCamera,
      { fromMs: T1 + 2000, toMs: T1 + 6000 },
      workDir,
    );
    expect(file).not.toBeNull();
    expect(Math.abs((await probeDuration(FFPROBE, file ?? '')) - 4)).toBeLessThanOrEqual(0.2);
  }, 60_000);

  it('a stream camera beside it reads the stored recordings, and the box is never asked about it', async () => {
    const video = createVideoService({ db: t.db, storage, ffmpegPath: FFMPEG, recordings: sources() });
    const stored = await videoRepo(tenantScope(t.db, customerId)).segmentsBetween(streamCamera, T1, T1 + 12_000);
    const playlist = await video.playlist(actor, { cameraId: streamCamera, start: iso(T1), end: iso(T1 + 12_000) });
    const urls = playlist.content
      .toString()
      .split('\n')
      .filter((line) => line.startsWith('/api/video/segment'));
    expect(urls).toEqual(stored.map((segment) => segmentUrl(streamCamera, segment.id)));
    const shot = await video.screenshot(actor, { cameraId: streamCamera, at: iso(T1 + 5400) });
    const { stdout } = await runFfmpeg(FFMPEG, jpegFrameArgs(clip, '5.400'));
    expect(shot.jpeg.equals(stdout)).toBe(true);
    expect(asked.cameras).not.toContain(streamCamera);
    expect(asked.cameras).toContain(edgeCamera);
  });
});
