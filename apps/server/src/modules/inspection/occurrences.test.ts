import { orgAdminOperations, RoleId } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, buildUser, type Session, signIn } from '../../../test/factories.ts';
import { createTestApp, invoke, type TestApp } from '../../../test/harness.ts';
import { assignmentsOf, buildItems, buildPlan, inspectionWorker } from '../../../test/support/inspection.ts';
import { jobsRepo } from '../../platform/jobs/jobs.repo.ts';
import { advanceClock, now, nowIso, setClock } from '../../platform/time/clock.ts';
import { utcOfLocal } from '../../platform/time/local-time.ts';
import { occurrenceScheduling } from './inspection.jobs.ts';
import { GENERATE_OCCURRENCES_JOB, type OccurrencePayload } from './occurrences.ts';

/**
 * Occurrences over time zones and daylight saving, with the clock walked hour by hour: one
 * assignment per plan, store and local date, made after the store's own midnight, with the period
 * converted by the offset of that date (Sydney moves to +11 on 4 October 2026, New York back to
 * -5 on 1 November). Midway the process "dies" holding two occurrence jobs (one after writing,
 * one before), a new worker takes them back, and two workers then race: nothing is made twice.
 */
let t: TestApp;
let admin: Session;
let shanghai: string;
let sydney: string;
let newYork: string;
let items: string[];
let handlerId: string;
let loginName: string;
let customerId: string;

const HOUR = 3_600_000;

async function walk(until: string, rounds: (() => Promise<void>)[]): Promise<void> {
  while (now().toISOString() < until) {
    advanceClock(HOUR);
    await Promise.all(rounds.map((round) => round()));
  }
}

const zoneOf = (shopId: string) => (shopId === sydney ? 'Australia/Sydney' : shopId === newYork ? 'America/New_York' : 'Asia/Shanghai');

beforeAll(async () => {
  t = await createTestApp();
  const customer = await buildCustomer(t.db);
  shanghai = await buildShop(t.db, customer.customerId, customer.rootOrgId, { timeZone: 'Asia/Shanghai' });
  sydney = await buildShop(t.db, customer.customerId, customer.rootOrgId, { timeZone: 'Australia/Sydney' });
  newYork = await buildShop(t.db, customer.customerId, customer.rootOrgId, { timeZone: 'America/New_York' });
  const user = await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.superManager }]);
  handlerId = user.userId;
  loginName = user.loginName;
  customerId = customer.customerId;
  admin = await signIn(t.app, user.loginName, customer.customerId);
  setClock('2026-09-30T12:00:00.000Z');
  items = await buildItems(t.app, admin, ['Entrance clean', 'Staff in uniform', 'Fire exit clear']);
});

afterAll(async () => {
  await t.close();
});

