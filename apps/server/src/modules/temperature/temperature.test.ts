import { type AlertRow, type Curve, completePermissionMap, type DeviceTree, type NumList, RoleId, type SensorRow } from '@storelens/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, buildUser, countRows, download, type Session, sheetRows, signIn } from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, postersFor, type TestApp } from '../../../test/harness.ts';
import { buildBox, clockAt, sendBatch, type TestBox } from '../../../test/support/traffic.ts';
import { advanceClock, now, resetClock } from '../../platform/time/clock.ts';
import { breachCheckJob } from './temperature.jobs.ts';
import { createTemperatureService } from './temperature.service.ts';

let t: TestApp;
const { post, data } = postersFor(() => t.app);
const MINUTE = 60_000;
const notFound = 'Not found or no access';

let customerId: string;
let rootOrgId: string;
let shopA: string;
let shopB: string;
let boxA: TestBox;
let boxB: TestBox;
let foreignBox: TestBox;
let admin: Session;
let adminUserId: string;
let managerA: Session;
let managerAUserId: string;
let observer: Session;

/** Shanghai noon (business hours 10:00-22:00 local = 02:00-14:00 UTC). */
const NOON = '2026-06-01T04:00:00.000Z';
/** Whole minutes from the clock's current minute: the wall clock runs on between calls, the fixture's instants do not. */
const at = (minutesFromNow: number) => new Date(Math.floor(now().getTime() / MINUTE) * MINUTE + minutesFromNow * MINUTE).toISOString();
const reading = (sensorId: string, minutesFromNow: number, celsius: number, humidity?: number) => ({
  type: 'temperature',
  sensorId,
  at: at(minutesFromNow),
  celsius,
  ...(humidity === undefined ? {} : { humidity }),
});

async function newSensor(box: TestBox, overrides: Record<string, unknown> = {}): Promise<string> {
  const saved = await data<{ sensorId: string }>(admin, '/api/temperature/sensorSave', {
    boxId: box.boxId,
    name: `Fridge ${Math.random().toString(36).slice(2, 6)}`,
    kind: 'fridge',
    limits: { low: 0, high: 5 },
    delayMinutes: 10,
    ...overrides,
  });
  return saved.sensorId;
}

const sensorRow = async (session: Session, sensorId: string) =>
  (await data<SensorRow[]>(session, '/api/temperature/last', {})).find((row) => row.sensorId === sensorId);
const alertsOf = async (sensorId: string) => (await data<{ list: AlertRow[] }>(admin, '/api/temperature/alertPage', { sensorId, page: 1, pageSize: 50 })).list;
const messagesAbout = (refId: string) => t.db.selectFrom('messages').selectAll().where('ref_id', '=', refId).execute();

beforeAll(async () => {
  t = await createTestApp();
  const customer = await buildCustomer(t.db, 'Cold Chain Co');
  customerId = customer.customerId;
  rootOrgId = customer.rootOrgId;
  shopA = await buildShop(t.db, customerId, customer.rootOrgId, { name: 'Fresh A' });
  shopB = await buildShop(t.db, customerId, customer.rootOrgId, { name: 'Fresh B' });
  boxA = await buildBox(t.db, customerId, shopA, 0);
  boxB = await buildBox(t.db, customerId, shopB, 0);
  const other = await buildCustomer(t.db, 'Other Cold Co');
  foreignBox = await buildBox(t.db, other.customerId, await buildShop(t.db, other.customerId, other.rootOrgId), 0);
  const adminUser = await buildUser(t.db, [{ customerId, roleId: RoleId.superManager }]);
  adminUserId = adminUser.userId;
  admin = await signIn(t.app, adminUser.loginName, customerId);
  const manager = await buildUser(t.db, [{ customerId, roleId: RoleId.storeManage, shopIds: [shopA] }]);
  managerAUserId = manager.userId;
  managerA = await signIn(t.app, manager.loginName, customerId);
  observer = await signIn(t.app, (await buildUser(t.db, [{ customerId, roleId: RoleId.observer }])).loginName, customerId);
});
afterEach(() => resetClock());
afterAll(async () => t.close());

