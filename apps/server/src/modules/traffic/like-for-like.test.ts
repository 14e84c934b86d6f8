import { type ComparisonResponse, type RankingResponse, RoleId } from '@storelens/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, signInWithRole } from '../../../test/factories.ts';
import { createTestApp, postersFor, type TestApp } from '../../../test/harness.ts';
import { buildBox, line, sendBatch, type TestBox } from '../../../test/support/traffic.ts';
import { resetClock, setClock } from '../../platform/time/clock.ts';
import { addDays, datesOf } from '../../platform/time/local-time.ts';

/**
 * Like-for-like comparisons against hand-computed figures (issue 11). Both shops are in Shanghai,
 * open 10:00-22:00. 'Full' (F-1) has every day from 1 February: 10 entries at 11:00, 4 at 14:00 and
 * 6 at 18:00 (20 a day); today, Wednesday 11 March, 10 at 11:00 and 4 at 14:00 so far. 'New' (N-1)
 * opened on 5 March: 5 entries at 12:00 every day since. The clock: 14:30 on 11 March.
 */
const NOW = '2026-03-11T06:30:00Z';
let t: TestApp;
let full: TestBox;
let opened: TestBox;
let admin: { token: string; cid: string };
const { data } = postersFor(() => t.app);
const cn = (date: string, time: string) => `${date}T${time}:00+08:00`;
const range = (startDate: string, endDate: string) => ({ startDate, endDate });

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  const customer = await buildCustomer(t.db, 'Like for Like Co');
  full = await buildBox(t.db, customer.customerId, await buildShop(t.db, customer.customerId, customer.rootOrgId, { number: 'F-1', name: 'Full' }), 1);
  opened = await buildBox(t.db, customer.customerId, await buildShop(t.db, customer.customerId, customer.rootOrgId, { number: 'N-1', name: 'New' }), 1);
  const [a] = full.cameraIds as [string];
  const [b] = opened.cameraIds as [string];
  const history = datesOf('2026-02-01', '2026-03-10').flatMap((date) => [
    line(a, cn(date, '11:00'), 'in', 10),
    line(a, cn(date, '14:00'), 'in', 4),
    line(a, cn(date, '18:00'), 'in', 6),
  ]);
  history.push(line(a, cn('2026-03-11', '11:00'), 'in', 10), line(a, cn('2026-03-11', '14:00'), 'in', 4));
  expect((await sendBatch(t.app, full.token, history)).body.status).toBe(200);
  expect(
    (
      await sendBatch(
        t.app,
        opened.token,
        datesOf('2026-03-05', '2026-03-11').map((date) => line(b, cn(date, '12:00'), 'in', 5)),
      )
    ).body.status,
  ).toBe(200);
  admin = await signInWithRole(t.app, t.db, customer.customerId, RoleId.superManager);
});
beforeEach(() => setClock(NOW));
afterAll(async () => {
  resetClock();
  await t.close();
});

const ranking = (input: object) => data<RankingResponse>(admin, '/api/traffic/storeRanking', { indicator: 'entries', ...input });
const rows = (answer: RankingResponse) =>
  answer.rows.map((row) => [row.shopNumber, row.value, row.previousValue, row.change === null ? null : Number(row.change.toFixed(4))]);
const compare = (input: object) => data<ComparisonResponse>(admin, '/api/traffic/storeComparison', { indicators: ['entries'], ...input });

