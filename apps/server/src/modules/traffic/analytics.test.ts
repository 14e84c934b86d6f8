import {
  type ComparisonResponse,
  type DashboardResponse,
  type FourQuadrantResponse,
  type GateListResponse,
  type GateTrendResponse,
  type NewRepeatResponse,
  type ProfileResponse,
  type RankingResponse,
  type ReportTable,
  RoleId,
  type SavedReport,
  type StayTimeResponse,
  type TimeIntervalResponse,
  type TrendResponse,
  XLSX_CONTENT_TYPE,
} from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCamera, buildCustomer, buildOrg, buildRoleWithout, buildShop, buildUser, download, sheetRows, signIn } from '../../../test/factories.ts';
import { call, createTestApp, expectMessageInAllLanguages, postersFor, type TestApp } from '../../../test/harness.ts';
import { buildBox, line, passerby, sendBatch, type TestBox, visit } from '../../../test/support/traffic.ts';
import { resetClock, setClock } from '../../platform/time/clock.ts';

type Session = { token: string; cid: string };

/** Wednesday 11 March 2026, 14:00 in Shanghai, 15:00 in Seoul, 17:00 in Sydney. */
const NOW = '2026-03-11T06:00:00Z';
let t: TestApp;
let n1: TestBox;
let n2: TestBox;
let s1: TestBox;
let admin: Session;
let branch: Session;
let observer: Session;
let noTraffic: Session;
let noProfile: Session;
let noGates: Session;
let outsider: Session;
let colleague: Session;

const { post, data } = postersFor(() => t.app);
const local = (date: string, time: string, offset: string) => `${date}T${time}:00${offset}`;
const cn = (date: string, time: string) => local(date, time, '+08:00');

const clockAtNow = () => setClock(NOW);

beforeAll(async () => {
  t = await createTestApp();
  clockAtNow();
  const demo = await buildCustomer(t.db, 'Analytics Co');
  const other = await buildCustomer(t.db, 'Other Analytics Co');
  const north = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'North');
  const south = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'South');
  n1 = await buildBox(t.db, demo.customerId, await buildShop(t.db, demo.customerId, north, { number: 'N-1', name: 'North One', timeZone: 'Asia/Shanghai' }), 2);
  n2 = await buildBox(t.db, demo.customerId, await buildShop(t.db, demo.customerId, north, { number: 'N-2', name: 'North Two', timeZone: 'Asia/Seoul' }), 1);
  s1 = await buildBox(
    t.db,
    demo.customerId,
    await buildShop(t.db, demo.customerId, south, { number: 'S-1', name: 'South One', timeZone: 'Australia/Sydney' }),
    1,
  );
  const foreign = await buildBox(t.db, other.customerId, await buildShop(t.db, other.customerId, other.rootOrgId, { number: 'F-1' }), 1);

  const [a, b] = n1.cameraIds as [string, string];
  const history = [];
  for (let day = 1; day <= 10; day += 1) {
    const date = `2026-03-${String(day).padStart(2, '0')}`;
    history.push(line(a, cn(date, '09:00'), 'in', 2), passerby(a, cn(date, '09:00'), 2));
  }
  history.push(line(a, cn('2026-03-04', '10:00'), 'in', 8), line(a, cn('2026-03-04', '15:00'), 'in', 4));
  history.push(
    visit('anna', cn('2026-03-10', '10:00'), 5, { gender: 'female', ageBand: '25-34' }),
    visit('dan', cn('2026-02-20', '12:00'), 8),
    visit('eve', cn('2026-03-01', '12:00'), 8),
  );
  const today = [
    line(a, cn('2026-03-11', '09:00'), 'in', 10),
    line(b, cn('2026-03-11', '10:00'), 'in', 5),
    passerby(a, cn('2026-03-11', '09:00'), 30),
    visit('anna', cn('2026-03-11', '10:30'), 10, { gender: 'female', ageBand: '25-34' }),
    visit('ben', cn('2026-03-11', '11:00'), 3, { gender: 'male', ageBand: '18-24' }),
    visit('cleo', cn('2026-03-11', '12:00'), 30),
  ];
  for (const events of [history, today]) expect((await sendBatch(t.app, n1.token, events)).body.status).toBe(200);
  await sendBatch(t.app, n2.token, [
    line(n2.cameraIds[0] as string, local('2026-03-11', '11:00', '+09:00'), 'in', 6),
    passerby(n2.cameraIds[0] as string, local('2026-03-11', '11:00', '+09:00'), 4),
  ]);
  await sendBatch(t.app, s1.token, [
    line(s1.cameraIds[0] as string, local('2026-03-11', '10:00', '+11:00'), 'in', 20),
    line(s1.cameraIds[0] as string, local('2026-03-04', '10:00', '+11:00'), 'in', 10),
  ]);
  await sendBatch(t.app, foreign.token, [line(foreign.cameraIds[0] as string, cn('2026-03-11', '09:00'), 'in', 99)]);

  const signInAs = async (customerId: string, roleId: number, extra: { orgId?: string } = {}) =>
    signIn(t.app, (await buildUser(t.db, [{ customerId, roleId, ...extra }])).loginName, customerId);
  admin = await signInAs(demo.customerId, RoleId.superManager);
  colleague = await signInAs(demo.customerId, RoleId.manager);
  branch = await signInAs(demo.customerId, RoleId.branchManage, { orgId: north });
  observer = await signInAs(demo.customerId, RoleId.observer);
  noTraffic = await signInAs(demo.customerId, await buildRoleWithout(t.db, demo.customerId, ['cueretail_traffic_nav']));
  noProfile = await signInAs(demo.customerId, await buildRoleWithout(t.db, demo.customerId, ['cusattr_show']));
  noGates = await signInAs(demo.customerId, await buildRoleWithout(t.db, demo.customerId, ['shopgateanalyze_page']));
  outsider = await signInAs(other.customerId, RoleId.superManager);
});
beforeEach(() => clockAtNow());
afterAll(async () => {
  resetClock();
  await t.close();
});

