import { LOCALES, translateMessage } from '@storelens/contracts';
import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, countRows } from '../../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, type TestApp } from '../../../../test/harness.ts';
import { buildFloorplan, type FloorplanFixture } from '../../../../test/support/floorplan.ts';
import { buildBox, clockAt, nextBatchId, sendBatch, type TestBox } from '../../../../test/support/traffic.ts';
import type { DB } from '../../../platform/db/database.ts';
import * as trackPoints from '../../../platform/db/migrations/0044_floorplan_track_points.ts';
import { createJobQueue, createJobWorker, type JobDefinition } from '../../../platform/jobs/jobs.ts';
import { objectStorageOf } from '../../../platform/storage/storage-config.ts';
import { resetClock } from '../../../platform/time/clock.ts';
import { createAreaAnalysisService } from '../analysis/analysis.service.ts';
import { elementInput } from '../floorplan.service.ts';
import { rectangle } from '../geometry/polygon.ts';
import { createTracksMaintenance, FLOORPLAN_RECOMPUTE_JOB, type RecomputePayload } from './maintenance.ts';
import { recomputePlan } from './recompute.ts';
import { decodeTrackPoints } from './track-points.ts';

/**
 * Tracks and heat grids through the device API onto the fixture plan (test/support/floorplan.ts),
 * on a real database: projection with the calibration in force, region visits, dwell and passes,
 * enter areas, flow-line crossings, from-and-go, heat on the plan's grid, duplicates, the rollups
 * against a rebuild from the raw rows, and the recompute after a region edit.
 *
 * Camera 1 looks straight down from (5, 5): pixel (u, v) -> (5 - 0.006 (u - 320), 5 - 0.006 (v - 240)) metres.
 * Elements: Shelf A [4, 6]², halt area [4.5, 5.5]² (min dwell 5 s), enter area [4, 6] × [6, 6.4],
 * flow line (3, 5) -> (7, 5) (forward = towards y > 5), mask [0, 1] × [0, 15].
 */
let t: TestApp;
let box: TestBox;
let fixture: FloorplanFixture;
let customerId: string;

const START = '2026-03-10T02:00:00.000Z'; // 10:00 in Shanghai
const at = (offsetMs: number) => new Date(Date.parse(START) + offsetMs).toISOString();

/**
 * The walk worked by hand (pixels -> metres with the mapping above):
 *   t = 0      (320, 40)  -> (5, 6.2)      in the enter area
 *   t = 2000   (320, 140) -> (5, 5.6)      in Shelf A, not yet in the halt area
 *   t = 4000   (300, 200) -> (5.12, 5.24)  in the halt area
 *   t = 24000  (300, 215) -> (5.12, 5.15)  still there
 *   t = 29000  (300, 340) -> (5.12, 4.4)   crossed y = 5 at t = 24000 + 0.15/0.75 * 5000 = 25000 (towards y < 5: backward)
 *   t = 31000  (300, 440) -> (5.12, 3.8)   left Shelf A
 * Enter area: inside from 0 to y = 6 at t = 2000 * 0.2/0.6 = 666.7 ms -> one entry, dwell round(0.67) = 1 s.
 * Shelf A: from y = 6 (t = 666.7) to y = 4 (t = 29000 + 2000 * 0.4/0.6 = 30333.3) -> 29.67 s -> one entry, 30 s.
 * Halt: from y = 5.5 (t = 2000 + 2000 * 0.1/0.36 = 2555.6) to y = 4.5 (t = 24000 + 5000 * 0.65/0.75 = 28333.3)
 *   -> 25.78 s -> one entry, 26 s.
 */
const WALK: [number, number, number][] = [
  [0, 320, 40],
  [2000, 320, 140],
  [4000, 300, 200],
  [24000, 300, 215],
  [29000, 300, 340],
  [31000, 300, 440],
];

const track = (trackId: string, points: [number, number, number][], startedAt = START, extra: Record<string, unknown> = {}) => ({
  type: 'track',
  cameraId: box.cameraIds[0],
  trackId,
  startedAt,
  points,
  ...extra,
});

