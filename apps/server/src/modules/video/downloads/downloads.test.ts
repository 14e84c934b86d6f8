import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  type DownloadRow,
  type KeyframesResponse,
  videoDownloadOperations as ops,
  RoleId,
  VIDEO_DOWNLOADS,
  videoKeyframeOperations,
} from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCamera, buildCustomer, buildRoleWithout, buildShop, buildUser, download, type Session, signIn } from '../../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../../test/harness.ts';
import { FFMPEG, FFPROBE, recordClip, tempDir, testClip } from '../../../../test/support/video.ts';
import type { JobWorker } from '../../../platform/jobs/jobs.ts';
import type { ObjectStorage } from '../../../platform/storage/object-storage.ts';
import { objectStorageOf } from '../../../platform/storage/storage-config.ts';
import { tenantScope } from '../../../platform/tenancy/scoped.ts';
import { advanceClock, now, setClock } from '../../../platform/time/clock.ts';
import { probeDuration } from '../ffmpeg.ts';
import { createSegmentIndex } from '../segment-index.ts';
import { thumbnailKey } from '../single-lens/keyframes.service.ts';
import { videoRepo } from '../video.repo.ts';
import { createVideoRetention } from '../video-retention.ts';
import { expireDownloads } from './downloads.jobs.ts';
import { createDownloads } from './downloads.module.ts';

/**
 * Download tasks over a real index and real ffmpeg: a 60-second synthetic clip (a keyframe every
 * 2 s) cut into 2-second fMP4 segments by stream copy and indexed from T1. The app runs as ROLE=web
 * (its own worker stays off); the test's worker runs the queued jobs when the test says, so every
 * state is seen. The clock stands at NOW.
 */
const NOW = '2026-05-20T12:00:00.000Z';
const nowMs = Date.parse(NOW);
const T1 = nowMs - 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const NOT_FOUND = 'Not found or no access';

let t: TestApp;
let dir: string;
let storage: ObjectStorage;
let worker: JobWorker;
let admin: Session;
let limited: Session;
let noDownload: Session;
let other: Session;
let camera1: string;
let camera2: string;
let otherCamera: string;
let customerId: string;