const day = (date: string) => ({ startDate: date, endDate: date });

describe("today's dashboard", () => {
  it("adds each shop's own today, compares with the same weekday last week, and says when data arrived", async () => {
    const board = await data<DashboardResponse>(admin, '/api/traffic/dashboard', {});
    expect(board.totals.entries).toBe(41);
    expect(board.totals.passersby).toBe(34);
    expect(board.totals.captureRate).toBeCloseTo(41 / 75, 10);
    expect(board.totals.visits).toBe(3);
    expect(board.totals.newVisitors).toBe(2);
    expect(board.totals.repeatVisitors).toBe(1);
    expect(board.totals.avgDwellMinutes).toBeCloseTo(43 / 3, 10);
    // Last week up to each shop's current hour: Shanghai 2 + 8 (15:00 is still to come), Sydney 10.
    expect(board.lastWeekEntriesSoFar).toBe(20);
    // Half an hour into Shanghai's 15:00, half of last week's 15:00 (4 entries) is 'so far'.
    setClock('2026-03-11T07:30:00Z');
    expect((await data<DashboardResponse>(admin, '/api/traffic/dashboard', {})).lastWeekEntriesSoFar).toBe(22);
    clockAtNow();
    const hours = Object.fromEntries(board.hourly.filter((h) => h.entries || h.lastWeekEntries).map((h) => [h.hour, [h.entries, h.lastWeekEntries]]));
    expect(hours).toEqual({ 9: [10, 2], 10: [25, 18], 11: [6, 0], 15: [0, 4] });
    expect(board.shops.map((shop) => [shop.shopNumber, shop.values.entries, shop.lastWeekEntries, shop.localDate])).toEqual([
      ['N-1', 15, 14, '2026-03-11'],
      ['N-2', 6, 0, '2026-03-11'],
      ['S-1', 20, 10, '2026-03-11'],
    ]);
    expect(board.dataUpdatedAt).not.toBeNull();
  });

  it("limits a branch manager to their region's shops; other shops and customers answer not found", async () => {
    const board = await data<DashboardResponse>(branch, '/api/traffic/dashboard', {});
    expect(board.shops.map((shop) => shop.shopNumber)).toEqual(['N-1', 'N-2']);
    expect(board.totals.entries).toBe(21);
    expect((await post(branch, '/api/traffic/dashboard', { shopIds: [s1.shopId] })).body.status).toBe(404);
    const theirs = await data<DashboardResponse>(outsider, '/api/traffic/dashboard', {});
    expect(theirs.totals.entries).toBe(99);
    expect(JSON.stringify(theirs)).not.toContain(n1.shopId);
    expect((await post(outsider, '/api/traffic/dashboard', { shopIds: [n1.shopId] })).body).toMatchObject({ status: 404, msg: 'Not found or no access' });
    expect((await data<{ dataUpdatedAt: string | null }>(admin, '/api/traffic/dataUpdateTime', { shopIds: [n2.shopId] })).dataUpdatedAt).not.toBeNull();
  });
});

