import { type AlarmAction, type AlarmAnalysis, type AlarmRow, type AlarmTag, alarmOperations as ops } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRoleWithout, buildUser, signIn } from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import { buildRectificationChain, ok, picture, type RectificationChain } from '../../../test/support/rectification.ts';
import { buildBox, sendBatch, type TestBox } from '../../../test/support/traffic.ts';
import { setClock } from '../../platform/time/clock.ts';
import { judgementOf } from './alarm-analysis.service.ts';

/**
 * AI inspection analysis (issue 15 section 3): counts by item, class, day, store and camera from
 * alarms raised through the device API and reviewed through the operations; ignored alarms out of
 * the statistics but in the ignore rate; deleted ones out; precision from the reviews; the data
 * scope; the 90-day limit; the menu flag.
 */
const NOW = '2026-06-10T06:00:00.000Z';
const range = { startDate: '2026-06-01', endDate: '2026-06-10' };

let t: TestApp;
let chain: RectificationChain;
let box: TestBox;
let boxS2: TestBox;
let otherBox: TestBox;
let jpegB64: string;
let counter = 0;
type Session = { token: string; cid: string };

/** An alarm a box raises `hoursBefore` NOW (each on its own camera-minute, so none fold). */
async function raise(target: TestBox, cameraIndex: number, eventCode: string, hoursBefore: number, priority: 'high' | 'low' = 'high'): Promise<AlarmRow> {
  counter += 1;
  const cameraId = target.cameraIds[cameraIndex] as string;
  const event = {
    type: 'alarm',
    eventId: `analysis-${counter}`,
    cameraId,
    eventCode,
    eventName: `Box name of ${eventCode}`,
    at: new Date(Date.parse(NOW) - hoursBefore * 3_600_000).toISOString(),
    priority,
    images: [{ image: jpegB64 }],
  };
  const sent = await sendBatch(t.app, target.token, [event]);
  expect(sent.body.status, sent.body.msg).toBe(200);
  const session = target === otherBox ? chain.other.admin : chain.people.admin.session;
  const listed = await ok<{ list: AlarmRow[] }>(t.app, session, ops.list, { ...range, eventCodes: [eventCode], page: 1, pageSize: 100 });
  const row = listed.list.find((candidate) => candidate.cameraId === cameraId && candidate.occurredAt === event.at);
  if (!row) throw new Error('alarm not listed');
  return row;
}

const review = async (row: AlarmRow, action: AlarmAction | null, tag: AlarmTag = 'none') => {
  const admin = chain.people.admin.session;
  if (action) await ok(t.app, admin, ops.act, { alarmId: row.alarmId, action, ...(action === 'delete' ? { deleteReason: 'manual' } : {}) });
  if (tag !== 'none') await ok(t.app, admin, ops.tag, { alarmId: row.alarmId, tag });
};
const analysis = (session: Session, filter: Record<string, unknown> = {}) => ok<AlarmAnalysis>(t.app, session, ops.analysis, { ...range, ...filter });

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  chain = await buildRectificationChain(t);
  box = await buildBox(t.db, chain.customerId, chain.s1, 2);
  boxS2 = await buildBox(t.db, chain.customerId, chain.s2, 1);
  otherBox = await buildBox(t.db, chain.other.customerId, chain.other.shopId, 1);
  jpegB64 = (await picture(31, 'jpeg', 160, 120)).toString('base64');

  // Store One, camera 0: smoking x3 (confirmed; false alarm; tagged wrong), rodent ignored, rodent deleted.
  await review(await raise(box, 0, 'smoking', 2), 'confirm');
  await review(await raise(box, 0, 'smoking', 26), 'markFalse');
  await review(await raise(box, 0, 'smoking', 50, 'low'), null, 'algorithmWrong');
  await review(await raise(box, 0, 'rodent', 3), 'ignore');
  await review(await raise(box, 0, 'rodent', 4), 'delete');
  // Store One, camera 1: rodent tagged correct; a code the catalogue does not hold, untouched.
  await review(await raise(box, 1, 'rodent', 5), null, 'algorithmCorrect');
  await review(await raise(box, 1, 'x_custom_code', 6, 'low'), null);
  // Store Two: smoking confirmed and tagged 'task reason' (judges neither).
  await review(await raise(boxS2, 0, 'smoking', 30), 'confirm', 'taskReason');
  // Another customer's alarm counts nowhere here.
  await raise(otherBox, 0, 'smoking', 2);
}, 180_000);
afterAll(async () => t.close());

describe('judging the AI from reviews', () => {
  it('takes a tag at its word; untagged, confirmed is right and a false alarm wrong; task reason judges neither', () => {
    expect(judgementOf('unconfirmed', 'algorithmCorrect')).toBe('correct');
    expect(judgementOf('falseAlarm', 'algorithmCorrect')).toBe('correct');
    expect(judgementOf('confirmed', 'algorithmWrong')).toBe('wrong');
    expect(judgementOf('confirmed', 'none')).toBe('correct');
    expect(judgementOf('falseAlarm', 'none')).toBe('wrong');
    expect(judgementOf('unconfirmed', 'none')).toBeNull();
    expect(judgementOf('confirmed', 'taskReason')).toBeNull();
  });
});

