import { FLOW_DEFAULTS, RoleId } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, buildUser, countRows, signIn } from '../../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildBox, clockAt, line, passerby, rollupSnapshot, sendBatch, type TestBox, visit, visitHistory } from '../../../test/support/traffic.ts';
import { resetClock } from '../../platform/time/clock.ts';
import { createCalendarService } from '../calendar/calendar.service.ts';
import { createRebuildService } from './rebuild.ts';
import { createRetentionService, retentionHorizon } from './retention.ts';

/**
 * Privacy retention, hand-computed. Shanghai shops (UTC+8, no daylight saving); the server clock
 * stands at Saturday 18 April 2026, 12:00 local. The short-retention customer keeps 30 days, so
 * its horizon is Thursday 19 March: the week of 16 March and the month of March straddle it.
 */
const NOW = '2026-04-18T04:00:00Z';
const at = (date: string, time: string) => `${date}T${time}:00+08:00`;
const DAY_S = 86_400;

let t: TestApp;
let short: { box: TestBox; session: { token: string; cid: string } };
let long: { box: TestBox; session: { token: string; cid: string } };

async function customerWithBox(name: string) {
  const customer = await buildCustomer(t.db, name);
  const shop = await buildShop(t.db, customer.customerId, customer.rootOrgId, { timeZone: 'Asia/Shanghai' });
  const box = await buildBox(t.db, customer.customerId, shop, 2);
  const admin = await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.superManager }]);
  return { box, session: await signIn(t.app, admin.loginName, customer.customerId) };
}

/** Anna comes on the 17th, 20th and 23rd; Ben on the 18th (a deep visit); Cara on the 19th; staff on the 17th. */
function fixture(box: TestBox) {
  const [entrance, zone] = box.cameraIds as [string, string];
  return [
    visit('anna', at('2026-03-17', '10:00'), 10, { gender: 'female', ageBand: '25-34' }),
    visit('anna', at('2026-03-20', '10:00'), 10, { gender: 'female', ageBand: '25-34' }),
    visit('anna', at('2026-03-23', '10:00'), 10, { gender: 'female', ageBand: '25-34' }),
    visit('ben', at('2026-03-18', '11:00'), 25, { gender: 'male', ageBand: '35-44' }),
    visit('cara', at('2026-03-19', '09:30'), 3, { gender: 'female' }),
    visit('staff-1', at('2026-03-17', '08:00'), 120, { isStaff: true }),
    line(entrance, at('2026-03-17', '10:00'), 'in', 5),
    line(entrance, at('2026-03-20', '10:00'), 'in', 4),
    passerby(entrance, at('2026-03-17', '10:00'), 7),
    { type: 'zoneDwell', cameraId: zone, regionId: 'fitting', visitorId: 'ben', enteredAt: at('2026-03-18', '11:05'), exitedAt: at('2026-03-18', '11:10') },
    { type: 'zoneDwell', cameraId: zone, regionId: 'fitting', visitorId: 'anna', enteredAt: at('2026-03-20', '10:02'), exitedAt: at('2026-03-20', '10:05') },
  ];
}

const purge = () => createRetentionService({ db: t.db, calendar: createCalendarService({ db: t.db }) }).purge();
const rebuild = (box: TestBox) =>
  createRebuildService({ db: t.db, calendar: createCalendarService({ db: t.db }) }).rebuild({ customerIds: [box.customerId], shopIds: [box.shopId] });

const PERIOD_COLUMN = { traffic_shop_daily: 'local_date', traffic_shop_weekly: 'week_start', traffic_shop_monthly: 'month' } as const;

async function rollup(table: keyof typeof PERIOD_COLUMN, box: TestBox) {
  const rows: Record<string, string | number>[] = await t.db.selectFrom(table).selectAll().where('shop_id', '=', box.shopId).execute();
  return Object.fromEntries(
    rows.map((row) => [
      String(row[PERIOD_COLUMN[table]]),
      {
        entries: Number(row.entries),
        passersby: Number(row.passersby),
        visits: Number(row.visits),
        new: Number(row.new_visits),
        repeat: Number(row.repeat_visits),
        staff: Number(row.staff_visits),
        deep: Number(row.deep_visits),
      },
    ]),
  );
}

async function rawCounts(box: TestBox) {
  const count = async (table: 'traffic_visits' | 'traffic_zone_events' | 'traffic_line_events' | 'traffic_passerby_events') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('shop_id', '=', box.shopId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    visits: await count('traffic_visits'),
    zones: await count('traffic_zone_events'),
    lines: await count('traffic_line_events'),
    passersby: await count('traffic_passerby_events'),
  };
}

