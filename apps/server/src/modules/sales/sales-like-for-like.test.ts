import { type PeriodComparisonResponse, RoleId, type SalesRankingResponse, type SalesSummaryResponse, type SalesTrendResponse } from '@storelens/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, type Session, signInWithRole } from '../../../test/factories.ts';
import { createTestApp, postersFor, type TestApp } from '../../../test/harness.ts';
import { importDailyOrders } from '../../../test/support/sales.ts';
import { resetClock, setClock } from '../../platform/time/clock.ts';

/**
 * Sales like for like (issue 11): POS data arrives for finished days only. Shop S-1 (Shanghai) sold
 * 100.00 a day (one order) from 20 February to 10 March; S-2 opened on 6 March and sold 50.00 a day
 * since; today, Wednesday 11 March (14:00), has no POS data yet.
 */
const NOW = '2026-03-11T06:00:00Z';
let t: TestApp;
let admin: Session;
let s1 = '';
const { data } = postersFor(() => t.app);
const range = (startDate: string, endDate: string) => ({ startDate, endDate });

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  const customer = await buildCustomer(t.db, 'Sales LfL Co');
  s1 = await buildShop(t.db, customer.customerId, customer.rootOrgId, { number: 'S-1', name: 'Sales One', timeZone: 'Asia/Shanghai' });
  // S-2 opened on 6 March: 50.00 a day since.
  await buildShop(t.db, customer.customerId, customer.rootOrgId, { number: 'S-2', name: 'Sales Two', timeZone: 'Asia/Shanghai' });
  await importDailyOrders(t, customer.customerId, 'lfl.xlsx', [
    { shopNumber: 'S-1', from: '2026-02-20', to: '2026-03-10', amount: 100, prefix: 'L' },
    { shopNumber: 'S-2', from: '2026-03-06', to: '2026-03-10', amount: 50, prefix: 'M' },
  ]);
  admin = await signInWithRole(t.app, t.db, customer.customerId, RoleId.superManager);
});
beforeEach(() => setClock(NOW));
afterAll(async () => {
  resetClock();
  await t.close();
});

