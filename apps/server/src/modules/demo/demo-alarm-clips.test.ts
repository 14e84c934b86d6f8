import fsp from 'node:fs/promises';
import path from 'node:path';
import { type AlarmDetail, type AlarmRow, alarmOperations as ops } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildRectificationChain, ok, picture, type RectificationChain } from '../../../test/support/rectification.ts';
import { buildBox, sendBatch, type TestBox } from '../../../test/support/traffic.ts';
import { FFMPEG, FFPROBE, recordClip, tempDir, testClip } from '../../../test/support/video.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { objectStorageOf } from '../../platform/storage/storage-config.ts';
import { setClock } from '../../platform/time/clock.ts';
import { createAlarmClips } from '../alarms/alarm-clips.ts';
import { createSegmentIndex } from '../video/segment-index.ts';
import { createDemoAlarmClips } from './demo-alarm-clips.ts';

/**
 * The demo boxes' clips (issue 15 section 2): an alarm whose moment the camera recorded gets a clip
 * of ten seconds either side, cut from the recording and posted through the clip service; an alarm
 * of a camera with no recording then gets none, and nothing is posted twice.
 */
const T0 = Date.parse('2026-05-20T03:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let chain: RectificationChain;
let box: TestBox;
let storage: ObjectStorage;
let dir: string;

async function raise(cameraId: string, eventId: string, atMs: number): Promise<AlarmRow> {
  const sent = await sendBatch(t.app, box.token, [
    {
      type: 'alarm',
      eventId,
      cameraId,
      eventCode: eventId,
      at: iso(atMs),
      priority: 'low',
      images: [{ image: (await picture(90, 'jpeg', 320, 180)).toString('base64') }],
    },
  ]);
  expect(sent.body.status, sent.body.msg).toBe(200);
  const listed = await ok<{ list: AlarmRow[] }>(t.app, chain.people.admin.session, ops.list, {
    startDate: '2026-05-19',
    endDate: '2026-05-21',
    eventCodes: [eventId],
    page: 1,
    pageSize: 5,
  });
  const row = listed.list[0];
  if (!row) throw new Error('alarm not listed');
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  setClock(iso(T0));
  chain = await buildRectificationChain(t);
  box = await buildBox(t.db, chain.customerId, chain.s1, 2);
  storage = objectStorageOf(t.config);
  dir = await tempDir('demo-alarm-clips');
  // The first camera recorded a minute from T0 in 2-second segments; the second recorded nothing.
  const index = createSegmentIndex({ db: t.db, storage });
  const clip = await testClip(dir, 60);
  await recordClip(index, { clip, directory: dir, customerId: chain.customerId, cameraId: box.cameraIds[0] as string, baseMs: T0, runId: 'run-1' });
}, 120_000);
afterAll(async () => {
  await t.close();
  await fsp.rm(dir, { recursive: true, force: true });
});

describe('the demo boxes’ alarm clips', () => {
  it('cut ten seconds either side of a recorded alarm and post them; an unrecorded moment gets none', async () => {
    const recorded = await raise(box.cameraIds[0] as string, 'demo_recorded', T0 + 30_000);
    const unrecorded = await raise(box.cameraIds[1] as string, 'demo_unrecorded', T0 + 30_000);
    const clips = createAlarmClips({ db: t.db, storage, ffmpegPath: FFMPEG, ffprobePath: FFPROBE, workRoot: path.join(dir, 'clips') });
    const poster = createDemoAlarmClips({ db: t.db, storage, ffmpegPath: FFMPEG, clips, workRoot: path.join(dir, 'demo') });

    // Too soon: the post-roll is not recorded yet as far as the box knows.
    expect(await poster.post([chain.customerId], new Date(T0 + 40_000))).toBe(0);
    expect(await poster.post([chain.customerId], new Date(T0 + 5 * 60_000))).toBe(1);
    const detail = await ok<AlarmDetail>(t.app, chain.people.admin.session, ops.detail, { alarmId: recorded.alarmId });
    expect(detail.clip?.available).toBe(true);
    expect(detail.clip?.durationMs).toBeGreaterThan(18_000);
    expect(detail.clip?.durationMs).toBeLessThan(22_500);
    const none = await ok<AlarmDetail>(t.app, chain.people.admin.session, ops.detail, { alarmId: unrecorded.alarmId });
    expect(none.clip).toBeNull();
    // The next round finds nothing left to post.
    expect(await poster.post([chain.customerId], new Date(T0 + 6 * 60_000))).toBe(0);
  }, 60_000);
});
