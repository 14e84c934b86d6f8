import fs from 'node:fs';
import path from 'node:path';
import {
  type CrossStoreResponse,
  type FourQuadrantWithSalesResponse,
  type ReportWithSalesTable,
  RoleId,
  SALES_INDICATORS,
  SALES_REPORT_INDICATORS,
  type SalesSummaryResponse,
  type SalesTrendResponse,
  type SavedReportWithSales,
} from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCustomer, buildRoleWithout, buildShop, download, type Session, signInWithRole } from '../../../test/factories.ts';
import { call, createTestApp, postersFor, type TestApp } from '../../../test/harness.ts';
import { buildBox, line, sendBatch } from '../../../test/support/traffic.ts';
import { resetClock, setClock } from '../../platform/time/clock.ts';
import { writePosWorkbook } from './pos-workbook.ts';
import { createPosImporter } from './sales.module.ts';

/** Wednesday 11 March 2026: the device API takes the week's traffic as recent. */
const NOW = '2026-03-11T06:00:00Z';
const range = { startDate: '2026-03-02', endDate: '2026-03-04' };
let t: TestApp;
let admin: Session;
let customerId: string;
let shops: { a: string; b: string; c: string };

const { data } = postersFor(() => t.app);
const clockAtNow = () => setClock(NOW);

beforeAll(async () => {
  t = await createTestApp();
  clockAtNow();
  const customer = await buildCustomer(t.db, 'Quadrant Sales Co');
  customerId = customer.customerId;
  shops = {
    a: await buildShop(t.db, customer.customerId, customer.rootOrgId, { number: 'Q-A', name: 'A', timeZone: 'Asia/Shanghai' }),
    b: await buildShop(t.db, customer.customerId, customer.rootOrgId, { number: 'Q-B', name: 'B', timeZone: 'Asia/Shanghai' }),
    c: await buildShop(t.db, customer.customerId, customer.rootOrgId, { number: 'Q-C', name: 'C', timeZone: 'Asia/Shanghai' }),
  };
  // Traffic: A 40 entries on 2 March (10:00 and 15:00) and 10 on 3 March; B 50 on 2 March and 30
  // on 4 March (a day without POS data); C has no camera.
  const boxA = await buildBox(t.db, customer.customerId, shops.a, 1);
  const boxB = await buildBox(t.db, customer.customerId, shops.b, 1);
  const [cameraA] = boxA.cameraIds as [string];
  const [cameraB] = boxB.cameraIds as [string];
  const sentA = await sendBatch(t.app, boxA.token, [
    line(cameraA, '2026-03-02T10:05:00+08:00', 'in', 30),
    line(cameraA, '2026-03-02T15:05:00+08:00', 'in', 10),
    line(cameraA, '2026-03-03T11:00:00+08:00', 'in', 10),
  ]);
  expect(sentA.body.status).toBe(200);
  const sentB = await sendBatch(t.app, boxB.token, [
    line(cameraB, '2026-03-02T12:00:00+08:00', 'in', 50),
    line(cameraB, '2026-03-04T12:00:00+08:00', 'in', 30),
  ]);
  expect(sentB.body.status).toBe(200);
  // POS: A 2 March 3 orders (100 + 200 at 10h, 50.50 at 15h), 3 March 1 order of 80 and a return
  // of -20; B 2 March 2 orders of 300 and one without a time of 100; C 3 March one order of 60.
  const file = path.join(t.config.dataDir, 'quadrant.xlsx');
  fs.mkdirSync(t.config.dataDir, { recursive: true });
  const order = (shopNumber: string, orderNumber: string, date: string, time: string | null, quantity: number, amount: number) => ({
    shopNumber,
    orderNumber,
    date,
    time,
    quantity,
    amount,
    itemCount: Math.abs(quantity),
  });
  await writePosWorkbook(file, [
    order('Q-A', 'A1', '2026/03/02', '10:10', 1, 100),
    order('Q-A', 'A2', '2026/03/02', '10:40', 2, 200),
    order('Q-A', 'A3', '2026/03/02', '15:20', 1, 50.5),
    order('Q-A', 'A4', '2026/03/03', '11:30', 2, 80),
    order('Q-A', 'A5', '2026/03/03', '12:00', -1, -20),
    order('Q-B', 'B1', '2026/03/02', '12:10', 3, 300),
    order('Q-B', 'B2', '2026/03/02', '12:30', 1, 300),
    order('Q-B', 'B3', '2026/03/02', null, 1, 100),
    order('Q-C', 'C1', '2026/03/03', '16:00', 1, 60),
  ]);
  const { uploads, worker } = createPosImporter({ db: t.db, dataDir: t.config.dataDir });
  const upload = await uploads.importPosWorkbook({ customerId: customer.customerId, userId: null, fileName: 'quadrant.xlsx', content: fs.readFileSync(file) });
  expect(upload.status, upload.failure ?? '').toBe('completed');
  await worker.stop();
  admin = await signInWithRole(t.app, t.db, customer.customerId, RoleId.superManager);
});
beforeEach(() => clockAtNow());
afterAll(async () => {
  resetClock();
  await t.close();
});

