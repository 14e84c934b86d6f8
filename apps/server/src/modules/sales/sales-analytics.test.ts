import fs from 'node:fs';
import path from 'node:path';
import {
  type BasketSizeResponse,
  type CrossStoreResponse,
  type PeriodComparisonResponse,
  RoleId,
  type SalesRankingResponse,
  type SalesSummaryResponse,
  type SalesTrendResponse,
  type TimeOfDayResponse,
  translateMessage,
  type WeekdayResponse,
  XLSX_CONTENT_TYPE,
} from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildOrg,
  buildRoleWithout,
  buildShop,
  buildUser,
  download,
  fixture,
  type Session,
  sheetRows,
  signIn,
  signInWithRole,
} from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, postersFor, type TestApp } from '../../../test/harness.ts';
import { buildBox, line, sendBatch } from '../../../test/support/traffic.ts';
import { resetClock, setClock } from '../../platform/time/clock.ts';
import { writePosWorkbook } from './pos-workbook.ts';
import { createPosImporter } from './sales.module.ts';
import { currencyUnit } from './sales-export.ts';

/** Wednesday 11 March 2026: the device API takes the week's traffic as recent. */
const NOW = '2026-03-11T06:00:00Z';
let t: TestApp;
let shops: { pos1: string; pos2: string; pos3: string };
let admin: Session;
let north: Session;
let observer: Session;
let noSales: Session;
let noDownload: Session;
let outsider: Session;

const { post, data } = postersFor(() => t.app);
const range = { startDate: '2026-03-02', endDate: '2026-03-03' };

const clockAtNow = () => setClock(NOW);

beforeAll(async () => {
  t = await createTestApp();
  clockAtNow();
  const demo = await buildCustomer(t.db, 'Sales Analytics Co');
  const other = await buildCustomer(t.db, 'Other Sales Co');
  const northOrg = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'North');
  const southOrg = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'South');
  shops = {
    pos1: await buildShop(t.db, demo.customerId, northOrg, { number: 'POS-1', name: 'One', timeZone: 'Asia/Shanghai' }),
    pos2: await buildShop(t.db, demo.customerId, northOrg, { number: 'POS-2', name: 'Two', timeZone: 'Asia/Seoul' }),
    pos3: await buildShop(t.db, demo.customerId, southOrg, { number: 'POS-3', name: 'Three', timeZone: 'Asia/Shanghai' }),
  };
  await buildShop(t.db, other.customerId, other.rootOrgId, { number: 'POS-1' });

  // Traffic through the device API: POS-1 has 10 entries at 09:00 and 5 at 14:00 on 2 March and 8
  // on 4 March (a day without POS data); POS-2 has 20 at 11:00 on 2 March; POS-3 has no camera.
  const box1 = await buildBox(t.db, demo.customerId, shops.pos1, 1);
  const box2 = await buildBox(t.db, demo.customerId, shops.pos2, 1);
  const [camera1] = box1.cameraIds as [string];
  const [camera2] = box2.cameraIds as [string];
  for (const [token, events] of [
    [
      box1.token,
      [
        line(camera1, '2026-03-02T09:10:00+08:00', 'in', 10),
        line(camera1, '2026-03-02T14:20:00+08:00', 'in', 5),
        line(camera1, '2026-03-04T10:00:00+08:00', 'in', 8),
      ],
    ],
    [box2.token, [line(camera2, '2026-03-02T11:05:00+09:00', 'in', 20)]],
  ] as const) {
    expect((await sendBatch(t.app, token, events)).body.status).toBe(200);
  }

  // POS data through the upload path: the LibreOffice fixture, and one order of POS-3 at 16:00.
  const { uploads, worker } = createPosImporter({ db: t.db, dataDir: t.config.dataDir });
  expect(
    (await uploads.importPosWorkbook({ customerId: demo.customerId, userId: null, fileName: 'pos-valid.xlsx', content: fixture('pos/pos-valid.xlsx') })).status,
  ).toBe('completed');
  const extra = path.join(t.config.dataDir, 'pos-3.xlsx');
  fs.mkdirSync(t.config.dataDir, { recursive: true });
  await writePosWorkbook(extra, [{ shopNumber: 'POS-3', orderNumber: 'P3-1', date: '2026/03/02', time: '16:00', quantity: 1, amount: 100, itemCount: 1 }]);
  expect((await uploads.importPosWorkbook({ customerId: demo.customerId, userId: null, fileName: 'pos-3.xlsx', content: fs.readFileSync(extra) })).status).toBe(
    'completed',
  );
  await worker.stop();

  admin = await signInWithRole(t.app, t.db, demo.customerId, RoleId.superManager);
  north = await signIn(
    t.app,
    (await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.branchManage, orgId: northOrg }])).loginName,
    demo.customerId,
  );
  observer = await signInWithRole(t.app, t.db, demo.customerId, RoleId.observer);
  noSales = await signInWithRole(t.app, t.db, demo.customerId, await buildRoleWithout(t.db, demo.customerId, ['sale_nav']));
  noDownload = await signInWithRole(t.app, t.db, demo.customerId, await buildRoleWithout(t.db, demo.customerId, ['flowdata_download']));
  outsider = await signInWithRole(t.app, t.db, other.customerId, RoleId.superManager);
});
beforeEach(() => clockAtNow());
afterAll(async () => {
  resetClock();
  await t.close();
});