describe('AI inspection analysis', () => {
  it('counts the customer’s alarms: ignored out of the statistics but in the ignore rate, deleted out, precision from reviews', async () => {
    const result = await analysis(chain.people.admin.session);
    // Counted: smoking x3 + rodent (correct) + custom (S1) + smoking (S2) = 6; ignored 1; the deleted one and the other customer's nowhere.
    expect(result.totals).toMatchObject({ alarms: 6, reports: 6, unconfirmed: 3, confirmed: 2, falseAlarms: 1, ignored: 1, correct: 2, wrong: 2 });
    expect(result.totals.falseAlarmRate).toBeCloseTo(1 / 6);
    expect(result.totals.ignoreRate).toBeCloseTo(1 / 7);
    expect(result.totals.precision).toBeCloseTo(0.5);

    const smoking = result.byItem.find((item) => item.eventCode === 'smoking');
    expect(smoking).toMatchObject({ alarms: 4, falseAlarms: 1, ignored: 0, correct: 1, wrong: 2 });
    expect(smoking?.precision).toBeCloseTo(1 / 3);
    // Named from the catalogue (in the caller's language), not as the box named it.
    expect(smoking?.eventName).not.toBe('Box name of smoking');
    expect(smoking?.classId).not.toBeNull();
    const rodent = result.byItem.find((item) => item.eventCode === 'rodent');
    expect(rodent).toMatchObject({ alarms: 1, ignored: 1, correct: 1, wrong: 0, precision: 1 });
    const custom = result.byItem.find((item) => item.eventCode === 'x_custom_code');
    expect(custom).toMatchObject({ eventName: 'Box name of x_custom_code', classId: null, alarms: 1, precision: null });
    expect(result.byItem.map((item) => item.eventCode)).toEqual(['smoking', 'rodent', 'x_custom_code']);
    expect(result.byClass.reduce((sum, entry) => sum + entry.alarms, 0)).toBe(6);
    expect(result.byClass.find((entry) => entry.classId === null)?.alarms).toBe(1);

    // One entry per day of the range; the alarms fall on their UTC dates by priority.
    expect(result.trend).toHaveLength(10);
    expect(result.trend.find((day) => day.date === '2026-06-10')).toEqual({ date: '2026-06-10', high: 2, low: 1 });
    expect(result.trend.find((day) => day.date === '2026-06-09')).toEqual({ date: '2026-06-09', high: 2, low: 0 });
    expect(result.trend.find((day) => day.date === '2026-06-08')).toEqual({ date: '2026-06-08', high: 0, low: 1 });
    expect(result.trend.find((day) => day.date === '2026-06-01')).toEqual({ date: '2026-06-01', high: 0, low: 0 });

    expect(result.stores).toEqual([
      { shopId: chain.s1, shopName: 'Store One', alarms: 5, falseAlarms: 1 },
      { shopId: chain.s2, shopName: 'Store Two', alarms: 1, falseAlarms: 0 },
    ]);
    // Least precise camera first: S1 camera 0 (1 right, 2 wrong), then camera 1 (1 right); S2's 'task reason' judges nothing.
    expect(result.cameras.map((camera) => [camera.cameraId, camera.correct, camera.wrong])).toEqual([
      [box.cameraIds[0], 1, 2],
      [box.cameraIds[1], 1, 0],
    ]);
    expect(result.cameras[0]?.shopName).toBe('Store One');
  });

  it('keeps to the caller’s stores and to named ones', async () => {
    const store2 = await analysis(chain.people.store2.session);
    expect(store2.totals.alarms).toBe(1);
    expect(store2.stores.map((store) => store.shopId)).toEqual([chain.s2]);
    expect(store2.cameras).toEqual([]);
    const named = await analysis(chain.people.admin.session, { shopIds: [chain.s2] });
    expect(named.totals.alarms).toBe(1);
    // A store outside the caller's scope, or another customer's, is not found.
    expect((await invoke(t.app, ops.analysis, { ...range, shopIds: [chain.s1] }, chain.people.store2.session)).body.status).toBe(404);
    expect((await invoke(t.app, ops.analysis, { ...range, shopIds: [chain.other.shopId] }, chain.people.admin.session)).body.status).toBe(404);
    expect((await analysis(chain.other.admin)).totals.alarms).toBe(1);
  });

  it('refuses more than 90 days with the spec message, in every language', async () => {
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.analysis, { startDate: '2026-01-01', endDate: '2026-06-10' }, { ...chain.people.admin.session, lang }),
      'errors.timeSelectionError',
      { days: 90 },
      400,
    );
  });

  it('answers only a role whose map shows the analysis page', async () => {
    const roleId = await buildRoleWithout(t.db, chain.customerId, ['cueretail_shopinspect_ai_analysis']);
    const user = await buildUser(t.db, [{ customerId: chain.customerId, roleId }]);
    const session = await signIn(t.app, user.loginName, chain.customerId);
    expect((await invoke(t.app, ops.analysis, range, session)).body.status).toBe(403);
  });
});
