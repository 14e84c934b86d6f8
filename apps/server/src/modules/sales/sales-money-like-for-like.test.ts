import { type PeriodComparisonResponse, RoleId, type SalesRankingResponse, type SalesSummaryResponse } from '@storelens/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, type Session, signInWithRole } from '../../../test/factories.ts';
import { createTestApp, postersFor, type TestApp } from '../../../test/harness.ts';
import { importDailyOrders } from '../../../test/support/sales.ts';
import { resetClock, setClock } from '../../platform/time/clock.ts';

/**
 * Like for like over amounts of several currencies (issue 11 sections 1 and 2 together): the
 * per-time-zone parts are read through the answer's money plan. M-CN (Shanghai, CNY, 100 m²) sold
 * 100.00 a day from 20 February to 10 March; M-KR (Seoul, KRW, 50 m²) opened on 6 March and sold
 * 10,000 won a day since; 1 KRW = 0.005 CNY. Today, Wednesday 11 March, has no POS data yet.
 */
const NOW = '2026-03-11T06:00:00Z';
let t: TestApp;
let admin: Session;
let cn = '';
let kr = '';
const { data } = postersFor(() => t.app);
const range = (startDate: string, endDate: string) => ({ startDate, endDate });

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  const customer = await buildCustomer(t.db, 'Money LfL Co');
  cn = await buildShop(t.db, customer.customerId, customer.rootOrgId, { number: 'M-CN', province: 'CN-SH', timeZone: 'Asia/Shanghai', floorArea: 100 });
  kr = await buildShop(t.db, customer.customerId, customer.rootOrgId, { number: 'M-KR', province: 'KR-11', timeZone: 'Asia/Seoul', floorArea: 50 });
  await importDailyOrders(t, customer.customerId, 'money-lfl.xlsx', [
    { shopNumber: 'M-CN', from: '2026-02-20', to: '2026-03-10', amount: 100, prefix: 'CN' },
    { shopNumber: 'M-KR', from: '2026-03-06', to: '2026-03-10', amount: 10000, prefix: 'KR' },
  ]);
  admin = await signInWithRole(t.app, t.db, customer.customerId, RoleId.superManager);
  await data(admin, '/api/exchangeRate/save', { baseCurrency: 'KRW', quoteCurrency: 'CNY', date: '2026-02-01', rate: 0.005, source: 'Test bank' });
});
beforeEach(() => setClock(NOW));
afterAll(async () => {
  resetClock();
  await t.close();
});

describe('like for like with converted money', () => {
  it('compares the finished days of each time zone in the reporting currency', async () => {
    const summary = await data<SalesSummaryResponse>(admin, '/api/sales/summary', { ...range('2026-03-05', '2026-03-11'), shopIds: [cn, kr] });
    // 5-10 March: 600 CNY + 50,000 KRW (250 CNY) against 26 February - 3 March: 600 CNY.
    expect(summary.comparedRange).toEqual(range('2026-03-05', '2026-03-10'));
    expect(summary.previousComparedRange).toEqual(range('2026-02-26', '2026-03-03'));
    expect([summary.values.netSales, summary.previous.netSales]).toEqual([850, 600]);
    expect(summary.values.netSalesPerSqm).toBeCloseTo(850 / 150);
    expect(summary.money).toMatchObject({ currency: 'CNY', converted: true });
    expect(summary.money.rates).toEqual([{ baseCurrency: 'KRW', quoteCurrency: 'CNY', date: '2026-02-01', rate: 0.005, source: 'Test bank' }]);
    expect(summary.likeForLike).toEqual({ cut: true, comparableOnly: false, comparedShops: 2, shops: 2 });
  });

  it('leaves out the store that opened mid-period with comparable stores only, its floor area too', async () => {
    const summary = await data<SalesSummaryResponse>(admin, '/api/sales/summary', {
      ...range('2026-03-05', '2026-03-11'),
      shopIds: [cn, kr],
      comparableOnly: true,
    });
    expect([summary.values.netSales, summary.previous.netSales, summary.change.netSales]).toEqual([600, 600, 0]);
    expect(summary.values.netSalesPerSqm).toBeCloseTo(6);
    expect(summary.likeForLike).toEqual({ cut: true, comparableOnly: true, comparedShops: 1, shops: 2 });

    const ranking = await data<SalesRankingResponse>(admin, '/api/sales/storeRanking', {
      ...range('2026-03-05', '2026-03-11'),
      shopIds: [cn, kr],
      indicator: 'netSales',
    });
    expect(ranking.rows.map((row) => [row.shopNumber, row.value, row.comparable])).toEqual([
      ['M-CN', 600, true],
      ['M-KR', 250, false],
    ]);
    expect(ranking.money).toMatchObject({ currency: 'CNY', converted: true });
    const comparable = await data<SalesRankingResponse>(admin, '/api/sales/storeRanking', {
      ...range('2026-03-05', '2026-03-11'),
      shopIds: [cn, kr],
      indicator: 'netSales',
      comparableOnly: true,
    });
    expect(comparable.rows.map((row) => row.shopNumber)).toEqual(['M-CN']);

    const comparison = await data<PeriodComparisonResponse>(admin, '/api/consumption/periodComparison', {
      shopIds: [cn, kr],
      rangeA: range('2026-02-26', '2026-03-04'),
      rangeB: range('2026-03-05', '2026-03-11'),
    });
    expect([comparison.a.netSales, comparison.b.netSales]).toEqual([600, 850]);
    expect(comparison.series.at(-1)?.partial).toBe('running');
    expect(comparison.money).toMatchObject({ currency: 'CNY', converted: true });
  });
});