describe('sensors', () => {
  it('are made on a box of a store the caller sees, listed in the device tree per store, with limits checked', async () => {
    const sensorId = await newSensor(boxA, { name: 'Dairy fridge', offHoursLimits: { low: 0, high: 8 } });
    const tree = await data<DeviceTree>(admin, '/api/temperature/deviceTree', {});
    const storeA = tree.find((shop) => shop.shopId === shopA);
    expect(storeA?.shopName).toBe('Fresh A');
    expect(storeA?.sensors).toContainEqual({ sensorId, name: 'Dairy fridge', kind: 'fridge', online: false, state: 'normal' });

    const page = await data<{ total: number; list: SensorRow[] }>(admin, '/api/temperature/page', { shopIds: [shopA], page: 1, pageSize: 20 });
    expect(page.list.find((row) => row.sensorId === sensorId)).toMatchObject({
      limits: { low: 0, high: 5 },
      offHoursLimits: { low: 0, high: 8 },
      delayMinutes: 10,
    });

    await expectMessageInAllLanguages(
      (lang) =>
        post(admin, '/api/temperature/sensorSave', { boxId: boxA.boxId, name: 'Bad', kind: 'fridge', limits: { low: 5, high: 2 }, delayMinutes: 5 }, lang),
      'temperature.limitsOrder',
      undefined,
      400,
    );
    // Renamed and its limits changed.
    await data(admin, '/api/temperature/sensorSave', {
      sensorId,
      boxId: boxA.boxId,
      name: 'Dairy',
      kind: 'displayCase',
      limits: { low: 1, high: 6 },
      delayMinutes: 15,
    });
    expect(await sensorRow(admin, sensorId)).toMatchObject({ name: 'Dairy', kind: 'displayCase', limits: { low: 1, high: 6 }, offHoursLimits: null });
  });

  it("keep to the caller's stores and customer; the observer changes nothing", async () => {
    const sensorB = await newSensor(boxB);
    const body = { boxId: boxB.boxId, name: 'Mine now', kind: 'freezer', limits: { low: -25, high: -15 }, delayMinutes: 10 };
    expect((await post(managerA, '/api/temperature/sensorSave', body)).body.msg).toBe(notFound);
    expect((await post(managerA, '/api/temperature/sensorSave', { ...body, boxId: boxA.boxId, sensorId: sensorB })).body.msg).toBe(notFound);
    expect((await post(admin, '/api/temperature/sensorSave', { ...body, boxId: foreignBox.boxId })).body.msg).toBe(notFound);
    expect((await post(managerA, '/api/temperature/deviceTree', { shopIds: [shopB] })).body.msg).toBe(notFound);
    expect((await post(managerA, '/api/temperature/curve', { sensorId: sensorB, startDate: '2026-06-01', endDate: '2026-06-01' })).body.msg).toBe(notFound);
    const seen = await data<SensorRow[]>(managerA, '/api/temperature/last', {});
    expect(seen.every((row) => row.shopId === shopA)).toBe(true);
    expect((await post(observer, '/api/temperature/sensorSave', { ...body, boxId: boxA.boxId })).body.status).toBe(403);
    // The boxes a sensor may go on: only those of the caller's stores.
    const boxes = await data<{ boxId: string; shopId: string }[]>(managerA, '/api/temperature/boxes', {});
    expect(boxes.map((box) => box.boxId)).toEqual([boxA.boxId]);
    expect((await post(managerA, '/api/temperature/boxes', { shopIds: [shopB] })).body.msg).toBe(notFound);
  });
});

