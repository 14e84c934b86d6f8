import { singleLensOperations as ops, RoleId, type SingleLensResponse } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildRoleWithout, buildShop, buildUser, type Session, signIn } from '../../../test/factories.ts';
import { createTestApp, invoke, type TestApp } from '../../../test/harness.ts';
import { buildBox, clockAt, line, sendBatch } from '../../../test/support/traffic.ts';
import { createCalendarService } from '../calendar/calendar.service.ts';
import { createRetentionService } from './retention.ts';

/**
 * Single-lens figures against hand-computed rollups: events of two cameras of a Shanghai store
 * (UTC+8) sent through the device API on two days, the figures of one camera counted by hand.
 */
let t: TestApp;
let admin: Session;
let limited: Session;
let noTraffic: Session;
let other: Session;
let cameraA: string;
let cameraB: string;
let shop2Camera: string;

const zone = (cameraId: string, enteredAt: string, seconds: number, regionId = 'r1') => ({
  type: 'zoneDwell' as const,
  cameraId,
  regionId,
  enteredAt,
  exitedAt: new Date(Date.parse(enteredAt) + seconds * 1000).toISOString(),
});

beforeAll(async () => {
  t = await createTestApp();
  clockAt('2026-03-11T12:00:00.000Z');
  const customer = await buildCustomer(t.db);
  const shop1 = await buildShop(t.db, customer.customerId, customer.rootOrgId);
  const shop2 = await buildShop(t.db, customer.customerId, customer.rootOrgId);
  const box = await buildBox(t.db, customer.customerId, shop1, 2);
  [cameraA, cameraB] = box.cameraIds as [string, string];
  const box2 = await buildBox(t.db, customer.customerId, shop2, 1);
  shop2Camera = box2.cameraIds[0] ?? '';
  const theirs = await buildCustomer(t.db);
  const sign = async (customerId: string, roleId: number, shopIds?: string[]) =>
    signIn(t.app, (await buildUser(t.db, [{ customerId, roleId, ...(shopIds ? { shopIds } : {}) }])).loginName, customerId);
  admin = await sign(customer.customerId, RoleId.superManager);
  limited = await sign(customer.customerId, RoleId.storeManage, [shop1]);
  noTraffic = await sign(customer.customerId, await buildRoleWithout(t.db, customer.customerId, ['cueretail_traffic_nav']));
  other = await sign(theirs.customerId, RoleId.superManager);

  // 10 March, local 09:xx (01:xx UTC) and 14:xx (06:xx UTC); 11 March, local 10:xx; camera B beside them.
  const events = [
    line(cameraA, '2026-03-10T01:05:00Z', 'in', 3),
    line(cameraA, '2026-03-10T01:40:00Z', 'out', 1),
    line(cameraA, '2026-03-10T06:10:00Z', 'in', 2),
    line(cameraA, '2026-03-10T06:50:00Z', 'out', 4),
    line(cameraA, '2026-03-11T02:00:00Z', 'in', 5),
    line(cameraB, '2026-03-10T01:05:00Z', 'in', 7),
    zone(cameraA, '2026-03-10T01:10:00Z', 60),
    zone(cameraA, '2026-03-10T01:20:00Z', 120, 'r2'),
    zone(cameraA, '2026-03-10T06:15:00Z', 30),
    zone(cameraA, '2026-03-11T02:05:00Z', 90),
    zone(cameraB, '2026-03-10T01:10:00Z', 500),
    // 15:59 UTC on the 9th is 23:59 local: the 9th, not the 10th.
    line(cameraA, '2026-03-09T15:59:00Z', 'in', 9),
    // 03:30 UTC is 11:30 local: the devices were up, nothing happened.
    { type: 'heartbeat', at: '2026-03-10T03:30:00Z', cameras: [{ cameraId: cameraA, online: true }] },
  ];
  const sent = await sendBatch(t.app, box.token, events);
  expect(sent.body.status, sent.body.msg).toBe(200);
}, 60_000);
afterAll(async () => t.close());

