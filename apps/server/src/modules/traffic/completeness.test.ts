import { type DashboardResponse, type RankingResponse, RoleId, type TrendResponse } from '@storelens/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, download, sheetRows, signInWithRole } from '../../../test/factories.ts';
import { createTestApp, postersFor, type TestApp } from '../../../test/harness.ts';
import { buildBox, line, sendBatch, type TestBox } from '../../../test/support/traffic.ts';
import { resetClock, setClock } from '../../platform/time/clock.ts';
import { createCalendarService } from '../calendar/calendar.service.ts';
import { createRebuildService } from './rebuild.ts';

/**
 * Data completeness from device gaps (issue 11). Both shops in Shanghai, open 10:00-22:00; their
 * boxes send a heartbeat at 5 past every hour they are up. 'Steady' (C-1): 8 March nothing (before
 * its history), 9 March up all day with 3 entries at 12:00, 10 March down from 15:00 to 18:00 (no
 * heartbeat at 15, 16, 17) with 2 entries at 11:00; today (11 March, 14:30) up since 10:00.
 * 'Flaky' (C-2): today up at 10 and 11, silent at 12 and 13. The clock: 14:30 on 11 March.
 */
const NOW = '2026-03-11T06:30:00Z';
let t: TestApp;
let steady: TestBox;
let flaky: TestBox;
let admin: { token: string; cid: string };
const { data } = postersFor(() => t.app);
const cn = (date: string, time: string) => `${date}T${time}:00+08:00`;
const heartbeat = (at: string) => ({ type: 'heartbeat', at }) as const;
const hours = (date: string, list: readonly number[]) => list.map((hour) => heartbeat(cn(date, `${String(hour).padStart(2, '0')}:05`)));
const range = (startDate: string, endDate: string) => ({ startDate, endDate });
const allDay = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21];

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  const customer = await buildCustomer(t.db, 'Completeness Co');
  steady = await buildBox(t.db, customer.customerId, await buildShop(t.db, customer.customerId, customer.rootOrgId, { number: 'C-1', name: 'Steady' }), 1);
  flaky = await buildBox(t.db, customer.customerId, await buildShop(t.db, customer.customerId, customer.rootOrgId, { number: 'C-2', name: 'Flaky' }), 1);
  const [a] = steady.cameraIds as [string];
  const [b] = flaky.cameraIds as [string];
  const events = [
    ...hours('2026-03-09', allDay),
    line(a, cn('2026-03-09', '12:00'), 'in', 3),
    ...hours('2026-03-10', [10, 11, 12, 13, 14, 18, 19, 20, 21]),
    line(a, cn('2026-03-10', '11:00'), 'in', 2),
    ...hours('2026-03-11', [10, 11, 12, 13, 14]),
    line(a, cn('2026-03-11', '11:00'), 'in', 4),
  ];
  expect((await sendBatch(t.app, steady.token, events)).body.status).toBe(200);
  expect((await sendBatch(t.app, flaky.token, [...hours('2026-03-11', [10, 11]), line(b, cn('2026-03-11', '10:30'), 'in', 1)])).body.status).toBe(200);
  admin = await signInWithRole(t.app, t.db, customer.customerId, RoleId.superManager);
});
beforeEach(() => setClock(NOW));
afterAll(async () => {
  resetClock();
  await t.close();
});

const trend = (input: object) => data<TrendResponse>(admin, '/api/traffic/trend', { indicators: ['entries'], shopIds: [steady.shopId], ...input });
const coverageRows = () =>
  t.db
    .selectFrom('traffic_shop_coverage')
    .select(['local_date', 'hour', 'reports'])
    .where('shop_id', '=', steady.shopId)
    .where('local_date', '=', '2026-03-09')
    .orderBy('hour')
    .execute();

