import {
  type AlarmAction,
  type AlarmDetail,
  type AlarmRow,
  type AlarmState,
  liveOperations,
  alarmOperations as ops,
  type RectificationDetail,
  RoleId,
  rectificationOperations,
  webhookOperations,
} from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildRoleWithout, buildShop, buildUser, countRows, signIn } from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import { buildRectificationChain, ok, picture, type RectificationChain } from '../../../test/support/rectification.ts';
import { buildBox, sendBatch, type TestBox } from '../../../test/support/traffic.ts';
import { setClock } from '../../platform/time/clock.ts';

/**
 * AI alarms end to end through the device API and the review operations (issue 15 sections 2, 3,
 * and the notices of 5): ingestion, idempotency, folding, image checks, every transition of the
 * table allowed and refused with its history, data scope and other customers, the rectification,
 * the real-time event, the message and the webhook deliveries.
 */
const NOW = '2026-05-20T04:00:00.000Z';
const at = (minutesBefore: number) => new Date(Date.parse(NOW) - minutesBefore * 60_000).toISOString();

let t: TestApp;
let chain: RectificationChain;
let box: TestBox;
let boxS2: TestBox;
let otherBox: TestBox;
let jpegB64: string;
let counter = 0;

type Session = { token: string; cid: string };
const range = { startDate: '2026-05-01', endDate: '2026-05-20' };

function alarmEvent(cameraId: string, minutesBefore: number, extra: Record<string, unknown> = {}) {
  counter += 1;
  return {
    type: 'alarm',
    eventId: `evt-${counter}`,
    cameraId,
    eventCode: 'smoking',
    eventName: 'Smoking',
    at: at(minutesBefore),
    priority: 'high',
    images: [{ image: jpegB64 }],
    ...extra,
  };
}

async function raise(target: TestBox, event: Record<string, unknown>): Promise<AlarmRow> {
  const sent = await sendBatch(t.app, target.token, [event]);
  expect(sent.body.status, sent.body.msg).toBe(200);
  const listed = await list(chain.people.admin.session, { eventCodes: [event.eventCode as string] });
  const found = listed.list.find((row) => row.cameraId === event.cameraId);
  if (!found) throw new Error('alarm not listed');
  return found;
}

const list = (session: Session, filter: Record<string, unknown> = {}) =>
  ok<{ total: number; list: AlarmRow[] }>(t.app, session, ops.list, { ...range, page: 1, pageSize: 100, ...filter });
