import {
  type ComparisonResponse,
  type CustomReportTable,
  type FourQuadrantWithSalesResponse,
  type RankingResponse,
  RoleId,
  type SavedReportWithSales,
} from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, buildUser, download, type Session, sheetRows, signIn } from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, postersFor, type TestApp } from '../../../test/harness.ts';
import { uploadOrders } from '../../../test/support/sales.ts';
import { buildBox, line, passerby, sendBatch, type TestBox } from '../../../test/support/traffic.ts';
import { resetClock, setClock } from '../../platform/time/clock.ts';

/**
 * Custom reports, store rankings and comparisons a head office can trust (issue 11), by hand. Shops open 10:00-22:00; their boxes
 * send a heartbeat at 5 past every hour they are up. The clock: Wednesday 11 March 2026, 14:30 in
 * Shanghai (15:30 in Seoul).
 * - Steady (C-1, Shanghai, CNY): 8 March nothing; 9 March up all day, 3 entries and 7 passers-by
 *   at 12:00; 10 March down 15:00-18:00 (incomplete), 2 entries and 2 passers-by at 11:00; today up
 *   since 10:00, 4 entries at 11:00. POS: 100.00 CNY on 10 March.
 * - Flaky (C-2, Shanghai): today up at 10 and 11 only (incomplete), 1 entry; nothing before.
 * - Seoul (K-1, Seoul, KRW): 10 March up all day, 10 entries at 12:00. POS: 20,000 KRW on 10 March.
 */
const NOW = '2026-03-11T06:30:00Z';
let t: TestApp;
let steady: TestBox;
let flaky: TestBox;
let seoul: TestBox;
let admin: Session;
let customerId: string;
let loginName: string;
const { post, data } = postersFor(() => t.app);
const at = (zone: string, date: string, time: string) => `${date}T${time}:00${zone}`;
const cn = (date: string, time: string) => at('+08:00', date, time);
const kr = (date: string, time: string) => at('+09:00', date, time);
const heartbeats = (stamp: (date: string, time: string) => string, date: string, hours: readonly number[]) =>
  hours.map((hour) => ({ type: 'heartbeat', at: stamp(date, `${String(hour).padStart(2, '0')}:05`) }) as const);
const allDay = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21];

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  const customer = await buildCustomer(t.db, 'Report Trust Co');
  customerId = customer.customerId;
  const shop = (number: string, name: string, extra: object = {}) =>
    buildShop(t.db, customer.customerId, customer.rootOrgId, { number, name, province: 'CN-SH', ...extra });
  steady = await buildBox(t.db, customer.customerId, await shop('C-1', 'Steady'), 1);
  flaky = await buildBox(t.db, customer.customerId, await shop('C-2', 'Flaky'), 1);
  seoul = await buildBox(t.db, customer.customerId, await shop('K-1', 'Seoul', { province: 'KR-11', timeZone: 'Asia/Seoul' }), 1);
  const [a] = steady.cameraIds as [string];
  const [b] = flaky.cameraIds as [string];
  const [k] = seoul.cameraIds as [string];
  const steadyEvents = [
    ...heartbeats(cn, '2026-03-09', allDay),
    line(a, cn('2026-03-09', '12:00'), 'in', 3),
    passerby(a, cn('2026-03-09', '12:00'), 7),
    ...heartbeats(cn, '2026-03-10', [10, 11, 12, 13, 14, 18, 19, 20, 21]),
    line(a, cn('2026-03-10', '11:00'), 'in', 2),
    passerby(a, cn('2026-03-10', '11:00'), 2),
    ...heartbeats(cn, '2026-03-11', [10, 11, 12, 13, 14]),
    line(a, cn('2026-03-11', '11:00'), 'in', 4),
  ];
  expect((await sendBatch(t.app, steady.token, steadyEvents)).body.status).toBe(200);
  expect((await sendBatch(t.app, flaky.token, [...heartbeats(cn, '2026-03-11', [10, 11]), line(b, cn('2026-03-11', '10:30'), 'in', 1)])).body.status).toBe(200);
  expect((await sendBatch(t.app, seoul.token, [...heartbeats(kr, '2026-03-10', allDay), line(k, kr('2026-03-10', '12:00'), 'in', 10)])).body.status).toBe(200);
  loginName = (await buildUser(t.db, [{ customerId, roleId: RoleId.superManager }])).loginName;
  admin = await signIn(t.app, loginName, customerId);
  const upload = await uploadOrders(t.app, admin, t.config.dataDir, 'report-trust.xlsx', [
    { shopNumber: 'C-1', orderNumber: 'C1-1', date: '2026/03/10', time: '11:10', quantity: 1, amount: 100 },
    { shopNumber: 'K-1', orderNumber: 'K1-1', date: '2026/03/10', time: '12:10', quantity: 2, amount: 20000 },
  ]);
  expect(upload.status, JSON.stringify(upload)).toBe('completed');
});
beforeEach(() => clockAt(NOW));
afterAll(async () => {
  resetClock();
  await t.close();
});