describe('trend', () => {
  it('sums by day, by Monday weeks and by month without counting days outside the range', async () => {
    const range = { shopIds: [n1.shopId], startDate: '2026-03-01', endDate: '2026-03-11', indicators: ['entries', 'captureRate'] };
    const daily = await data<TrendResponse>(admin, '/api/traffic/trend', { ...range, granularity: 'day' });
    expect(daily.points.map((point) => point.values.entries)).toEqual([2, 2, 2, 14, 2, 2, 2, 2, 2, 2, 15]);
    expect(daily.points[0]?.values.captureRate).toBeCloseTo(0.5, 10);
    const weekly = await data<TrendResponse>(admin, '/api/traffic/trend', { ...range, granularity: 'week' });
    expect(weekly.points.map((point) => [point.key, point.values.entries])).toEqual([
      ['2026-02-23', 2],
      ['2026-03-02', 26],
      ['2026-03-09', 19],
    ]);
    const monthly = await data<TrendResponse>(admin, '/api/traffic/trend', { ...range, granularity: 'month' });
    // The month holds today: it is running, so partial (issue 11).
    // Its coverage (issue 11): N-1 reported on its days, but at 09:00, before its business hours (10:00-22:00): not complete.
    expect(monthly.points).toEqual([
      { key: '2026-03', values: { entries: 47, captureRate: 47 / (47 + 50) }, partial: 'running', coverage: { shops: 1, reporting: 1, complete: 0 } },
    ]);
    const hourly = await data<TrendResponse>(admin, '/api/traffic/trend', { ...range, ...day('2026-03-11'), granularity: 'hour' });
    expect(hourly.points).toHaveLength(24);
    expect(hourly.points.filter((point) => point.values.entries).map((point) => [point.key, point.values.entries])).toEqual([
      ['2026-03-11T09', 10],
      ['2026-03-11T10', 5],
    ]);
    expect(daily.weather).toEqual([]);
  });

  it('marks public holidays and the enabled calendar events of the shops', async () => {
    const added = await data<{ eventId: string }>(admin, '/api/calendarEvent/add', {
      name: 'Spring promotion',
      startDate: '2026-03-05',
      endDate: '2026-03-06',
      shopIds: [n1.shopId],
    });
    await data(admin, '/api/calendarEvent/add', { name: 'Sydney only', startDate: '2026-03-05', endDate: '2026-03-06', shopIds: [s1.shopId] });
    const query = { shopIds: [n1.shopId], startDate: '2026-03-01', endDate: '2026-03-11', indicators: ['entries'] };
    const marked = await data<TrendResponse>(admin, '/api/traffic/trend', query);
    expect(marked.calendarEvents).toEqual([{ eventId: added.eventId, name: 'Spring promotion', startDate: '2026-03-05', endDate: '2026-03-06' }]);
    await data(admin, '/api/calendarEvent/updateStatus', { eventId: added.eventId, enabled: false });
    expect((await data<TrendResponse>(admin, '/api/traffic/trend', query)).calendarEvents).toEqual([]);
    const newYear = await data<TrendResponse>(admin, '/api/traffic/trend', { ...query, startDate: '2026-01-01', endDate: '2026-01-02' });
    expect(newYear.holidays.some((holiday) => holiday.date === '2026-01-01' && holiday.country === 'CN')).toBe(true);
  });

  it("refuses ranges beyond the span with 'Time selection error' in every language", async () => {
    const base = { indicators: ['entries'], startDate: '2025-12-01', endDate: '2026-03-11' };
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/traffic/trend', { ...base, granularity: 'day' }, lang),
      'errors.timeSelectionError',
      { days: 90 },
      400,
    );
    expect((await post(admin, '/api/traffic/trend', { ...base, granularity: 'week' })).body.status).toBe(200);
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/traffic/trend', { ...base, startDate: '2025-01-01', granularity: 'month' }, lang),
      'errors.timeSelectionError',
      { days: 366 },
      400,
    );
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/traffic/trend', { ...base, startDate: '2026-03-12', endDate: '2026-03-11' }, lang),
      'traffic.rangeOrder',
      undefined,
      400,
    );
    expect((await post(admin, '/api/traffic/trend', { ...base, startDate: '2026-02-30' })).body).toMatchObject({
      status: 400,
      msg: 'Use the date format YYYY-MM-DD',
    });
  });
});