const detailOf = (session: Session, alarmId: string) => ok<AlarmDetail>(t.app, session, ops.detail, { alarmId });
const act = (session: Session, alarmId: string, action: AlarmAction, extra: Record<string, unknown> = {}, lang?: string) =>
  invoke(t.app, ops.act, { alarmId, action, ...extra } as never, { ...session, ...(lang ? { lang } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  chain = await buildRectificationChain(t);
  box = await buildBox(t.db, chain.customerId, chain.s1, 2);
  boxS2 = await buildBox(t.db, chain.customerId, chain.s2, 1);
  otherBox = await buildBox(t.db, chain.other.customerId, chain.other.shopId, 1);
  jpegB64 = (await picture(30, 'jpeg', 320, 240)).toString('base64');
}, 120_000);
afterAll(async () => t.close());

describe('the device API alarm event', () => {
  it('stores an alarm with its image, keeps the raw payload, and answers a retry from the first delivery', async () => {
    const camera = box.cameraIds[0] as string;
    const event = alarmEvent(camera, 30, { eventCode: 'rodent', eventName: 'Rodent' });
    const first = await sendBatch(t.app, box.token, [event], 'alarm-batch-1');
    expect(first.body.status, first.body.msg).toBe(200);
    expect(first.body.data).toMatchObject({ accepted: 1, duplicates: 0, byType: { alarm: 1 } });
    const again = await sendBatch(t.app, box.token, [event], 'alarm-batch-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    // The same event in another batch (a box that lost the answer) is a duplicate too.
    const other = await sendBatch(t.app, box.token, [event], 'alarm-batch-2');
    expect(other.body.data).toMatchObject({ accepted: 0, duplicates: 1 });

    const rows = (await list(chain.people.admin.session, { eventCodes: ['rodent'] })).list;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eventName: 'Rodent', priority: 'high', state: 'unconfirmed', count: 1, read: false, imageCount: 1, shopId: chain.s1 });
    const report = await t.db
      .selectFrom('alarm_reports')
      .selectAll()
      .where('alarm_id', '=', rows[0]?.alarmId as string)
      .execute();
    expect(report).toHaveLength(1);
    const payload = JSON.parse(report[0]?.payload as string) as { eventId: string; images: { bytes: number; sha256: string }[] };
    expect(payload.eventId).toBe(event.eventId);
    // The raw payload keeps the image's size and digest, not its bytes.
    expect(payload.images[0]?.bytes).toBeGreaterThan(100);
    expect(JSON.stringify(payload)).not.toContain(jpegB64.slice(0, 40));

    const detail = await detailOf(chain.people.admin.session, rows[0]?.alarmId as string);
    expect(detail.images).toHaveLength(1);
    const image = await t.app.inject({
      method: 'GET',
      url: `${ops.image.path}?imageId=${detail.images[0]?.imageId}`,
      headers: { authorization: `Bearer ${chain.people.admin.session.token}`, 'x-customer-code': chain.people.admin.session.cid },
    });
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
  });

  it('folds repeats of an item on a camera within the window into one alarm with a count', async () => {
    const camera = box.cameraIds[1] as string;
    const code = { eventCode: 'doorOpen', eventName: 'Door left open' };
    await sendBatch(t.app, box.token, [alarmEvent(camera, 100, code), alarmEvent(camera, 95, code)]);
    await sendBatch(t.app, box.token, [alarmEvent(camera, 88, code)]);
    // 20 minutes after the last repeat: a new alarm. Another camera: its own alarm.
    await sendBatch(t.app, box.token, [alarmEvent(camera, 60, code), alarmEvent(box.cameraIds[0] as string, 60, code)]);
    const rows = (await list(chain.people.admin.session, { eventCodes: ['doorOpen'] })).list;
    expect(rows.map((row) => [row.cameraId, row.count]).sort()).toEqual(
      [
        [camera, 3],
        [camera, 1],
        [box.cameraIds[0], 1],
      ].sort(),
    );
    const folded = rows.find((row) => row.count === 3) as AlarmRow;
    expect(folded.occurredAt).toBe(at(100));
    expect(folded.lastOccurredAt).toBe(at(88));
    expect(folded.imageCount).toBe(3);
    expect(await t.db.selectFrom('alarm_reports').select('outcome').where('alarm_id', '=', folded.alarmId).execute()).toHaveLength(3);
  });

  it('refuses a text file named as an image, in every language, and writes nothing', async () => {
    const before = await countRows(t.db, 'alarm_reports');
    const text = Buffer.from('this is not a picture, only text saved as photo.jpg').toString('base64');
    const event = alarmEvent(box.cameraIds[0] as string, 5, { images: [{ image: text }] });
    await expectMessageInAllLanguages((lang) => sendBatch(t.app, box.token, [event], undefined, lang), 'deviceApi.alarmImage', {}, 400);
    const refused = await sendBatch(t.app, box.token, [event]);
    expect(refused.body.data).toMatchObject({ index: 0, field: 'images.0' });
    expect(await countRows(t.db, 'alarm_reports')).toBe(before);
    // Images are checked several at once; the batch still names its first bad one in order.
    const good = alarmEvent(box.cameraIds[0] as string, 6, { images: [{ image: jpegB64 }, { image: jpegB64 }] });
    const bad = alarmEvent(box.cameraIds[0] as string, 7, { images: [{ image: jpegB64 }, { image: jpegB64 }, { image: text }, { image: text }] });
    const mixed = await sendBatch(t.app, box.token, [good, bad]);
    expect(mixed.body.data).toMatchObject({ index: 1, field: 'images.2' });
    expect(await countRows(t.db, 'alarm_reports')).toBe(before);
  });

  it("refuses another box's camera", async () => {
    const sent = await sendBatch(t.app, box.token, [alarmEvent(boxS2.cameraIds[0] as string, 5)]);
    expect(sent.body.status).toBe(422);
  });
});