describe('readings through the device API', () => {
  it('are stored once however often a batch is sent, rolled up per 5 minutes, and name only sensors of the box', async () => {
    clockAt(NOON);
    const sensorId = await newSensor(boxA);
    const events = [reading(sensorId, -9, 3.5, 60), reading(sensorId, -8, 4.5), reading(sensorId, -7, 2.0)];
    const first = await sendBatch(t.app, boxA.token, events, 'temp-1');
    expect(first.body.status, first.body.msg).toBe(200);
    expect(first.body.data).toMatchObject({ accepted: 3, duplicates: 0, byType: { temperature: 3 } });
    const again = await sendBatch(t.app, boxA.token, events, 'temp-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data).toMatchObject({ accepted: 3 });
    // The same readings in a new batch (a box that lost the answer and re-packed): duplicates.
    const repacked = await sendBatch(t.app, boxA.token, [events[0] as Record<string, unknown>, reading(sensorId, -6, 3.0)], 'temp-2');
    expect(repacked.body.data).toMatchObject({ accepted: 1, duplicates: 1 });
    const stored = await t.db.selectFrom('temperature_readings').selectAll().where('sensor_id', '=', sensorId).execute();
    expect(stored).toHaveLength(4);
    const rollups = await t.db.selectFrom('temperature_rollups').selectAll().where('sensor_id', '=', sensorId).orderBy('bucket').execute();
    expect(rollups.reduce((sum, row) => sum + row.n, 0)).toBe(4);
    expect(Math.max(...rollups.map((row) => row.max))).toBe(4.5);
    expect(Math.min(...rollups.map((row) => row.min))).toBe(2.0);

    const latest = await sensorRow(admin, sensorId);
    expect(latest).toMatchObject({ online: true, state: 'normal', latest: { celsius: 3.0, humidity: null } });

    // Another box's sensor answers like an unknown one, and nothing of the batch is stored.
    const sensorB = await newSensor(boxB);
    await expectMessageInAllLanguages(
      (lang) => sendBatch(t.app, boxA.token, [reading(sensorId, -5, 3), reading(sensorB, -5, 3)], undefined, lang),
      'deviceApi.unknownSensor',
      { index: 1, sensorId: sensorB },
    );
    expect(await countRows(t.db, 'temperature_readings')).toBeGreaterThanOrEqual(4);
    expect(await t.db.selectFrom('temperature_readings').select('at').where('sensor_id', '=', sensorId).execute()).toHaveLength(4);
  });
});

describe('breach detection', () => {
  it('does not alarm for a door opened two minutes; alerts after the delay; closes with duration and peak', async () => {
    clockAt(NOON);
    const sensorId = await newSensor(boxA, { name: 'Meat fridge' });
    // Two minutes warm, then back: pending, then normal, no alert.
    advanceClock(-40 * MINUTE);
    await sendBatch(t.app, boxA.token, [reading(sensorId, -3, 4), reading(sensorId, -2, 7.5), reading(sensorId, -1, 8), reading(sensorId, 0, 4)]);
    expect((await sensorRow(admin, sensorId))?.state).toBe('normal');
    expect(await alertsOf(sensorId)).toHaveLength(0);

    // Warm for nine minutes: pending until the delay (10 minutes) has passed.
    advanceClock(10 * MINUTE);
    const warm = Array.from({ length: 10 }, (_, minute) => reading(sensorId, minute - 9, 6 + minute / 10));
    await sendBatch(t.app, boxA.token, warm);
    expect((await sensorRow(admin, sensorId))?.state).toBe('pending');
    advanceClock(10 * MINUTE);
    await sendBatch(t.app, boxA.token, [reading(sensorId, -1, 9.5), reading(sensorId, 0, 8)]);
    const alerting = await sensorRow(admin, sensorId);
    expect(alerting?.state).toBe('alert');
    const [alert] = await alertsOf(sensorId);
    expect(alert).toMatchObject({ side: 'high', limit: 5, peak: 9.5, endedAt: null, action: null, sensorName: 'Meat fridge', shopName: 'Fresh A' });
    // Raised by the reading 18 minutes after the first warm one (the delay is 10).
    expect(Date.parse(alert?.raisedAt ?? '') - Date.parse(alert?.startedAt ?? '')).toBe(18 * MINUTE);

    // The people of the store are told, in their language, and open pages through the real-time channel.
    const told = await messagesAbout(alert?.alertId ?? '');
    expect(told.map((message) => message.user_id)).toContain(managerAUserId);
    expect(told[0]).toMatchObject({ kind: 1, source: 'temperature.alert' });
    expect(told[0]?.title).toBe('Temperature too high: Meat fridge (Fresh A)');
    const events = await t.db.selectFrom('realtime_events').selectAll().where('type', '=', 'temperature').where('shop_id', '=', shopA).execute();
    expect(events.some((event) => (JSON.parse(event.data) as { change: string }).change === 'raised')).toBe(true);

    // Back within the limits: closed with its duration (from the first warm reading) and peak.
    advanceClock(5 * MINUTE);
    await sendBatch(t.app, boxA.token, [reading(sensorId, 0, 4.2)]);
    const [closed] = await alertsOf(sensorId);
    expect(closed).toMatchObject({ durationSeconds: 24 * 60, peak: 9.5 });
    expect(Date.parse(closed?.endedAt ?? '') - Date.parse(closed?.startedAt ?? '')).toBe(24 * MINUTE);
    expect((await sensorRow(admin, sensorId))?.state).toBe('normal');
    expect((await messagesAbout(closed?.alertId ?? '')).some((message) => message.source === 'temperature.closed')).toBe(true);
  });

  it('judges by the limits of business hours or outside them, in the store time zone', async () => {
    // 23:30 in Shanghai: outside 10:00-22:00, the off-hours limits (up to 8 °C) apply.
    clockAt('2026-06-01T15:30:00.000Z');
    const sensorId = await newSensor(boxA, { offHoursLimits: { low: 0, high: 8 }, delayMinutes: 0 });
    await sendBatch(t.app, boxA.token, [reading(sensorId, -1, 7)]);
    expect((await sensorRow(admin, sensorId))?.state).toBe('normal');
    expect((await sensorRow(admin, sensorId))?.currentLimits).toEqual({ low: 0, high: 8 });
    // Noon the next day: 7 °C breaks the business-hours limit of 5; no delay, so it alerts at once.
    clockAt('2026-06-02T04:00:00.000Z');
    await sendBatch(t.app, boxA.token, [reading(sensorId, -1, 7)]);
    expect((await sensorRow(admin, sensorId))?.state).toBe('alert');
    expect((await alertsOf(sensorId))[0]).toMatchObject({ side: 'high', limit: 5 });
  });

  it('keeps its state in the database: after a restart the clock raises a breach whose delay passed with no new reading', async () => {
    clockAt(NOON);
    const sensorId = await newSensor(boxA, { name: 'Quiet freezer', kind: 'freezer', limits: { low: -25, high: -15 }, delayMinutes: 20 });
    await sendBatch(t.app, boxA.token, [reading(sensorId, -2, -10)]);
    expect((await sensorRow(admin, sensorId))?.state).toBe('pending');
    // A new job definition (what a restarted worker builds) knows only the database.
    const job = breachCheckJob({ db: t.db });
    advanceClock(10 * MINUTE);
    await job.handler({ payload: null } as never);
    expect(await alertsOf(sensorId)).toHaveLength(0);
    advanceClock(15 * MINUTE);
    await job.handler({ payload: null } as never);
    const alerts = await alertsOf(sensorId);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ side: 'high', peak: -10, limit: -15 });
    // Raised when the delay ran out (20 minutes after the first warm reading), not when the job ran.
    expect(alerts[0]?.raisedAt).toBe(new Date(Date.parse(alerts[0]?.startedAt ?? '') + 20 * MINUTE).toISOString());
    // A second run raises nothing more.
    await job.handler({ payload: null } as never);
    expect(await alertsOf(sensorId)).toHaveLength(1);
    const counts = await data<NumList>(admin, '/api/temperature/numList', { shopIds: [shopA] });
    expect(counts.alert).toBeGreaterThanOrEqual(1);
    expect(counts.openAlerts).toBeGreaterThanOrEqual(1);
  });
});

