import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import { RoleId, VIDEO, videoOperations } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCamera, buildCustomer, buildRoleWithout, buildShop, buildUser, download, type Session, signIn } from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import { FFMPEG, FFPROBE, recordClip, tempDir, testClip } from '../../../test/support/video.ts';
import { objectStorageOf } from '../../platform/storage/storage-config.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { setClock } from '../../platform/time/clock.ts';
import { axisFromSegments, axisWindow } from './availability.ts';
import { jpegFrameArgs, runFfmpeg } from './ffmpeg.ts';
import { createSegmentIndex } from './segment-index.ts';
import { videoRepo } from './video.repo.ts';

/**
 * The video operations over a real index: a synthetic clip cut into 2-second fMP4 segments by
 * stream copy, indexed at known instants. The clock stands at NOW; the clip's segments are placed
 * from T1 (one hour ago), again from T2 after a gap, and once 31 days ago (too old to play).
 */
const NOW = '2026-05-20T12:00:00.000Z';
const nowMs = Date.parse(NOW);
const T1 = nowMs - 3_600_000;
const T2 = T1 + 60_000;
const OLD = nowMs - 31 * 86_400_000;

let t: TestApp;
let dir: string;
let clip: string;
let admin: Session;
let limited: Session;
let noVideo: Session;
let observer: Session;
let other: Session;
let camera1: string;
let camera2: string;
let otherCamera: string;
let customerId: string;
let clipSegments: { startS: number; endS: number }[] = [];

async function indexClipAt(cameraId: string, baseMs: number, run: string) {
  const index = createSegmentIndex({ db: t.db, storage: objectStorageOf(t.config) });
  clipSegments = await recordClip(index, { clip, directory: dir, customerId, cameraId, baseMs, runId: run });
}

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  dir = await tempDir('video-api');
  clip = await testClip(dir, 12);
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
  observer = await sign(customerId, RoleId.observer);
  noVideo = await sign(customerId, await buildRoleWithout(t.db, customerId, ['video_nav']));
  other = await sign(theirs.customerId, RoleId.superManager);

  await indexClipAt(camera1, T1, 'run-1');
  await indexClipAt(camera1, T2, 'run-2');
  await indexClipAt(camera1, OLD, 'run-old');
}, 60_000);
afterAll(async () => {
  await t.close();
  // The segments went into the app's storage under its DATA_DIR.
  await fsp.rm(t.config.dataDir, { recursive: true, force: true });
  await fsp.rm(dir, { recursive: true, force: true });
});

describe('availability axis', () => {
  it('answers recorded seconds per 10-minute bucket over 30 days, equal to a count over the segments', async () => {
    const response = await invoke(t.app, videoOperations.availability, { cameraId: camera1 }, admin);
    expect(response.body.status).toBe(200);
    const data = response.body.data as { recordedSeconds: number[]; from: string; to: string; bucketMs: number; playableFrom: string };
    const window = axisWindow(nowMs);
    expect(data.recordedSeconds.length).toBe(4320);
    expect(data.from).toBe(new Date(window.fromMs).toISOString());
    expect(data.to).toBe(new Date(window.toMs).toISOString());
    expect(data.bucketMs).toBe(VIDEO.axisBucketMs);
    // The clock runs on from NOW while the test does: within a minute of it.
    expect(Math.abs(Date.parse(data.playableFrom) - (nowMs - 30 * 86_400_000))).toBeLessThan(60_000);
    // By hand: T1 = 11:00 and T2 = 11:01 lie in the 11:00 bucket; 12 s of clip twice.
    const bucket = (Date.parse('2026-05-20T11:00:00Z') - window.fromMs) / VIDEO.axisBucketMs;
    expect(data.recordedSeconds[bucket]).toBe(24);
    expect(data.recordedSeconds.reduce((sum, value) => sum + value, 0)).toBe(24);
    const rows = await videoRepo(tenantScope(t.db, customerId)).segmentsBetween(camera1, window.fromMs, window.toMs);
    expect(data.recordedSeconds).toEqual(axisFromSegments(rows, nowMs));
  });

  it('is empty for a camera without recordings', async () => {
    const data = (await invoke(t.app, videoOperations.availability, { cameraId: camera2 }, admin)).body.data as { recordedSeconds: number[] };
    expect(data.recordedSeconds.every((value) => value === 0)).toBe(true);
  });
});