describe('shops compared', () => {
  it('ranks shops by an indicator against the previous range of equal length', async () => {
    const ranking = await data<RankingResponse>(admin, '/api/traffic/storeRanking', { ...day('2026-03-11'), indicator: 'entries' });
    expect(ranking.previousRange).toEqual(day('2026-03-10'));
    expect(ranking.rows.map((row) => [row.rank, row.shopNumber, row.value, row.previousValue, row.change])).toEqual([
      // S-1 and N-2 reported nothing on 10 March: no data (null), not 0 (issue 11).
      [1, 'S-1', 20, null, null],
      [2, 'N-1', 15, 2, 6.5],
      [3, 'N-2', 6, null, null],
    ]);
    const ascending = await data<RankingResponse>(branch, '/api/traffic/storeRanking', { ...day('2026-03-11'), indicator: 'captureRate', order: 'asc' });
    expect(ascending.rows.map((row) => row.shopNumber)).toEqual(['N-1', 'N-2']);
  });

  it('compares two ranges of equal length that do not overlap', async () => {
    const result = await data<ComparisonResponse>(admin, '/api/traffic/storeComparison', {
      shopIds: [n1.shopId],
      rangeA: day('2026-03-04'),
      rangeB: day('2026-03-11'),
      indicators: ['entries', 'visits'],
    });
    // Like for like (issue 11): 11 March runs (14:00 in Shanghai), so 4 March counts its hours before 14:00 too:
    // 2 at 09:00 and 8 at 10:00, not the 4 of 15:00.
    expect(result).toMatchObject({ days: 1, totalsA: { entries: 10, visits: 0 }, totalsB: { entries: 15, visits: 3 } });
    expect(result.change.entries).toBeCloseTo(0.5, 10);
    expect(result.likeForLike).toEqual({ cut: true, comparableOnly: false, comparedShops: 1, shops: 1 });
    // The shop's devices report only with traffic here, so neither day is complete through its business hours (issue 11).
    expect(result.series).toEqual([
      {
        offset: 1,
        dateA: '2026-03-04',
        dateB: '2026-03-11',
        a: { entries: 10, visits: 0 },
        b: { entries: 15, visits: 3 },
        partial: 'running',
        storeDaysA: { total: 1, reporting: 1, complete: 0 },
        storeDaysB: { total: 1, reporting: 1, complete: 0 },
        incomplete: true,
      },
    ]);
    const ask = (rangeA: object, rangeB: object) => (lang: string) =>
      post(admin, '/api/traffic/storeComparison', { rangeA, rangeB, indicators: ['entries'] }, lang);
    await expectMessageInAllLanguages(ask(day('2026-03-04'), day('2026-03-04')), 'traffic.sameDayTwice', undefined, 400);
    await expectMessageInAllLanguages(
      ask({ startDate: '2026-03-01', endDate: '2026-03-05' }, { startDate: '2026-03-05', endDate: '2026-03-09' }),
      'traffic.rangesOverlap',
      undefined,
      400,
    );
    await expectMessageInAllLanguages(
      ask({ startDate: '2026-03-01', endDate: '2026-03-02' }, { startDate: '2026-03-05', endDate: '2026-03-09' }),
      'traffic.rangesUnequal',
      undefined,
      400,
    );
  });

  it('places shops in four quadrants around the averages; X and Y must differ', async () => {
    const result = await data<FourQuadrantResponse>(admin, '/api/traffic/fourQuadrant', {
      ...day('2026-03-11'),
      xIndicator: 'entries',
      yIndicator: 'captureRate',
    });
    expect(result.xAverage).toBeCloseTo(41 / 3, 10);
    expect(result.yAverage).toBeCloseTo((15 / 45 + 6 / 10 + 1) / 3, 10);
    expect(result.points.map((point) => [point.shopNumber, point.quadrant])).toEqual([
      ['N-1', 4],
      ['N-2', 3],
      ['S-1', 1],
    ]);
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/traffic/fourQuadrant', { ...day('2026-03-11'), xIndicator: 'entries', yIndicator: 'entries' }, lang),
      'traffic.sameIndicator',
      undefined,
      400,
    );
  });

  it('sums by hour of day across a range, with daily averages', async () => {
    const result = await data<TimeIntervalResponse>(admin, '/api/traffic/timeInterval', {
      shopIds: [n1.shopId],
      startDate: '2026-03-10',
      endDate: '2026-03-11',
      indicators: ['entries'],
    });
    expect(result.days).toBe(2);
    expect(result.hours[9]).toEqual({ hour: 9, total: { entries: 12 }, dailyAverage: { entries: 6 } });
    expect(result.hours[10]).toEqual({ hour: 10, total: { entries: 5 }, dailyAverage: { entries: 2.5 } });
  });
});