describe('data completeness', () => {
  it('shows a day before the history as no data, a device outage as incomplete, a quiet complete day as complete', async () => {
    const days = await trend({ ...range('2026-03-08', '2026-03-10'), granularity: 'day' });
    expect(days.points.map((point) => [point.key, point.values.entries, point.coverage])).toEqual([
      ['2026-03-08', null, { shops: 1, reporting: 0, complete: 0 }],
      ['2026-03-09', 3, { shops: 1, reporting: 1, complete: 1 }],
      ['2026-03-10', 2, { shops: 1, reporting: 1, complete: 0 }],
    ]);
    // By hour: the outage (15-17) has no data; 14:00 reported without traffic: 0.
    const byHour = await trend({ ...range('2026-03-10', '2026-03-10'), granularity: 'hour' });
    const at = (hour: number) => byHour.points[hour];
    expect([14, 15, 16, 17, 18].map((hour) => [at(hour)?.values.entries, at(hour)?.coverage?.reporting])).toEqual([
      [0, 1],
      [null, 0],
      [null, 0],
      [null, 0],
      [0, 1],
    ]);
  });

  it('exports missing and incomplete buckets as such, not as 0', async () => {
    const query = { ...range('2026-03-08', '2026-03-10'), granularity: 'day', indicators: ['entries'], shopIds: [steady.shopId] };
    const file = await download(t.app, 'POST', '/api/traffic/export', { table: 'trend', query }, { ...admin, lang: 'en' });
    const rows = await sheetRows(file.content);
    expect(rows.slice(-3)).toEqual([
      // The entries cell is left empty: missing, not 0.
      ['2026-03-08 (No data)'],
      ['2026-03-09', '3'],
      ['2026-03-10 (Incomplete data)', '2'],
    ]);
  });

  it('flags incomplete store-days in rankings and leaves shops without data out of comparisons', async () => {
    const ranking = await data<RankingResponse>(admin, '/api/traffic/storeRanking', { ...range('2026-03-09', '2026-03-10'), indicator: 'entries' });
    // C-1: 9 March complete, 10 March incomplete; C-2 reported nothing then: no value, every day missing.
    expect(ranking.rows.map((row) => [row.shopNumber, row.value, row.incompleteDays, row.comparable])).toEqual([
      ['C-1', 5, 1, false],
      ['C-2', null, 2, false],
    ]);
  });

  it("says on the dashboard whose devices reported through today's passed business hours", async () => {
    const board = await data<DashboardResponse>(admin, '/api/traffic/dashboard', {});
    // 14:30: hours 10-13 are due; C-1 reported in each, C-2 not at 12 and 13.
    expect(board.shops.map((shop) => [shop.shopNumber, shop.values.entries, shop.complete])).toEqual([
      ['C-1', 4, true],
      ['C-2', 1, false],
    ]);
  });

  it('keeps the coverage on rebuild and moves it with a changed time zone; a replayed batch adds nothing', async () => {
    const before = await coverageRows();
    expect(before.map((row) => row.hour)).toEqual(allDay);
    expect(before.find((row) => row.hour === 12)?.reports).toBe(2);
    const rebuild = () => createRebuildService({ db: t.db, calendar: createCalendarService({ db: t.db }) }).rebuild({ shopIds: [steady.shopId] });
    await rebuild();
    expect(await coverageRows()).toEqual(before);
    const replayed = await sendBatch(t.app, steady.token, [heartbeat(cn('2026-03-09', '12:30'))], 'replay-1');
    expect(replayed.body.status).toBe(200);
    await sendBatch(t.app, steady.token, [heartbeat(cn('2026-03-09', '12:30'))], 'replay-1');
    expect((await coverageRows()).find((row) => row.hour === 12)?.reports).toBe(3);
    // Seoul is an hour ahead of Shanghai: 10:05 in Shanghai is 11:05 there.
    await t.db.updateTable('shops').set({ time_zone: 'Asia/Seoul' }).where('id', '=', steady.shopId).execute();
    await rebuild();
    expect((await coverageRows()).map((row) => row.hour)).toEqual(allDay.map((hour) => hour + 1));
    await t.db.updateTable('shops').set({ time_zone: 'Asia/Shanghai' }).where('id', '=', steady.shopId).execute();
    await rebuild();
    expect((await coverageRows()).map((row) => row.hour)).toEqual(allDay);
  });
});