describe('notices of a new alarm', () => {
  it('publishes the real-time event, posts alarm messages to the people of the store, and queues the webhook', async () => {
    const added = await invoke(
      t.app,
      webhookOperations.add,
      { url: 'https://127.0.0.1/alarms', events: ['alarm.raised', 'alarm.confirmed'], description: 'Alarms', enabled: true } as never,
      chain.people.admin.session,
    );
    expect(added.body.status, added.body.msg).toBe(200);
    const row = await raise(box, alarmEvent(box.cameraIds[0] as string, 20, { eventCode: 'uniform', eventName: 'No uniform' }));

    const events = await t.db.selectFrom('realtime_events').selectAll().where('type', '=', 'alarm').execute();
    const event = events.find((entry) => (JSON.parse(entry.data) as { alarmId: string }).alarmId === row.alarmId);
    expect(event).toMatchObject({ customer_id: chain.customerId, shop_id: chain.s1 });

    const messages = await t.db.selectFrom('messages').selectAll().where('ref_id', '=', row.alarmId).execute();
    const told = new Set(messages.map((message) => message.user_id));
    expect(messages.every((message) => message.kind === 1)).toBe(true);
    expect(told.has(chain.people.store.userId)).toBe(true);
    expect(told.has(chain.people.admin.userId)).toBe(true);
    // The manager of another store, and our own operators, are not told.
    expect(told.has(chain.people.store2.userId)).toBe(false);
    expect(told.has(chain.people.operator.userId)).toBe(false);

    const deliveries = await t.db.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', `alarm:${row.alarmId}:raised`).execute();
    expect(deliveries).toHaveLength(1);
    expect(JSON.parse(deliveries[0]?.body as string)).toMatchObject({ type: 'alarm.raised', data: { alarmId: row.alarmId, eventName: 'No uniform' } });

    expect((await act(chain.people.admin.session, row.alarmId, 'confirm')).body.status).toBe(200);
    const confirmed = await t.db.selectFrom('webhook_deliveries').select('event_type').where('event_type', '=', 'alarm.confirmed').execute();
    expect(confirmed).toHaveLength(1);
  });
});