const report = (definition: object) => data<CustomReportTable>(admin, '/api/customReport/query', definition);
/** Moves the clock and signs in again there (a session does not outlive a jump of days, nor one back in time). */
async function clockAt(iso: string): Promise<void> {
  setClock(iso);
  admin = await signIn(t.app, loginName, customerId);
}
const steadyAndFlaky = () => [steady.shopId, flaky.shopId];
const days = (startDate: string, endDate: string) => ({ startDate, endDate });

describe('data completeness in custom reports', () => {
  it('shows store-days without reports as no data, device outages as incomplete and the running day as partial', async () => {
    const shopDay = await report({ ...days('2026-03-09', '2026-03-11'), dimension: 'shopDay', indicators: ['entries'], shopIds: steadyAndFlaky() });
    expect(shopDay.rows.map((row) => [row.shopNumber, row.period, row.values.entries, row.storeDays, row.partial])).toEqual([
      ['C-1', '2026-03-09', 3, { total: 1, reporting: 1, complete: 1 }, undefined],
      ['C-1', '2026-03-10', 2, { total: 1, reporting: 1, complete: 0 }, undefined],
      ['C-1', '2026-03-11', 4, { total: 1, reporting: 1, complete: 1 }, 'running'],
      ['C-2', '2026-03-09', null, { total: 1, reporting: 0, complete: 0 }, undefined],
      ['C-2', '2026-03-10', null, { total: 1, reporting: 0, complete: 0 }, undefined],
      ['C-2', '2026-03-11', 1, { total: 1, reporting: 1, complete: 0 }, 'running'],
    ]);
    expect(shopDay.totals.entries).toBe(10);
    expect(shopDay.totalsStoreDays).toEqual({ total: 6, reporting: 4, complete: 2 });
    expect(shopDay.range).toEqual(days('2026-03-09', '2026-03-11'));

    const byShop = await report({ ...days('2026-03-09', '2026-03-11'), dimension: 'shop', indicators: ['entries'], shopIds: steadyAndFlaky() });
    expect(byShop.rows.map((row) => [row.shopNumber, row.values.entries, row.storeDays, row.partial])).toEqual([
      ['C-1', 9, { total: 3, reporting: 3, complete: 2 }, 'running'],
      ['C-2', 1, { total: 3, reporting: 1, complete: 0 }, 'running'],
    ]);

    // By day, a day no shop reported on (8 March) and a day to come (12 March) have no data, not 0.
    const byDay = await report({ ...days('2026-03-08', '2026-03-12'), dimension: 'day', indicators: ['entries'], shopIds: steadyAndFlaky() });
    expect(byDay.rows.map((row) => [row.key, row.values.entries, row.storeDays, row.partial])).toEqual([
      ['2026-03-08', null, { total: 2, reporting: 0, complete: 0 }, undefined],
      ['2026-03-09', 3, { total: 2, reporting: 1, complete: 1 }, undefined],
      ['2026-03-10', 2, { total: 2, reporting: 1, complete: 0 }, undefined],
      ['2026-03-11', 5, { total: 2, reporting: 2, complete: 1 }, 'running'],
      ['2026-03-12', null, { total: 0, reporting: 0, complete: 0 }, undefined],
    ]);

    // By hour: the outage hours have no data; 14:00 reported without traffic: 0.
    const byHour = await report({ ...days('2026-03-10', '2026-03-10'), dimension: 'hour', indicators: ['entries'], shopIds: [steady.shopId] });
    const hour = (index: number) => byHour.rows[index];
    expect([14, 15, 17, 18].map((index) => [hour(index)?.values.entries, hour(index)?.storeDays?.reporting])).toEqual([
      [0, 1],
      [null, 0],
      [null, 0],
      [0, 1],
    ]);
  });

  it('adds counts in the totals and recomputes rates from them', async () => {
    const table = await report({ ...days('2026-03-09', '2026-03-10'), dimension: 'day', indicators: ['entries', 'captureRate'], shopIds: [steady.shopId] });
    expect(table.rows.map((row) => row.values.captureRate)).toEqual([3 / 10, 2 / 4]);
    // 5 entries of 14 people who passed or came in; neither the sum (0.8) nor the mean (0.4) of the days' rates.
    expect(table.totals).toEqual({ entries: 5, captureRate: 5 / 14 });
  });
});