// Hand-computed from pos-valid.xlsx (see its CSV) and the order of POS-3:
// POS-1 2 Mar: 199.00 + 59.90 + 120.50 + 10.00 (no time) = 389.40 in 4 transactions, 7.5 units
// POS-1 3 Mar: 300.00 and a return of -59.90 = 240.10 in 1 transaction, 5 units
// POS-2 2 Mar: 1200.00 + 1005.25 = 2205.25 in 2 transactions, 13 units; POS-3 2 Mar: 100.00, 1 unit
// Conversion uses the shop-days with POS data and entries: POS-1 and POS-2 on 2 Mar (15 + 20 entries, 6 transactions).
describe('sales indicators', () => {
  it('sums every indicator over a range, against the previous range, with the data update time', async () => {
    const summary = await data<SalesSummaryResponse>(admin, '/api/sales/summary', range);
    expect(summary.days).toBe(2);
    expect(summary.values.netSales).toBeCloseTo(2934.75, 6);
    expect(summary.values.transactions).toBe(8);
    expect(summary.values.units).toBeCloseTo(26.5, 6);
    expect(summary.values.avgTransactionValue).toBeCloseTo(2934.75 / 8, 6);
    expect(summary.values.unitsPerTransaction).toBeCloseTo(26.5 / 8, 6);
    expect(summary.values.entries).toBe(35);
    expect(summary.values.conversionRate).toBeCloseTo(6 / 35, 10);
    expect(summary.values.salesPerVisitor).toBeCloseTo(2594.65 / 35, 6);
    expect(summary.previousRange).toEqual({ startDate: '2026-02-28', endDate: '2026-03-01' });
    // The previous range has no POS data at all: no figure, not 0 (issue 11).
    expect(summary.previous.netSales).toBeNull();
    expect(summary.previousPosData.missing).toBe(summary.previousPosData.storeDays);
    expect(summary.change.netSales).toBeNull();
    expect(summary.dataUpdatedAt).not.toBeNull();
  });

  it('follows the trend by hour, day, week and month', async () => {
    const days = await data<SalesTrendResponse>(admin, '/api/sales/trend', {
      startDate: '2026-03-01',
      endDate: '2026-03-04',
      granularity: 'day',
      indicators: ['netSales', 'transactions', 'conversionRate'],
    });
    // No data is not zero (issue 11): a store-day without POS data is missing; a day none of the 3 stores has is no figure at all.
    expect(days.points.map((point) => [point.key, point.values.netSales, point.values.transactions, point.values.conversionRate, point.posData])).toEqual([
      ['2026-03-01', null, null, null, { storeDays: 3, missing: 3 }],
      ['2026-03-02', expect.closeTo(2694.65, 6), 7, expect.closeTo(6 / 35, 10), { storeDays: 3, missing: 0 }],
      // 3 March has sales (POS-1 only) but no traffic; 4 March traffic but no POS file: no conversion either day.
      ['2026-03-03', expect.closeTo(240.1, 6), 1, null, { storeDays: 3, missing: 2 }],
      ['2026-03-04', null, null, null, { storeDays: 3, missing: 3 }],
    ]);
    const hours = await data<SalesTrendResponse>(admin, '/api/sales/trend', {
      startDate: '2026-03-02',
      endDate: '2026-03-02',
      granularity: 'hour',
      indicators: ['netSales', 'transactions', 'entries', 'conversionRate'],
    });
    const busy = hours.points.filter((point) => point.values.transactions || point.values.entries);
    expect(busy.map((point) => [point.key, point.values.netSales, point.values.transactions, point.values.entries, point.values.conversionRate])).toEqual([
      ['2026-03-02T09', expect.closeTo(258.9, 6), 2, 10, 0.2],
      ['2026-03-02T11', expect.closeTo(2205.25, 6), 2, 20, 0.1],
      ['2026-03-02T14', expect.closeTo(120.5, 6), 1, 5, 0.2],
      ['2026-03-02T16', 100, 1, 0, null],
    ]);
    const week = await data<SalesTrendResponse>(admin, '/api/sales/trend', {
      startDate: '2026-03-02',
      endDate: '2026-03-08',
      granularity: 'week',
      indicators: ['netSales'],
    });
    // 7 days x 3 stores; POS data on 4 of them.
    expect(week.points).toEqual([{ key: '2026-03-02', values: { netSales: expect.closeTo(2934.75, 6) }, posData: { storeDays: 21, missing: 17 } }]);
    const month = await data<SalesTrendResponse>(admin, '/api/sales/trend', {
      startDate: '2026-02-01',
      endDate: '2026-03-31',
      granularity: 'month',
      indicators: ['transactions'],
    });
    expect(month.points).toEqual([
      { key: '2026-02', values: { transactions: null }, posData: { storeDays: 84, missing: 84 } },
      // Today (11 March) is in it and its POS data is still to come: the month is partial (issue 11).
      { key: '2026-03', values: { transactions: 8 }, partial: 'running', posData: { storeDays: 93, missing: 89 } },
    ]);
  });

  it('ranks the shops and sets them side by side', async () => {
    const byNetSales = await data<SalesRankingResponse>(admin, '/api/sales/storeRanking', { ...range, indicator: 'netSales' });
    // Days without POS data of the 2 compared days; no store has data in the previous range, so none is comparable.
    expect(byNetSales.rows.map((row) => [row.rank, row.shopNumber, row.value, row.incompleteDays, row.comparable])).toEqual([
      [1, 'POS-2', expect.closeTo(2205.25, 6), 1, false],
      [2, 'POS-1', expect.closeTo(629.5, 6), 0, false],
      [3, 'POS-3', 100, 1, false],
    ]);
    const byConversion = await data<SalesRankingResponse>(admin, '/api/sales/storeRanking', { ...range, indicator: 'conversionRate', order: 'asc' });
    expect(byConversion.rows.map((row) => [row.shopNumber, row.value])).toEqual([
      ['POS-2', 0.1],
      ['POS-1', expect.closeTo(4 / 15, 10)],
      ['POS-3', null],
    ]);
    const cross = await data<CrossStoreResponse>(admin, '/api/sales/crossStore', {
      ...range,
      indicators: ['netSales', 'conversionRate', 'avgTransactionValue'],
    });
    expect(cross.totals.netSales).toBeCloseTo(2934.75, 6);
    expect(cross.shopAverage.netSales).toBeCloseTo(2934.75 / 3, 6);
    expect(cross.shopAverage.conversionRate).toBeCloseTo((4 / 15 + 0.1) / 2, 10);
    expect(cross.shops.map((shop) => [shop.shopNumber, shop.shareOfNetSales, shop.values.avgTransactionValue])).toEqual([
      ['POS-1', expect.closeTo(629.5 / 2934.75, 10), expect.closeTo(629.5 / 5, 6)],
      ['POS-2', expect.closeTo(2205.25 / 2934.75, 10), expect.closeTo(2205.25 / 2, 6)],
      ['POS-3', expect.closeTo(100 / 2934.75, 10), 100],
    ]);
  });
});

