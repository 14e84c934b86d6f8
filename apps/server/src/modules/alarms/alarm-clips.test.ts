import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type AlarmClipUploaded, type AlarmDetail, type AlarmRow, alarmOperations as ops, RoleId } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, postFiles, type Session, signIn } from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, type TestApp } from '../../../test/harness.ts';
import { buildRectificationChain, ok, picture, type RectificationChain } from '../../../test/support/rectification.ts';
import { buildBox, sendBatch, type TestBox } from '../../../test/support/traffic.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { objectStorageOf } from '../../platform/storage/storage-config.ts';
import { now, setClock } from '../../platform/time/clock.ts';
import { runFfmpeg } from '../video/ffmpeg.ts';
import { createSegmentIndex } from '../video/segment-index.ts';
import { makeSyntheticClip } from '../video/synthetic-source.ts';
import { createVideoRetention } from '../video/video-retention.ts';

/**
 * An alarm's clip (issue 15 section 2, spec section 9): a box posts it after the event; it is
 * checked as an MP4 of H.264 video by its content, kept once per alarm, played back by byte ranges,
 * and after a year it is gone with 'Video not available. Video is valid for 1 year from the upload date.'
 */
const NOW = '2026-05-20T04:00:00.000Z';
const DAY_MS = 86_400_000;

let t: TestApp;
let chain: RectificationChain;
let box: TestBox;
let otherBox: TestBox;
let storage: ObjectStorage;
let work: string;
let clip: Buffer;
let otherClip: Buffer;
let longClip: Buffer;
let mpeg4Clip: Buffer;
let counter = 0;

const ffmpeg = () => t.config.video.ffmpegPath;

async function raise(target: TestBox): Promise<{ eventId: string; alarm: AlarmRow }> {
  counter += 1;
  const eventId = `clip-evt-${counter}`;
  const eventCode = `clip_item_${counter}`;
  const sent = await sendBatch(t.app, target.token, [
    {
      type: 'alarm',
      eventId,
      cameraId: target.cameraIds[0],
      eventCode,
      at: new Date(now().getTime() - 60_000).toISOString(),
      priority: 'high',
      images: [{ image: (await picture(40, 'jpeg', 320, 180)).toString('base64') }],
    },
  ]);
  expect(sent.body.status, sent.body.msg).toBe(200);
  const listed = await ok<{ list: AlarmRow[] }>(t.app, chain.people.admin.session, ops.list, {
    startDate: '2026-05-01',
    endDate: '2026-05-31',
    eventCodes: [eventCode],
    page: 1,
    pageSize: 10,
  });
  const alarm = listed.list[0];
  if (!alarm) throw new Error('alarm not listed');
  return { eventId, alarm };
}

const postClip = (target: TestBox, eventId: string, content: Buffer, lang?: string) =>
  postFiles(t.app, `${ops.deviceClip.path}?eventId=${encodeURIComponent(eventId)}`, [{ name: 'clip.mp4', content }], {
    token: target.token,
    ...(lang ? { lang } : {}),
  });

/** A super manager signed in now (on the clock as it is). */
async function freshAdmin(): Promise<Session> {
  const user = await buildUser(t.db, [{ customerId: chain.customerId, roleId: RoleId.superManager }]);
  return signIn(t.app, user.loginName, chain.customerId);
}

