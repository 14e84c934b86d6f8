import { areaAnalysisOperations as ops, type RegionSummary } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/factories.ts';
import { createTestApp, invoke, type TestApp } from '../../../test/harness.ts';
import { signInAsDemoAdmin } from '../../../test/support/demo.ts';
import { applyHomography } from '../floorplan/geometry/homography.ts';
import { pinholeHomography } from '../floorplan/geometry/pinhole.ts';
import type { Matrix3 } from '../floorplan/geometry/types.ts';
import { decodeTrackPoints } from '../floorplan/tracks/track-points.ts';
import { DEMO_FLOOR_PLAN } from './demo-floorplans.ts';
import { invert3 } from './demo-tracks.ts';
import { seedDemo } from './seed-demo.ts';

/**
 * The demo's people on its floor plans (issue 13): the simulator's visits walk the plan, the
 * cameras report tracks and heat grids through the device API, and the area analysis reads them
 * back — the same people as the visits, through the doors where the visits came in.
 */
let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, t.config.dataDir, { historyDays: 1, seed: 5 });
  admin = await signInAsDemoAdmin(t);
}, 180_000);
afterAll(async () => t.close());

describe('the inverse of a camera projection', () => {
  it('takes a plan point back to the pixel that sees it', () => {
    const parameters = DEMO_FLOOR_PLAN.cameras[0];
    const matrix = pinholeHomography(parameters as NonNullable<typeof parameters>);
    const inverse = invert3(matrix);
    for (const pixel of [
      { u: 320, v: 240 },
      { u: 10, v: 470 },
      { u: 600, v: 300 },
    ]) {
      const point = applyHomography(matrix, pixel);
      expect(point).not.toBeNull();
      const [a, b, c, d, e, f, g, h, i] = inverse as Matrix3;
      const x = point?.x ?? 0;
      const y = point?.y ?? 0;
      const w = g * x + h * y + i;
      expect((a * x + b * y + c) / w).toBeCloseTo(pixel.u, 6);
      expect((d * x + e * y + f) / w).toBeCloseTo(pixel.v, 6);
    }
  });
});

describe('demo tracks', () => {
  it('come from the visits of every store, through the cameras that see them', async () => {
    const shops = await t.db.selectFrom('floor_plans').select(['shop_id', 'id']).execute();
    const withTracks = await t.db.selectFrom('fp_tracks').select('shop_id').distinct().execute();
    expect(withTracks.length).toBe(shops.length);
    // Every track names a visitor the same box reported a visit of (the same people), but for
    // visits still under way when the history ends (their tracks come first) and the odd hour a box was down.
    const tracks = await t.db.selectFrom('fp_tracks').select('id').execute();
    const orphans = await t.db
      .selectFrom('fp_tracks')
      .leftJoin('traffic_visits', (join) =>
        join
          .onRef('traffic_visits.customer_id', '=', 'fp_tracks.customer_id')
          .onRef('traffic_visits.shop_id', '=', 'fp_tracks.shop_id')
          .onRef('traffic_visits.visitor_id', '=', 'fp_tracks.visitor_id'),
      )
      .select('fp_tracks.id')
      .where('traffic_visits.visitor_id', 'is', null)
      .execute();
    expect(orphans.length).toBeLessThan(tracks.length * 0.02);
    const stored = await t.db.selectFrom('fp_tracks').select(['id', 'plan_id', 'points']).execute();
    const unprojected = stored.filter((track) => track.plan_id === null || decodeTrackPoints(track.points).plan === null).map((track) => track.id);
    expect(unprojected).toEqual([]);
  });

  it('leave the installed but not yet set up camera of a two-camera store silent', async () => {
    const boxes = await t.db
      .selectFrom('cameras')
      .select(['box_id'])
      .groupBy('box_id')
      .having((eb) => eb.fn.countAll(), '=', 2)
      .execute();
    expect(boxes.length).toBeGreaterThan(0);
    const cameras = await t.db
      .selectFrom('cameras')
      .select(['box_id', 'deployment_area', 'last_report_at'])
      .where(
        'box_id',
        'in',
        boxes.map((box) => box.box_id),
      )
      .execute();
    // The entrance camera reports; the other one has never reported (the device pages show it inactive).
    for (const box of boxes) {
      const own = cameras.filter((camera) => camera.box_id === box.box_id);
      expect(own.filter((camera) => camera.last_report_at !== null).map((camera) => camera.deployment_area)).toEqual(['entrance']);
    }
  });

  it('fill the regions, the entrances and the heat of a demo store’s plan', async () => {
    const plan = await t.db.selectFrom('floor_plans').select(['id', 'shop_id']).where('customer_id', '=', admin.cid).orderBy('id').executeTakeFirstOrThrow();
    const day = await t.db.selectFrom('fp_plan_daily').select('local_date').where('plan_id', '=', plan.id).orderBy('tracks', 'desc').executeTakeFirstOrThrow();
    const query = { planId: plan.id, startDate: day.local_date, endDate: day.local_date };
    const summary = (await invoke(t.app, ops.regionSummary, query, admin)).body.data as RegionSummary;
    expect(summary.tracks).toBeGreaterThan(20);
    const entrance = summary.rows.find((row) => row.name === 'Main entrance');
    expect(entrance?.entries).toBeGreaterThan(0);
    const visited = summary.rows.filter((row) => row.kind === 'region' && row.entries > 0);
    expect(visited.length).toBeGreaterThanOrEqual(2);
    const visits = await t.db
      .selectFrom('traffic_visits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shop_id', '=', plan.shop_id)
      .where('local_date', '=', day.local_date)
      .where('is_staff', '=', 0)
      .executeTakeFirstOrThrow();
    // People come in and go out through the main door in view of the entrance camera: at most two passages each.
    expect(entrance?.entries).toBeLessThanOrEqual(2 * Number(visits.n));

    // Shoppers stop briefly at shelves and displays and browse the aisles in between: a region's
    // average stay is under three minutes and most stays are not deep (60 s and more).
    for (const row of visited) {
      expect(row.avgDwellSeconds ?? 0, row.name).toBeGreaterThan(10);
      expect(row.avgDwellSeconds ?? 0, row.name).toBeLessThan(180);
      expect(row.deepRate ?? 0, row.name).toBeLessThan(70);
    }

    const heat = await invoke(t.app, ops.heat, query, admin);
    expect(heat.body.status, heat.body.msg).toBe(200);
    const cells = (heat.body.data as { cells: [number, number][] }).cells;
    const values = new Set(cells.map(([, seconds]) => seconds));
    expect(cells.length).toBeGreaterThan(20);
    expect(values.size).toBeGreaterThan(5);

    const flows = await invoke(t.app, ops.flowPercent, query, admin);
    const lines = (flows.body.data as { lines: { name: string; forward: number; backward: number }[] }).lines;
    expect(lines.some((line) => line.forward + line.backward > 0)).toBe(true);
  });
});