describe('money in custom reports', () => {
  const salesOf = (shopIds: string[]) => ({ ...days('2026-03-10', '2026-03-10'), dimension: 'shop', indicators: ['entries', 'netSales'], shopIds });

  it('names the currency of one currency, refuses several without a rate, and converts with the rates it lists', async () => {
    const cnOnly = await report(salesOf([steady.shopId]));
    expect(cnOnly.totals).toEqual({ entries: 2, netSales: 100 });
    expect(cnOnly.money).toMatchObject({ currency: 'CNY', converted: false, rates: [] });
    // Traffic only: nothing is money.
    expect((await report({ ...salesOf([steady.shopId]), indicators: ['entries'] })).money).toBeUndefined();

    await expectMessageInAllLanguages((lang) => post(admin, '/api/customReport/query', salesOf([steady.shopId, seoul.shopId]), lang), 'money.mixedCurrencies', {
      currencies: 'CNY, KRW',
      missing: 'KRW',
      reporting: 'CNY',
      date: '2026-03-10',
    });

    await data(admin, '/api/exchangeRate/save', { baseCurrency: 'KRW', quoteCurrency: 'CNY', date: '2026-03-01', rate: 0.005, source: 'Treasury' });
    const converted = await report(salesOf([steady.shopId, seoul.shopId]));
    // 100 CNY + 20,000 KRW x 0.005.
    expect(converted.totals).toEqual({ entries: 12, netSales: 200 });
    expect(converted.rows.map((row) => [row.shopNumber, row.values.netSales])).toEqual([
      ['C-1', 100],
      ['K-1', 100],
    ]);
    expect(converted.money).toMatchObject({
      currency: 'CNY',
      converted: true,
      rates: [{ baseCurrency: 'KRW', quoteCurrency: 'CNY', date: '2026-03-01', rate: 0.005, source: 'Treasury' }],
    });
  });
});

