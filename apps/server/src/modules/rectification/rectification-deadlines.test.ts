import crypto from 'node:crypto';
import { type HistoryRow, LOCALES, rectificationOperations as ops, type RectificationDetail, translateMessage } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download } from '../../../test/factories.ts';
import { createTestApp, invoke, type TestApp } from '../../../test/harness.ts';
import {
  buildRectificationChain,
  createItem,
  indexClipAt,
  latestNotice,
  ok,
  type RectificationChain,
  rectificationWorker,
  setLocale,
} from '../../../test/support/rectification.ts';
import { FFMPEG, tempDir, testClip } from '../../../test/support/video.ts';
import { objectStorageOf } from '../../platform/storage/storage-config.ts';
import { setClock } from '../../platform/time/clock.ts';
import { jpegFrameArgs, runFfmpeg } from '../video/ffmpeg.ts';
import { createFrameCapture } from './rectification-capture.ts';
import { createDeadlineWork } from './rectification-deadlines.ts';

/**
 * The deadline work as the scheduler runs it, with the clock moved instead of waiting: due-soon,
 * overdue and escalation notices (each once, whatever runs twice), and the camera's frames taken
 * from a real recording (a synthetic clip cut into fMP4 segments and indexed like the recorder's).
 */
const NOW = Date.parse('2026-05-20T04:00:00.000Z');
const HOUR = 3_600_000;
const MINUTE = 60_000;
const at = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let chain: RectificationChain;
let worker: ReturnType<typeof rectificationWorker>;

beforeAll(async () => {
  // The clock moves weeks ahead: sessions last the 30 days the configuration allows.
  t = await createTestApp({ sessionTtlHours: 24 * 30 });
  setClock(at(NOW));
  chain = await buildRectificationChain(t);
  worker = rectificationWorker(t);
}, 120_000);
afterAll(async () => t.close());

type Session = { token: string; cid: string };
const detailOf = (session: Session, rectificationId: string, lang?: string) =>
  ok<RectificationDetail>(t.app, { ...session, ...(lang ? { lang } : {}) }, ops.detail, { rectificationId });
const historyOf = (session: Session, rectificationId: string) => ok<HistoryRow[]>(t.app, session, ops.record, { rectificationId });
const noticesAbout = async (session: Session, rectificationId: string) =>
  (await latestNotice(t.app, session)).all.filter((notice) => notice.refId === rectificationId);
const basic = (itemName: string) => ({ shopId: chain.s1, itemName, problem: `${itemName}: not done` });

