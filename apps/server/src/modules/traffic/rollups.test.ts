import { RoleId } from '@storelens/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, buildUser, signIn } from '../../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildBox, clockAt, line, passerby, rollupSnapshot, sendBatch, type TestBox, visit, visitHistory } from '../../../test/support/traffic.ts';
import type { DB } from '../../platform/db/database.ts';
import { objectStorageOf } from '../../platform/storage/storage-config.ts';
import { advanceClock, resetClock } from '../../platform/time/clock.ts';
import { localParts, utcOfLocal, weekStart } from '../../platform/time/local-time.ts';
import { createCalendarService } from '../calendar/calendar.service.ts';
import { batchesOf, createSimulator, type SimShop } from '../demo/simulator.ts';
import { createDeviceApiService } from '../device-api/device-api.service.ts';
import { createFloorplanService } from '../floorplan/floorplan.service.ts';
import { createRebuildService } from './rebuild.ts';

let t: TestApp;
let customer: { customerId: string; rootOrgId: string };

async function daily(db: DB, shopId: string) {
  const rows = await db.selectFrom('traffic_shop_daily').selectAll().where('shop_id', '=', shopId).orderBy('local_date').execute();
  return Object.fromEntries(rows.map((row) => [row.local_date, row]));
}
async function hourly(db: DB, shopId: string) {
  const rows = await db.selectFrom('traffic_shop_hourly').selectAll().where('shop_id', '=', shopId).orderBy('local_date').orderBy('hour').execute();
  return rows.map((row) => ({
    date: row.local_date,
    hour: row.hour,
    entries: row.entries,
    visits: row.visits,
    newVisits: row.new_visits,
    repeat: row.repeat_visits,
  }));
}

/** Every rollup row of a shop and the visits' history, for 'rebuild gives the same numbers'. */
async function snapshot(db: DB, shopId: string) {
  return { ...(await rollupSnapshot(db, shopId)), visits: await visitHistory(db, shopId) };
}

beforeAll(async () => {
  t = await createTestApp();
  customer = await buildCustomer(t.db, 'Rollup Co');
});
afterEach(() => resetClock());
afterAll(async () => t.close());

describe('local time', () => {
  it("places instants on Sydney's local date and hour across both daylight-saving changes", () => {
    const sydney = 'Australia/Sydney';
    // 4 October 2026, 02:00 AEST (+10) becomes 03:00 AEDT (+11) at 16:00 UTC the day before.
    expect(localParts(sydney, Date.parse('2026-10-03T13:59:00Z'))).toEqual({ date: '2026-10-03', hour: 23 });
    expect(localParts(sydney, Date.parse('2026-10-03T15:30:00Z'))).toEqual({ date: '2026-10-04', hour: 1 });
    expect(localParts(sydney, Date.parse('2026-10-03T16:00:00Z'))).toEqual({ date: '2026-10-04', hour: 3 });
    // 5 April 2026, 03:00 AEDT (+11) becomes 02:00 AEST (+10) at 16:00 UTC the day before: hour 2 happens twice.
    expect(localParts(sydney, Date.parse('2026-04-04T15:30:00Z'))).toEqual({ date: '2026-04-05', hour: 2 });
    expect(localParts(sydney, Date.parse('2026-04-04T16:30:00Z'))).toEqual({ date: '2026-04-05', hour: 2 });
    expect(localParts('Asia/Shanghai', Date.parse('2026-03-01T16:00:00Z'))).toEqual({ date: '2026-03-02', hour: 0 });
    expect(utcOfLocal(sydney, '2026-10-04', 9)).toBe(Date.parse('2026-10-03T22:00:00Z'));
    expect(weekStart('2026-03-01')).toBe('2026-02-23');
    expect(weekStart('2026-03-02')).toBe('2026-03-02');
  });
});