describe('sales indicators in the four-quadrant analysis and custom reports', () => {
  it('offers every sales indicator but its matched entries, under the sales names', () => {
    for (const indicator of SALES_REPORT_INDICATORS) expect(SALES_INDICATORS).toContain(indicator);
  });

  it('places the shops by a sales and a traffic indicator with the values of the sales screens', async () => {
    const quadrant = await data<FourQuadrantWithSalesResponse>(admin, '/api/traffic/fourQuadrant', {
      ...range,
      xIndicator: 'entries',
      yIndicator: 'conversionRate',
    });
    const cross = await data<CrossStoreResponse>(admin, '/api/sales/crossStore', {
      ...range,
      indicators: ['conversionRate', 'netSales', 'avgTransactionValue'],
    });
    const point = (shopId: string) => quadrant.points.find((one) => one.shopId === shopId);
    const crossOf = (shopId: string) => cross.shops.find((one) => one.shopId === shopId)?.values ?? {};
    // A: 3 transactions over 40 entries on 2 March, 1 over 10 on 3 March; B: 3 over 50 (4 March has no POS data).
    expect(point(shops.a)).toMatchObject({ x: 50, y: 4 / 50 });
    expect(point(shops.b)).toMatchObject({ x: 80, y: 3 / 50 });
    expect(point(shops.c)?.y).toBeNull();
    for (const shopId of Object.values(shops)) expect(point(shopId)?.y ?? null).toBe(crossOf(shopId).conversionRate ?? null);
    expect(quadrant.yAverage).toBeCloseTo((4 / 50 + 3 / 50) / 2, 10);
    // C has no camera: no traffic data (entries null, not 0; issue 11), so no quadrant and not in the entries
    // average (65); A has fewer entries than that and converts above the average, B the reverse.
    expect(point(shops.c)?.x).toBeNull();
    expect([point(shops.a)?.quadrant, point(shops.b)?.quadrant, point(shops.c)?.quadrant]).toEqual([2, 4, null]);

    const money = await data<FourQuadrantWithSalesResponse>(admin, '/api/traffic/fourQuadrant', {
      ...range,
      xIndicator: 'netSales',
      yIndicator: 'avgTransactionValue',
    });
    for (const shopId of Object.values(shops)) {
      const one = money.points.find((candidate) => candidate.shopId === shopId);
      expect(one?.x).toBe(crossOf(shopId).netSales);
      expect(one?.y).toBe(crossOf(shopId).avgTransactionValue);
    }
    expect(money.points.find((one) => one.shopId === shops.a)?.x).toBe(410.5);
    expect(money.points.find((one) => one.shopId === shops.c)?.x).toBe(60);
  });

  it('reports sales indicators by shop, shop-day, day, week and hour as the sales screens give them', async () => {
    const indicators = ['entries', 'netSales', 'transactions', 'units', 'unitsPerTransaction', 'conversionRate', 'salesPerVisitor'] as const;
    const salesOnly = indicators.filter((indicator) => indicator !== 'entries');
    const byShop = await data<ReportWithSalesTable>(admin, '/api/customReport/query', { ...range, dimension: 'shop', indicators });
    const cross = await data<CrossStoreResponse>(admin, '/api/sales/crossStore', { ...range, indicators: salesOnly });
    for (const row of byShop.rows) {
      const expected = cross.shops.find((one) => one.shopId === row.shopId)?.values ?? {};
      for (const indicator of salesOnly) expect(row.values[indicator] ?? null, `${row.shopNumber} ${indicator}`).toBe(expected[indicator] ?? null);
    }
    // Traffic entries stay the traffic's own (B's 4 March counts); sales per visitor uses matched days.
    expect(byShop.rows.find((row) => row.shopId === shops.b)?.values.entries).toBe(80);
    expect(byShop.rows.find((row) => row.shopId === shops.b)?.values.salesPerVisitor).toBe(700 / 50);
    const summary = await data<SalesSummaryResponse>(admin, '/api/sales/summary', range);
    for (const indicator of salesOnly) expect(byShop.totals[indicator] ?? null, indicator).toBe(summary.values[indicator] ?? null);
    expect(byShop.totals.netSales).toBe(1170.5);

    const shopDay = await data<ReportWithSalesTable>(admin, '/api/customReport/query', {
      ...range,
      dimension: 'shopDay',
      indicators: ['netSales', 'conversionRate'],
    });
    expect(shopDay.rows).toHaveLength(9);
    const aThird = shopDay.rows.find((row) => row.key === `${shops.a}|2026-03-03`);
    expect(aThird?.values).toEqual({ netSales: 60, conversionRate: 1 / 10 });

    for (const granularity of ['day', 'week', 'month', 'hour'] as const) {
      const report = await data<ReportWithSalesTable>(admin, '/api/customReport/query', { ...range, dimension: granularity, indicators: salesOnly });
      const trend = await data<SalesTrendResponse>(admin, '/api/sales/trend', { ...range, granularity, indicators: salesOnly });
      const trendPoints = new Map(trend.points.map((point) => [point.key, point.values]));
      expect(report.rows.length).toBeGreaterThan(0);
      for (const row of report.rows) {
        const expected = trendPoints.get(row.key) ?? {};
        for (const indicator of salesOnly) {
          const value = row.values[indicator] ?? null;
          const want = expected[indicator] ?? null;
          // Empty buckets: the trend may show 0 where the report shows nothing.
          if (want === null || value === null)
            expect(
              [value, want].filter((one) => one !== null && one !== 0),
              `${granularity} ${row.key} ${indicator}`,
            ).toEqual([]);
          else expect(value, `${granularity} ${row.key} ${indicator}`).toBeCloseTo(want, 10);
        }
      }
    }
    // By hour, orders without a time are in no hour: 10h of 2 March holds A's 300 over 30 entries.
    const hours = await data<ReportWithSalesTable>(admin, '/api/customReport/query', {
      ...range,
      dimension: 'hour',
      indicators: ['netSales', 'conversionRate'],
    });
    expect(hours.rows.find((row) => row.key === '2026-03-02T10')?.values).toEqual({ netSales: 300, conversionRate: 2 / 30 });
    expect(hours.rows.reduce((sum, row) => sum + (row.values.netSales ?? 0), 0)).toBe(1070.5);
  });

  it('exports sales indicators with their names and money with two decimals', async () => {
    const file = await download(
      t.app,
      'POST',
      '/api/traffic/export',
      { table: 'customReport', query: { ...range, dimension: 'shop', indicators: ['netSales', 'conversionRate'] } },
      { ...admin, lang: 'zh' },
    );
    expect(file.http).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    // Money columns name their currency (issue 11).
    expect([sheet?.getRow(1).getCell(3).value, sheet?.getRow(1).getCell(4).value]).toEqual(['销售额 (CNY)', '成交率']);
    expect(sheet?.getRow(2).getCell(3).value).toBe(410.5);
    expect(sheet?.getColumn(3).numFmt).toBe('#,##0.00');
  });

  it('saves a report with sales indicators and runs it again', async () => {
    const definition = { ...range, dimension: 'shop', indicators: ['entries', 'conversionRate'] };
    const saved = await data<SavedReportWithSales>(admin, '/api/customReport/save', { name: 'Conversion by store', definition });
    const reopened = await data<SavedReportWithSales>(admin, '/api/customReport/get', { reportId: saved.reportId });
    expect(reopened.definition.indicators).toEqual(['entries', 'conversionRate']);
    const table = await data<ReportWithSalesTable>(admin, '/api/customReport/query', reopened.definition);
    expect(table.rows.find((row) => row.shopId === shops.b)?.values).toEqual({ entries: 80, conversionRate: 3 / 50 });
  });

  it('keeps sales indicators from a role that may not see sales', async () => {
    const role = await buildRoleWithout(t.db, customerId, ['sale_nav']);
    const noSales = await signInWithRole(t.app, t.db, customerId, role);
    const ask = (url: string, body: object) => call(t.app, 'POST', url, body, noSales);
    expect((await ask('/api/traffic/fourQuadrant', { ...range, xIndicator: 'entries', yIndicator: 'conversionRate' })).body.status).toBe(403);
    expect((await ask('/api/customReport/query', { ...range, indicators: ['entries', 'netSales'], dimension: 'shop' })).body.status).toBe(403);
    expect((await ask('/api/traffic/fourQuadrant', { ...range, xIndicator: 'entries', yIndicator: 'visits' })).body.status).toBe(200);
  });

  it('refuses an indicator that is neither traffic nor sales', async () => {
    const response = await call(t.app, 'POST', '/api/traffic/fourQuadrant', { ...range, xIndicator: 'entries', yIndicator: 'profit' }, admin);
    expect(response.body.status).toBe(400);
  });
});