describe('reminders', () => {
  it('tell the store again about an open alert every alert-settings interval, never twice for one interval', async () => {
    clockAt(NOON);
    await data(admin, '/api/alertSetting/save', { enabled: true, modes: [], recipientIds: [], intervalMinutes: 15, offlineAfterMinutes: 15 });
    const sensorId = await newSensor(boxA, { name: 'Reminder fridge', delayMinutes: 0 });
    await sendBatch(t.app, boxA.token, [reading(sensorId, -1, 11)]);
    const [alert] = await alertsOf(sensorId);
    const reminders = async () => (await messagesAbout(alert?.alertId ?? '')).filter((message) => message.source === 'temperature.reminder');
    const job = breachCheckJob({ db: t.db });
    advanceClock(10 * MINUTE);
    await job.handler({ payload: null } as never);
    expect(await reminders()).toHaveLength(0);
    advanceClock(6 * MINUTE);
    await job.handler({ payload: null } as never);
    await job.handler({ payload: null } as never);
    const first = await reminders();
    expect(first.length).toBeGreaterThan(0);
    expect(first.find((message) => message.user_id === managerAUserId)?.title).toBe('Temperature still out of limits: Reminder fridge (Fresh A)');
    const perRound = first.length;
    advanceClock(16 * MINUTE);
    await job.handler({ payload: null } as never);
    expect(await reminders()).toHaveLength(2 * perRound);
    // Closed: no more reminders.
    await sendBatch(t.app, boxA.token, [reading(sensorId, 0, 3)]);
    advanceClock(16 * MINUTE);
    await job.handler({ payload: null } as never);
    expect(await reminders()).toHaveLength(2 * perRound);
  });
});