describe('consumption analysis', () => {
  it('sets sales by time of day against traffic', async () => {
    const day = await data<TimeOfDayResponse>(admin, '/api/consumption/timeOfDay', range);
    const busy = day.hours.filter((hour) => hour.transactions || hour.entries);
    expect(busy.map((hour) => [hour.hour, hour.netSales, hour.transactions, hour.entries, hour.conversionRate])).toEqual([
      [9, expect.closeTo(258.9, 6), 2, 10, 0.2],
      // 3 March at 10:00: a sale and a return, no traffic that day.
      [10, expect.closeTo(240.1, 6), 1, 0, null],
      [11, expect.closeTo(2205.25, 6), 2, 20, 0.1],
      [14, expect.closeTo(120.5, 6), 1, 5, 0.2],
      [16, 100, 1, 0, null],
    ]);
    expect(day.withoutTime).toEqual({ netSales: 10, transactions: 1 });
    // 2 days x 3 stores: POS-2 and POS-3 have no POS data on 3 March.
    expect(day.posData).toEqual({ storeDays: 6, missing: 2 });
    // A range no store has POS data in: every hour is no figure, not 0.
    const none = await data<TimeOfDayResponse>(admin, '/api/consumption/timeOfDay', { startDate: '2026-03-05', endDate: '2026-03-06' });
    expect(none.posData).toEqual({ storeDays: 6, missing: 6 });
    expect(new Set(none.hours.map((hour) => JSON.stringify([hour.netSales, hour.transactions, hour.entries, hour.conversionRate])))).toEqual(
      new Set([JSON.stringify([null, null, null, null])]),
    );
  });

  it('shows the basket size distribution', async () => {
    const baskets = await data<BasketSizeResponse>(admin, '/api/consumption/basketSize', range);
    expect(baskets.transactions).toBe(8);
    expect(baskets.unitsPerTransaction).toBeCloseTo(26.5 / 8, 10);
    expect(baskets.buckets.map((bucket) => [bucket.bucket, bucket.transactions])).toEqual([
      ['1', 4],
      ['2', 1],
      ['3', 1],
      ['4', 0],
      ['5', 0],
      ['6-9', 1],
      ['10+', 1],
    ]);
    expect(baskets.buckets[0]?.share).toBe(0.5);
  });

  it('shows conversion by day of the week, Monday first', async () => {
    const week = await data<WeekdayResponse>(admin, '/api/consumption/weekday', { startDate: '2026-03-02', endDate: '2026-03-15' });
    // Finished days only (issue 11): today, Wednesday 11 March, and the days after it are no weekdays without sales.
    // Store-days: 3 stores per day; Mondays 2 and 9 March have 3 with POS data, Tuesdays 3 and 10 March 1; no other day has any.
    expect(week.weekdays.map((day) => [day.weekday, day.days, day.transactions, day.entries, day.conversionRate, day.posData])).toEqual([
      [0, 2, 7, 35, expect.closeTo(6 / 35, 10), { storeDays: 6, missing: 3 }],
      [1, 2, 1, 0, null, { storeDays: 6, missing: 5 }],
      [2, 1, null, null, null, { storeDays: 3, missing: 3 }],
      [3, 1, null, null, null, { storeDays: 3, missing: 3 }],
      [4, 1, null, null, null, { storeDays: 3, missing: 3 }],
      [5, 1, null, null, null, { storeDays: 3, missing: 3 }],
      [6, 1, null, null, null, { storeDays: 3, missing: 3 }],
    ]);
  });

  it('compares two periods of equal length that do not overlap', async () => {
    const compared = await data<PeriodComparisonResponse>(admin, '/api/consumption/periodComparison', {
      rangeA: range,
      rangeB: { startDate: '2026-03-09', endDate: '2026-03-10' },
    });
    expect(compared.days).toBe(2);
    expect(compared.a.netSales).toBeCloseTo(2934.75, 6);
    // No store has POS data in period B: no figures, and no -100 % change read from them.
    expect(compared.b.netSales).toBeNull();
    expect(compared.change.netSales).toBeNull();
    expect(compared.series.map((point) => [point.dateA, point.dateB, point.a.transactions, point.b.transactions, point.posDataA, point.posDataB])).toEqual([
      ['2026-03-02', '2026-03-09', 7, null, { storeDays: 3, missing: 0 }, { storeDays: 3, missing: 3 }],
      ['2026-03-03', '2026-03-10', 1, null, { storeDays: 3, missing: 2 }, { storeDays: 3, missing: 3 }],
    ]);
    const refuse = (rangeB: { startDate: string; endDate: string }, lang?: string) =>
      post(admin, '/api/consumption/periodComparison', { rangeA: range, rangeB }, lang);
    await expectMessageInAllLanguages((lang) => refuse(range, lang), 'traffic.sameDayTwice', undefined, 400);
    await expectMessageInAllLanguages((lang) => refuse({ startDate: '2026-03-09', endDate: '2026-03-11' }, lang), 'traffic.rangesUnequal', undefined, 400);
    await expectMessageInAllLanguages((lang) => refuse({ startDate: '2026-03-03', endDate: '2026-03-04' }, lang), 'traffic.rangesOverlap', undefined, 400);
  });

  it('keeps to the range limits of the analytics screens', async () => {
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/sales/summary', { startDate: '2026-01-01', endDate: '2026-04-30' }, lang),
      'errors.timeSelectionError',
      { days: 90 },
      400,
    );
    expect((await post(admin, '/api/consumption/weekday', { startDate: '2025-03-01', endDate: '2026-03-01' })).body.status).toBe(200);
    expect(
      (await post(admin, '/api/sales/trend', { startDate: '2026-01-01', endDate: '2026-03-01', granularity: 'hour', indicators: ['netSales'] })).body.msg,
    ).toBe(translateMessage('en', 'errors.timeSelectionError', { days: 31 }));
    expect((await post(admin, '/api/sales/storeRanking', { startDate: '2026-03-03', endDate: '2026-03-02', indicator: 'netSales' })).body.msg).toBe(
      translateMessage('en', 'traffic.rangeOrder'),
    );
  });
});

