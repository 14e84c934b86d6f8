import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { buildFloorplan, type FloorplanFixture } from '../../../../test/support/floorplan.ts';
import { buildBox, clockAt, sendBatch, type TestBox } from '../../../../test/support/traffic.ts';
import { createJobQueue, createJobWorker, type JobDefinition } from '../../../platform/jobs/jobs.ts';
import { createScheduler } from '../../../platform/jobs/scheduler.ts';
import { objectStorageOf } from '../../../platform/storage/storage-config.ts';
import { resetClock } from '../../../platform/time/clock.ts';
import { createTracksMaintenance } from './maintenance.ts';
import { FLOORPLAN_PURGE_SCHEDULE, tracksPurgeJob } from './tracks.jobs.ts';

/**
 * The 30-day retention of raw tracks and heat minutes (issue 13 section 3): the nightly schedule
 * enqueues the purge, the worker runs it, and only rows older than 30 days go; the rollups they made
 * stay, so the reports of older days keep their figures.
 *
 * Camera 1 of the fixture plan looks straight down from (5, 5): pixel (320, 240) is the plan point
 * (5, 5), inside 'Shelf A' [4, 6]².
 */
let t: TestApp;
let box: TestBox;
let fixture: FloorplanFixture;

const OLD = '2026-03-01T02:00:00.000Z';
const RECENT = '2026-03-10T02:00:00.000Z';

const walk = (trackId: string, startedAt: string) => ({
  type: 'track',
  cameraId: box.cameraIds[0],
  trackId,
  startedAt,
  points: [
    [0, 320, 40],
    [10_000, 320, 240],
    [20_000, 320, 440],
  ],
});
const heatMinute = (at: string) => ({ type: 'heatGrid', cameraId: box.cameraIds[0], at, cols: 2, rows: 2, cells: [3, 0, 0, 1] });

async function rawRows() {
  const tracks = await t.db.selectFrom('fp_tracks').select(['track_key', 'started_ms']).where('plan_id', '=', fixture.plan.id).orderBy('started_ms').execute();
  const heat = await t.db.selectFrom('fp_heat_minutes').select('at').orderBy('at').execute();
  return { tracks: tracks.map((row) => row.track_key), heatMinutes: heat.map((row) => new Date(row.at).toISOString()) };
}

async function dailyFigures() {
  const regions = await t.db
    .selectFrom('fp_element_daily')
    .select(['local_date', 'element_id', 'entries', 'dwell_s'])
    .where('plan_id', '=', fixture.plan.id)
    .orderBy('local_date')
    .orderBy('element_id')
    .execute();
  const plan = await t.db
    .selectFrom('fp_plan_daily')
    .select(['local_date', 'heat', 'heat_minutes'])
    .where('plan_id', '=', fixture.plan.id)
    .orderBy('local_date')
    .execute();
  return { regions, plan };
}

/** What the server's scheduler and worker do at `iso`: enqueue the nightly purge if due, then run what is due. */
async function nightAt(iso: string) {
  clockAt(iso);
  const queue = createJobQueue(t.db);
  const maintenance = createTracksMaintenance({ db: t.db, geometry: fixture.service, queue });
  const logged: string[] = [];
  await createScheduler({ queue, schedules: [FLOORPLAN_PURGE_SCHEDULE] }).tick();
  const definition = tracksPurgeJob({ maintenance, log: (message) => logged.push(message) });
  await createJobWorker({ db: t.db, queue, definitions: [definition as JobDefinition<never>] }).runDue();
  return logged;
}

beforeAll(async () => {
  clockAt('2026-03-10T04:00:00Z');
  t = await createTestApp();
  const customer = await buildCustomer(t.db);
  const shop = await buildShop(t.db, customer.customerId, customer.rootOrgId, { timeZone: 'Asia/Shanghai' });
  box = await buildBox(t.db, customer.customerId, shop, 2);
  fixture = await buildFloorplan({ db: t.db, storage: objectStorageOf(t.config) }, { customerId: customer.customerId, shopId: shop, cameraIds: box.cameraIds });
  const sent = await sendBatch(t.app, box.token, [walk('old', OLD), heatMinute(OLD), walk('recent', RECENT), heatMinute(RECENT)]);
  expect(sent.body.status, sent.body.msg).toBe(200);
  expect(sent.body.data).toMatchObject({ accepted: 4 });
});
afterAll(async () => {
  resetClock();
  await t.close();
});

describe('the 30-day purge of raw tracks and heat minutes', () => {
  it('keeps a track until it is 30 days old', async () => {
    const before = await dailyFigures();
    expect(before.regions.filter((row) => row.local_date === '2026-03-01' && row.entries > 0)).not.toHaveLength(0);
    // 00:35 UTC on 31 March: the old track (02:00 UTC on 1 March) is 29 days and 22.5 hours old.
    const logged = await nightAt('2026-03-31T00:40:00Z');
    expect(logged).toEqual(['floor-plan purge: 0 tracks and 0 heat minutes past 30 days deleted']);
    expect(await rawRows()).toEqual({ tracks: ['old', 'recent'], heatMinutes: [OLD, RECENT] });
  });

  it('deletes what is older than 30 days at the next night, and only that; the rollups stay', async () => {
    const before = await dailyFigures();
    const logged = await nightAt('2026-04-01T00:40:00Z');
    expect(logged).toEqual(['floor-plan purge: 1 tracks and 1 heat minutes past 30 days deleted']);
    expect(await rawRows()).toEqual({ tracks: ['recent'], heatMinutes: [RECENT] });
    // The reports of 1 March still read the figures the deleted track and minute made.
    expect(await dailyFigures()).toEqual(before);
  });

  it('runs once a night however often the scheduler ticks', async () => {
    expect(await nightAt('2026-04-01T00:50:00Z')).toEqual([]);
  });
});