describe('the Excel file of a custom report', () => {
  async function workbookOf(body: object, lang = 'en') {
    const file = await download(t.app, 'POST', '/api/traffic/export', body, { ...admin, lang });
    expect(file.http, file.http === 200 ? '' : JSON.stringify(file.json())).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
    const values = (sheet: ExcelJS.Worksheet | undefined) => {
      const rows: unknown[][] = [];
      sheet?.eachRow({ includeEmpty: true }, (row) => {
        rows.push((row.values as unknown[]).slice(1));
      });
      return rows;
    };
    return { table: values(workbook.worksheets[0]), about: values(workbook.worksheets[1]), workbook };
  }

  it('has the table with a data column and a totals row, and says what it is, when and in whose time it was made', async () => {
    const query = { ...days('2026-03-09', '2026-03-11'), dimension: 'shop', indicators: ['entries', 'captureRate'], shopIds: steadyAndFlaky() };
    const { table, about, workbook } = await workbookOf({ table: 'customReport', query, timeZone: 'Asia/Seoul', reportName: 'Weekly check' });
    expect(table).toEqual([
      ['Store number', 'Store', 'Entries', 'Capture rate', 'Data'],
      ['C-1', 'Steady', 9, 9 / 18, 'partial: still running; 3 of 3 store-days reported, 1 incomplete'],
      ['C-2', 'Flaky', 1, 1, 'partial: still running; 1 of 3 store-days reported, 1 incomplete'],
      ['Total', '', 10, 10 / 19, '4 of 6 store-days reported, 2 incomplete'],
    ]);
    expect(workbook.worksheets[0]?.getColumn(4).numFmt).toBe('0.0%');
    expect(about.slice(0, 7)).toEqual([
      ['Report', 'Custom report: Weekly check'],
      ['Period', '2026-03-09 ~ 2026-03-11'],
      ['Stores', '2 stores'],
      [undefined, 'C-1 Steady'],
      [undefined, 'C-2 Flaky'],
      ['Generated at', '2026-03-11 15:30 (Asia/Seoul, UTC+09:00)'],
      ['Currency', 'No money indicator'],
    ]);
    expect(workbook.worksheets[0]?.headerFooter.oddHeader).toBe('&LCustom report: Weekly check · 2026-03-09 ~ 2026-03-11');
    // Without the reader's zone, the customer's.
    const { about: inShanghai } = await workbookOf({ table: 'customReport', query }, 'zh');
    expect(inShanghai[5]).toEqual(['生成时间', '2026-03-11 14:30（Asia/Shanghai, UTC+08:00）']);
  });

  it('names the currency of money columns and lists the exchange rates used', async () => {
    const query = { ...days('2026-03-10', '2026-03-10'), dimension: 'day', indicators: ['netSales', 'entries'], shopIds: [steady.shopId, seoul.shopId] };
    // The rate of the test above (tests of one file run in order), saved again if this one runs alone.
    await post(admin, '/api/exchangeRate/save', { baseCurrency: 'KRW', quoteCurrency: 'CNY', date: '2026-03-01', rate: 0.005, source: 'Treasury' });
    const { table, about } = await workbookOf({ table: 'customReport', query, timeZone: 'Asia/Shanghai' });
    expect(table[0]).toEqual(['Period', 'Net sales (CNY)', 'Entries', 'Data']);
    expect(table[1]).toEqual(['2026-03-10', 200, 12, '2 of 2 store-days reported, 1 incomplete']);
    expect(table[2]).toEqual(['Total', 200, 12, '2 of 2 store-days reported, 1 incomplete']);
    const currency = about.findIndex((row) => row[0] === 'Currency');
    expect(about[currency]?.[1]).toBe('CNY, converted from CNY, KRW with the exchange rates below');
    const rates = about.findIndex((row) => row[0] === 'Exchange rates used');
    expect(about[rates + 1]).toEqual(['Rate date', 'From', 'To', 'Rate', 'Source']);
    expect(about[rates + 2]).toEqual(['2026-03-01', 'KRW', 'CNY', 0.005, 'Treasury']);
  });
});

describe('rolling ranges of saved reports', () => {
  const yesterday = (shopIds: string[]) => ({
    // The dates the builder showed; the rule decides.
    ...days('2026-01-01', '2026-01-01'),
    rolling: 'yesterday',
    dimension: 'shop',
    indicators: ['entries'],
    shopIds,
  });

  it('resolves the rule when the report runs, in the local today of its shops', async () => {
    const first = await report(yesterday([steady.shopId]));
    expect([first.range, first.rolling, first.totals.entries]).toEqual([days('2026-03-10', '2026-03-10'), 'yesterday', 2]);
    await clockAt('2026-03-12T06:30:00Z');
    const next = await report(yesterday([steady.shopId]));
    expect([next.range, next.totals.entries]).toEqual([days('2026-03-11', '2026-03-11'), 4]);

    // 15:30 UTC on 10 March: 23:30 in Shanghai, already 00:30 on 11 March in Seoul.
    await clockAt('2026-03-10T15:30:00Z');
    expect((await report(yesterday([seoul.shopId]))).range).toEqual(days('2026-03-10', '2026-03-10'));
    expect((await report(yesterday([steady.shopId]))).range).toEqual(days('2026-03-09', '2026-03-09'));
    // Shops of two zones have no one today: the customer's zone (Shanghai) decides.
    expect((await report(yesterday([steady.shopId, seoul.shopId]))).range).toEqual(days('2026-03-09', '2026-03-09'));
  });

  it('saves the rule, not the dates: reopened later, it stands for the dates of that day', async () => {
    const saved = await data<SavedReportWithSales>(admin, '/api/customReport/save', {
      name: 'Last week by store',
      definition: { ...days('2026-03-02', '2026-03-08'), rolling: 'lastCompleteWeek', dimension: 'shop', indicators: ['entries'], shopIds: [steady.shopId] },
    });
    expect(saved.definition).toMatchObject({ rolling: 'lastCompleteWeek', ...days('2026-03-02', '2026-03-08') });
    const stored = await t.db.selectFrom('custom_reports').select('definition').where('id', '=', saved.reportId).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.definition)).toMatchObject({ rolling: 'lastCompleteWeek' });

    // A week later the same report is the next week.
    await clockAt('2026-03-18T06:30:00Z');
    const reopened = await data<SavedReportWithSales>(admin, '/api/customReport/get', { reportId: saved.reportId });
    expect(reopened.definition).toMatchObject({ rolling: 'lastCompleteWeek', ...days('2026-03-09', '2026-03-15') });
    const listed = (await data<SavedReportWithSales[]>(admin, '/api/customReport/list')).find((one) => one.reportId === saved.reportId);
    expect(listed?.definition).toMatchObject(days('2026-03-09', '2026-03-15'));
    const table = await report(reopened.definition);
    expect([table.range, table.totals.entries]).toEqual([days('2026-03-09', '2026-03-15'), 9]);
    await data(admin, '/api/customReport/delete', { reportId: saved.reportId });
  });

  it('refuses a rule it does not know', async () => {
    const response = await post(admin, '/api/customReport/query', { ...yesterday([steady.shopId]), rolling: 'someday' });
    expect(response.body.status).toBe(400);
  });
});