describe('entrances', () => {
  it("lists a shop's entrances with their share; sums and trends them", async () => {
    const gates = await data<GateListResponse>(admin, '/api/gate/shopGateList', { shopId: n1.shopId, ...day('2026-03-11') });
    expect(gates.rows.map((row) => [row.cameraId, row.entries, row.passersby, row.captureRate, row.share])).toEqual([
      [n1.cameraIds[0], 10, 30, 0.25, 10 / 15],
      [n1.cameraIds[1], 5, 0, 1, 5 / 15],
    ]);
    const summary = await data<{ entries: number; gates: number; busiest: { cameraId: string } | null }>(admin, '/api/gate/summary', day('2026-03-11'));
    expect(summary).toMatchObject({ entries: 41, busiest: { cameraId: s1.cameraIds[0] } });
    const trend = await data<GateTrendResponse>(admin, '/api/gate/trend', {
      shopId: n1.shopId,
      cameraIds: [n1.cameraIds[1]],
      ...day('2026-03-11'),
      granularity: 'hour',
    });
    expect(trend.series).toHaveLength(1);
    expect(trend.series[0]?.points.find((point) => point.key === '2026-03-11T10')?.entries).toBe(5);
    // Hours the shop's devices did not report in (none at 03:00, 20:00 is still to come) have no data, not 0 (issue 11).
    for (const hour of ['03', '20']) {
      expect(trend.series[0]?.points.find((point) => point.key === `2026-03-11T${hour}`)).toMatchObject({
        entries: null,
        coverage: { shops: 1, reporting: 0, complete: 0 },
      });
    }
    // Without a choice: the entrances of the gate list, not a camera watching the shop floor.
    await buildCamera(t.db, n1.customerId, n1.shopId);
    const everyGate = await data<{ series: { cameraId: string }[] }>(admin, '/api/gate/trend', { shopId: n1.shopId, ...day('2026-03-11'), granularity: 'day' });
    expect(everyGate.series.map((series) => series.cameraId)).toEqual(n1.cameraIds);
    expect((await post(branch, '/api/gate/shopGateList', { shopId: s1.shopId, ...day('2026-03-11') })).body.status).toBe(404);
    expect((await post(admin, '/api/gate/trend', { shopId: n1.shopId, cameraIds: [s1.cameraIds[0]], ...day('2026-03-11') })).body.status).toBe(404);
    expect((await post(noGates, '/api/gate/shopGateList', { shopId: n1.shopId, ...day('2026-03-11') })).body.status).toBe(403);
  });
});