const countTasks = async () =>
  Number(
    (
      await t.db
        .selectFrom('video_downloads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const countJobs = async () =>
  Number(
    (
      await t.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('name', '=', 'video.download-clip')
        .executeTakeFirstOrThrow()
    ).n,
  );
const add = (session: Session, cameraIds: string[], fromMs: number, toMs: number, lang?: string) =>
  invoke(t.app, ops.downloadBatchAdd, { cameraIds, start: iso(fromMs), end: iso(toMs) }, { ...session, ...(lang ? { lang } : {}) });
async function addOne(cameraId: string, fromMs: number, toMs: number): Promise<string> {
  const response = await add(admin, [cameraId], fromMs, toMs);
  expect(response.body.status, response.body.msg).toBe(200);
  return (response.body.data as { ids: string[] }).ids[0] ?? '';
}
const detail = async (id: string, session: Session = admin) => (await invoke(t.app, ops.downloadBatchDetail, { id }, session)).body;
const row = async (id: string) => (await detail(id)).data as DownloadRow & { recordedSeconds: number; attempts: number };
const fileOf = (id: string, session: Session = admin, lang?: string) =>
  download(t.app, 'GET', `${ops.downloadFile.path}?id=${id}`, undefined, { ...session, ...(lang ? { lang } : {}) });

beforeAll(async () => {
  t = await createTestApp({ role: 'web' });
  setClock(NOW);
  dir = await tempDir('downloads');
  const clip = await testClip(dir, 60);
  const customer = await buildCustomer(t.db);
  customerId = customer.customerId;
  const shop1 = await buildShop(t.db, customerId, customer.rootOrgId);
  const shop2 = await buildShop(t.db, customerId, customer.rootOrgId);
  camera1 = await buildCamera(t.db, customerId, shop1);
  camera2 = await buildCamera(t.db, customerId, shop2);
  const theirs = await buildCustomer(t.db);
  otherCamera = await buildCamera(t.db, theirs.customerId, await buildShop(t.db, theirs.customerId, theirs.rootOrgId));
  const sign = async (customer: string, roleId: number, shopIds?: string[]) =>
    signIn(t.app, (await buildUser(t.db, [{ customerId: customer, roleId, ...(shopIds ? { shopIds } : {}) }])).loginName, customer);
  admin = await sign(customerId, RoleId.superManager);
  limited = await sign(customerId, RoleId.storeManage, [shop1]);
  noDownload = await sign(customerId, await buildRoleWithout(t.db, customerId, ['video_download']));
  other = await sign(theirs.customerId, RoleId.superManager);

  storage = objectStorageOf(t.config);
  const index = createSegmentIndex({ db: t.db, storage });
  for (const cameraId of [camera1, camera2]) await recordClip(index, { clip, directory: dir, customerId, cameraId, baseMs: T1, runId: 'run-1' });
  worker = createDownloads({ db: t.db, storage, ffmpegPath: FFMPEG, workRoot: path.join(dir, 'work') }).worker;
}, 120_000);
afterAll(async () => {
  await worker.stop();
  await t.close();
  await fsp.rm(t.config.dataDir, { recursive: true, force: true });
  await fsp.rm(dir, { recursive: true, force: true });
});

describe('a download task', () => {
  it('is queued, generated by the job, listed, and downloaded as an MP4 of the requested duration', async () => {
    const id = await addOne(camera1, T1 + 3000, T1 + 33_000);
    expect(await row(id)).toMatchObject({ status: 'toBeGenerated', progress: 0, cameraId: camera1, start: iso(T1 + 3000), end: iso(T1 + 33_000) });
    expect((await invoke(t.app, ops.downloadStatus, { id }, admin)).body.data).toEqual({ id, status: 'toBeGenerated', progress: 0 });
    // While it is being made: the spec's message, in every language; a rebuild is refused likewise.
    await expectMessageInAllLanguages((lang) => fileOf(id, admin, lang).then((answer) => ({ body: answer.json() })), 'errors.videoSynthesizing');
    expect((await invoke(t.app, ops.downloadRebuild, { id }, admin)).body.msg).toBe('Video synthesizing in process, please check again later');

    await worker.runDue();
    const done = await row(id);
    expect(done).toMatchObject({ status: 'generated', progress: 100, failure: null, recordedSeconds: 30, attempts: 1 });
    expect(done.bytes).toBeGreaterThan(0);
    expect(Date.parse(done.expiresAt ?? '') - Date.parse(done.completedAt ?? '')).toBe(VIDEO_DOWNLOADS.keepDays * 86_400_000);
    expect(done.creatorName).not.toBe('');

    const answer = await fileOf(id);
    expect(answer.http).toBe(200);
    expect(answer.headers['content-type']).toBe('video/mp4');
    expect(answer.headers['content-disposition']).toContain('attachment');
    expect(answer.content.length).toBe(done.bytes);
    const file = path.join(dir, 'downloaded.mp4');
    await fsp.writeFile(file, answer.content);
    // Frame-accurate: 5 frames a second, the cut starts at the range's first frame (an edit list over the keyframe before).
    expect(Math.abs((await probeDuration(FFPROBE, file)) - 30)).toBeLessThanOrEqual(0.2);
    // MP4 with its index first (+faststart): 'moov' before 'mdat'.
    expect(answer.content.indexOf('moov')).toBeLessThan(answer.content.indexOf('mdat'));

    const list = (await invoke(t.app, ops.downloadList, { page: 1, pageSize: 20, statuses: ['generated'] }, admin)).body.data as { list: DownloadRow[] };
    expect(list.list.map((entry) => entry.id)).toContain(id);
    // The camera live log has who took the video away.
    const logged = await t.db.selectFrom('video_watch_log').selectAll().where('customer_id', '=', customerId).where('kind', '=', 'download').execute();
    expect(logged.some((entry) => entry.camera_id === camera1 && Number(entry.from_ms) === T1 + 3000 && Number(entry.to_ms) === T1 + 33_000)).toBe(true);
  }, 60_000);

  it('fails when a segment file is missing, says so, and a retry generates it once the file is back', async () => {
    const id = await addOne(camera2, T1 + 10_000, T1 + 20_000);
    const [segment] = await videoRepo(tenantScope(t.db, customerId)).segmentsBetween(camera2, T1 + 10_000, T1 + 12_000);
    const stored = path.join(t.config.dataDir, 'objects', segment?.location ?? '');
    await fsp.rename(stored, `${stored}.away`);
    await worker.runDue();
    expect(await row(id)).toMatchObject({ status: 'failed', progress: 100, failure: 'The video could not be generated. Please retry' });
    await expectMessageInAllLanguages((lang) => fileOf(id, admin, lang).then((answer) => ({ body: answer.json() })), 'errors.downloadFailed');

    await fsp.rename(`${stored}.away`, stored);
    const retried = (await invoke(t.app, ops.downloadRebuild, { id }, admin)).body.data as DownloadRow;
    expect(retried).toMatchObject({ status: 'toBeGenerated', progress: 0, failure: null, completedAt: null });
    await worker.runDue();
    expect(await row(id)).toMatchObject({ status: 'generated', recordedSeconds: 10 });
    expect((await fileOf(id)).http).toBe(200);
  }, 60_000);

  it('fails with its reason when the range holds no recording', async () => {
    const id = await addOne(camera1, T1 + 120_000, T1 + 180_000);
    await worker.runDue();
    expect(await row(id)).toMatchObject({ status: 'failed', failure: 'There is no recorded video in this time range', recordedSeconds: 0 });
  });

  it('is resynthesised: the old file goes, a new one is made', async () => {
    const id = await addOne(camera1, T1, T1 + 10_000);
    await worker.runDue();
    const first = await t.db.selectFrom('video_downloads').select('location').where('id', '=', id).executeTakeFirstOrThrow();
    expect(await storage.size(first.location ?? '')).toBeGreaterThan(0);
    expect((await invoke(t.app, ops.downloadRebuild, { id }, admin)).body.data).toMatchObject({ status: 'toBeGenerated' });
    expect(await storage.size(first.location ?? '')).toBeNull();
    await worker.runDue();
    expect(await row(id)).toMatchObject({ status: 'generated' });
    expect((await fileOf(id)).http).toBe(200);
  }, 60_000);
});

describe('expiry', () => {
  it('purges generated files after 30 days and marks their tasks expired; a file gone first reads expired too', async () => {
    const kept = await addOne(camera1, T1, T1 + 4000);
    const early = await addOne(camera1, T1 + 4000, T1 + 8000);
    await worker.runDue();
    const locationOf = async (id: string) =>
      (await t.db.selectFrom('video_downloads').select('location').where('id', '=', id).executeTakeFirstOrThrow()).location;
    const keptLocation = await locationOf(kept);
    // The retention job's prefix policy deleted this one's file already.
    await storage.delete([(await locationOf(early)) ?? '']);
    await expectMessageInAllLanguages((lang) => fileOf(early, admin, lang).then((answer) => ({ body: answer.json() })), 'errors.downloadExpired');
    expect(await row(early)).toMatchObject({ status: 'expired', expiresAt: null });

    expect(await expireDownloads({ db: t.db, storage }, new Date(now().getTime() + 29 * 86_400_000))).toBe(0);
    expect(await row(kept)).toMatchObject({ status: 'generated' });
    const expired = await expireDownloads({ db: t.db, storage }, new Date(now().getTime() + 31 * 86_400_000));
    expect(expired).toBeGreaterThanOrEqual(1);
    expect(await row(kept)).toMatchObject({ status: 'expired' });
    expect(await storage.size(keptLocation ?? '')).toBeNull();
    await expectMessageInAllLanguages((lang) => fileOf(kept, admin, lang).then((answer) => ({ body: answer.json() })), 'errors.downloadExpired');
    // Resynthesised while the range is still playable.
    expect((await invoke(t.app, ops.downloadRebuild, { id: kept }, admin)).body.data).toMatchObject({ status: 'toBeGenerated' });
    await worker.runDue();
    expect(await row(kept)).toMatchObject({ status: 'generated' });
  }, 60_000);

  it('agrees with the retention job: the file it purges by age leaves the task expired', async () => {
    const id = await addOne(camera2, T1, T1 + 4000);
    await worker.runDue();
    const { location } = await t.db.selectFrom('video_downloads').select('location').where('id', '=', id).executeTakeFirstOrThrow();
    // Written 31 days before the clock's now: past the 'downloads/' policy.
    const written = new Date(now().getTime() - 31 * 86_400_000);
    await fsp.utimes(path.join(t.config.dataDir, 'objects', location ?? ''), written, written);
    const retention = createVideoRetention({
      db: t.db,
      storage,
      index: createSegmentIndex({ db: t.db, storage }),
      dataDir: t.config.dataDir,
      minFreeMb: 0,
      log: () => undefined,
    });
    expect((await retention.purge()).files['downloads/']).toBeGreaterThanOrEqual(1);
    expect(await storage.size(location ?? '')).toBeNull();
    // Asked for before the expiry job's round: the download reads the purge, and the list says so from then on.
    expect((await fileOf(id)).json().msg).toBe('This video was kept 30 days and has been deleted. Resynthesise it to download it again');
    expect(await row(id)).toMatchObject({ status: 'expired' });
  }, 60_000);

  it('refuses to resynthesise a range that is no longer playable', async () => {
    const id = await addOne(camera1, T1, T1 + 2000);
    await worker.runDue();
    // The task's range as if made 31 days ago (moving the clock a month would end the session too).
    const monthAgo = nowMs - 31 * 86_400_000;
    await t.db
      .updateTable('video_downloads')
      .set({ start_ms: monthAgo, end_ms: monthAgo + 2000 })
      .where('id', '=', id)
      .execute();
    await expectMessageInAllLanguages((lang) => invoke(t.app, ops.downloadRebuild, { id }, { ...admin, lang }), 'errors.videoTooOld');
    expect(await row(id)).toMatchObject({ status: 'generated' });
  }, 60_000);
});

describe('bad input queues nothing', () => {
  it('answers each case with its message', async () => {
    const tasks = await countTasks();
    const jobs = await countJobs();
    const hours = { hours: VIDEO_DOWNLOADS.maxRangeHours };
    // End before start, a range over the limit, a range reaching into the future.
    await expectMessageInAllLanguages((lang) => add(admin, [camera1], T1 + 10_000, T1, lang), 'errors.downloadRange', hours, 400);
    await expectMessageInAllLanguages((lang) => add(admin, [camera1], T1 - 7_200_001 + 3_600_000, T1 + 3_600_000, lang), 'errors.downloadRange', hours, 400);
    await expectMessageInAllLanguages((lang) => add(admin, [camera1], nowMs - 60_000, nowMs + 3_600_000, lang), 'errors.downloadRange', hours, 400);
    // Outside the 30 days of retention.
    await expectMessageInAllLanguages((lang) => add(admin, [camera1], nowMs - 31 * 86_400_000, nowMs - 31 * 86_400_000 + 60_000, lang), 'errors.videoTooOld');
    // Another customer's camera, beside one of ours: the whole batch is refused.
    expect((await add(admin, [camera1, otherCamera], T1, T1 + 10_000)).body.msg).toBe(NOT_FOUND);
    // A camera outside the caller's data scope.
    expect((await add(limited, [camera2], T1, T1 + 10_000)).body.msg).toBe(NOT_FOUND);
    // No camera, too many cameras, not an instant.
    expect((await add(admin, [], T1, T1 + 10_000)).body.status).toBe(400);
    expect(
      (
        await add(
          admin,
          Array.from({ length: VIDEO_DOWNLOADS.maxCamerasPerBatch + 1 }, () => camera1),
          T1,
          T1 + 10_000,
        )
      ).body.status,
    ).toBe(400);
    expect((await invoke(t.app, ops.downloadBatchAdd, { cameraIds: [camera1], start: 'yesterday', end: iso(T1) }, admin)).body.status).toBe(400);
    expect(await countTasks()).toBe(tasks);
    expect(await countJobs()).toBe(jobs);
  });

  it('takes a batch of cameras as one task each', async () => {
    const response = await add(admin, [camera1, camera2, camera1], T1, T1 + 6000);
    const ids = (response.body.data as { ids: string[] }).ids;
    expect(ids.length).toBe(2);
    await worker.runDue();
    for (const id of ids) expect(await row(id)).toMatchObject({ status: 'generated', recordedSeconds: 6 });
  }, 60_000);
});

describe('access', () => {
  it('keeps every operation within the customer and the caller’s shops', async () => {
    const id = await addOne(camera2, T1, T1 + 2000);
    for (const session of [other, limited]) {
      expect((await detail(id, session)).msg).toBe(NOT_FOUND);
      expect((await invoke(t.app, ops.downloadStatus, { id }, session)).body.msg).toBe(NOT_FOUND);
      expect((await invoke(t.app, ops.downloadRebuild, { id }, session)).body.msg).toBe(NOT_FOUND);
      expect((await fileOf(id, session)).json().msg).toBe(NOT_FOUND);
      const list = (await invoke(t.app, ops.downloadList, { page: 1, pageSize: 100 }, session)).body.data as { list: DownloadRow[] };
      expect(list.list.map((entry) => entry.id)).not.toContain(id);
    }
    // The limited member sees the tasks of their own shop's camera, and filters only within them.
    const mine = await addOne(camera1, T1, T1 + 2000);
    const theirs = (await invoke(t.app, ops.downloadList, { page: 1, pageSize: 100 }, limited)).body.data as { list: DownloadRow[] };
    expect(theirs.list.map((entry) => entry.id)).toContain(mine);
    expect(theirs.list.every((entry) => entry.cameraId === camera1)).toBe(true);
    expect((await invoke(t.app, ops.downloadList, { page: 1, pageSize: 100, cameraIds: [camera2] }, limited)).body.msg).toBe(NOT_FOUND);
    expect((await invoke(t.app, ops.downloadList, { page: 1, pageSize: 100, cameraIds: [otherCamera] }, admin)).body.msg).toBe(NOT_FOUND);
  });

  it('needs the video_download key', async () => {
    const tasks = await countTasks();
    expect((await add(noDownload, [camera1], T1, T1 + 2000)).body.status).toBe(403);
    expect((await invoke(t.app, ops.downloadList, { page: 1, pageSize: 10 }, noDownload)).body.status).toBe(403);
    expect(await countTasks()).toBe(tasks);
  });
});

// The single-lens strip reads the same recorded fixture.
describe('the single-lens keyframe strip', () => {
  it('answers the first segment of each recorded hour of the shop-local day, and its thumbnail, made once', async () => {
    // T1 is 11:00 UTC: 19:00 on 20 May in Shanghai, where the test's shops are.
    const strip = (await invoke(t.app, videoKeyframeOperations.keyframes, { cameraId: camera1, date: '2026-05-20' }, admin)).body.data as KeyframesResponse;
    expect(strip.timeZone).toBe('Asia/Shanghai');
    expect(strip.frames.map((frame) => frame.at)).toEqual([iso(T1)]);
    expect(
      ((await invoke(t.app, videoKeyframeOperations.keyframes, { cameraId: camera1, date: '2026-05-19' }, admin)).body.data as KeyframesResponse).frames,
    ).toEqual([]);
    const url = `${videoKeyframeOperations.keyframe.path}?cameraId=${camera1}&segmentId=${strip.frames[0]?.segmentId}`;
    const first = await download(t.app, 'GET', url, undefined, admin);
    expect(first.http).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.content.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const cached = thumbnailKey(customerId, camera1, strip.frames[0]?.segmentId ?? '');
    expect(await storage.size(cached)).toBe(first.content.length);
    // The second time it is read from storage: the same bytes.
    expect((await download(t.app, 'GET', url, undefined, admin)).content).toEqual(first.content);
    // Access: another customer, outside the data scope, without video_nav.
    expect((await download(t.app, 'GET', url, undefined, other)).json().msg).toBe(NOT_FOUND);
    expect((await invoke(t.app, videoKeyframeOperations.keyframes, { cameraId: camera2, date: '2026-05-20' }, limited)).body.msg).toBe(NOT_FOUND);
    const otherSegment = `${videoKeyframeOperations.keyframe.path}?cameraId=${camera2}&segmentId=${strip.frames[0]?.segmentId}`;
    expect((await download(t.app, 'GET', otherSegment, undefined, admin)).json().msg).toBe(NOT_FOUND);
  });
});

describe('time', () => {
  it('moves with the clock: an hour later, the same range is still playable', async () => {
    advanceClock(3_600_000);
    try {
      expect((await add(admin, [camera1], T1, T1 + 2000)).body.status).toBe(200);
    } finally {
      setClock(NOW);
    }
  });
});