describe('alerts', () => {
  it('take one corrective action, by whom and when; only in the stores the caller sees', async () => {
    clockAt(NOON);
    const sensorId = await newSensor(boxA, { delayMinutes: 0 });
    await sendBatch(t.app, boxA.token, [reading(sensorId, -1, 12)]);
    const [alert] = await alertsOf(sensorId);
    const alertId = alert?.alertId ?? '';
    expect((await post(observer, '/api/temperature/alertAction', { alertId, text: 'Moved stock' })).body.status).toBe(403);
    const sensorB = await newSensor(boxB, { delayMinutes: 0 });
    await sendBatch(t.app, boxB.token, [reading(sensorB, -1, 12)]);
    const [alertB] = await alertsOf(sensorB);
    expect((await post(managerA, '/api/temperature/alertAction', { alertId: alertB?.alertId, text: 'Not mine' })).body.msg).toBe(notFound);
    const managerList = await data<{ list: AlertRow[] }>(managerA, '/api/temperature/alertPage', { page: 1, pageSize: 100 });
    expect(managerList.list.every((row) => row.shopId === shopA)).toBe(true);

    await data(managerA, '/api/temperature/alertAction', { alertId, text: 'Door seal replaced, stock moved to the back-up fridge' });
    const [acted] = await alertsOf(sensorId);
    expect(acted?.action).toMatchObject({ text: 'Door seal replaced, stock moved to the back-up fridge', by: managerAUserId, byName: 'Test User' });
    await expectMessageInAllLanguages((lang) => post(admin, '/api/temperature/alertAction', { alertId, text: 'Again' }, lang), 'temperature.actionTaken');
    expect((await data<{ list: AlertRow[] }>(admin, '/api/temperature/alertPage', { sensorId, status: 'open', page: 1, pageSize: 10 })).list).toHaveLength(1);
  });
});