describe('like for like', () => {
  it('compares a running day with the same hours of the day before', async () => {
    const today = await ranking(range('2026-03-11', '2026-03-11'));
    // F-1: 14 so far against 10 (11:00) + half of 4 (14:00-15:00 is half over) = 12, not against the whole 20 (-30 %).
    // N-1: 5 against 5 at 12:00 yesterday.
    expect(rows(today)).toEqual([
      ['F-1', 14, 12, Number((14 / 12 - 1).toFixed(4))],
      ['N-1', 5, 5, 0],
    ]);
    expect(today.likeForLike).toEqual({ cut: true, comparableOnly: false, comparedShops: 2, shops: 2 });
    // At 23:00 the shops have closed (22:00): the day is whole and compared with the whole day before.
    setClock('2026-03-11T15:00:00Z');
    expect(rows(await ranking(range('2026-03-11', '2026-03-11')))).toEqual([
      ['F-1', 14, 20, -0.3],
      ['N-1', 5, 5, 0],
    ]);
    // A range that is over is compared whole.
    const yesterday = await ranking(range('2026-03-10', '2026-03-10'));
    expect(rows(yesterday)).toEqual([
      ['F-1', 20, 20, 0],
      ['N-1', 5, 5, 0],
    ]);
    expect(yesterday.likeForLike?.cut).toBe(false);
  });

  it('compares a running week with the same elapsed part of last week', async () => {
    const week = await compare({ shopIds: [full.shopId], rangeA: range('2026-03-02', '2026-03-08'), rangeB: range('2026-03-09', '2026-03-15') });
    // Last week up to Wednesday 14:30: Monday and Tuesday (2 x 20) + Wednesday 10 + 4 x 0.5 = 52; this week 20 + 20 + 14 = 54.
    expect(week.totalsA.entries).toBe(52);
    expect(week.totalsB.entries).toBe(54);
    expect(week.change.entries).toBeCloseTo(54 / 52 - 1, 10);
    expect(week.series.map((pair) => [pair.dateA, pair.a.entries, pair.b.entries, pair.partial ?? ''])).toEqual([
      ['2026-03-02', 20, 20, ''],
      ['2026-03-03', 20, 20, ''],
      ['2026-03-04', 12, 14, 'running'],
      // The days of this week still to come have no data (null), not 0; last week's are cut out of the
      // comparison and have no values either (they were not summed: a 0 there would read as a closed shop).
      ['2026-03-05', null, null, ''],
      ['2026-03-06', null, null, ''],
      ['2026-03-07', null, null, ''],
      ['2026-03-08', null, null, ''],
    ]);
    // 'This week' in the ranking: Monday to today against the three days before, cut the same way: 2 x 20 + 12.
    expect(rows(await ranking({ ...range('2026-03-09', '2026-03-11'), shopIds: [full.shopId] }))).toEqual([['F-1', 54, 52, Number((54 / 52 - 1).toFixed(4))]]);
  });

  it('compares a running month with the same elapsed part of the month before', async () => {
    const month = await compare({ shopIds: [full.shopId], rangeA: range('2026-02-01', '2026-02-28'), rangeB: range('2026-03-01', '2026-03-28') });
    // 1-10 February (10 x 20) + 11 February up to 14:30 (12) = 212; 1-10 March (200) + today so far (14) = 214.
    expect([month.totalsA.entries, month.totalsB.entries]).toEqual([212, 214]);
    // 'This month' in the ranking: 1-11 March against the 11 days before it (18-28 February), cut alike.
    const thisMonth = await ranking({ ...range('2026-03-01', '2026-03-11'), shopIds: [full.shopId] });
    expect(thisMonth.previousRange).toEqual(range('2026-02-18', '2026-02-28'));
    expect(rows(thisMonth)).toEqual([['F-1', 214, 212, Number((214 / 212 - 1).toFixed(4))]]);
  });

  it('shows what a store opened mid-period does to a comparison of all stores', async () => {
    const month = await compare({ rangeA: range('2026-02-01', '2026-02-28'), rangeB: range('2026-03-01', '2026-03-28') });
    // N-1 opened on 5 March: its 7 days x 5 (35) are in March and nothing is in February.
    expect([month.totalsA.entries, month.totalsB.entries]).toEqual([212, 249]);
    // N-1 has no data in February (null, not 0) and is no comparable store.
    expect(month.shops.map((shop) => [shop.shopNumber, shop.a.entries, shop.b.entries, shop.comparable])).toEqual([
      ['F-1', 212, 214, true],
      ['N-1', null, 35, false],
    ]);
    expect(month.likeForLike).toEqual({ cut: true, comparableOnly: false, comparedShops: 2, shops: 2 });
    // Comparable stores only: F-1 alone, and the answer says so.
    const comp = await compare({ rangeA: range('2026-02-01', '2026-02-28'), rangeB: range('2026-03-01', '2026-03-28'), comparableOnly: true });
    expect([comp.totalsA.entries, comp.totalsB.entries]).toEqual([212, 214]);
    expect(comp.shops.map((shop) => shop.shopNumber)).toEqual(['F-1']);
    expect(comp.likeForLike).toEqual({ cut: true, comparableOnly: true, comparedShops: 1, shops: 2 });
    // The ranking of this week: N-1 reported every compared day (Monday, Tuesday; Friday, Saturday before) and stays.
    const week = await ranking({ ...range('2026-03-09', '2026-03-11'), comparableOnly: true });
    expect(week.rows.map((row) => [row.shopNumber, row.comparable])).toEqual([
      ['F-1', true],
      ['N-1', true],
    ]);
    // This month against the 11 days before: N-1 opened on 5 March and drops out.
    const month2 = await ranking({ ...range('2026-03-01', '2026-03-11'), comparableOnly: true });
    expect(rows(month2)).toEqual([['F-1', 214, 212, Number((214 / 212 - 1).toFixed(4))]]);
    expect(month2.likeForLike).toEqual({ cut: true, comparableOnly: true, comparedShops: 1, shops: 2 });
    const all = await ranking(range('2026-03-01', '2026-03-11'));
    expect(rows(all)).toEqual([
      ['F-1', 214, 212, Number((214 / 212 - 1).toFixed(4))],
      ['N-1', 35, null, null],
    ]);
    expect(all.rows.map((row) => [row.comparable, row.incompleteDays])).toEqual([
      // Neither box sends heartbeats here: F-1 reported at 11, 14 and 18 only, N-1 at 12 only (and nothing on
      // 1-4 March), never through 10:00-22:00, so no day counts as complete (the completeness test has heartbeats).
      [true, 11],
      [false, 11],
    ]);
    expect(addDays('2026-03-05', 6)).toBe('2026-03-11');
  });
});