describe('single-lens figures', () => {
  it('answers one camera by hour of the local day and by day, as counted by hand', async () => {
    const response = await invoke(t.app, ops.cameraStatistics, { cameraId: cameraA, date: '2026-03-10' }, admin);
    expect(response.body.status, response.body.msg).toBe(200);
    const data = response.body.data as SingleLensResponse;
    expect(data).toMatchObject({ cameraId: cameraA, timeZone: 'Asia/Shanghai', date: '2026-03-10' });
    expect(data.hourly.length).toBe(24);
    // Hours the devices reported in: the two with events, and 11:00 (a heartbeat only: zero, not unknown).
    const reported = data.hourly.filter((hour) => hour.entries !== null);
    expect(reported).toEqual([
      { hour: 9, entries: 3, exits: 1, stays: 2, dwellSeconds: 180 },
      { hour: 11, entries: 0, exits: 0, stays: 0, dwellSeconds: 0 },
      { hour: 14, entries: 2, exits: 4, stays: 1, dwellSeconds: 30 },
    ]);
    // The other hours are unknown, not zero: no report came for them.
    expect(data.hourly[10]).toEqual({ hour: 10, entries: null, exits: null, stays: null, dwellSeconds: null });
    expect(data.hoursWithoutReports).toBe(21);
    expect(data.hourlyStaysPurged).toBe(false);
    expect(data.daily.map((day) => day.date)).toEqual(['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
    expect(data.daily.slice(-3)).toEqual([
      { date: '2026-03-08', entries: null, exits: null, stays: null, dwellSeconds: null },
      { date: '2026-03-09', entries: 9, exits: 0, stays: 0, dwellSeconds: 0 },
      { date: '2026-03-10', entries: 5, exits: 5, stays: 3, dwellSeconds: 210 },
    ]);
    const next = (await invoke(t.app, ops.cameraStatistics, { cameraId: cameraA, date: '2026-03-11' }, admin)).body.data as SingleLensResponse;
    expect(next.hourly[10]).toEqual({ hour: 10, entries: 5, exits: 0, stays: 1, dwellSeconds: 90 });
    expect(next.daily.at(-1)).toEqual({ date: '2026-03-11', entries: 5, exits: 0, stays: 1, dwellSeconds: 90 });
    // Today (the clock stands at 20:00 local on the 11th): the hours still to come are not missing reports.
    expect(next.hoursWithoutReports).toBe(20);
    expect(next.hourly[21]?.entries).toBeNull();
  });

  it('checks the camera: another customer, outside the data scope, without the traffic key', async () => {
    const notFound = 'Not found or no access';
    expect((await invoke(t.app, ops.cameraStatistics, { cameraId: cameraA, date: '2026-03-10' }, other)).body.msg).toBe(notFound);
    expect((await invoke(t.app, ops.cameraStatistics, { cameraId: shop2Camera, date: '2026-03-10' }, limited)).body.msg).toBe(notFound);
    expect((await invoke(t.app, ops.cameraStatistics, { cameraId: cameraA, date: '2026-03-10' }, limited)).body.status).toBe(200);
    expect((await invoke(t.app, ops.cameraStatistics, { cameraId: cameraA, date: '2026-03-10' }, noTraffic)).body.status).toBe(403);
    expect((await invoke(t.app, ops.cameraStatistics, { cameraId: cameraA, date: '10/03/2026' }, admin)).body.status).toBe(400);
  });
});

describe('after the privacy retention purged the day', () => {
  it('keeps the hourly entries and the daily figures (rollups) but says the hourly stays are gone instead of showing zero', async () => {
    // 400 days (the default retention) after the 11th: every raw row of these days is purged.
    await createRetentionService({ db: t.db, calendar: createCalendarService({ db: t.db }) }).purge({ at: new Date('2027-04-20T00:00:00Z') });
    const data = (await invoke(t.app, ops.cameraStatistics, { cameraId: cameraA, date: '2026-03-10' }, admin)).body.data as SingleLensResponse;
    expect(data.hourlyStaysPurged).toBe(true);
    expect(data.hourly[9]).toEqual({ hour: 9, entries: 3, exits: 1, stays: null, dwellSeconds: null });
    expect(data.daily.at(-1)).toEqual({ date: '2026-03-10', entries: 5, exits: 5, stays: 3, dwellSeconds: 210 });
  });
});