/** The fixture's 'Shelf A' (saveElements answers the plan's regions in its own order). */
const shelfA = () => fixture.elements.region.find((region) => region.name === 'Shelf A');

async function elementRow(db: DB, elementId: string) {
  return db.selectFrom('fp_element_daily').selectAll().where('element_id', '=', elementId).execute();
}

/** Every rollup row of the plan, comparable (for 'equals a rebuild'). */
async function planRollups(db: DB, planId: string): Promise<string[]> {
  const rows: string[] = [];
  for (const table of [
    'fp_element_hourly',
    'fp_element_daily',
    'fp_flow_hourly',
    'fp_flow_daily',
    'fp_from_go_daily',
    'fp_plan_hourly',
    'fp_plan_daily',
  ] as const) {
    for (const row of await db.selectFrom(table).selectAll().where('plan_id', '=', planId).execute()) {
      const values = Object.entries(row).filter(([, value]) => value !== 0 && value !== '{}');
      rows.push(`${table} ${JSON.stringify(values.sort(([a], [b]) => a.localeCompare(b)))}`);
    }
  }
  return rows.sort();
}

beforeAll(async () => {
  clockAt('2026-03-10T04:00:00Z');
  t = await createTestApp();
  const customer = await buildCustomer(t.db);
  customerId = customer.customerId;
  const shop = await buildShop(t.db, customerId, customer.rootOrgId, { timeZone: 'Asia/Shanghai' });
  box = await buildBox(t.db, customerId, shop, 2);
  fixture = await buildFloorplan({ db: t.db, storage: objectStorageOf(t.config) }, { customerId, shopId: shop, cameraIds: box.cameraIds });
});
afterEach(() => clockAt('2026-03-10T04:00:00Z'));
afterAll(async () => {
  resetClock();
  await t.close();
});