describe('due soon, overdue and escalation', () => {
  let item: string;
  let shortItem: string;
  let answered: string;

  it('tells the handler a day before the deadline, once, and not for an item made inside that day', async () => {
    setClock(at(NOW));
    item = await createItem(t.app, chain.people.admin.session, { ...basic('Window display lit'), deadline: at(NOW + 30 * HOUR) });
    shortItem = await createItem(t.app, chain.people.admin.session, { ...basic('Entrance clean'), deadline: at(NOW + 2 * HOUR) });
    answered = await createItem(t.app, chain.people.admin.session, { ...basic('Receipt paper'), deadline: at(NOW + 2 * HOUR) });
    await ok(t.app, chain.people.store.session, ops.submit, { rectificationId: answered, feedback: 'Stocked', imageIds: [] });
    await worker.round();
    expect((await noticesAbout(chain.people.store.session, item)).map((notice) => notice.source)).toEqual(['rectification.assigned']);
    setClock(at(NOW + HOUR));
    await worker.round();
    // Made two hours before its deadline: the assignment said it; no second notice for it.
    expect((await noticesAbout(chain.people.store.session, shortItem)).map((notice) => notice.source)).toEqual(['rectification.assigned']);

    setClock(at(NOW + 7 * HOUR));
    await worker.round();
    await worker.round();
    expect((await noticesAbout(chain.people.store.session, item)).map((notice) => notice.source)).toEqual(['rectification.dueSoon', 'rectification.assigned']);
    const dueSoon = (await noticesAbout(chain.people.store.session, item))[0];
    expect(dueSoon).toMatchObject({
      title: 'Rectification due soon: Window display lit',
      body: 'Store One – Window display lit is due 2026-05-21 18:00 (Asia/Shanghai, UTC+08:00).',
    });
    expect((await historyOf(chain.people.admin.session, item)).map((entry) => entry.action)).toEqual(['create', 'dueSoon']);
  });

  it('tells the handler at the deadline that the item is overdue, once; an answered item is not', async () => {
    setClock(at(NOW + 30 * HOUR + MINUTE));
    // Two schedulers' rounds at once: still one notice.
    const deadlines = createDeadlineWork({
      db: t.db,
      storage: objectStorageOf(t.config),
      capture: createFrameCapture({ db: t.db, storage: objectStorageOf(t.config), frames: { frameAt: () => Promise.reject(new Error('no frames here')) } }),
    });
    await Promise.all([deadlines.run(), deadlines.run()]);
    await worker.round();
    const notices = await noticesAbout(chain.people.store.session, item);
    expect(notices.map((notice) => notice.source)).toEqual(['rectification.overdue', 'rectification.dueSoon', 'rectification.assigned']);
    expect(notices[0]?.body).toBe('Store One – Window display lit was due 2026-05-21 18:00 (Asia/Shanghai, UTC+08:00) and is not done yet.');
    expect((await noticesAbout(chain.people.store.session, shortItem)).map((notice) => notice.source)).toEqual([
      'rectification.overdue',
      'rectification.assigned',
    ]);
    expect((await noticesAbout(chain.people.store.session, answered)).map((notice) => notice.source)).toEqual(['rectification.assigned']);
    expect(await detailOf(chain.people.store.session, item)).toMatchObject({ overdue: true, escalated: false });
    expect((await detailOf(chain.people.admin.session, answered)).overdue).toBe(false);
    const overdueList = await ok<{ list: { rectificationId: string }[] }>(t.app, chain.people.admin.session, ops.listAll, {
      page: 1,
      pageSize: 50,
      overdueOnly: true,
    });
    expect(overdueList.list.map((row) => row.rectificationId).sort()).toEqual([item, shortItem].sort());
  });

  it('escalates a day after the deadline to the handler’s nearest superior for that store, once', async () => {
    setClock(at(NOW + 54 * HOUR + MINUTE));
    await worker.round();
    await worker.round();
    // The store manager's superior for Store One is the city manager, not the region or head office.
    const toCity = await noticesAbout(chain.people.city.session, item);
    expect(toCity).toHaveLength(1);
    expect(toCity[0]).toMatchObject({
      title: 'Overdue rectification of Sam Store: Window display lit',
      body: 'Store One – Window display lit, handled by Sam Store, was due 2026-05-21 18:00 (Asia/Shanghai, UTC+08:00) and is still open.',
    });
    for (const above of [chain.people.region, chain.people.admin, chain.people.manager, chain.people.operator])
      expect(await noticesAbout(above.session, item)).toEqual([]);
    const history = await historyOf(chain.people.admin.session, item);
    expect(history.map((entry) => entry.action)).toEqual(['create', 'dueSoon', 'overdue', 'escalate']);
    expect(history.at(-1)).toMatchObject({ user: null, toUsers: [{ userId: chain.people.city.userId, name: 'Cai City' }] });
    expect((await detailOf(chain.people.admin.session, item)).escalated).toBe(true);
  });

  it('starts the notices again for the new handler of a referred item; the city manager’s own items go to the region', async () => {
    await ok(t.app, chain.people.admin.session, ops.refer, { rectificationId: item, handlerId: chain.people.city.userId, reason: 'Store manager ill' });
    // The next scan, five minutes on.
    setClock(at(NOW + 54 * HOUR + 6 * MINUTE));
    await worker.round();
    expect((await noticesAbout(chain.people.city.session, item)).map((notice) => notice.source)).toEqual([
      'rectification.overdue',
      'rectification.referred',
      'rectification.escalated',
    ]);
    setClock(at(NOW + 80 * HOUR));
    await worker.round();
    expect((await noticesAbout(chain.people.region.session, item)).map((notice) => notice.source)).toEqual(['rectification.escalated']);
    expect(await noticesAbout(chain.people.store.session, item)).toHaveLength(3);
  });

  it('escalates an item handled at head office to its founder, there being nobody above', async () => {
    setClock(at(NOW + 80 * HOUR));
    const top = await createItem(t.app, chain.people.region.session, {
      ...basic('Fitting rooms tidy'),
      handlerId: chain.people.admin.userId,
      deadline: at(NOW + 81 * HOUR),
    });
    setClock(at(NOW + 106 * HOUR));
    await worker.round();
    expect((await noticesAbout(chain.people.region.session, top)).map((notice) => notice.source)).toEqual(['rectification.escalated']);
  });

  it('says due soon, overdue and escalated in each reader’s language', async () => {
    for (const [index, lang] of LOCALES.entries()) {
      const base = NOW + (200 + index * 100) * HOUR;
      setClock(at(base));
      await setLocale(t, chain.people.store.userId, lang);
      await setLocale(t, chain.people.city.userId, lang);
      const id = await createItem(t.app, chain.people.admin.session, { ...basic(`Hand sanitiser ${lang}`), deadline: at(base + 30 * HOUR) });
      const params = { item: `Hand sanitiser ${lang}`, handler: 'Sam Store' };
      for (const [offset, session, key] of [
        [7 * HOUR, chain.people.store.session, 'rectification.dueSoonTitle'],
        [30 * HOUR + MINUTE, chain.people.store.session, 'rectification.overdueTitle'],
        [54 * HOUR + MINUTE, chain.people.city.session, 'rectification.escalatedTitle'],
      ] as const) {
        setClock(at(base + offset));
        await worker.round();
        expect((await noticesAbout(session, id))[0]?.title).toBe(translateMessage(lang, key, params));
      }
    }
    await setLocale(t, chain.people.store.userId, 'en');
    await setLocale(t, chain.people.city.userId, 'en');
  });
});