const getClip = (alarmId: string, headers: Record<string, string> = {}, lang = 'en', session: Session = chain.people.admin.session) =>
  t.app.inject({
    method: 'GET',
    url: `${ops.clip.path}?alarmId=${alarmId}`,
    headers: {
      authorization: `Bearer ${session.token}`,
      'x-customer-code': session.cid,
      'accept-language': lang,
      ...headers,
    },
  });

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  storage = objectStorageOf(t.config);
  chain = await buildRectificationChain(t);
  box = await buildBox(t.db, chain.customerId, chain.s1, 1);
  otherBox = await buildBox(t.db, chain.other.customerId, chain.other.shopId, 1);
  work = await fsp.mkdtemp(path.join(os.tmpdir(), 'storelens-alarm-clips-'));
  const make = async (name: string, seconds: number, scene: 'testsrc2' | 'mandelbrot') => {
    const file = path.join(work, name);
    await makeSyntheticClip(ffmpeg(), file, { label: name, seconds, keyframeSeconds: 2, scene });
    return fsp.readFile(file);
  };
  clip = await make('clip.mp4', 6, 'testsrc2');
  otherClip = await make('other.mp4', 4, 'mandelbrot');
  longClip = await make('long.mp4', 62, 'testsrc2');
  // A real MP4 whose video is not H.264 (MPEG-4 part 2): browsers do not play it.
  const mpeg4 = path.join(work, 'mpeg4.mp4');
  await runFfmpeg(ffmpeg(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=160x90:rate=5',
    '-t',
    '2',
    '-c:v',
    'mpeg4',
    '-y',
    mpeg4,
  ]);
  mpeg4Clip = await fsp.readFile(mpeg4);
}, 180_000);
afterAll(async () => {
  await fsp.rm(work, { recursive: true, force: true });
  await t.close();
});