describe('visitors', () => {
  const n1Day = () => ({ shopIds: [n1.shopId], ...day('2026-03-11') });

  it('profiles visits by gender and age band, for those who may see customer attributes', async () => {
    const profile = await data<ProfileResponse>(admin, '/api/customerAttribute/profile', n1Day());
    expect(profile.visits).toBe(3);
    expect(profile.gender.map((row) => [row.gender, row.visits])).toEqual([
      ['male', 1],
      ['female', 1],
      ['unknown', 1],
    ]);
    expect(profile.age.filter((row) => row.visits > 0).map((row) => row.band)).toEqual(['18-24', '25-34', 'unknown']);
    expect((await post(noProfile, '/api/customerAttribute/profile', n1Day())).body.status).toBe(403);
  });

  it('counts new and repeat visitors, stays, frequency, revisit intervals and activity', async () => {
    const newRepeat = await data<{ newVisitors: number; repeatVisitors: number; points: { key: string; newVisitors: number }[] }>(
      admin,
      '/api/customer/newRepeat',
      { shopIds: [n1.shopId], startDate: '2026-03-10', endDate: '2026-03-11' },
    );
    expect(newRepeat).toMatchObject({ newVisitors: 3, repeatVisitors: 1 });
    // A day its devices reported on has values (0 when nobody came); a day before the shop's history has no data, not 0 (issue 11).
    const reported = await data<NewRepeatResponse>(admin, '/api/customer/newRepeat', { shopIds: [n1.shopId], startDate: '2026-03-09', endDate: '2026-03-10' });
    expect(reported.points.map((point) => [point.key, point.newVisitors, point.coverage.reporting])).toEqual([
      ['2026-03-09', 0, 1],
      ['2026-03-10', 1, 1],
    ]);
    const before = await data<NewRepeatResponse>(admin, '/api/customer/newRepeat', { shopIds: [n1.shopId], startDate: '2025-12-01', endDate: '2025-12-02' });
    expect(before.points.map((point) => [point.key, point.newVisitors, point.repeatVisitors, point.coverage.reporting])).toEqual([
      ['2025-12-01', null, null, 0],
      ['2025-12-02', null, null, 0],
    ]);
    const stay = await data<StayTimeResponse>(admin, '/api/customer/stayTimeDistribution', n1Day());
    expect(stay).toMatchObject({ visits: 3, deepVisits: 2, deepVisitMinutes: 5, depth: { light: 0, moderate: 1, deep: 1 } });
    expect(stay.avgDwellMinutes).toBeCloseTo(43 / 3, 10);
    expect(stay.buckets.filter((row) => row.visits > 0).map((row) => row.bucket)).toEqual(['2-5', '10-20', '30-60']);
    const frequency = await data<{ visitors: number; buckets: { bucket: string; visitors: number }[] }>(admin, '/api/customer/periodFrequency', {
      shopIds: [n1.shopId],
      startDate: '2026-03-10',
      endDate: '2026-03-11',
    });
    expect(frequency.visitors).toBe(3);
    expect(frequency.buckets.slice(0, 2).map((row) => row.visitors)).toEqual([2, 1]);
    const revisit = await data<{ repeatVisits: number; averageDays: number; buckets: { bucket: string; visits: number }[] }>(
      admin,
      '/api/customer/revisitInterval',
      n1Day(),
    );
    expect(revisit).toMatchObject({ repeatVisits: 1, averageDays: 1 });
    expect(revisit.buckets[0]).toMatchObject({ bucket: '0-7', visits: 1 });
    const activity = await data<{ visitors: number; high: number; moderate: number; low: number }>(admin, '/api/customer/activity', {
      shopIds: [n1.shopId],
      endDate: '2026-03-11',
    });
    expect(activity).toMatchObject({ visitors: 5, high: 3, moderate: 1, low: 1 });
  });
});