describe('frames from the camera’s recording: the evidence, and the same camera at the deadline', () => {
  const T0 = NOW + 600 * HOUR;
  let clip: string;
  let dir: string;

  beforeAll(async () => {
    dir = await tempDir('rectification-frames');
    clip = await testClip(dir, 12, 'STORE ONE');
  }, 120_000);

  /** The very frame of the source clip at an offset, as ffmpeg takes it from the clip itself. */
  const clipFrame = async (seconds: string) => (await runFfmpeg(FFMPEG, jpegFrameArgs(clip, seconds))).stdout;
  const sha = (content: Buffer) => crypto.createHash('sha256').update(content).digest('hex');
  const mediaBytes = async (session: Session, mediaId: string) =>
    (await download(t.app, 'GET', `${ops.media.path}?mediaId=${mediaId}`, undefined, session)).content;

  it('attaches the evidence frame at once and the deadline’s frame after the deadline, from the same camera, for comparison', async () => {
    setClock(at(T0));
    const evidenceAt = T0 - HOUR;
    const deadline = T0 + 2 * HOUR;
    await indexClipAt(t, clip, dir, chain.customerId, chain.camera, evidenceAt - 5000, 'before');
    await indexClipAt(t, clip, dir, chain.customerId, chain.camera, deadline - 4000, 'after');
    const id = await createItem(t.app, chain.people.admin.session, {
      ...basic('Price tags visible'),
      cameraId: chain.camera,
      capturedAt: at(evidenceAt + 400),
      deadline: at(deadline),
    });
    expect(await detailOf(chain.people.admin.session, id)).toMatchObject({
      evidenceFrame: { status: 'pending', at: at(evidenceAt + 400) },
      frame: { status: 'pending', cameraId: chain.camera, at: at(deadline), media: null },
    });
    await worker.runDue();
    let detail = await detailOf(chain.people.admin.session, id);
    expect(detail.evidenceFrame.status).toBe('captured');
    const evidence = detail.evidence.find((media) => media.kind === 'screenshot');
    expect(evidence).toMatchObject({ role: 'evidence', cameraId: chain.camera, capturedAt: at(evidenceAt + 400), width: 320, height: 180 });
    expect(sha(await mediaBytes(chain.people.store.session, evidence?.mediaId ?? ''))).toBe(sha(await clipFrame('5.400')));
    // Before the deadline no frame is taken, whatever runs.
    setClock(at(deadline - MINUTE));
    await worker.round();
    expect((await detailOf(chain.people.admin.session, id)).frame.status).toBe('pending');

    setClock(at(deadline + 2 * MINUTE));
    await worker.round();
    detail = await detailOf(chain.people.store.session, id);
    expect(detail.frame).toMatchObject({ status: 'captured', cameraId: chain.camera, at: at(deadline), note: null });
    expect(detail.frame.media).toMatchObject({ role: 'frame', kind: 'screenshot', cameraId: chain.camera, capturedAt: at(deadline) });
    const after = await mediaBytes(chain.people.store.session, detail.frame.media?.mediaId ?? '');
    expect(sha(after)).toBe(sha(await clipFrame('4.000')));
    expect(sha(after)).not.toBe(sha(await mediaBytes(chain.people.store.session, evidence?.mediaId ?? '')));
    await worker.round();
    const history = await historyOf(chain.people.admin.session, id);
    expect(history.filter((entry) => entry.action === 'frame').map((entry) => entry.mediaIds)).toEqual([[evidence?.mediaId], [detail.frame.media?.mediaId]]);
  });

  it('records clearly that there was no recording, after waiting for a late one, instead of failing', async () => {
    const start = T0 + 10 * HOUR;
    setClock(at(start));
    const deadline = start + HOUR;
    const id = await createItem(t.app, chain.people.admin.session, {
      ...basic('Floor clean'),
      cameraId: chain.camera,
      capturedAt: at(start - 3 * HOUR),
      deadline: at(deadline),
    });
    await worker.runDue();
    // Just made: the recorder may still be indexing; the item waits.
    expect((await detailOf(chain.people.admin.session, id)).evidenceFrame.status).toBe('pending');
    setClock(at(start + 31 * MINUTE));
    await worker.round();
    let detail = await detailOf(chain.people.admin.session, id);
    expect(detail.evidenceFrame).toMatchObject({ status: 'missing', note: 'No recording of the camera at the time of the evidence' });
    for (const lang of LOCALES)
      expect((await detailOf(chain.people.admin.session, id, lang)).evidenceFrame.note).toBe(translateMessage(lang, 'rectification.evidenceNoVideo'));
    setClock(at(deadline + 5 * MINUTE));
    await worker.round();
    expect((await detailOf(chain.people.admin.session, id)).frame.status).toBe('pending');
    setClock(at(deadline + 31 * MINUTE));
    await worker.round();
    for (const lang of LOCALES) {
      detail = await detailOf(chain.people.admin.session, id, lang);
      expect(detail.frame).toMatchObject({ status: 'missing', media: null, note: translateMessage(lang, 'rectification.frameNoVideo') });
    }
    const missing = (await historyOf(chain.people.admin.session, id)).filter((entry) => entry.action === 'frameMissing');
    expect(missing.map((entry) => entry.note)).toEqual([
      'No recording of the camera at the time of the evidence',
      'No recording of the camera at the deadline',
    ]);
    // Nothing is tried again.
    setClock(at(deadline + 3 * HOUR));
    await worker.round();
    expect((await historyOf(chain.people.admin.session, id)).filter((entry) => entry.action === 'frameMissing')).toHaveLength(2);
  });

  it('says at once that video older than 30 days is gone', async () => {
    const start = T0 + 20 * HOUR;
    setClock(at(start));
    const id = await createItem(t.app, chain.people.admin.session, {
      ...basic('Opening hours posted'),
      cameraId: chain.camera,
      capturedAt: at(start - 40 * 24 * HOUR),
    });
    await worker.runDue();
    for (const lang of LOCALES)
      expect((await detailOf(chain.people.admin.session, id, lang)).evidenceFrame).toMatchObject({
        status: 'missing',
        note: translateMessage(lang, 'rectification.frameTooOld'),
      });
    // A camera of another store is refused at creation.
    expect((await invoke(t.app, ops.create, { ...basic('x'), cameraId: chain.cameraS2 }, chain.people.admin.session)).body.msg).toBe(
      translateMessage('en', 'rectification.cameraNotInShop'),
    );
  });
});