describe('a box posts the clip of an alarm', () => {
  it('keeps an H.264 MP4, shows it on the detail and plays it by byte ranges; a retry answers as the first time', async () => {
    setClock(NOW);
    const { eventId, alarm } = await raise(box);
    const posted = await postClip(box, eventId, clip);
    expect(posted.body.status, posted.body.msg).toBe(200);
    const uploaded = posted.body.data as AlarmClipUploaded;
    expect(uploaded).toMatchObject({ alarmId: alarm.alarmId, kept: true });
    expect(uploaded.durationMs).toBeGreaterThan(5500);
    expect(uploaded.durationMs).toBeLessThan(6500);

    const again = await postClip(box, eventId, clip);
    expect(again.body.data).toEqual(uploaded);
    // Another clip for the same alarm: acknowledged, the first one stays.
    const second = await postClip(box, eventId, otherClip);
    expect(second.body.data).toMatchObject({ alarmId: alarm.alarmId, kept: false, durationMs: uploaded.durationMs });

    const detail = await ok<AlarmDetail>(t.app, chain.people.admin.session, ops.detail, { alarmId: alarm.alarmId });
    expect(detail.clip).toMatchObject({ durationMs: uploaded.durationMs, bytes: uploaded.bytes, available: true });
    expect(detail.imagesExpired).toBe(false);

    const whole = await getClip(alarm.alarmId);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.length).toBe(uploaded.bytes);
    // An MP4 with its index first (a browser starts playing before it has all of it).
    const head = whole.rawPayload.subarray(0, 64).toString('latin1');
    expect(head).toContain('ftyp');
    expect(whole.rawPayload.indexOf('moov')).toBeLessThan(whole.rawPayload.indexOf('mdat'));
    const part = await getClip(alarm.alarmId, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    // What is stored plays: ffprobe reads an H.264 stream of the clip's length.
    const stored = path.join(work, 'stored.mp4');
    await fsp.writeFile(stored, whole.rawPayload);
    const { stdout } = await runFfmpeg(t.config.video.ffprobePath, ['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', stored]);
    expect(stdout.toString().trim()).toBe('h264');
  }, 60_000);

  it('refuses what is not an H.264 MP4 of at most 60 seconds, by its content, in four languages', async () => {
    setClock(NOW);
    const { eventId, alarm } = await raise(box);
    const text = Buffer.from('this is not a video at all, only text named clip.mp4\n'.repeat(20));
    await expectMessageInAllLanguages((lang) => postClip(box, eventId, text, lang), 'deviceApi.alarmClip', { seconds: 60 }, 400);
    await expectMessageInAllLanguages((lang) => postClip(box, eventId, mpeg4Clip, lang), 'deviceApi.alarmClip', { seconds: 60 }, 400);
    await expectMessageInAllLanguages((lang) => postClip(box, eventId, longClip, lang), 'deviceApi.alarmClip', { seconds: 60 }, 400);
    // A clip past 8 MB is refused before it is read whole.
    const huge = Buffer.concat([clip, Buffer.alloc(8 * 1024 * 1024)]);
    await expectMessageInAllLanguages((lang) => postClip(box, eventId, huge, lang), 'deviceApi.alarmClipSize', { mb: 8 }, 400);
    // Nothing was kept.
    const detail = await ok<AlarmDetail>(t.app, chain.people.admin.session, ops.detail, { alarmId: alarm.alarmId });
    expect(detail.clip).toBeNull();
    expect((await getClip(alarm.alarmId)).statusCode).not.toBe(200);
  }, 120_000);

  it('takes a clip only for an event the same box posted', async () => {
    setClock(NOW);
    const { eventId } = await raise(box);
    await expectMessageInAllLanguages((lang) => postClip(box, 'never-posted', clip, lang), 'deviceApi.alarmUnknownEvent', { eventId: 'never-posted' }, 400);
    // Another customer's box naming this box's event finds nothing of it.
    await expectMessageInAllLanguages((lang) => postClip(otherBox, eventId, clip, lang), 'deviceApi.alarmUnknownEvent', { eventId }, 400);
    // A person's session is no device token.
    const asPerson = await postFiles(t.app, `${ops.deviceClip.path}?eventId=${eventId}`, [{ name: 'clip.mp4', content: clip }], chain.people.admin.session);
    expect(asPerson.body.status).not.toBe(200);
  }, 60_000);

  it('is gone after a year: the detail says so and the clip answers the spec’s message in four languages', async () => {
    setClock(NOW);
    const { eventId, alarm } = await raise(box);
    expect((await postClip(box, eventId, clip)).body.status).toBe(200);
    const key = (await t.db.selectFrom('alarm_clips').select('storage_key').where('alarm_id', '=', alarm.alarmId).executeTakeFirstOrThrow()).storage_key;
    expect(key.startsWith('alarm-media/')).toBe(true);

    // A day before the year is out it still plays (sessions of a year ago have long expired: a new one).
    setClock(new Date(Date.parse(NOW) + 364 * DAY_MS).toISOString());
    expect((await getClip(alarm.alarmId, {}, 'en', await freshAdmin())).statusCode).toBe(200);

    setClock(new Date(Date.parse(NOW) + 366 * DAY_MS).toISOString());
    const later = await freshAdmin();
    const detail = await ok<AlarmDetail>(t.app, later, ops.detail, { alarmId: alarm.alarmId });
    expect(detail.clip).toMatchObject({ available: false });
    expect(detail.imagesExpired).toBe(true);
    expect(detail.images).toEqual([]);
    await expectMessageInAllLanguages(async (lang) => ({ body: (await getClip(alarm.alarmId, {}, lang, later)).json() }), 'errors.videoNotAvailable');

    // The video retention's 'alarm-media/' policy deletes the clip and the images by their age
    // (the files' time: written at the clock's upload time, as they would have been).
    const images = await t.db.selectFrom('alarm_images').select('storage_key').where('alarm_id', '=', alarm.alarmId).execute();
    const uploaded = new Date(NOW);
    for (const stored of [key, ...images.map((image) => image.storage_key)])
      await fsp.utimes(path.join(t.config.dataDir, 'objects', stored), uploaded, uploaded);
    const retention = createVideoRetention({
      db: t.db,
      storage,
      index: createSegmentIndex({ db: t.db, storage }),
      dataDir: t.config.dataDir,
      minFreeMb: 0,
      log: () => undefined,
    });
    const purged = await retention.purge();
    expect(purged.files['alarm-media/']).toBeGreaterThanOrEqual(2);
    expect(await storage.size(key)).toBeNull();
    setClock(NOW);
  }, 60_000);
});