describe('the transition table', () => {
  const TABLE: Record<AlarmState, Partial<Record<AlarmAction, AlarmState>>> = {
    unconfirmed: { confirm: 'confirmed', markFalse: 'falseAlarm', ignore: 'ignored', delete: 'deleted' },
    confirmed: { markFalse: 'falseAlarm', ignore: 'ignored', delete: 'deleted' },
    falseAlarm: { restore: 'unconfirmed', delete: 'deleted' },
    ignored: { restore: 'unconfirmed', delete: 'deleted' },
    deleted: { restore: 'unconfirmed' },
  };
  /** The actions that bring a new alarm into a state. */
  const PATH: Record<AlarmState, AlarmAction[]> = {
    unconfirmed: [],
    confirmed: ['confirm'],
    falseAlarm: ['markFalse'],
    ignored: ['ignore'],
    deleted: ['delete'],
  };
  const ACTIONS: AlarmAction[] = ['confirm', 'markFalse', 'ignore', 'restore', 'delete'];

  it('allows every transition of the table, refuses every other one with a message, and keeps the history', async () => {
    const admin = chain.people.admin.session;
    for (const state of Object.keys(TABLE) as AlarmState[]) {
      for (const action of ACTIONS) {
        const row = await raise(box, alarmEvent(box.cameraIds[0] as string, 10, { eventCode: `t-${state}-${action}` }));
        for (const step of PATH[state]) expect((await act(admin, row.alarmId, step, { deleteReason: 'manual' })).body.status).toBe(200);
        const answer = await act(admin, row.alarmId, action, { deleteReason: 'reinspect', reason: 'checked' });
        const detail = await detailOf(admin, row.alarmId);
        const target = TABLE[state][action];
        if (target) {
          expect(answer.body.status, `${state} --${action}-->`).toBe(200);
          expect(detail.state).toBe(target);
          expect(detail.history.at(-1)).toMatchObject({ action, fromState: state, toState: target, userId: chain.people.admin.userId });
          if (target === 'deleted') expect(detail.deleteReason).toBe('reinspect');
        } else {
          expect(answer.http, `${state} --${action}--> refused`).toBe(422);
          expect(answer.body.msg).toBe('This action is not possible for the alarm in its current state');
          expect(detail.state).toBe(state);
          expect(detail.history).toHaveLength(1 + PATH[state].length);
        }
        expect(detail.allowedActions.sort()).toEqual(Object.keys(TABLE[detail.state]).sort());
      }
    }
  }, 120_000);

  it('answers a refused transition in all four languages, needs a delete reason, and the delete key', async () => {
    const row = await raise(box, alarmEvent(box.cameraIds[0] as string, 9, { eventCode: 'refusals' }));
    await expectMessageInAllLanguages((lang) => act(chain.people.admin.session, row.alarmId, 'restore', {}, lang), 'alarms.actionRefused', {}, 422);
    await expectMessageInAllLanguages((lang) => act(chain.people.admin.session, row.alarmId, 'delete', {}, lang), 'alarms.deleteReasonRequired', {}, 400);
    // The observer changes nothing; a role without 'alert delete' cannot delete.
    expect((await act(chain.people.observer.session, row.alarmId, 'confirm')).body.status).toBe(403);
    const roleId = await buildRoleWithout(t.db, chain.customerId, ['alert_delete']);
    const user = await buildUser(t.db, [{ customerId: chain.customerId, roleId, shopIds: [chain.s1] }]);
    const noDelete = await signIn(t.app, user.loginName, chain.customerId);
    expect((await act(noDelete, row.alarmId, 'delete', { deleteReason: 'manual' })).body.status).toBe(403);
    expect((await detailOf(noDelete, row.alarmId)).allowedActions).toEqual(['confirm', 'markFalse', 'ignore']);
    expect((await act(noDelete, row.alarmId, 'confirm')).body.status).toBe(200);
  });

  it('tags an alarm, with the history; ignored alarms leave the default list only when asked for by state', async () => {
    const row = await raise(box, alarmEvent(box.cameraIds[0] as string, 8, { eventCode: 'tagging' }));
    const tagged = await ok<{ tag: string }>(t.app, chain.people.store.session, ops.tag, { alarmId: row.alarmId, tag: 'algorithmWrong' });
    expect(tagged.tag).toBe('algorithmWrong');
    const detail = await detailOf(chain.people.store.session, row.alarmId);
    expect(detail.history.at(-1)).toMatchObject({ action: 'tag', tag: 'algorithmWrong', userId: chain.people.store.userId });
    expect((await list(chain.people.admin.session, { eventCodes: ['tagging'], tag: 'algorithmWrong' })).total).toBe(1);
    expect((await list(chain.people.admin.session, { eventCodes: ['tagging'], tag: 'algorithmCorrect' })).total).toBe(0);
    await act(chain.people.admin.session, row.alarmId, 'delete', { deleteReason: 'system' });
    expect((await list(chain.people.admin.session, { eventCodes: ['tagging'] })).total).toBe(0);
    expect((await list(chain.people.admin.session, { eventCodes: ['tagging'], states: ['deleted'] })).total).toBe(1);
  });
});