describe('rollups at ingest', () => {
  it("roll entries into Sydney's local hours on the daylight-saving change day", async () => {
    clockAt('2026-10-05T00:00:00Z');
    const shop = await buildShop(t.db, customer.customerId, customer.rootOrgId, { timeZone: 'Australia/Sydney' });
    const box = await buildBox(t.db, customer.customerId, shop, 1);
    const camera = box.cameraIds[0] as string;
    const response = await sendBatch(t.app, box.token, [
      line(camera, '2026-10-03T13:59:00Z'),
      line(camera, '2026-10-03T15:30:00Z', 'in', 2),
      line(camera, '2026-10-04T01:15:00+11:00', 'in', 3),
      line(camera, '2026-10-03T23:10:00Z', 'in', 4),
      passerby(camera, '2026-10-03T23:20:00Z', 6),
    ]);
    expect(response.body.status, response.body.msg).toBe(200);
    const hours = (await hourly(t.db, shop)).map(({ date, hour, entries }) => ({ date, hour, entries }));
    // A device stamping 01:15+11:00 names the instant 14:15 UTC, which Sydney (still +10 then) calls 00:15.
    expect(hours).toEqual([
      { date: '2026-10-03', hour: 23, entries: 1 },
      { date: '2026-10-04', hour: 0, entries: 3 },
      { date: '2026-10-04', hour: 1, entries: 2 },
      { date: '2026-10-04', hour: 10, entries: 4 },
    ]);
    const days = await daily(t.db, shop);
    expect(days['2026-10-04']).toMatchObject({ entries: 9, passersby: 6 });
    expect(days['2026-10-03']).toMatchObject({ entries: 1 });
  });

  it('leaves staff out of customer metrics and counts them apart', async () => {
    clockAt('2026-03-02T12:00:00Z');
    const shop = await buildShop(t.db, customer.customerId, customer.rootOrgId, { timeZone: 'Asia/Shanghai' });
    const box = await buildBox(t.db, customer.customerId, shop, 1);
    const camera = box.cameraIds[0] as string;
    await sendBatch(t.app, box.token, [
      line(camera, '2026-03-02T09:00:00+08:00', 'in', 5),
      line(camera, '2026-03-02T09:00:00+08:00', 'in', 2, true),
      line(camera, '2026-03-02T10:00:00+08:00', 'out', 4),
      line(camera, '2026-03-02T10:00:00+08:00', 'out', 2, true),
      visit('staff-1', '2026-03-02T08:45:00+08:00', 60, { isStaff: true }),
      visit('v-1', '2026-03-02T09:10:00+08:00', 12, { gender: 'female', ageBand: '25-34' }),
      visit('v-2', '2026-03-02T09:20:00+08:00', 3, { gender: 'male', ageBand: '45-54' }),
      visit('v-3', '2026-03-02T09:30:00+08:00', 25, { gender: 'female', ageBand: 'unknown' }),
    ]);
    const day = (await daily(t.db, shop))['2026-03-02'];
    expect(day).toMatchObject({
      entries: 5,
      exits: 4,
      staff_entries: 2,
      visits: 3,
      staff_visits: 1,
      new_visits: 3,
      repeat_visits: 0,
      dwell_sum_s: (12 + 3 + 25) * 60,
      // Deep: at least 5 minutes (default). Depth: light 5-10, moderate 10-20, deep above 20.
      deep_visits: 2,
      depth_light: 0,
      depth_moderate: 1,
      depth_deep: 1,
      dwell_b1: 1,
      dwell_b3: 1,
      dwell_b4: 1,
      gender_female: 2,
      gender_male: 1,
      age_2: 1,
      age_4: 1,
      age_6: 1,
    });
  });

  it('corrects new and repeat when a late visit arrives before visits already stored', async () => {
    clockAt('2026-03-10T12:00:00Z');
    const shop = await buildShop(t.db, customer.customerId, customer.rootOrgId, { timeZone: 'Asia/Shanghai' });
    const box = await buildBox(t.db, customer.customerId, shop, 1);
    await sendBatch(t.app, box.token, [visit('anna', '2026-03-05T10:00:00+08:00', 10), visit('ben', '2026-03-05T11:00:00+08:00', 10)]);
    await sendBatch(t.app, box.token, [visit('anna', '2026-03-08T10:00:00+08:00', 10)]);
    let days = await daily(t.db, shop);
    expect(days['2026-03-05']).toMatchObject({ visits: 2, new_visits: 2, repeat_visits: 0 });
    expect(days['2026-03-08']).toMatchObject({ visits: 1, new_visits: 0, repeat_visits: 1 });

    // The box was offline: a visit of 2 March arrives now. Anna's first visit was really on the 2nd.
    await sendBatch(t.app, box.token, [visit('anna', '2026-03-02T15:00:00+08:00', 10), visit('ben', '2026-03-06T09:00:00+08:00', 10)]);
    days = await daily(t.db, shop);
    expect(days['2026-03-02']).toMatchObject({ visits: 1, new_visits: 1, repeat_visits: 0 });
    expect(days['2026-03-05']).toMatchObject({ visits: 2, new_visits: 1, repeat_visits: 1 });
    expect(days['2026-03-06']).toMatchObject({ visits: 1, new_visits: 0, repeat_visits: 1 });
    const weeks = await t.db.selectFrom('traffic_shop_weekly').selectAll().where('shop_id', '=', shop).orderBy('week_start').execute();
    expect(weeks.map((row) => [row.week_start, row.new_visits, row.repeat_visits])).toEqual([['2026-03-02', 2, 3]]);
    const annas = await t.db
      .selectFrom('traffic_visits')
      .select(['entered_at', 'is_new', 'revisit_gap_s'])
      .where('shop_id', '=', shop)
      .where('visitor_id', '=', 'anna')
      .orderBy('entered_at')
      .execute();
    expect(annas.map((row) => [row.is_new, row.revisit_gap_s])).toEqual([
      [1, null],
      [0, (2 * 24 + 19) * 3600],
      [0, 3 * 24 * 3600],
    ]);
    const before = await snapshot(t.db, shop);
    await createRebuildService({ db: t.db, calendar: createCalendarService({ db: t.db }) }).rebuild({ customerIds: [customer.customerId], shopIds: [shop] });
    expect(await snapshot(t.db, shop)).toEqual(before);
  });

  it('counts a batch once however often it is sent, and a visit once whichever batch repeats it', async () => {
    clockAt('2026-03-10T12:00:00Z');
    const shop = await buildShop(t.db, customer.customerId, customer.rootOrgId, { timeZone: 'Asia/Shanghai' });
    const box = await buildBox(t.db, customer.customerId, shop, 1);
    const camera = box.cameraIds[0] as string;
    const events = [line(camera, '2026-03-09T10:00:00+08:00', 'in', 3), visit('cara', '2026-03-09T10:05:00+08:00', 8)];
    const first = await sendBatch(t.app, box.token, events, 'same-batch');
    const again = await sendBatch(t.app, box.token, events, 'same-batch');
    expect(again.body.data).toEqual(first.body.data);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await sendBatch(t.app, box.token, [visit('cara', '2026-03-09T10:05:00+08:00', 8)], 'another-batch');
    expect(other.body.data).toMatchObject({ accepted: 0, duplicates: 1 });
    const day = (await daily(t.db, shop))['2026-03-09'];
    expect(day).toMatchObject({ entries: 3, visits: 1, new_visits: 1 });
  });

  it('stops collecting at the closing time of a closed shop and says how many events it ignored', async () => {
    const shop = await buildShop(t.db, customer.customerId, customer.rootOrgId, { timeZone: 'Asia/Shanghai' });
    const box = await buildBox(t.db, customer.customerId, shop, 1);
    const camera = box.cameraIds[0] as string;
    const admin = await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.superManager }]);
    const session = await signIn(t.app, admin.loginName, customer.customerId);
    const closing = await call(t.app, 'POST', '/api/shop/update', { shopId: shop, status: 'closed', confirmClose: true }, session);
    expect(closing.body.status, closing.body.msg).toBe(200);
    const closedAt = (await t.db.selectFrom('shops').select('closed_at').where('id', '=', shop).executeTakeFirstOrThrow()).closed_at as string;
    const before = new Date(Date.parse(closedAt) - 3_600_000).toISOString();
    const after = new Date(Date.parse(closedAt) + 60_000).toISOString();
    advanceClock(120_000);
    const response = await sendBatch(t.app, box.token, [
      line(camera, before, 'in', 2),
      line(camera, after, 'in', 5),
      visit('late', after, 1),
      { type: 'heartbeat', at: after },
    ]);
    expect(response.body.data).toMatchObject({ accepted: 1, ignoredClosed: 2 });
    const rows = await t.db
      .selectFrom('traffic_shop_daily')
      .select((eb) => eb.fn.sum<number>('entries').as('entries'))
      .where('shop_id', '=', shop)
      .executeTakeFirstOrThrow();
    expect(Number(rows.entries)).toBe(2);
  });
});