/** Per visitor: [entered_at, is_new, revisit gap in seconds]. */
async function visitsOf(box: TestBox, visitorId: string) {
  const rows = await t.db
    .selectFrom('traffic_visits')
    .select(['entered_at', 'is_new', 'revisit_gap_s'])
    .where('shop_id', '=', box.shopId)
    .where('visitor_id', '=', visitorId)
    .orderBy('entered_at')
    .execute();
  return rows.map((row) => [row.entered_at, row.is_new, row.revisit_gap_s]);
}

async function horizonOf(box: TestBox) {
  const row = await t.db.selectFrom('traffic_retention').select('retained_from').where('shop_id', '=', box.shopId).executeTakeFirst();
  return row?.retained_from ?? null;
}

/** What the trend screen shows for the straddling weeks and month (read from the weekly and monthly rollups). */
async function reports(session: { token: string; cid: string }) {
  const indicators = ['entries', 'passersby', 'visits', 'newVisitors', 'repeatVisitors', 'deepVisits'];
  const answers = [];
  for (const [granularity, startDate, endDate] of [
    ['day', '2026-03-16', '2026-03-23'],
    ['week', '2026-03-16', '2026-03-29'],
    ['month', '2026-03-01', '2026-03-31'],
  ]) {
    const response = await call(t.app, 'POST', '/api/traffic/trend', { startDate, endDate, granularity, indicators }, session);
    expect(response.body.status, response.body.msg).toBe(200);
    answers.push((response.body.data as { points: unknown[] }).points);
  }
  return answers;
}

let beforePurge: Awaited<ReturnType<typeof rollupSnapshot>>;
let reportsBefore: unknown[];

beforeAll(async () => {
  t = await createTestApp();
  clockAt(NOW);
  short = await customerWithBox('Short Retention Co');
  long = await customerWithBox('Long Retention Co');
  const saved = await call(t.app, 'POST', '/api/privacy/update', { blurFaces: true, retentionDays: 30 }, short.session);
  expect(saved.body.status, saved.body.msg).toBe(200);
  for (const { box } of [short, long]) {
    const response = await sendBatch(t.app, box.token, fixture(box));
    expect(response.body.data).toMatchObject({ accepted: 11, ignoredExpired: 0 });
  }
});
afterAll(async () => {
  resetClock();
  await t.close();
});

describe('retention horizon', () => {
  it("is the shop's local today minus the retention days", () => {
    expect(retentionHorizon('Asia/Shanghai', 30, new Date(NOW))).toBe('2026-03-19');
    expect(retentionHorizon('Asia/Shanghai', 400, new Date(NOW))).toBe('2025-03-14');
    // 23:30 UTC on the 17th is already the 18th in Shanghai, still the 17th in New York.
    expect(retentionHorizon('Asia/Shanghai', 30, new Date('2026-04-17T23:30:00Z'))).toBe('2026-03-19');
    expect(retentionHorizon('America/New_York', 30, new Date('2026-04-17T23:30:00Z'))).toBe('2026-03-18');
  });
});

let coverageBefore: string[] = [];
const coverageOf = async (shopId: string) =>
  (
    await t.db
      .selectFrom('traffic_shop_coverage')
      .select(['local_date', 'hour', 'reports'])
      .where('shop_id', '=', shopId)
      .orderBy('local_date')
      .orderBy('hour')
      .execute()
  ).map((row) => `${row.local_date} ${row.hour} ${row.reports}`);