describe('who sees what', () => {
  it("limits every operation to the caller's stores", async () => {
    const summary = await data<SalesSummaryResponse>(north, '/api/sales/summary', range);
    expect(summary.values.netSales).toBeCloseTo(2834.75, 6);
    const ranking = await data<SalesRankingResponse>(north, '/api/sales/storeRanking', { ...range, indicator: 'netSales' });
    expect(ranking.rows.map((row) => row.shopNumber)).toEqual(['POS-2', 'POS-1']);
    for (const url of ['/api/sales/summary', '/api/consumption/timeOfDay', '/api/consumption/basketSize', '/api/consumption/weekday']) {
      expect((await post(north, url, { ...range, shopIds: [shops.pos3] })).body.status, url).toBe(404);
    }
    const one = await data<SalesSummaryResponse>(north, '/api/sales/summary', { ...range, shopIds: [shops.pos2] });
    expect(one.values.transactions).toBe(2);
  });

  it('needs the sale tab (sale_nav); the observer may read', async () => {
    expect((await post(observer, '/api/sales/summary', range)).body.status).toBe(200);
    for (const url of [
      '/api/sales/summary',
      '/api/sales/trend',
      '/api/sales/storeRanking',
      '/api/sales/crossStore',
      '/api/consumption/timeOfDay',
      '/api/consumption/basketSize',
      '/api/consumption/weekday',
      '/api/consumption/periodComparison',
    ]) {
      expect((await post(noSales, url, {})).body.status, url).toBe(403);
    }
  });

  it("never shows another customer's sales", async () => {
    const theirs = await data<SalesSummaryResponse>(outsider, '/api/sales/summary', range);
    expect(theirs.values.netSales).toBeNull();
    expect(theirs.dataUpdatedAt).toBeNull();
    expect((await post(outsider, '/api/sales/summary', { ...range, shopIds: [shops.pos1] })).body.status).toBe(404);
    expect((await post(outsider, '/api/sales/crossStore', { ...range, shopIds: [shops.pos2], indicators: ['netSales'] })).body.status).toBe(404);
  });
});