describe('custom reports', () => {
  it('runs, saves, lists, reopens and deletes a report of its owner only', async () => {
    const definition = { indicators: ['entries', 'captureRate'], dimension: 'shop', ...day('2026-03-11') };
    const table = await data<ReportTable>(admin, '/api/customReport/query', definition);
    expect(table.rows.map((row) => [row.shopNumber, row.values.entries])).toEqual([
      ['N-1', 15],
      ['N-2', 6],
      ['S-1', 20],
    ]);
    expect(table.totals.entries).toBe(41);
    const byDay = await data<ReportTable>(admin, '/api/customReport/query', {
      ...definition,
      dimension: 'shopDay',
      shopIds: [n1.shopId],
      startDate: '2026-03-10',
    });
    expect(byDay.rows.map((row) => [row.period, row.values.entries])).toEqual([
      ['2026-03-10', 2],
      ['2026-03-11', 15],
    ]);
    const saved = await data<SavedReport>(admin, '/api/customReport/save', { name: 'Daily entries', definition });
    expect((await data<SavedReport[]>(admin, '/api/customReport/list')).map((report) => report.name)).toEqual(['Daily entries']);
    expect((await data<SavedReport>(admin, '/api/customReport/get', { reportId: saved.reportId })).definition).toMatchObject(definition);
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/customReport/save', { name: 'daily ENTRIES', definition }, lang),
      'traffic.reportNameTaken',
      undefined,
      422,
    );
    const renamed = await data<SavedReport>(admin, '/api/customReport/save', {
      reportId: saved.reportId,
      name: 'Entries',
      definition: { ...definition, dimension: 'day' },
    });
    expect(renamed.definition.dimension).toBe('day');
    expect(await data<SavedReport[]>(colleague, '/api/customReport/list')).toEqual([]);
    expect((await post(colleague, '/api/customReport/get', { reportId: saved.reportId })).body.status).toBe(404);
    expect((await post(outsider, '/api/customReport/delete', { reportId: saved.reportId })).body.status).toBe(404);
    expect((await post(branch, '/api/customReport/save', { name: 'South', definition: { ...definition, shopIds: [s1.shopId] } })).body.status).toBe(404);
    await data(admin, '/api/customReport/delete', { reportId: saved.reportId });
    expect(await data<SavedReport[]>(admin, '/api/customReport/list')).toEqual([]);
  });
});