describe('a track through the device API', () => {
  it('is stored with its plan points and rolled up per element, flow line and plan', async () => {
    const response = await sendBatch(t.app, box.token, [track('walk-1', WALK, START, { gender: 'female', ageBand: '25-34' })]);
    expect(response.body.status, response.body.msg).toBe(200);
    expect(response.body.data).toMatchObject({ accepted: 1, duplicates: 0, byType: { track: 1, heatGrid: 0 } });

    const stored = await t.db.selectFrom('fp_tracks').selectAll().where('track_key', '=', 'walk-1').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ plan_id: fixture.plan.id, local_date: '2026-03-10', hour: 10, gender: 'female', age_band: '25-34' });
    expect(decodeTrackPoints(stored.points).plan).toEqual([
      [0, 5, 6.2],
      [2000, 5, 5.6],
      [4000, 5.12, 5.24],
      [24000, 5.12, 5.15],
      [29000, 5.12, 4.4],
      [31000, 5.12, 3.8],
    ]);

    const shelf = shelfA();
    const [enter] = fixture.elements.enter;
    const [halt] = fixture.elements.halt;
    const [aisle] = fixture.elements.flow;
    expect(await elementRow(t.db, enter?.elementId ?? '')).toMatchObject([{ entries: 1, passes: 0, dwell_s: 1, gender_female: 1, age_2: 1 }]);
    expect(await elementRow(t.db, shelf?.elementId ?? '')).toMatchObject([{ entries: 1, dwell_s: 30, deep_entries: 0, version: shelf?.version }]);
    expect(await elementRow(t.db, halt?.elementId ?? '')).toMatchObject([{ entries: 1, dwell_s: 26 }]);
    const flows = await t.db
      .selectFrom('fp_flow_hourly')
      .selectAll()
      .where('line_id', '=', aisle?.elementId ?? '')
      .execute();
    expect(flows).toMatchObject([{ local_date: '2026-03-10', hour: 10, forward: 0, backward: 1 }]);
    const plan = await t.db.selectFrom('fp_plan_daily').selectAll().where('plan_id', '=', fixture.plan.id).executeTakeFirstOrThrow();
    expect(plan.tracks).toBe(1);
  });

  it('counts a short stay in a region as a pass, not an entry', async () => {
    // Along x = 5 from y = 5.6 (v = 140) to y = 3.8 (v = 440) in 2 s: in Shelf A until y = 4 at 1.78 s, under its 5 s minimum.
    const before = (await elementRow(t.db, shelfA()?.elementId ?? ''))[0];
    await sendBatch(t.app, box.token, [
      track(
        'quick-1',
        [
          [0, 320, 140],
          [2000, 320, 440],
        ],
        at(60_000),
      ),
    ]);
    const after = (await elementRow(t.db, shelfA()?.elementId ?? ''))[0];
    expect(after?.entries).toBe(before?.entries);
    expect(after?.passes).toBe((before?.passes ?? 0) + 1);
  });

  it('treats the same track in another batch as a duplicate', async () => {
    const before = await countRows(t.db, 'fp_tracks');
    const again = await sendBatch(t.app, box.token, [track('walk-1', WALK)]);
    expect(again.body.data).toMatchObject({ accepted: 0, duplicates: 1 });
    expect(await countRows(t.db, 'fp_tracks')).toBe(before);
    expect((await elementRow(t.db, fixture.elements.enter[0]?.elementId ?? ''))[0]?.entries).toBe(1);
  });

  it('leaves a plan nobody edited to its rollups: the recompute watch finds nothing to do', async () => {
    const enqueued: string[] = [];
    const maintenance = createTracksMaintenance({
      db: t.db,
      geometry: fixture.service,
      queue: {
        enqueue: async (name) => {
          enqueued.push(name);
          return 'job';
        },
      },
    });
    expect(await maintenance.watch()).toBe(0);
    expect(enqueued).toEqual([]);
  });

  it('refuses malformed tracks and grids, naming the event, in four languages', async () => {
    const backwards = [
      track('bad-1', [
        [0, 10, 10],
        [500, 20, 20],
        [400, 30, 30],
      ]),
    ];
    await expectMessageInAllLanguages((lang) => sendBatch(t.app, box.token, backwards, nextBatchId(), lang), 'deviceApi.trackOrder', { index: 0, point: 2 });
    const grid = [{ type: 'heatGrid', cameraId: box.cameraIds[0], at: START, cols: 2, rows: 2, cells: [1, 2, 3] }];
    await expectMessageInAllLanguages((lang) => sendBatch(t.app, box.token, grid, nextBatchId(), lang), 'deviceApi.gridCells', { index: 0, n: 4 });
    for (const lang of LOCALES) {
      const single = await sendBatch(t.app, box.token, [track('bad-2', [[0, 10, 10]])], nextBatchId(), lang);
      expect(single.body.msg, lang).toBe(
        translateMessage(lang, 'deviceApi.badEvent', { index: 0, field: 'points', problem: translateMessage(lang, 'deviceApi.trackPoints') }),
      );
    }
  });
});

describe('heat grids', () => {
  it('move each camera cell to the plan cell its centre projects to, once per camera and minute', async () => {
    // 4 × 3 cells over 640 × 480: cell (1, 1) is centred at (240, 240) -> (5.48, 5) -> plan cell (10, 10) = 10 * 40 + 10 = 410;
    // cell (0, 0) at (80, 80) -> (6.44, 5.96) -> (12, 11) = 452. The plan's grid: 20 m / 0.5 = 40 columns, 30 rows.
    const cells = [2.5, 0, 0, 0, 0, 12.25, 0, 0, 0, 0, 0, 0];
    const minute = { type: 'heatGrid', cameraId: box.cameraIds[0], at: '2026-03-10T02:05:00Z', cols: 4, rows: 3, cells };
    const first = await sendBatch(t.app, box.token, [minute, { ...minute, at: '2026-03-10T02:06:00Z' }]);
    expect(first.body.data).toMatchObject({ accepted: 2, byType: { heatGrid: 2 } });
    expect((await sendBatch(t.app, box.token, [minute])).body.data).toMatchObject({ accepted: 0, duplicates: 1 });
    const hour = await t.db.selectFrom('fp_plan_hourly').selectAll().where('plan_id', '=', fixture.plan.id).where('hour', '=', 10).executeTakeFirstOrThrow();
    expect(hour).toMatchObject({ heat_cols: 40, heat_rows: 30, heat_minutes: 2 });
    expect(JSON.parse(hour.heat)).toEqual({ 410: 24_500, 452: 5_000 });
  });
});