describe('playlists and segments', () => {
  const playlistUrl = (cameraId: string, fromMs: number, toMs: number) =>
    `${videoOperations.playbackRecord.path}?cameraId=${cameraId}&start=${new Date(fromMs).toISOString()}&end=${new Date(toMs).toISOString()}`;

  it('writes the range from the index: discontinuity at the gap, byte ranges the segment route answers', async () => {
    const response = await download(t.app, 'GET', playlistUrl(camera1, T1 + 3000, T2 + 5000), undefined, admin);
    expect(response.http).toBe(200);
    expect(response.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    const text = response.content.toString();
    const lines = text.split('\n');
    // From the segment holding T1+3 s (the second, 2-4 s) to the one holding T2+5 s (the third of run 2).
    const urls = lines.filter((line) => line.startsWith('/api/video/segment'));
    expect(urls.length).toBe(clipSegments.length - 1 + 3);
    expect(lines.filter((line) => line === '#EXT-X-DISCONTINUITY').length).toBe(1);
    expect(text).toContain('#EXT-X-START:TIME-OFFSET=1.000,PRECISE=YES');
    expect(lines[lines.indexOf('#EXT-X-DISCONTINUITY') + 2]).toBe(`#EXT-X-PROGRAM-DATE-TIME:${new Date(T2).toISOString()}`);

    // The init map's byte range is the start of the segment file: ftyp first.
    const map = /#EXT-X-MAP:URI="([^"]+)",BYTERANGE="(\d+)@0"/.exec(text);
    expect(map).not.toBeNull();
    const init = await download(t.app, 'GET', map?.[1] ?? '', undefined, { ...admin, ...{} });
    expect(init.http).toBe(200);
    const ranged = await t.app.inject({
      method: 'GET',
      url: map?.[1] ?? '',
      headers: { authorization: `Bearer ${admin.token}`, 'x-customer-code': admin.cid, range: `bytes=0-${Number(map?.[2]) - 1}` },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 0-${Number(map?.[2]) - 1}/${init.content.length}`);
    expect(ranged.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    expect(ranged.rawPayload.equals(init.content.subarray(0, Number(map?.[2])))).toBe(true);
    // The media byte range starts on a fragment.
    const media = /#EXT-X-BYTERANGE:(\d+)@(\d+)/.exec(text);
    const offset = Number(media?.[2]);
    expect(init.content.subarray(offset + 4, offset + 8).toString()).toBe('moof');
    expect(Number(media?.[1]) + offset).toBe(init.content.length);
    const beyond = await t.app.inject({
      method: 'GET',
      url: map?.[1] ?? '',
      headers: { authorization: `Bearer ${admin.token}`, 'x-customer-code': admin.cid, range: `bytes=${init.content.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
  });

  it('is a playlist ffmpeg plays over HTTP with the session: every frame of a run, fragments on one timeline', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Debian's ffmpeg refuses segment URLs without a media extension unless told not to be picky (hls.js has no such rule).
    const { stdout: help } = await runFfmpeg(FFMPEG, ['-hide_banner', '-h', 'demuxer=hls']);
    const picky = help.toString().includes('extension_picky') ? ['-extension_picky', '0'] : [];
    const headers = `authorization: Bearer ${admin.token}\r\nx-customer-code: ${admin.cid}\r\n`;
    // ffmpeg ignores EXT-X-DISCONTINUITY (hls.js does not), so each run is played on its own.
    for (const start of [T1, T2]) {
      const { stdout } = await runFfmpeg(
        FFPROBE,
        [
          '-v',
          'error',
          ...picky,
          '-headers',
          headers,
          '-count_frames',
          '-show_entries',
          'stream=nb_read_frames,width,height',
          '-of',
          'json',
          `${address}${playlistUrl(camera1, start, start + 12_000)}`,
        ],
        { timeoutMs: 60_000 },
      );
      const stream = (JSON.parse(stdout.toString()) as { streams: { nb_read_frames: string; width: number; height: number }[] }).streams[0];
      // The whole 12 s clip at 5 frames a second: six segments whose fragments follow each other in decode time.
      expect(stream).toMatchObject({ width: 320, height: 180, nb_read_frames: '60' });
    }
  });

  it('refuses ranges older than 30 days, too long or reversed, in every language', async () => {
    await expectMessageInAllLanguages(
      async (lang) => ({ body: (await download(t.app, 'GET', playlistUrl(camera1, OLD, OLD + 60_000), undefined, { ...admin, lang })).json() }),
      'errors.videoTooOld',
    );
    await expectMessageInAllLanguages(
      async (lang) => ({ body: (await download(t.app, 'GET', playlistUrl(camera1, T1, T1 + 25 * 3_600_000), undefined, { ...admin, lang })).json() }),
      'errors.videoRangeTooLong',
      { hours: 24 },
    );
    expect((await download(t.app, 'GET', playlistUrl(camera1, T2, T1), undefined, admin)).json().status).toBe(400);
    const garbage = await download(t.app, 'GET', `${videoOperations.playbackRecord.path}?cameraId=${camera1}&start=yesterday&end=now`, undefined, admin);
    expect(garbage.http).toBeLessThan(500);
    expect(garbage.json().status).toBe(400);
  });
});

describe('screenshots', () => {
  /** Width and height from a JPEG's start-of-frame marker. */
  function jpegSize(jpeg: Buffer): { width: number; height: number } {
    let offset = 2;
    while (offset < jpeg.length) {
      const marker = jpeg.readUInt16BE(offset);
      const length = jpeg.readUInt16BE(offset + 2);
      if (marker >= 0xffc0 && marker <= 0xffc2) return { height: jpeg.readUInt16BE(offset + 5), width: jpeg.readUInt16BE(offset + 7) };
      offset += 2 + length;
    }
    throw new Error('no frame header');
  }

  it('answers the recorded frame at an instant as a JPEG stamped with camera, time and hash', async () => {
    const at = new Date(T1 + 5400).toISOString();
    const response = await download(t.app, 'POST', videoOperations.screenshot.path, { cameraId: camera1, at }, admin);
    expect(response.http).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.content.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(jpegSize(response.content)).toEqual({ width: 320, height: 180 });
    expect(response.headers['x-video-camera-id']).toBe(camera1);
    expect(response.headers['x-video-time']).toBe(at);
    expect(response.headers['x-video-sha256']).toBe(crypto.createHash('sha256').update(response.content).digest('hex'));
    // The very frame of the source clip at 5.4 s, taken by ffmpeg from the clip itself.
    const { stdout } = await runFfmpeg(FFMPEG, jpegFrameArgs(clip, '5.400'));
    expect(response.content.equals(stdout)).toBe(true);
    // Another instant is another frame.
    const later = await download(t.app, 'POST', videoOperations.screenshot.path, { cameraId: camera1, at: new Date(T1 + 9000).toISOString() }, admin);
    expect(later.headers['x-video-sha256']).not.toBe(response.headers['x-video-sha256']);
  });

  it('says there is no video at an instant without recordings, and that old video cannot play', async () => {
    await expectMessageInAllLanguages(
      async (lang) => ({
        body: (
          await download(t.app, 'POST', videoOperations.screenshot.path, { cameraId: camera1, at: new Date(T1 + 30_000).toISOString() }, { ...admin, lang })
        ).json(),
      }),
      'errors.noVideoAtTime',
    );
    expect(
      (await download(t.app, 'POST', videoOperations.screenshot.path, { cameraId: camera1, at: new Date(OLD + 1000).toISOString() }, admin)).json().msg,
    ).toBe('Videos older than 30 days cannot be played');
  });
});

describe('camera live log', () => {
  it('lists who watched what, newest first, for administrators', async () => {
    const response = await invoke(t.app, videoOperations.cameraLiveLog, { page: 1, pageSize: 50 }, admin);
    expect(response.body.status).toBe(200);
    const page = response.body.data as { total: number; list: { kind: string; cameraId: string; from: string | null; userName: string }[] };
    expect(page.list.map((row) => row.kind)).toContain('screenshot');
    expect(page.list.map((row) => row.kind)).toContain('playback');
    expect(page.list.every((row) => row.cameraId === camera1)).toBe(true);
    expect(page.list.find((row) => row.kind === 'screenshot')?.from).toBe(new Date(T1 + 9000).toISOString());
    expect((await invoke(t.app, videoOperations.cameraLiveLog, { page: 1, pageSize: 50, cameraIds: [camera2] }, admin)).body.data).toMatchObject({ total: 0 });
  });

  it('keeps the range really watched once playback stops, and a stop of another person changes nothing', async () => {
    const start = new Date(T1 + 2000).toISOString();
    const end = new Date(T2).toISOString();
    const asked = `${videoOperations.playbackRecord.path}?cameraId=${camera1}&start=${start}&end=${end}`;
    expect((await download(t.app, 'GET', asked, undefined, limited)).http).toBe(200);
    const watchOf = async () => {
      const page = (await invoke(t.app, videoOperations.cameraLiveLog, { page: 1, pageSize: 50 }, admin)).body.data as {
        list: { kind: string; from: string | null; to: string | null }[];
      };
      // No other watch in this file starts at this instant.
      return page.list.filter((row) => row.kind === 'playback' && row.from === start);
    };
    expect(await watchOf()).toEqual([expect.objectContaining({ from: start, to: end })]);
    const reached = new Date(T1 + 20_000).toISOString();
    // Another person stopping the same range closes nothing of this one's.
    expect((await invoke(t.app, videoOperations.playbackStop, { mode: 'playback', cameraId: camera1, start, end, reached }, admin)).body.status).toBe(200);
    expect(await watchOf()).toEqual([expect.objectContaining({ from: start, to: end })]);
    expect((await invoke(t.app, videoOperations.playbackStop, { mode: 'playback', cameraId: camera1, start, end, reached }, limited)).body.status).toBe(200);
    expect(await watchOf()).toEqual([expect.objectContaining({ from: start, to: reached })]);
    // Sent again (the page unloading): nothing left open to close, nothing moves.
    await invoke(t.app, videoOperations.playbackStop, { mode: 'playback', cameraId: camera1, start, end, reached: end }, limited);
    expect(await watchOf()).toEqual([expect.objectContaining({ from: start, to: reached })]);
    // A camera outside the caller's scope, or of another customer: not found.
    expect((await invoke(t.app, videoOperations.playbackStop, { mode: 'live', cameraId: camera2 }, limited)).body.msg).toBe('Not found or no access');
    expect((await invoke(t.app, videoOperations.playbackStop, { mode: 'live', cameraId: camera1 }, other)).body.msg).toBe('Not found or no access');
  });

  it('is for administrators only', async () => {
    expect((await invoke(t.app, videoOperations.cameraLiveLog, { page: 1, pageSize: 10 }, limited)).body.status).toBe(403);
    expect((await invoke(t.app, videoOperations.cameraLiveLog, { page: 1, pageSize: 10 }, observer)).body.status).toBe(403);
  });
});

describe('camera sources', () => {
  it('keeps a stream address and never answers its credentials back', async () => {
    const saved = await invoke(
      t.app,
      videoOperations.sourceSave,
      { cameraId: camera2, url: 'rtsp://admin:secret@10.0.0.5:554/stream1', record: 'onDemand' },
      admin,
    );
    expect(saved.body.data).toEqual({ cameraId: camera2, kind: 'stream', url: 'rtsp://10.0.0.5:554/stream1', record: 'onDemand' });
    expect((await invoke(t.app, videoOperations.sourceGet, { cameraId: camera2 }, admin)).body.data).toEqual(saved.body.data);
    const stored = await videoRepo(tenantScope(t.db, customerId)).source(camera2);
    expect(stored?.url).toBe('rtsp://admin:secret@10.0.0.5:554/stream1');
  });

  it('keeps the stored address with its credentials when a save gives none (the form changed only the recording mode)', async () => {
    await invoke(t.app, videoOperations.sourceSave, { cameraId: camera2, url: 'rtsp://admin:secret@10.0.0.5:554/stream1', record: 'onDemand' }, admin);
    const saved = await invoke(t.app, videoOperations.sourceSave, { cameraId: camera2, kind: 'stream', record: 'continuous' }, admin);
    expect(saved.body.data).toEqual({ cameraId: camera2, kind: 'stream', url: 'rtsp://10.0.0.5:554/stream1', record: 'continuous' });
    expect((await videoRepo(tenantScope(t.db, customerId)).source(camera2))?.url).toBe('rtsp://admin:secret@10.0.0.5:554/stream1');
    // An edge source has no address to keep: a stream needs one again.
    await invoke(t.app, videoOperations.sourceSave, { cameraId: camera2, kind: 'edge', record: 'onDemand' }, admin);
    expect((await invoke(t.app, videoOperations.sourceSave, { cameraId: camera2, kind: 'stream', url: '' }, admin)).body.msg).toBe(
      'The video source must be an rtsp://, rtsps://, rtmp:// or tcp:// address with a host',
    );
  });

  it('refuses what is not a stream address, in every language', async () => {
    for (const url of ['file:///etc/passwd', '-i /etc/passwd', 'concat:a|b', 'http://x/y', 'rtsp:///nohost', 'rtsp://cam/ a'])
      expect((await invoke(t.app, videoOperations.sourceSave, { cameraId: camera2, url }, admin)).body.msg, url).toBe(
        'The video source must be an rtsp://, rtsps://, rtmp:// or tcp:// address with a host',
      );
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, videoOperations.sourceSave, { cameraId: camera2, url: 'file:///etc/passwd' }, { ...admin, lang }),
      'errors.videoSourceUrl',
    );
    expect((await invoke(t.app, videoOperations.sourceSave, { cameraId: camera2, url: 'rtsp://cam/1' }, observer)).body.status).toBe(403);
  });
});

describe('access', () => {
  it('answers not found for a camera of a shop outside the caller’s scope, or of another customer', async () => {
    const notFound = 'Not found or no access';
    expect((await invoke(t.app, videoOperations.availability, { cameraId: camera1 }, limited)).body.status).toBe(200);
    expect((await invoke(t.app, videoOperations.availability, { cameraId: camera2 }, limited)).body.msg).toBe(notFound);
    expect((await invoke(t.app, videoOperations.availability, { cameraId: camera1 }, other)).body.msg).toBe(notFound);
    expect((await invoke(t.app, videoOperations.availability, { cameraId: otherCamera }, admin)).body.msg).toBe(notFound);
    const at = new Date(T1 + 5400).toISOString();
    expect((await download(t.app, 'POST', videoOperations.screenshot.path, { cameraId: camera1, at }, other)).json().msg).toBe(notFound);
    const playlist = `${videoOperations.playbackRecord.path}?cameraId=${camera1}&start=${new Date(T1).toISOString()}&end=${new Date(T2).toISOString()}`;
    expect((await download(t.app, 'GET', playlist, undefined, other)).json().msg).toBe(notFound);
    // A segment id of this customer asked for through another customer's session, or through another camera.
    const [segment] = await videoRepo(tenantScope(t.db, customerId)).segmentsBetween(camera1, T1, T2);
    expect((await download(t.app, 'GET', `/api/video/segment?cameraId=${camera1}&segmentId=${segment?.id}`, undefined, other)).json().msg).toBe(notFound);
    expect((await download(t.app, 'GET', `/api/video/segment?cameraId=${camera2}&segmentId=${segment?.id}`, undefined, admin)).json().msg).toBe(notFound);
    expect((await download(t.app, 'GET', `/api/video/segment?cameraId=${camera1}&segmentId=${segment?.id}`, undefined, limited)).http).toBe(200);
  });

  it('answers not found to a store manager for another store’s camera on playback, screenshots and its source, and changes nothing', async () => {
    const notFound = 'Not found or no access';
    const range = `start=${new Date(T1).toISOString()}&end=${new Date(T2).toISOString()}`;
    // camera2 is in shop2; `limited` manages shop1 only. The administrator's answers show the camera is there.
    expect((await download(t.app, 'GET', `${videoOperations.playbackRecord.path}?cameraId=${camera2}&${range}`, undefined, admin)).http).toBe(200);
    expect((await download(t.app, 'GET', `${videoOperations.playbackRecord.path}?cameraId=${camera2}&${range}`, undefined, limited)).json().msg).toBe(notFound);
    expect((await download(t.app, 'GET', `${videoOperations.playbackRecord.path}?cameraId=${camera1}&${range}`, undefined, limited)).http).toBe(200);
    const at = new Date(T1 + 5400).toISOString();
    expect((await download(t.app, 'POST', videoOperations.screenshot.path, { cameraId: camera2, at }, admin)).json().msg).toBe(
      'There is no recorded video at this time',
    );
    expect((await download(t.app, 'POST', videoOperations.screenshot.path, { cameraId: camera2, at }, limited)).json().msg).toBe(notFound);
    expect((await download(t.app, 'POST', videoOperations.screenshot.path, { cameraId: camera1, at }, limited)).http).toBe(200);

    const repo = videoRepo(tenantScope(t.db, customerId));
    const before = await repo.source(camera2);
    expect((await invoke(t.app, videoOperations.sourceGet, { cameraId: camera2 }, admin)).body.status).toBe(200);
    expect((await invoke(t.app, videoOperations.sourceGet, { cameraId: camera2 }, limited)).body.msg).toBe(notFound);
    expect((await invoke(t.app, videoOperations.sourceGet, { cameraId: camera1 }, limited)).body.status).toBe(200);
    const save = await invoke(t.app, videoOperations.sourceSave, { cameraId: camera2, url: 'rtsp://10.9.9.9/stolen', record: 'continuous' }, limited);
    expect(save.body.msg).toBe(notFound);
    expect(await repo.source(camera2)).toEqual(before);
    // Another customer's camera reads the same.
    expect((await invoke(t.app, videoOperations.sourceGet, { cameraId: otherCamera }, limited)).body.msg).toBe(notFound);
    expect((await invoke(t.app, videoOperations.sourceSave, { cameraId: otherCamera, url: 'rtsp://10.9.9.9/x' }, limited)).body.msg).toBe(notFound);
  });

  it('needs the video tab’s permission', async () => {
    expect((await invoke(t.app, videoOperations.availability, { cameraId: camera1 }, noVideo)).body.status).toBe(403);
    const at = new Date(T1 + 5400).toISOString();
    expect((await download(t.app, 'POST', videoOperations.screenshot.path, { cameraId: camera1, at }, noVideo)).json().status).toBe(403);
  });
});