describe('exports', () => {
  const queries: Record<string, object> = {
    dashboard: {},
    trend: { startDate: '2026-03-01', endDate: '2026-03-11', indicators: ['entries', 'captureRate'] },
    ranking: { ...day('2026-03-11'), indicator: 'entries' },
    comparison: { rangeA: day('2026-03-04'), rangeB: day('2026-03-11'), indicators: ['entries'] },
    fourQuadrant: { ...day('2026-03-11'), xIndicator: 'entries', yIndicator: 'visits' },
    timeInterval: { ...day('2026-03-11'), indicators: ['entries'] },
    gateList: { shopId: '', ...day('2026-03-11') },
    profile: day('2026-03-11'),
    stayTime: day('2026-03-11'),
    frequency: day('2026-03-11'),
    revisitInterval: day('2026-03-11'),
    activity: { endDate: '2026-03-11' },
    customReport: { indicators: ['entries'], dimension: 'shop', ...day('2026-03-11') },
  };

  it('writes every analytics table as a real .xlsx in the caller language', async () => {
    for (const [table, query] of Object.entries(queries)) {
      const body = { table, query: table === 'gateList' ? { ...query, shopId: n1.shopId } : query };
      const file = await download(t.app, 'POST', '/api/traffic/export', body, admin);
      expect(file.http, `${table}: ${file.http === 200 ? '' : file.json().msg}`).toBe(200);
      expect(file.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
      expect(file.content.subarray(0, 2).toString()).toBe('PK');
    }
    const ranking = await download(t.app, 'POST', '/api/traffic/export', { table: 'ranking', query: queries.ranking }, { ...admin, lang: 'zh' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(ranking.content as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('门店排名');
    expect(sheet?.getRow(1).getCell(2).value).toBe('门店编号');
    expect([sheet?.getRow(2).getCell(2).value, sheet?.getRow(2).getCell(4).value]).toEqual(['S-1', 20]);
    const gate = await download(t.app, 'POST', '/api/gate/download', { shopId: n1.shopId, ...day('2026-03-11') }, admin);
    expect(gate.content.subarray(0, 2).toString()).toBe('PK');
    // The activity sheet holds the same bands and visitors as the operation the page shows.
    const activity = (await call(t.app, 'POST', '/api/customer/activity', queries.activity, admin)).body.data as {
      high: number;
      moderate: number;
      low: number;
    };
    const activitySheet = await sheetRows(
      (await download(t.app, 'POST', '/api/traffic/export', { table: 'activity', query: queries.activity }, admin)).content,
    );
    expect(activitySheet.slice(-3).map((row) => [row[0], Number(row[2])])).toEqual([
      ['High', activity.high],
      ['Moderate', activity.moderate],
      ['Low', activity.low],
    ]);
  });

  it('needs the screen permission of the table, and the caller scope', async () => {
    expect((await download(t.app, 'POST', '/api/traffic/export', { table: 'profile', query: queries.profile }, noProfile)).json().status).toBe(403);
    expect(
      (await download(t.app, 'POST', '/api/traffic/export', { table: 'gateList', query: { shopId: n1.shopId, ...day('2026-03-11') } }, noGates)).json().status,
    ).toBe(403);
    expect(
      (
        await download(
          t.app,
          'POST',
          '/api/traffic/export',
          { table: 'ranking', query: { ...day('2026-03-11'), indicator: 'entries', shopIds: [s1.shopId] } },
          branch,
        )
      ).json().status,
    ).toBe(404);
    expect((await download(t.app, 'POST', '/api/traffic/export', { table: 'nope', query: {} }, admin)).json().status).toBe(400);
  });
});

describe('who may read traffic', () => {
  const operations: [string, () => object][] = [
    ['/api/traffic/dashboard', () => ({})],
    ['/api/traffic/dataUpdateTime', () => ({})],
    ['/api/traffic/trend', () => ({ ...day('2026-03-11'), indicators: ['entries'] })],
    ['/api/traffic/storeRanking', () => ({ ...day('2026-03-11'), indicator: 'entries' })],
    ['/api/traffic/storeComparison', () => ({ rangeA: day('2026-03-04'), rangeB: day('2026-03-11'), indicators: ['entries'] })],
    ['/api/traffic/fourQuadrant', () => ({ ...day('2026-03-11'), xIndicator: 'entries', yIndicator: 'visits' })],
    ['/api/traffic/timeInterval', () => ({ ...day('2026-03-11'), indicators: ['entries'] })],
    ['/api/weather/list', () => day('2026-03-11')],
    ['/api/gate/shopGateList', () => ({ shopId: n1.shopId, ...day('2026-03-11') })],
    ['/api/gate/summary', () => day('2026-03-11')],
    ['/api/gate/trend', () => ({ shopId: n1.shopId, ...day('2026-03-11') })],
    ['/api/customerAttribute/profile', () => day('2026-03-11')],
    ['/api/customer/newRepeat', () => day('2026-03-11')],
    ['/api/customer/stayTimeDistribution', () => day('2026-03-11')],
    ['/api/customer/periodFrequency', () => day('2026-03-11')],
    ['/api/customer/revisitInterval', () => day('2026-03-11')],
    ['/api/customer/activity', () => ({ endDate: '2026-03-11' })],
    ['/api/customReport/query', () => ({ indicators: ['entries'], dimension: 'day', ...day('2026-03-11') })],
    ['/api/customReport/list', () => ({})],
  ];

  it('answers the observer (reading is not changing), refuses a role without the traffic tab before looking at the body', async () => {
    for (const [url, body] of operations) {
      expect((await post(observer, url, body())).body.status, url).toBe(200);
      expect((await post(noTraffic, url, body())).body.status, url).toBe(403);
      expect((await post(noTraffic, url, { startDate: 5, indicators: 'all' })).body.status, url).toBe(403);
    }
  });

  it("answers another customer's user not found for this customer's shops", async () => {
    for (const [url, body] of operations) {
      const response = await post(outsider, url, { ...body(), shopIds: [n1.shopId] });
      expect(response.http, url).toBeLessThan(500);
      expect(JSON.stringify(response.body), url).not.toContain('North One');
      if (url !== '/api/customReport/list') expect(response.body.status, url).toBe(404);
    }
  });
});