describe('from-and-go, rollups against a rebuild, and the recompute after an edit', () => {
  it('counts a walk from one region to another', async () => {
    // A second region, Shelf B [6.2, 6.9] × [4, 6], in camera 1's view.
    const regions = fixture.elements.region.map((region) => elementInput({ ...region, regionType: region.regionType ?? 'shelf' }));
    const saved = await fixture.service.saveElements(fixture.actor, {
      planId: fixture.plan.id,
      kind: 'region',
      elements: [
        ...regions,
        elementInput({
          name: 'Shelf B',
          regionType: 'shelf',
          points: [
            { x: 6.2, y: 4 },
            { x: 6.9, y: 4 },
            { x: 6.9, y: 6 },
            { x: 6.2, y: 6 },
          ],
        }),
      ],
    });
    const shelfB = saved.find((region) => region.name === 'Shelf B');
    // Shelf A at (5, 5) (320, 240) for 10 s, then Shelf B at (6.5, 5) (u = 70) for 10 s.
    await sendBatch(t.app, box.token, [
      track(
        'a-to-b',
        [
          [0, 320, 240],
          [10_000, 320, 240],
          [11_000, 70, 240],
          [21_000, 70, 240],
        ],
        at(120_000),
      ),
    ]);
    const fromGo = await t.db.selectFrom('fp_from_go_daily').selectAll().where('plan_id', '=', fixture.plan.id).execute();
    expect(fromGo).toMatchObject([{ from_id: shelfA()?.elementId, to_id: shelfB?.elementId, transitions: 1 }]);
  });

  it('keeps the rollups equal to a rebuild from the raw tracks and heat minutes', async () => {
    // Seeded random walks inside camera 1's view, over two local days (one crossing midnight).
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const events: Record<string, unknown>[] = [];
    for (let i = 0; i < 60; i += 1) {
      const points: [number, number, number][] = [];
      let offset = 0;
      for (let k = 0; k < 8; k += 1) {
        points.push([offset, Math.round(random() * 640), Math.round(random() * 480)]);
        offset += 1000 + Math.round(random() * 15_000);
      }
      events.push(track(`random-${i}`, points, at(-86_400_000 + i * 600_000), { gender: i % 2 ? 'male' : 'female', ageBand: '18-24' }));
      events.push({
        type: 'heatGrid',
        cameraId: box.cameraIds[0],
        at: at(-86_400_000 + i * 60_000),
        cols: 2,
        rows: 2,
        cells: [random() * 30, 0, random() * 5, 1],
      });
    }
    // One walk runs past midnight (23:59:30 local): it stays in Shelf B across the day boundary.
    events.push(
      track(
        'midnight',
        [
          [0, 70, 240],
          [20_000, 70, 250],
          [60_000, 70, 240],
        ],
        '2026-03-09T15:59:30Z',
      ),
    );
    expect((await sendBatch(t.app, box.token, events)).body.status).toBe(200);
    const ingested = await planRollups(t.db, fixture.plan.id);
    const geometry = fixture.service;
    await recomputePlan(t.db, geometry, { customerId, planId: fixture.plan.id, fromDate: '2026-03-08', toDate: '2026-03-10', heat: true });
    expect(await planRollups(t.db, fixture.plan.id)).toEqual(ingested);
  });

  it('recomputes the last 30 days with a region’s new geometry, as a job with progress', async () => {
    const shelf = shelfA();
    const todayOf = async () => (await elementRow(t.db, shelf?.elementId ?? '')).find((row) => row.local_date === '2026-03-10');
    // walk-1 and a-to-b visited Shelf A that day.
    expect((await todayOf())?.entries).toBe(2);
    const regions = (await fixture.service.planElements(customerId, fixture.plan.id, 'region')).map((region) =>
      elementInput({
        ...region,
        regionType: region.regionType ?? 'shelf',
        // Shelf A shrinks to [4, 5] × [4, 6]: the walk (x = 5 .. 5.12) now only grazes or misses it.
        points:
          region.elementId === shelf?.elementId
            ? [
                { x: 4, y: 4 },
                { x: 5, y: 4 },
                { x: 5, y: 6 },
                { x: 4, y: 6 },
              ]
            : region.points,
      }),
    );
    await fixture.service.saveElements(fixture.actor, { planId: fixture.plan.id, kind: 'region', elements: regions });
    const enqueued: { name: string; payload: unknown }[] = [];
    const maintenance = createTracksMaintenance({
      db: t.db,
      geometry: fixture.service,
      queue: {
        enqueue: async (name, payload) => {
          enqueued.push({ name, payload });
          return 'job';
        },
      },
    });
    expect(await maintenance.watch()).toBe(1);
    expect(enqueued).toEqual([{ name: 'floorplan.recompute', payload: { customerId, planId: fixture.plan.id } }]);
    const steps: number[] = [];
    const result = await maintenance.recompute({ customerId, planId: fixture.plan.id }, async (percent) => steps.push(percent));
    expect(result.days).toBe(30);
    expect(steps.at(-1)).toBe(100);
    expect(steps).toHaveLength(30);

    const rows = await elementRow(t.db, shelf?.elementId ?? '');
    // Only the new version remains for the recomputed days; walk-1 (x 5 .. 5.12) no longer enters [4, 5]: x = 5 is its edge.
    expect(new Set(rows.map((row) => row.version))).toEqual(new Set([(shelf?.version ?? 0) + 1]));
    // walk-1 (x 5 .. 5.12) and a-to-b (standing at x = 5) are on the new edge or beyond it: no entry that day now.
    expect((await todayOf())?.entries ?? 0).toBe(0);
    expect(rows.some((row) => row.local_date === '2026-03-09' && row.entries > 0)).toBe(true);
    // The watch is satisfied now.
    expect(await maintenance.watch()).toBe(0);
  });

  it('says where the recompute of an edit stands: queued, running with its percent, then current', async () => {
    const analysis = createAreaAnalysisService({ db: t.db, floorplan: fixture.service });
    const status = () => analysis.recomputeStatus(fixture.actor, fixture.plan.id);
    expect(await status()).toEqual({ state: 'current', percent: null });
    // Shelf A grows back: a new version of its geometry.
    const regions = (await fixture.service.planElements(customerId, fixture.plan.id, 'region')).map((region) =>
      elementInput({
        ...region,
        regionType: region.regionType ?? 'shelf',
        points: region.elementId === shelfA()?.elementId ? rectangle(3.5, 3.5, 6, 6.5) : region.points,
      }),
    );
    await fixture.service.saveElements(fixture.actor, { planId: fixture.plan.id, kind: 'region', elements: regions });
    // Before the watch has seen the edit, and after it has queued the job.
    expect(await status()).toEqual({ state: 'queued', percent: null });
    const queue = createJobQueue(t.db);
    const maintenance = createTracksMaintenance({ db: t.db, geometry: fixture.service, queue });
    expect(await maintenance.watch()).toBe(1);
    expect(await status()).toEqual({ state: 'queued', percent: null });

    const seen: Awaited<ReturnType<typeof status>>[] = [];
    const definition: JobDefinition<RecomputePayload> = {
      name: FLOORPLAN_RECOMPUTE_JOB,
      handler: async ({ payload, progress }) => {
        await maintenance.recompute(payload, async (percent) => {
          await progress(percent);
          seen.push(await status());
        });
      },
    };
    await createJobWorker({ db: t.db, queue, definitions: [definition as JobDefinition<never>] }).runDue();
    expect(seen[0]).toEqual({ state: 'running', percent: 3 });
    expect(seen.at(-1)).toEqual({ state: 'running', percent: 100 });
    expect(await status()).toEqual({ state: 'current', percent: null });
  });
});