describe('rebuild from raw events', () => {
  it('gives the same numbers as ingest for simulated weeks delivered out of order, duplicates and all', async () => {
    clockAt('2026-04-12T00:00:00Z');
    const shopId = await buildShop(t.db, customer.customerId, customer.rootOrgId, { timeZone: 'Australia/Sydney' });
    const box: TestBox = await buildBox(t.db, customer.customerId, shopId, 2);
    const sim: SimShop = {
      device: { customerId: customer.customerId, boxId: box.boxId, shopId },
      number: 'REBUILD-1',
      timeZone: 'Australia/Sydney',
      shopType: 'direct',
      businessHours: '09:00-21:00',
      staffCount: 4,
      country: 'AU',
      entranceCameraIds: [box.cameraIds[0] as string],
      zoneCameraIds: [box.cameraIds[1] as string],
      baseVisits: 60,
    };
    const simulator = createSimulator(7);
    // 28 March to 10 April 2026 spans Sydney's April daylight-saving change.
    const dates = Array.from({ length: 14 }, (_, index) => new Date(Date.UTC(2026, 2, 28 + index)).toISOString().slice(0, 10));
    const deviceApi = createDeviceApiService({
      db: t.db,
      calendar: createCalendarService({ db: t.db }),
      floorplan: createFloorplanService({ db: t.db, storage: objectStorageOf(t.config) }),
      storage: objectStorageOf(t.config),
    });
    // Later days first: every earlier day arrives late, after visits that follow it.
    const batches = dates.reverse().flatMap((date) => batchesOf(simulator.dayEvents(sim, date), Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, 700));
    let sent = 0;
    for (const [index, events] of batches.entries()) {
      await deviceApi.receiveBatch(sim.device, { batchId: `rebuild-${index}`, events });
      sent += events.length;
    }
    // A retried batch and a re-sent half of another change nothing.
    await deviceApi.receiveBatch(sim.device, { batchId: 'rebuild-0', events: batches[0] ?? [] });
    await deviceApi.receiveBatch(sim.device, { batchId: 'rebuild-again', events: (batches[3] ?? []).filter((event) => event.type === 'visit') });
    expect(sent).toBeGreaterThan(1000);

    const ingested = await snapshot(t.db, shopId);
    const repeats = await t.db
      .selectFrom('traffic_shop_daily')
      .select((eb) => [eb.fn.sum<number>('repeat_visits').as('repeat'), eb.fn.sum<number>('visits').as('visits')])
      .where('shop_id', '=', shopId)
      .executeTakeFirstOrThrow();
    expect(Number(repeats.repeat)).toBeGreaterThan(0);
    // Wipe the rollups to prove the rebuild writes them, then rebuild.
    await t.db.deleteFrom('traffic_shop_daily').where('shop_id', '=', shopId).execute();
    const result = await createRebuildService({ db: t.db, calendar: createCalendarService({ db: t.db }) }).rebuild({
      customerIds: [customer.customerId],
      shopIds: [shopId],
    });
    expect(result.shops).toBe(1);
    expect(await snapshot(t.db, shopId)).toEqual(ingested);
  });
});