describe('reading and scope', () => {
  it('marks one and all read within the caller’s stores', async () => {
    const s1 = await raise(box, alarmEvent(box.cameraIds[0] as string, 7, { eventCode: 'reading' }));
    const s2 = await raise(boxS2, alarmEvent(boxS2.cameraIds[0] as string, 7, { eventCode: 'reading' }));
    expect(await ok(t.app, chain.people.store.session, ops.markRead, { alarmIds: [s1.alarmId] })).toEqual({ marked: 1 });
    expect((await list(chain.people.admin.session, { eventCodes: ['reading'], read: false })).list.map((row) => row.alarmId)).toEqual([s2.alarmId]);
    // The store manager of S1 reading all leaves S2's alarm unread.
    await ok(t.app, chain.people.store.session, ops.markRead, { all: true });
    expect((await list(chain.people.admin.session, { eventCodes: ['reading'], read: false })).total).toBe(1);
    await ok(t.app, chain.people.admin.session, ops.markRead, { all: true });
    expect((await list(chain.people.admin.session, { eventCodes: ['reading'], read: false })).total).toBe(0);
  });

  it('answers not found for another store’s or another customer’s alarm on every operation', async () => {
    const s2 = await raise(boxS2, alarmEvent(boxS2.cameraIds[0] as string, 6, { eventCode: 'scope' }));
    const store = chain.people.store.session;
    expect((await list(store, { eventCodes: ['scope'] })).total).toBe(0);
    expect((await invoke(t.app, ops.list, { ...range, shopIds: [chain.s2] } as never, store)).body.status).toBe(404);
    const detail = await detailOf(chain.people.admin.session, s2.alarmId);
    const calls = [
      invoke(t.app, ops.detail, { alarmId: s2.alarmId }, store),
      invoke(t.app, ops.act, { alarmId: s2.alarmId, action: 'confirm' } as never, store),
      invoke(t.app, ops.tag, { alarmId: s2.alarmId, tag: 'taskReason' }, store),
      invoke(t.app, ops.markRead, { alarmIds: [s2.alarmId] } as never, store),
      invoke(t.app, ops.rectify, { alarmId: s2.alarmId }, store),
      invoke(t.app, ops.image, { imageId: detail.images[0]?.imageId as string }, store),
      invoke(t.app, ops.detail, { alarmId: s2.alarmId }, chain.other.admin),
      invoke(t.app, ops.act, { alarmId: s2.alarmId, action: 'confirm' } as never, chain.other.admin),
      invoke(t.app, ops.rectify, { alarmId: s2.alarmId }, chain.other.admin),
      invoke(t.app, ops.image, { imageId: detail.images[0]?.imageId as string }, chain.other.admin),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.body.status).toBe(404);
    expect((await detailOf(chain.people.admin.session, s2.alarmId)).state).toBe('unconfirmed');
    // Another customer's box posts into its own customer only.
    await sendBatch(t.app, otherBox.token, [alarmEvent(otherBox.cameraIds[0] as string, 6, { eventCode: 'scope' })]);
    expect((await list(chain.other.admin, { eventCodes: ['scope'] })).total).toBe(1);
    expect((await list(chain.people.admin.session, { eventCodes: ['scope'] })).total).toBe(1);
  });

  it('refuses a range of more than 90 days in every language', async () => {
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.list, { startDate: '2026-01-01', endDate: '2026-05-20' } as never, { ...chain.people.admin.session, lang }),
      'errors.timeSelectionError',
      { days: 90 },
      400,
    );
  });
});

describe('a rectification from an alarm', () => {
  it('creates one rectification with the alarm’s images, in the store handler’s to-do; a second call answers it again', async () => {
    const row = await raise(box, alarmEvent(box.cameraIds[0] as string, 4, { eventCode: 'counter', eventName: 'Nobody at the counter' }));
    const first = await ok<{ rectificationId: string; created: boolean }>(t.app, chain.people.admin.session, ops.rectify, {
      alarmId: row.alarmId,
      description: 'Keep the counter staffed',
    });
    expect(first.created).toBe(true);
    const again = await ok<{ rectificationId: string; created: boolean }>(t.app, chain.people.admin.session, ops.rectify, { alarmId: row.alarmId });
    expect(again).toEqual({ rectificationId: first.rectificationId, created: false });
    const item = await ok<RectificationDetail>(t.app, chain.people.store.session, rectificationOperations.detail, { rectificationId: first.rectificationId });
    expect(item).toMatchObject({ source: 'alarm', problem: 'Keep the counter staffed', handler: { userId: chain.people.store.userId } });
    const detail = await detailOf(chain.people.admin.session, row.alarmId);
    expect(detail.rectificationId).toBe(first.rectificationId);
    expect(detail.history.at(-1)).toMatchObject({ action: 'rectify', userId: chain.people.admin.userId });
    // A false alarm is not rectified.
    const other = await raise(box, alarmEvent(box.cameraIds[0] as string, 3, { eventCode: 'counter-false' }));
    await act(chain.people.admin.session, other.alarmId, 'markFalse');
    expect((await invoke(t.app, ops.rectify, { alarmId: other.alarmId }, chain.people.admin.session)).body.status).toBe(422);
  });
});