describe('curves and export', () => {
  it("draw a day's 5-minute min/avg/max with the limits as steps, and export raw readings for an inspector", async () => {
    clockAt(NOON);
    const sensorId = await newSensor(boxA, { name: 'Curve fridge', offHoursLimits: { low: 0, high: 8 } });
    await sendBatch(t.app, boxA.token, [reading(sensorId, -14, 2), reading(sensorId, -13, 4), reading(sensorId, -4, 3, 55)]);
    const curve = await data<Curve>(admin, '/api/temperature/curve', { sensorId, startDate: '2026-06-01', endDate: '2026-06-01' });
    expect(curve.timeZone).toBe('Asia/Shanghai');
    expect(curve.points.map((point) => point.avg)).toEqual(expect.arrayContaining([3]));
    expect(curve.points.some((point) => point.min === 2 && point.max === 4)).toBe(true);
    // Midnight off-hours (8), 10:00 business (5), 22:00 off-hours again.
    expect(curve.limits.map((step) => step.high)).toEqual([8, 5, 8]);
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/temperature/curve', { sensorId, startDate: '2026-05-01', endDate: '2026-06-30' }, lang),
      'errors.timeSelectionError',
      { days: 31 },
    );

    const file = await download(
      t.app,
      'POST',
      '/api/temperature/exportReadings',
      { shopIds: [shopA], startDate: '2026-06-01', endDate: '2026-06-01' },
      { ...admin, lang: 'en' },
    );
    expect(file.http).toBe(200);
    const rows = await sheetRows(file.content);
    expect(rows[0]).toEqual([
      'Store',
      'Sensor',
      'Kind',
      'Time (store)',
      'Detail',
      'Temperature (°C)',
      'Min (°C)',
      'Max (°C)',
      'Readings',
      'Humidity (%)',
      'Low limit (°C)',
      'High limit (°C)',
      'Within limits',
    ]);
    expect(rows.filter((row) => row[1] === 'Curve fridge')).toEqual([
      ['Fresh A', 'Curve fridge', 'Fridge', '2026-06-01 11:46', 'Reading', '2', '2', '2', '1', '', '0', '5', 'Yes'],
      ['Fresh A', 'Curve fridge', 'Fridge', '2026-06-01 11:47', 'Reading', '4', '4', '4', '1', '', '0', '5', 'Yes'],
      ['Fresh A', 'Curve fridge', 'Fridge', '2026-06-01 11:56', 'Reading', '3', '3', '3', '1', '55', '0', '5', 'Yes'],
    ]);
  });

  it('export past the raw readings from the 5-minute summaries, past those from the hourly ones, up to a quarter', async () => {
    clockAt(NOON);
    const sensorId = await newSensor(boxA, { name: 'Old fridge', offHoursLimits: { low: 0, high: 8 } });
    // 11:45 to 11:48 local: one 5-minute bucket (2, 4, 7: the 7 is above the business limit of 5).
    await sendBatch(t.app, boxA.token, [reading(sensorId, -15, 2), reading(sensorId, -14, 4), reading(sensorId, -13, 7)]);
    const exported = async () => {
      const file = await download(
        t.app,
        'POST',
        '/api/temperature/exportReadings',
        { shopIds: [shopA], startDate: '2026-06-01', endDate: '2026-06-01' },
        {
          ...admin,
          lang: 'en',
        },
      );
      expect(file.http).toBe(200);
      return (await sheetRows(file.content)).filter((row) => row[1] === 'Old fridge');
    };
    expect((await exported()).map((row) => row[4])).toEqual(['Reading', 'Reading', 'Reading']);
    // Ten days on, the raw readings are past their 7 days: the day is its 5-minute summaries (not yet purged, not read).
    advanceClock(10 * 24 * 60 * MINUTE);
    expect(await exported()).toEqual([['Fresh A', 'Old fridge', 'Fridge', '2026-06-01 11:45', '5-minute summary', '4.33', '2', '7', '3', '', '0', '5', 'No']]);
    // Forty days on, past the summaries' 35 days: its hour.
    advanceClock(30 * 24 * 60 * MINUTE);
    expect(await exported()).toEqual([['Fresh A', 'Old fridge', 'Fridge', '2026-06-01 11:00', 'Hourly summary', '4.33', '2', '7', '3', '', '0', '5', 'No']]);
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/temperature/exportReadings', { shopIds: [shopA], startDate: '2026-03-01', endDate: '2026-06-01' }, lang),
      'errors.timeSelectionError',
      { days: 92 },
    );
  });

  it('refuse an export of more rows than the limit, counted before anything is read', async () => {
    clockAt(NOON);
    const shopC = await buildShop(t.db, customerId, rootOrgId, { name: 'Fresh C' });
    const boxC = await buildBox(t.db, customerId, shopC, 0);
    const sensorId = await newSensor(boxC, { name: 'Busy fridge' });
    await sendBatch(t.app, boxC.token, [reading(sensorId, -3, 2), reading(sensorId, -2, 3), reading(sensorId, -1, 4)]);
    const service = createTemperatureService({ db: t.db, exportMaxRows: 2 });
    const actor = { userId: adminUserId, customerId, roleId: RoleId.superManager, roleName: 'super', permissions: completePermissionMap({}), orgScopeId: null };
    const input = { shopIds: [shopC], startDate: '2026-06-01', endDate: '2026-06-01' };
    await expect(service.exportReadings(actor, input, 'en')).rejects.toMatchObject({ messageKey: 'temperature.exportTooLarge', params: { rows: 3, max: 2 } });
    const enough = createTemperatureService({ db: t.db, exportMaxRows: 3 });
    expect((await enough.exportReadings(actor, input, 'en')).fileName).toBe('temperature-2026-06-01-2026-06-01-partial.xlsx');
  });
});