describe('sales like for like', () => {
  it("compares 'last 7 days, today included' on its finished days only", async () => {
    const summary = await data<SalesSummaryResponse>(admin, '/api/sales/summary', { ...range('2026-03-05', '2026-03-11'), shopIds: [s1] });
    // Before: 600 (6 days with data) against 700 (7 days) = -14.3 %. Now: 5-10 March (600) against 26 February - 3 March (600).
    expect(summary.previousRange).toEqual(range('2026-02-26', '2026-03-04'));
    expect(summary.comparedRange).toEqual(range('2026-03-05', '2026-03-10'));
    expect(summary.previousComparedRange).toEqual(range('2026-02-26', '2026-03-03'));
    expect([summary.values.netSales, summary.previous.netSales, summary.change.netSales]).toEqual([600, 600, 0]);
    expect(summary.likeForLike?.cut).toBe(true);
    // A range of finished days is compared whole.
    const finished = await data<SalesSummaryResponse>(admin, '/api/sales/summary', { ...range('2026-03-04', '2026-03-10'), shopIds: [s1] });
    expect([finished.values.netSales, finished.previous.netSales, finished.change.netSales, finished.likeForLike?.cut]).toEqual([700, 700, 0, false]);
  });

  it("has nothing to compare on 'Today' instead of -100 %", async () => {
    const today = await data<SalesSummaryResponse>(admin, '/api/sales/summary', { ...range('2026-03-11', '2026-03-11'), shopIds: [s1] });
    expect(today.comparedRange).toBeUndefined();
    // Today has no POS data yet: no figure (not 0), and the answer says which store-days lack data.
    expect([today.values.netSales, today.previous.netSales, today.change.netSales]).toEqual([null, null, null]);
    expect([today.posData, today.previousPosData]).toEqual([
      { storeDays: 1, missing: 1 },
      { storeDays: 0, missing: 0 },
    ]);
    const ranking = await data<SalesRankingResponse>(admin, '/api/sales/storeRanking', {
      ...range('2026-03-11', '2026-03-11'),
      indicator: 'netSales',
      shopIds: [s1],
    });
    expect(ranking.rows.map((row) => [row.shopNumber, row.value, row.previousValue, row.change])).toEqual([['S-1', 0, 0, null]]);
  });

  it('says how many compared store-days of each period lack POS data', async () => {
    // Both shops, 5-11 March: compared 5-10 March (12 store-days; S-2 opened on 6 March, so 5 March
    // lacks data) against 26 February - 3 March (12 store-days, S-2's 6 all without data).
    const both = await data<SalesSummaryResponse>(admin, '/api/sales/summary', range('2026-03-05', '2026-03-11'));
    expect(both.comparedRange).toEqual(range('2026-03-05', '2026-03-10'));
    expect([both.posData, both.previousPosData]).toEqual([
      { storeDays: 12, missing: 1 },
      { storeDays: 12, missing: 6 },
    ]);
    expect([both.values.netSales, both.previous.netSales]).toEqual([850, 600]);
  });

  it('ranks and compares periods on finished days, and marks the pending days and buckets', async () => {
    const ranking = await data<SalesRankingResponse>(admin, '/api/sales/storeRanking', {
      ...range('2026-03-09', '2026-03-11'),
      indicator: 'netSales',
      shopIds: [s1],
    });
    // Monday and Tuesday (200) against Friday and Saturday before (200); not 200 against 300 (-33 %).
    expect(ranking.rows.map((row) => [row.value, row.previousValue, row.change])).toEqual([[200, 200, 0]]);
    const compared = await data<PeriodComparisonResponse>(admin, '/api/consumption/periodComparison', {
      rangeA: range('2026-03-02', '2026-03-08'),
      rangeB: range('2026-03-09', '2026-03-15'),
      shopIds: [s1],
    });
    expect([compared.a.netSales, compared.b.netSales, compared.change.netSales]).toEqual([200, 200, 0]);
    expect(compared.series.map((pair) => pair.partial ?? '')).toEqual(['', '', 'running', 'running', 'running', 'running', 'running']);
    const trend = await data<SalesTrendResponse>(admin, '/api/sales/trend', {
      ...range('2026-03-05', '2026-03-11'),
      granularity: 'day',
      indicators: ['netSales'],
      shopIds: [s1],
    });
    expect(trend.points.map((point) => [point.key, point.values.netSales, point.partial ?? ''])).toEqual([
      ['2026-03-05', 100, ''],
      ['2026-03-06', 100, ''],
      ['2026-03-07', 100, ''],
      ['2026-03-08', 100, ''],
      ['2026-03-09', 100, ''],
      ['2026-03-10', 100, ''],
      // Today's POS file is not in yet: no data, not a drop to 0 (issue 11).
      ['2026-03-11', null, 'running'],
    ]);
  });

  it('compares comparable stores only when asked, and says how many', async () => {
    const all = await data<SalesSummaryResponse>(admin, '/api/sales/summary', range('2026-03-05', '2026-03-11'));
    // S-2's 5 days x 50 are in the compared days (5-10 March) and none before it opened.
    expect([all.values.netSales, all.previous.netSales]).toEqual([850, 600]);
    expect(all.likeForLike).toEqual({ cut: true, comparableOnly: false, comparedShops: 2, shops: 2 });
    const comp = await data<SalesSummaryResponse>(admin, '/api/sales/summary', { ...range('2026-03-05', '2026-03-11'), comparableOnly: true });
    expect([comp.values.netSales, comp.previous.netSales, comp.change.netSales]).toEqual([600, 600, 0]);
    expect(comp.likeForLike).toEqual({ cut: true, comparableOnly: true, comparedShops: 1, shops: 2 });
    const ranking = await data<SalesRankingResponse>(admin, '/api/sales/storeRanking', {
      ...range('2026-03-05', '2026-03-11'),
      indicator: 'netSales',
      comparableOnly: true,
    });
    expect(ranking.rows.map((row) => [row.shopNumber, row.comparable])).toEqual([['S-1', true]]);
    const compared = await data<PeriodComparisonResponse>(admin, '/api/consumption/periodComparison', {
      rangeA: range('2026-02-27', '2026-03-04'),
      rangeB: range('2026-03-05', '2026-03-10'),
      comparableOnly: true,
    });
    expect([compared.a.netSales, compared.b.netSales, compared.likeForLike?.comparedShops, compared.likeForLike?.cut]).toEqual([600, 600, 1, false]);
  });
});