describe('store ranking and comparison as the page shows them', () => {
  it('exports whether each shop is comparable, its incomplete store-days, and rate changes in percentage points', async () => {
    const query = { ...days('2026-03-10', '2026-03-10'), indicator: 'captureRate', order: 'desc', shopIds: steadyAndFlaky() };
    const ranking = await data<RankingResponse>(admin, '/api/traffic/storeRanking', query);
    // C-1: 2 of 4 on 10 March against 3 of 10 the day before; reported on both days, 10 March with an outage.
    expect(ranking.rows.map((row) => [row.shopNumber, row.value, row.previousValue, row.comparable, row.incompleteDays])).toEqual([
      ['C-1', 0.5, 0.3, true, 1],
      ['C-2', null, null, false, 1],
    ]);
    const file = await download(t.app, 'POST', '/api/traffic/export', { table: 'ranking', query }, { ...admin, lang: 'en' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows[0]).toEqual([
      'Rank',
      'Store number',
      'Store',
      'Capture rate',
      'Previous period (2026-03-09 ~ 2026-03-09)',
      'Change (percentage points)',
      'Comparable store',
      'Days with incomplete data',
    ]);
    expect(rows[1]?.slice(1, 5)).toEqual(['C-1', 'Steady', 0.5, 0.3]);
    expect(rows[1]?.[5]).toBeCloseTo(20, 10);
    expect(rows[1]?.slice(6)).toEqual(['Yes', 1]);
    expect(rows[2]?.slice(1)).toEqual(['C-2', 'Flaky', undefined, undefined, undefined, 'No', 1]);
    // Percentage points carry their sign, as the page writes them.
    expect(sheet?.getColumn(6).numFmt).toBe('+0.0;-0.0;0.0');
  });

  it('compares per shop with changes as the page writes them, and marks a pair with a store-day missing or incomplete', async () => {
    const query = {
      rangeA: days('2026-03-09', '2026-03-09'),
      rangeB: days('2026-03-10', '2026-03-10'),
      indicators: ['entries', 'captureRate'],
      shopIds: steadyAndFlaky(),
    };
    const comparison = await data<ComparisonResponse>(admin, '/api/traffic/storeComparison', query);
    expect(comparison.shops.map((shop) => [shop.shopNumber, shop.comparable, shop.incompleteDaysA, shop.incompleteDaysB])).toEqual([
      ['C-1', true, 0, 1],
      ['C-2', false, 1, 1],
    ]);
    expect(comparison.series).toEqual([
      {
        offset: 1,
        dateA: '2026-03-09',
        dateB: '2026-03-10',
        a: { entries: 3, captureRate: 0.3 },
        b: { entries: 2, captureRate: 0.5 },
        storeDaysA: { total: 2, reporting: 1, complete: 1 },
        storeDaysB: { total: 2, reporting: 1, complete: 0 },
        incomplete: true,
      },
    ]);
    const file = await download(t.app, 'POST', '/api/traffic/export', { table: 'comparison', query }, { ...admin, lang: 'en' });
    const rows = await sheetRows(file.content);
    const a = '(2026-03-09 ~ 2026-03-09)';
    const b = '(2026-03-10 ~ 2026-03-10)';
    expect(rows[0]).toEqual([
      'Store number',
      'Store',
      `Entries ${a}`,
      `Entries ${b}`,
      'Change of Entries',
      `Capture rate ${a}`,
      `Capture rate ${b}`,
      'Change of Capture rate (percentage points)',
      'Comparable store',
      `Days with incomplete data ${a}`,
      `Days with incomplete data ${b}`,
    ]);
    expect(rows[1]?.map((cell, index) => (index === 4 || index === 7 ? Number(cell).toFixed(4) : cell))).toEqual([
      'C-1',
      'Steady',
      '3',
      '2',
      (-1 / 3).toFixed(4),
      '0.3',
      '0.5',
      '20.0000',
      'Yes',
      '0',
      '1',
    ]);
    // No values for C-2, which reported on neither day: empty cells, not 0.
    expect(rows[2]).toEqual(['C-2', 'Flaky', undefined, undefined, undefined, undefined, undefined, undefined, 'No', '1', '1']);
  });

  it('leaves the days to come of a running range without values; a pair with an incomplete day says so', async () => {
    const comparison = await data<ComparisonResponse>(admin, '/api/traffic/storeComparison', {
      rangeA: days('2026-03-09', '2026-03-10'),
      rangeB: days('2026-03-11', '2026-03-12'),
      indicators: ['entries'],
      shopIds: [steady.shopId],
    });
    expect(comparison.series.map((pair) => [pair.dateB, pair.b.entries, pair.storeDaysB, pair.partial, pair.incomplete])).toEqual([
      ['2026-03-11', 4, { total: 1, reporting: 1, complete: 1 }, 'running', undefined],
      // 12 March is yet to come; its pair, 10 March, had C-1's outage.
      ['2026-03-12', null, { total: 0, reporting: 0, complete: 0 }, undefined, true],
    ]);
  });
});

describe('four quadrants, entrances and visitors say how much data they stand on', () => {
  const twoDays = () => ({ ...days('2026-03-09', '2026-03-10'), shopIds: steadyAndFlaky() });
  // C-1 reported on both days (10 March with an outage), C-2 on neither.
  const expected = { total: 4, reporting: 2, complete: 1 };

  it('leaves a shop without reports off the traffic axes and counts incomplete store-days per shop', async () => {
    const quadrant = await data<FourQuadrantWithSalesResponse>(admin, '/api/traffic/fourQuadrant', {
      ...twoDays(),
      xIndicator: 'entries',
      yIndicator: 'captureRate',
    });
    expect(quadrant.points.map((point) => [point.shopNumber, point.x, point.y, point.quadrant, point.incompleteDays])).toEqual([
      ['C-1', 5, 5 / 14, 1, 1],
      ['C-2', null, null, null, 2],
    ]);
    expect(quadrant.storeDays).toEqual(expected);
  });

  it('gives the store-days of entrance, time-interval and visitor answers', async () => {
    const answers = await Promise.all(
      [
        ['/api/gate/summary', twoDays()],
        ['/api/traffic/timeInterval', { ...twoDays(), indicators: ['entries'] }],
        ['/api/customerAttribute/profile', twoDays()],
        ['/api/customer/newRepeat', twoDays()],
        ['/api/customer/stayTimeDistribution', twoDays()],
        ['/api/customer/periodFrequency', twoDays()],
        ['/api/customer/revisitInterval', twoDays()],
      ].map(([url, body]) => data<{ storeDays?: object }>(admin, url as string, body)),
    );
    for (const answer of answers) expect(answer.storeDays).toEqual(expected);
    const gates = await data<{ storeDays?: object }>(admin, '/api/gate/shopGateList', { ...days('2026-03-08', '2026-03-10'), shopId: steady.shopId });
    expect(gates.storeDays).toEqual({ total: 3, reporting: 2, complete: 1 });
  });
});