describe('purge', () => {
  it('starts from hand-computed rollups', async () => {
    const days = await rollup('traffic_shop_daily', short.box);
    expect(days).toEqual({
      '2026-03-17': { entries: 5, passersby: 7, visits: 1, new: 1, repeat: 0, staff: 1, deep: 1 },
      '2026-03-18': { entries: 0, passersby: 0, visits: 1, new: 1, repeat: 0, staff: 0, deep: 1 },
      '2026-03-19': { entries: 0, passersby: 0, visits: 1, new: 1, repeat: 0, staff: 0, deep: 0 },
      '2026-03-20': { entries: 4, passersby: 0, visits: 1, new: 0, repeat: 1, staff: 0, deep: 1 },
      '2026-03-23': { entries: 0, passersby: 0, visits: 1, new: 0, repeat: 1, staff: 0, deep: 1 },
    });
    expect(await rollup('traffic_shop_weekly', short.box)).toEqual({
      '2026-03-16': { entries: 9, passersby: 7, visits: 4, new: 3, repeat: 1, staff: 1, deep: 3 },
      '2026-03-23': { entries: 0, passersby: 0, visits: 1, new: 0, repeat: 1, staff: 0, deep: 1 },
    });
    expect(await rollup('traffic_shop_monthly', short.box)).toEqual({
      '2026-03': { entries: 9, passersby: 7, visits: 5, new: 3, repeat: 2, staff: 1, deep: 4 },
    });
    beforePurge = await rollupSnapshot(t.db, short.box.shopId);
    reportsBefore = await reports(short.session);
    coverageBefore = await coverageOf(short.box.shopId);
    // Every hour with an event was reported in (issue 11), 17 March included.
    expect(coverageBefore.some((row) => row.startsWith('2026-03-17'))).toBe(true);
  });

  it("deletes each customer's visit-level rows before its own horizon and keeps every rollup", async () => {
    const result = await purge();
    expect(result).toMatchObject({ customers: 2, shops: 2 });
    // Only the short-retention shop had rows before its horizon: Anna's and the staff visit of the 17th, Ben's of the 18th.
    expect(result.deleted).toEqual({ traffic_visits: 3, traffic_zone_events: 1, traffic_line_events: 1, traffic_passerby_events: 1 });
    expect(await horizonOf(short.box)).toBe('2026-03-19');
    expect(await rawCounts(short.box)).toEqual({ visits: 3, zones: 1, lines: 1, passersby: 0 });
    expect(await visitsOf(short.box, 'ben')).toEqual([]);
    // Anna's first retained visit keeps what was decided when her history was known.
    expect(await visitsOf(short.box, 'anna')).toEqual([
      ['2026-03-20T02:00:00.000Z', 0, 3 * DAY_S],
      ['2026-03-23T02:00:00.000Z', 0, 3 * DAY_S],
    ]);
    // The long-retention customer keeps everything.
    expect(await horizonOf(long.box)).toBe('2025-03-14');
    expect(await rawCounts(long.box)).toEqual({ visits: 6, zones: 2, lines: 2, passersby: 1 });
    expect(await visitsOf(long.box, 'ben')).toHaveLength(1);
    // Reports of the purged dates do not change.
    expect(await rollupSnapshot(t.db, short.box.shopId)).toEqual(beforePurge);
    expect(await reports(short.session)).toEqual(reportsBefore);
    // Coverage stays like the rollups it qualifies: purged days are not turned into missing days.
    expect(await coverageOf(short.box.shopId)).toEqual(coverageBefore);
  });

  it('rebuilds after the purge to the same rollups as before it, straddling week and month included', async () => {
    const visitsAfterPurge = await visitHistory(t.db, short.box.shopId);
    await t.db.deleteFrom('traffic_shop_weekly').where('shop_id', '=', short.box.shopId).where('week_start', '=', '2026-03-16').execute();
    await t.db.deleteFrom('traffic_shop_daily').where('shop_id', '=', short.box.shopId).where('local_date', '=', '2026-03-20').execute();
    const result = await rebuild(short.box);
    expect(result).toEqual({ shops: 1, events: 5 });
    expect(await rollupSnapshot(t.db, short.box.shopId)).toEqual(beforePurge);
    expect(await visitHistory(t.db, short.box.shopId)).toEqual(visitsAfterPurge);
    expect(await reports(short.session)).toEqual(reportsBefore);
  });

  it('applies a changed flow configuration to retained dates only; the final days stay as they were', async () => {
    const update = (deepVisitMinutes: number) => call(t.app, 'POST', '/api/customerKvSetting/update', { ...FLOW_DEFAULTS, deepVisitMinutes }, short.session);
    expect((await update(15)).body.status).toBe(200);
    await rebuild(short.box);
    const days = await rollup('traffic_shop_daily', short.box);
    // Anna's 10-minute visits are no longer deep from the 19th on; her visit of the 17th was rolled up under 5 minutes and stays.
    expect([days['2026-03-17']?.deep, days['2026-03-18']?.deep, days['2026-03-20']?.deep, days['2026-03-23']?.deep]).toEqual([1, 1, 0, 0]);
    expect((await rollup('traffic_shop_weekly', short.box))['2026-03-16']).toMatchObject({ visits: 4, new: 3, repeat: 1, deep: 2 });
    expect((await rollup('traffic_shop_monthly', short.box))['2026-03']).toMatchObject({ visits: 5, deep: 2 });
    expect((await update(FLOW_DEFAULTS.deepVisitMinutes)).body.status).toBe(200);
    await rebuild(short.box);
    expect(await rollupSnapshot(t.db, short.box.shopId)).toEqual(beforePurge);
  });

  it('ingests after the purge: purged visitors are new again, older events are not collected, rebuild still equals ingest', async () => {
    const [entrance] = short.box.cameraIds as [string];
    const response = await sendBatch(t.app, short.box.token, [
      visit('ben', at('2026-04-10', '10:00'), 10),
      visit('anna', at('2026-04-10', '11:00'), 10),
      // A retained date, before Anna's first retained visit: her predecessor is forgotten, so it is her first.
      visit('anna', at('2026-03-19', '15:00'), 10),
      // Before the horizon: those days are final.
      visit('dora', at('2026-03-18', '12:00'), 5),
      line(entrance, at('2026-03-18', '12:00'), 'in', 2),
    ]);
    expect(response.body.data).toMatchObject({ accepted: 3, ignoredExpired: 2, ignoredClosed: 0 });
    expect(await visitsOf(short.box, 'ben')).toEqual([['2026-04-10T02:00:00.000Z', 1, null]]);
    expect(await visitsOf(short.box, 'anna')).toEqual([
      ['2026-03-19T07:00:00.000Z', 1, null],
      ['2026-03-20T02:00:00.000Z', 0, 19 * 3600],
      ['2026-03-23T02:00:00.000Z', 0, 3 * DAY_S],
      ['2026-04-10T03:00:00.000Z', 0, 18 * DAY_S + 3600],
    ]);
    const days = await rollup('traffic_shop_daily', short.box);
    expect(days['2026-03-18']).toEqual({ entries: 0, passersby: 0, visits: 1, new: 1, repeat: 0, staff: 0, deep: 1 });
    expect(days['2026-03-19']).toMatchObject({ visits: 2, new: 2, repeat: 0 });
    expect(days['2026-04-10']).toMatchObject({ visits: 2, new: 1, repeat: 1 });
    expect(await countRows(t.db, 'traffic_visits')).toBe(3 + 3 + 6);

    const ingested = { rollups: await rollupSnapshot(t.db, short.box.shopId), visits: await visitHistory(t.db, short.box.shopId) };
    await rebuild(short.box);
    expect({ rollups: await rollupSnapshot(t.db, short.box.shopId), visits: await visitHistory(t.db, short.box.shopId) }).toEqual(ingested);
  });

  it('never moves the horizon back: a longer retention set later neither restores nor reopens purged days', async () => {
    expect((await call(t.app, 'POST', '/api/privacy/update', { blurFaces: true, retentionDays: 400 }, short.session)).body.status).toBe(200);
    const again = await purge();
    expect(Object.values(again.deleted).reduce((sum, n) => sum + n, 0)).toBe(0);
    expect(await horizonOf(short.box)).toBe('2026-03-19');
    const late = await sendBatch(t.app, short.box.token, [visit('erin', at('2026-03-18', '16:00'), 5)]);
    expect(late.body.data).toMatchObject({ accepted: 0, ignoredExpired: 1 });
  });

  it('moves the horizon with the clock: two days later the 19th and 20th go, and the rebuild still agrees', async () => {
    expect((await call(t.app, 'POST', '/api/privacy/update', { blurFaces: true, retentionDays: 30 }, short.session)).body.status).toBe(200);
    clockAt('2026-04-20T04:00:00Z');
    const before = await rollupSnapshot(t.db, short.box.shopId);
    const result = await purge();
    // Cara and Anna on the 19th, Anna on the 20th; her zone stay and the line crossing of the 20th.
    expect(result.deleted).toEqual({ traffic_visits: 3, traffic_zone_events: 1, traffic_line_events: 1, traffic_passerby_events: 0 });
    expect(await horizonOf(short.box)).toBe('2026-03-21');
    expect(await visitsOf(short.box, 'anna')).toEqual([
      ['2026-03-23T02:00:00.000Z', 0, 3 * DAY_S],
      ['2026-04-10T03:00:00.000Z', 0, 18 * DAY_S + 3600],
    ]);
    expect(await rollupSnapshot(t.db, short.box.shopId)).toEqual(before);
    const visits = await visitHistory(t.db, short.box.shopId);
    await rebuild(short.box);
    expect(await rollupSnapshot(t.db, short.box.shopId)).toEqual(before);
    expect(await visitHistory(t.db, short.box.shopId)).toEqual(visits);
    // The long-retention customer is untouched by all of it.
    expect(await rawCounts(long.box)).toEqual({ visits: 6, zones: 2, lines: 2, passersby: 1 });
  });
});