describe('the fold window', () => {
  it('follows ALARM_FOLD_MINUTES: 0 folds nothing', async () => {
    const own = await createTestApp({ alarms: { foldMinutes: 0 } });
    try {
      setClock(NOW);
      const customer = await buildCustomer(own.db);
      const shop = await buildShop(own.db, customer.customerId, customer.rootOrgId, { timeZone: 'Asia/Shanghai' });
      const ownBox = await buildBox(own.db, customer.customerId, shop, 1);
      const user = await buildUser(own.db, [{ customerId: customer.customerId, roleId: RoleId.superManager }]);
      const admin = await signIn(own.app, user.loginName, customer.customerId);
      const camera = ownBox.cameraIds[0] as string;
      const sent = await sendBatch(own.app, ownBox.token, [alarmEvent(camera, 12, { images: [] }), alarmEvent(camera, 11, { images: [] })]);
      expect(sent.body.status, sent.body.msg).toBe(200);
      const rows = await ok<{ list: AlarmRow[] }>(own.app, admin, ops.list, { ...range, page: 1, pageSize: 10 });
      expect(rows.list.map((row) => row.count)).toEqual([1, 1]);
    } finally {
      await own.close();
    }
  });
});

describe('alarm marks on the playback axis', () => {
  it('marks a camera’s alarms in the range, not deleted ones; none for a map without the alarm pages; another customer’s camera is not found', async () => {
    const camera = box.cameraIds[0] as string;
    const marked = await raise(box, alarmEvent(camera, 7, { eventCode: 'door_left_open', eventName: 'Door left open' }));
    const range = { cameraId: camera, from: at(60), to: at(-1) };
    const marks = (await ok<{ marks: { at: string; kind: string }[] }>(t.app, chain.people.admin.session, liveOperations.alarmMarks, range)).marks;
    expect(marks).toContainEqual({ at: marked.occurredAt, kind: 'door_left_open' });
    expect(marks.every((mark) => mark.at >= range.from && mark.at < range.to)).toBe(true);
    // Outside the range: not marked.
    const earlier = await ok<{ marks: unknown[] }>(t.app, chain.people.admin.session, liveOperations.alarmMarks, {
      cameraId: camera,
      from: at(600),
      to: at(300),
    });
    expect(earlier.marks).toEqual([]);
    // Deleted: no longer marked.
    expect((await act(chain.people.admin.session, marked.alarmId, 'delete', { deleteReason: 'manual' })).body.status).toBe(200);
    const after = (await ok<{ marks: { at: string; kind: string }[] }>(t.app, chain.people.admin.session, liveOperations.alarmMarks, range)).marks;
    expect(after).not.toContainEqual({ at: marked.occurredAt, kind: 'door_left_open' });
    // A role whose map hides the alarm pages sees the video but no marks.
    const roleId = await buildRoleWithout(t.db, chain.customerId, ['cueretail_shopinspect_alert_show']);
    const user = await buildUser(t.db, [{ customerId: chain.customerId, roleId }]);
    const noAlarms = await signIn(t.app, user.loginName, chain.customerId);
    await act(chain.people.admin.session, marked.alarmId, 'restore');
    expect((await ok<{ marks: unknown[] }>(t.app, noAlarms, liveOperations.alarmMarks, range)).marks).toEqual([]);
    // Another customer's camera, or one outside the caller's stores: not found.
    expect(
      (await invoke(t.app, liveOperations.alarmMarks, { ...range, cameraId: otherBox.cameraIds[0] as string }, chain.people.admin.session)).body.status,
    ).toBe(404);
    expect((await invoke(t.app, liveOperations.alarmMarks, range, chain.people.store2.session)).body.status).toBe(404);
  });
});