describe('occurrences across time zones and daylight saving, with a restart', () => {
  it('makes one assignment per store and local date, after local midnight, windows in each zone’s offset of the day', async () => {
    const daily = await buildPlan(t.app, admin, {
      name: 'Daily opening check',
      kind: 'cyclic',
      shopIds: [shanghai, sydney, newYork],
      itemIds: items,
      validFrom: '2026-10-02',
      validTo: '2026-10-06',
      cycle: { frequency: 'daily' },
      periodStart: '09:00',
      periodEnd: '18:00',
      handlerIds: [handlerId],
    });
    const weekly = await buildPlan(t.app, admin, {
      name: 'Monday and Wednesday',
      kind: 'cyclic',
      shopIds: [sydney, newYork],
      itemIds: items.slice(0, 1),
      validFrom: '2026-10-01',
      validTo: '2026-10-14',
      cycle: { frequency: 'weekly', weekdays: [1, 3] },
      periodStart: '10:00',
      periodEnd: '24:00',
      handlerIds: [handlerId],
    });
    const first = inspectionWorker(t.db);
    await walk('2026-10-03T13:00:00.000Z', [first.round]);

    // The process dies holding two occurrence jobs, Sydney's and Shanghai's 4th (their days have begun):
    // one after it wrote its assignments, one before.
    setClock('2026-10-03T16:30:00.000Z');
    await occurrenceScheduling(t.db).scan(now());
    const jobs = jobsRepo(t.db);
    const wroteThenDied = await jobs.claimNext([GENERATE_OCCURRENCES_JOB], 'dead-worker', nowIso(), []);
    const diedBeforeWriting = await jobs.claimNext([GENERATE_OCCURRENCES_JOB], 'dead-worker', nowIso(), []);
    expect(wroteThenDied && diedBeforeWriting).toBeTruthy();
    if (!wroteThenDied || wroteThenDied === 'conflict' || !diedBeforeWriting || diedBeforeWriting === 'conflict') return;
    await occurrenceScheduling(t.db).generate(JSON.parse(wroteThenDied.payload) as OccurrencePayload);

    // A new process: it takes the dead worker's jobs back once their heartbeat is stale; then a second worker races it.
    advanceClock(2 * 60_000);
    const second = inspectionWorker(t.db, { staleMs: 60_000 });
    const third = inspectionWorker(t.db, { staleMs: 60_000 });
    await second.round();
    expect((await jobs.get(wroteThenDied.id))?.status).toBe('completed');
    expect((await jobs.get(diedBeforeWriting.id))?.status).toBe('completed');
    admin = await signIn(t.app, loginName, customerId);
    await walk('2026-10-08T00:00:00.000Z', [second.round, third.round]);

    const rows = await assignmentsOf(t.db, daily);
    const keys = rows.map((row) => `${zoneOf(row.shop_id)} ${row.batch_date}`);
    expect(new Set(keys).size, 'nothing made twice').toBe(keys.length);
    expect(keys.sort()).toEqual(
      ['America/New_York', 'Asia/Shanghai', 'Australia/Sydney'].flatMap((zone) =>
        ['2026-10-02', '2026-10-03', '2026-10-04', '2026-10-05', '2026-10-06'].map((date) => `${zone} ${date}`),
      ),
    );
    for (const row of rows) {
      expect(row.item_count).toBe(3);
      expect(row.status).toBe('pending');
    }
    const window = (zone: string, date: string) => {
      const row = rows.find((candidate) => zoneOf(candidate.shop_id) === zone && candidate.batch_date === date);
      return [row?.window_start, row?.window_end, row?.created_at];
    };
    // Sydney: +10 on the 3rd, +11 from 02:00 on the 4th.
    expect(window('Australia/Sydney', '2026-10-03').slice(0, 2)).toEqual(['2026-10-02T23:00:00.000Z', '2026-10-03T08:00:00.000Z']);
    expect(window('Australia/Sydney', '2026-10-04').slice(0, 2)).toEqual(['2026-10-03T22:00:00.000Z', '2026-10-04T07:00:00.000Z']);
    expect(window('Asia/Shanghai', '2026-10-04').slice(0, 2)).toEqual(['2026-10-04T01:00:00.000Z', '2026-10-04T10:00:00.000Z']);
    expect(window('America/New_York', '2026-10-04').slice(0, 2)).toEqual(['2026-10-04T13:00:00.000Z', '2026-10-04T22:00:00.000Z']);
    // Never before the store's own midnight; within the hour after it while the worker ran (Sydney's 5th began at
    // 13:00Z on the 4th, at +11), and at the restart for the two the dead process held.
    for (const row of rows) expect(row.created_at >= new Date(utcOfLocal(zoneOf(row.shop_id), row.batch_date, 0)).toISOString()).toBe(true);
    expect(window('Australia/Sydney', '2026-10-05')[2]?.slice(0, 13)).toBe('2026-10-04T13');
    expect(window('America/New_York', '2026-10-04')[2]?.slice(0, 13)).toBe('2026-10-04T04');
    expect(window('Australia/Sydney', '2026-10-04')[2]?.slice(0, 13)).toBe('2026-10-03T16');

    const weeklyRows = await assignmentsOf(t.db, weekly);
    expect(weeklyRows.map((row) => `${zoneOf(row.shop_id)} ${row.batch_date} ${row.window_end}`).sort()).toEqual([
      'America/New_York 2026-10-05 2026-10-06T04:00:00.000Z',
      'America/New_York 2026-10-07 2026-10-08T04:00:00.000Z',
      'Australia/Sydney 2026-10-05 2026-10-05T13:00:00.000Z',
      'Australia/Sydney 2026-10-07 2026-10-07T13:00:00.000Z',
    ]);
    const failed = await t.db.selectFrom('jobs').select(['name', 'last_error']).where('status', '=', 'failed').execute();
    expect(failed).toEqual([]);
  });

  it('follows New York back to -5 on 1 November, and a monthly cycle skips the month without its day', async () => {
    setClock('2026-10-30T00:00:00.000Z');
    // Sessions expire while the clock walks: sign in again at the new time.
    admin = await signIn(t.app, loginName, customerId);
    const planId = await buildPlan(t.app, admin, {
      name: 'Weekend around the change',
      kind: 'cyclic',
      shopIds: [newYork],
      itemIds: items,
      validFrom: '2026-10-31',
      validTo: '2026-11-01',
      cycle: { frequency: 'daily' },
      periodStart: '09:00',
      periodEnd: '18:00',
      handlerIds: [handlerId],
    });
    const monthly = await buildPlan(t.app, admin, {
      name: 'On the 31st',
      kind: 'cyclic',
      shopIds: [shanghai],
      itemIds: items,
      validFrom: '2026-10-30',
      validTo: '2026-11-30',
      cycle: { frequency: 'monthly', monthDays: [31] },
      periodStart: '09:00',
      periodEnd: '18:00',
      handlerIds: [handlerId],
    });
    const worker = inspectionWorker(t.db);
    await walk('2026-11-03T00:00:00.000Z', [worker.round]);
    expect((await assignmentsOf(t.db, planId)).map((row) => [row.batch_date, row.window_start])).toEqual([
      ['2026-10-31', '2026-10-31T13:00:00.000Z'],
      ['2026-11-01', '2026-11-01T14:00:00.000Z'],
    ]);
    expect((await assignmentsOf(t.db, monthly)).map((row) => row.batch_date)).toEqual(['2026-10-31']);
  });

  it('closing a store stops its routine inspections: open work cancelled, nothing new', async () => {
    setClock('2026-12-01T00:00:00.000Z');
    admin = await signIn(t.app, loginName, customerId);
    const planId = await buildPlan(t.app, admin, {
      name: 'December daily',
      kind: 'cyclic',
      shopIds: [shanghai, sydney],
      itemIds: items,
      validFrom: '2026-12-01',
      validTo: '2026-12-10',
      cycle: { frequency: 'daily' },
      periodStart: '09:00',
      periodEnd: '18:00',
      handlerIds: [handlerId],
    });
    const worker = inspectionWorker(t.db);
    await walk('2026-12-02T02:00:00.000Z', [worker.round]);
    expect((await assignmentsOf(t.db, planId)).filter((row) => row.shop_id === shanghai).map((row) => row.batch_date)).toEqual(['2026-12-01', '2026-12-02']);
    admin = await signIn(t.app, loginName, customerId);
    const closed = await invoke(t.app, orgAdminOperations.shopUpdate, { shopId: shanghai, status: 'closed', confirmClose: true }, admin);
    expect(closed.body.status, closed.body.msg).toBe(200);
    await walk('2026-12-05T00:00:00.000Z', [worker.round]);
    const rows = await assignmentsOf(t.db, planId);
    expect(rows.filter((row) => row.shop_id === shanghai).map((row) => row.status)).toEqual(['cancelled', 'cancelled']);
    expect(rows.filter((row) => row.shop_id === sydney).map((row) => row.batch_date)).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
  });
  it('a plan made in the evening does not start with a task missed before it existed; a worker that was down still catches up', async () => {
    // 17:00 UTC on 10 January is 04:00 on the 11th in Sydney: the author's first day is already over there.
    setClock('2027-01-10T17:00:00.000Z');
    admin = await signIn(t.app, loginName, customerId);
    const evening = await buildPlan(t.app, admin, {
      name: 'Made in the evening',
      kind: 'cyclic',
      shopIds: [sydney],
      itemIds: items,
      validFrom: '2027-01-10',
      validTo: '2027-01-20',
      cycle: { frequency: 'daily' },
      periodStart: '09:00',
      periodEnd: '18:00',
      handlerIds: [handlerId],
    });
    const worker = inspectionWorker(t.db);
    await worker.round();
    expect((await assignmentsOf(t.db, evening)).map((row) => row.batch_date)).toEqual(['2027-01-11']);

    // No worker from 04:00 on the 11th to 05:00 on the 13th (Sydney): the 12th, due while the plan
    // existed, is caught up when the worker returns.
    setClock('2027-01-12T18:00:00.000Z');
    await worker.round();
    expect((await assignmentsOf(t.db, evening)).map((row) => row.batch_date)).toEqual(['2027-01-11', '2027-01-12', '2027-01-13']);
  });
});