describe('exports', () => {
  const queries: Record<string, object> = {
    trend: { ...range, granularity: 'day', indicators: ['netSales', 'conversionRate'] },
    ranking: { ...range, indicator: 'netSales' },
    crossStore: { ...range, indicators: ['netSales', 'conversionRate', 'avgTransactionValue'] },
    timeOfDay: range,
    basketSize: range,
    weekday: range,
    periodComparison: { rangeA: { startDate: '2026-02-28', endDate: '2026-03-01' }, rangeB: range },
  };
  const exportOf = (session: Session, table: string, lang?: string) =>
    download(t.app, 'POST', '/api/sales/export', { table, query: queries[table] }, { ...session, ...(lang ? { lang } : {}) });

  it('writes every sales and consumption table as a real .xlsx', async () => {
    for (const table of Object.keys(queries)) {
      const file = await exportOf(admin, table);
      expect(file.http, `${table}: ${file.http === 200 ? '' : file.json().msg}`).toBe(200);
      expect(file.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
      expect(workbook.worksheets[0]?.rowCount, table).toBeGreaterThan(1);
    }
  });

  it('holds the rows of the operation, headers in the caller language, money with two decimals and rates as percentages', async () => {
    const cross = await data<CrossStoreResponse>(admin, '/api/sales/crossStore', queries.crossStore);
    const file = await exportOf(admin, 'crossStore', 'zh');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe(translateMessage('zh', 'export.titleCrossStore'));
    const [header, ...body] = await sheetRows(file.content);
    // Money columns name their currency (every shop here keeps CNY).
    const cny = ` (${translateMessage('zh', 'export.inCurrency', { currency: 'CNY' })})`;
    expect(header).toEqual([
      translateMessage('zh', 'export.shopNumber'),
      translateMessage('zh', 'export.shop'),
      `${translateMessage('zh', 'export.netSales')}${cny}`,
      translateMessage('zh', 'export.conversionRate'),
      `${translateMessage('zh', 'export.avgTransactionValue')}${cny}`,
      translateMessage('zh', 'export.shareOfNetSales'),
    ]);
    // Empty cells come back as holes or '': both read as no value.
    const rows = body.map((row) => Array.from(row, (cell) => (cell === undefined || cell === '' ? null : cell)));
    const number = (value: number | null | undefined) => (value === null || value === undefined ? null : String(value));
    expect(rows).toEqual([
      ...cross.shops.map((shop) => [
        shop.shopNumber,
        shop.shopName,
        number(shop.values.netSales),
        number(shop.values.conversionRate),
        number(shop.values.avgTransactionValue),
        number(shop.shareOfNetSales),
      ]),
      [
        null,
        translateMessage('zh', 'export.total'),
        number(cross.totals.netSales),
        number(cross.totals.conversionRate),
        number(cross.totals.avgTransactionValue),
      ],
      [
        null,
        translateMessage('zh', 'export.shopAverage'),
        number(cross.shopAverage.netSales),
        number(cross.shopAverage.conversionRate),
        number(cross.shopAverage.avgTransactionValue),
      ],
    ]);
    expect(sheet?.getRow(2).getCell(3).numFmt).toBe('#,##0.00');
    expect(sheet?.getRow(2).getCell(4).numFmt).toBe('0.0%');
    expect(sheet?.getRow(2).getCell(6).numFmt).toBe('0.0%');
  });

  it('writes rate changes in percentage points, and the comparable and days-without-POS-data columns of the ranking', async () => {
    const query = { startDate: '2026-03-02', endDate: '2026-03-02', indicator: 'conversionRate' as const };
    // 2 March against 1 March: no POS data on 1 March, so no previous value and no change; POS-3 has no traffic.
    const answer = await data<SalesRankingResponse>(admin, '/api/sales/storeRanking', query);
    const file = await download(t.app, 'POST', '/api/sales/export', { table: 'ranking', query }, { ...admin, lang: 'en' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = ((sheet?.getRow(1).values ?? []) as unknown[]).slice(1);
    expect(header).toEqual([
      'Rank',
      'Store number',
      'Store',
      'Conversion rate',
      'Previous period (2026-03-01 ~ 2026-03-01)',
      'Change (percentage points)',
      'Comparable store',
      'Days without POS data',
    ]);
    expect(sheet?.getColumn(6).numFmt).toBe('+0.0;-0.0;0.0');
    const rows = (await sheetRows(file.content)).slice(1);
    expect(rows.map((row) => [row[1], row[5] ?? '', row[6], row[7]])).toEqual(answer.rows.map((row) => [row.shopNumber, '', 'No', String(row.incompleteDays)]));
  });

  it('writes the change of a rate as the difference of the percentages (percentage points)', async () => {
    // Period A (2 and 3 March): 6 transactions / 35 entries; period B (9 and 10 March) has no POS data: no change at all.
    const query = { rangeA: range, rangeB: { startDate: '2026-03-09', endDate: '2026-03-10' } };
    const rows = await sheetRows((await download(t.app, 'POST', '/api/sales/export', { table: 'periodComparison', query }, { ...admin, lang: 'en' })).content);
    const [header, total, day1, day2] = rows;
    const at = (name: string) => header?.indexOf(name) ?? -1;
    expect(at('Conversion rate (Range A)')).toBeGreaterThan(0);
    expect(header?.[at('Conversion rate (Range A)') + 2]).toBe('Change (percentage points)');
    expect(header?.[at(`Net sales (CNY) (Range A)`) + 2]).toBe('Change');
    expect(total?.[at('Conversion rate (Range A)')]).toBe(String(6 / 35));
    // Empty cells come back as holes.
    expect(total?.[at('Conversion rate (Range A)') + 1] ?? '').toBe('');
    expect(total?.[at('Conversion rate (Range A)') + 2] ?? '').toBe('');
    // Store-days without POS data of each side, and how many stores were compared.
    expect([total?.at(-3), total?.at(-2), total?.at(-1)]).toEqual(['2', '6', '3 / 3']);
    expect([day1?.at(-3), day1?.at(-2), day2?.at(-3), day2?.at(-2)]).toEqual(['0', '3', '2', '3']);
  });

  it('names the reporting currency and the dates of the rates of converted amounts', () => {
    const rate = (date: string) => ({ baseCurrency: 'CNY', quoteCurrency: 'USD', date, rate: 0.14, source: 'bank' });
    const money = { currency: 'USD', converted: true, reportingCurrency: 'USD', currencies: [], shopsWithoutArea: 0 };
    expect(currencyUnit('en', { ...money, rates: [rate('2026-03-05'), rate('2026-03-01'), rate('2026-03-05')] })).toBe(
      ' (USD, converted with the rates of 2026-03-01, 2026-03-05)',
    );
    expect(currencyUnit('zh', { ...money, rates: ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'].map(rate) })).toBe(
      ` (${translateMessage('zh', 'export.convertedCurrency', { currency: 'USD', dates: '2026-03-01 ~ 2026-03-04' })})`,
    );
    expect(currencyUnit('en', { ...money, currency: 'KRW', converted: false, rates: [] })).toBe(' (KRW)');
  });

  it('says which days of the trend lack POS data', async () => {
    const query = { startDate: '2026-03-01', endDate: '2026-03-03', granularity: 'day', indicators: ['netSales'] };
    const rows = (await sheetRows((await download(t.app, 'POST', '/api/sales/export', { table: 'trend', query }, { ...admin, lang: 'en' })).content)).map(
      (row) => Array.from(row, (cell) => cell ?? ''),
    );
    expect(rows).toEqual([
      ['Date', 'Net sales (CNY)', 'Store-days without POS data'],
      ['2026-03-01 (No POS data)', '', '3'],
      ['2026-03-02', String(2694.65), '0'],
      ['2026-03-03 (2 of 3 store-days without POS data)', expect.stringMatching(/^240\.1/), '2'],
    ]);
  });

  it("keeps to the caller's stores", async () => {
    const rows = await sheetRows((await exportOf(north, 'ranking')).content);
    expect(rows.slice(1).map((row) => row[1])).toEqual(['POS-2', 'POS-1']);
  });

  it('needs the sale tab and the data download key', async () => {
    expect((await exportOf(noDownload, 'trend')).json().status).toBe(403);
    expect((await exportOf(noSales, 'trend')).json().status).toBe(403);
    expect((await download(t.app, 'POST', '/api/sales/export', { table: 'summary', query: range }, admin)).json().status).toBe(400);
  });
});