describe('migration 0044 (compact points)', () => {
  /** Every stored track with its points decoded, comparable. */
  const storedTracks = async () =>
    (await t.db.selectFrom('fp_tracks').selectAll().orderBy('camera_id').orderBy('track_key').orderBy('started_ms').execute()).map(({ points, ...row }) => ({
      ...row,
      points: decodeTrackPoints(points),
    }));

  it("converts 0018's JSON rows to the compact ones and back without losing what they held", async () => {
    const before = await storedTracks();
    expect(before.length).toBeGreaterThan(3);
    const legacy = t.db as unknown as Kysely<unknown>;
    await trackPoints.down(legacy);
    const json = await sql<{ track_key: string; started_at: string; points: string; plan_points: string | null }>`
      select track_key, started_at, points, plan_points from fp_tracks where track_key = 'walk-1'`.execute(t.db);
    expect(json.rows.map((row) => [row.started_at, JSON.parse(row.points), JSON.parse(row.plan_points ?? 'null')])).toEqual([
      [
        START,
        WALK,
        [
          [0, 5, 6.2],
          [2000, 5, 5.6],
          [4000, 5.12, 5.24],
          [24000, 5.12, 5.15],
          [29000, 5.12, 4.4],
          [31000, 5.12, 3.8],
        ],
      ],
    ]);
    // A row as 0018 wrote it: millimetres, tenths of a pixel, and a camera without a plan.
    await sql`insert into fp_tracks (customer_id, id, shop_id, camera_id, track_key, started_at, ended_at, local_date, hour, visitor_id, gender, age_band, points, plan_id, plan_points, batch_ref)
      values (${customerId}, 'legacy-1', 'legacy-shop', 'legacy-camera', 'k1', '2026-03-09T02:00:00.000Z', '2026-03-09T02:00:04.000Z', '2026-03-09', 10, null, 'male', '18-24',
        '[[0,513.6,139.4],[2000,500.2,120],[4000,480,100.5]]', 'legacy-plan', '[[0,2.081,8.507],[2000,3.64,10.054],[4000,5.199,11.608]]', 'batch-1'),
      (${customerId}, 'legacy-2', 'legacy-shop', 'legacy-camera', 'k2', '2026-03-09T03:00:00.000Z', '2026-03-09T03:00:02.000Z', '2026-03-09', 11, 'v-1', 'female', '25-34',
        '[[0,10,10],[2000,20,20]]', null, null, 'batch-1')`.execute(t.db);
    await trackPoints.up(legacy);

    const after = await storedTracks();
    const legacyRows = after.filter((row) => row.id.startsWith('legacy-'));
    expect(after.filter((row) => !row.id.startsWith('legacy-'))).toEqual(before);
    expect(legacyRows).toEqual([
      {
        customer_id: customerId,
        camera_id: 'legacy-camera',
        track_key: 'k1',
        started_ms: Date.parse('2026-03-09T02:00:00.000Z'),
        ended_ms: Date.parse('2026-03-09T02:00:04.000Z'),
        id: 'legacy-1',
        shop_id: 'legacy-shop',
        local_date: '2026-03-09',
        hour: 10,
        visitor_id: null,
        gender: 'male',
        age_band: '18-24',
        plan_id: 'legacy-plan',
        batch_ref: 'batch-1',
        points: {
          camera: [
            [0, 514, 139],
            [2000, 500, 120],
            [4000, 480, 101],
          ],
          plan: [
            [0, 2.08, 8.51],
            [2000, 3.64, 10.05],
            [4000, 5.2, 11.61],
          ],
        },
      },
      expect.objectContaining({
        id: 'legacy-2',
        visitor_id: 'v-1',
        plan_id: null,
        points: {
          camera: [
            [0, 10, 10],
            [2000, 20, 20],
          ],
          plan: null,
        },
      }),
    ]);
    // The same key again is still a duplicate after the conversion.
    const response = await sendBatch(t.app, box.token, [track('walk-1', WALK)]);
    expect(response.body.data).toMatchObject({ accepted: 0, duplicates: 1 });
    await t.db.deleteFrom('fp_tracks').where('id', 'like', 'legacy-%').execute();
  });
});
