import type { AgeBand, Gender } from '@storelens/contracts';
import type { DB } from '../../../platform/db/database.ts';
import { tenantScope } from '../../../platform/tenancy/scoped.ts';
import { nowIso } from '../../../platform/time/clock.ts';
import { addDays, datesOf } from '../../../platform/time/local-time.ts';
import { anchorOf, type ElementOnPlan, elementSignature, type FloorplanGeometry, type ResolvedGeometry, resolveGeometry } from './geometry-source.ts';
import { heatShapeOf, projectHeatGrid } from './heat.ts';
import { planPointsOf } from './track-points.ts';
import { FloorplanDeltas } from './track-rollups.ts';
import { tracksRepo } from './tracks.repo.ts';

/** Projected tracks are kept this long, so a region or flow-line edit can be applied to them. */
export const TRACK_RETENTION_DAYS = 30;
const PAGE = 2000;

/** Keeps only the changes dated `date`: a recompute of one day must not touch its neighbours. */
function onlyDate(deltas: FloorplanDeltas, date: string): void {
  for (const map of [deltas.elements, deltas.flows, deltas.fromGo, deltas.plans] as Map<string, { date: string }>[]) {
    for (const [key, row] of map) if (row.date !== date) map.delete(key);
  }
}

export interface RecomputeOptions {
  customerId: string;
  planId: string;
  fromDate: string;
  toDate: string;
  /**
   * Rebuild the heat grid from the raw heat minutes too, with the masks and camera points now (tests and
   * repairs). The job does not: its heat keeps the versions that made it, and the heat answer names them.
   */
  heat?: boolean;
  progress?: (percent: number) => Promise<unknown>;
}

/**
 * Recomputes a plan's element, flow-line and from-and-go rollups (and the tracks per hour) of
 * local dates [fromDate, toDate] from the stored projected tracks, with the plan's elements in
 * force now. One transaction per day: a day's rows are removed, then that day is measured again
 * from the tracks that began that day or the day before (a track may run past midnight), keeping
 * only what happened on that day. Rollups of days older than the kept tracks stay as they were.
 */
export async function recomputePlan(db: DB, geometry: FloorplanGeometry, options: RecomputeOptions): Promise<{ days: number; tracks: number }> {
  const { customerId, planId } = options;
  const repo = tracksRepo(tenantScope(db, customerId));
  const shop = await repo.shopOfPlan(planId);
  if (!shop) return { days: 0, tracks: 0 };
  // Read before the day transactions: SQLite has one connection.
  const resolved = await resolveGeometry(geometry, customerId, await repo.cameraIdsOfShop(shop.id));
  const elements = await geometry.planElements(customerId, planId);
  const dates = datesOf(options.fromDate, options.toDate);
  let tracks = 0;
  for (const [index, date] of dates.entries()) {
    await db.transaction().execute(async (trx) => {
      const scoped = tracksRepo(tenantScope(trx, customerId));
      await scoped.clearElementRollups(planId, date, date);
      const deltas = new FloorplanDeltas();
      let after = '';
      for (;;) {
        const page = await scoped.tracksOfPlan(planId, addDays(date, -1), date, after, PAGE);
        for (const row of page) {
          const startedMs = Number(row.started_ms);
          const counts = (element: ElementOnPlan) => resolved.ownerOf(planId, anchorOf(element)) === row.camera_id;
          deltas.addTrack(
            {
              shopId: row.shop_id,
              planId,
              timeZone: shop.time_zone,
              startedMs,
              points: planPointsOf(row.points, startedMs),
              gender: row.gender as Gender,
              ageBand: row.age_band as AgeBand,
            },
            elements,
            counts,
          );
          tracks += 1;
        }
        if (page.length < PAGE) break;
        after = page.at(-1)?.id ?? after;
      }
      if (options.heat) await rebuildHeat(scoped, resolved, planId, date, shop.time_zone, elements, deltas);
      onlyDate(deltas, date);
      if (!deltas.empty) await scoped.applyDeltas(deltas);
    });
    await options.progress?.(Math.round(((index + 1) / dates.length) * 100));
  }
  await repo.setRecomputeSignature(planId, elementSignature(elements), nowIso());
  return { days: dates.length, tracks };
}

async function rebuildHeat(
  repo: ReturnType<typeof tracksRepo>,
  cameras: ResolvedGeometry,
  planId: string,
  date: string,
  timeZone: string,
  elements: readonly ElementOnPlan[],
  deltas: FloorplanDeltas,
): Promise<void> {
  await repo.clearHeat(planId, date);
  for (const minute of await repo.heatMinutesOfPlan(planId, date)) {
    const camera = cameras.camera(minute.camera_id);
    if (!camera || camera.planId !== planId) continue;
    const shape = heatShapeOf(camera.extent);
    const grid = { cols: minute.cols, rows: minute.rows, cells: JSON.parse(minute.cells) as number[] };
    const owns = (point: { x: number; y: number }) => cameras.ownerOf(planId, point) === minute.camera_id;
    deltas.addHeat(
      camera.shopId,
      planId,
      timeZone,
      Date.parse(minute.at),
      shape,
      projectHeatGrid(grid, camera, shape, elements, owns),
      cameras.heatGeometry(planId),
    );
  }
}
