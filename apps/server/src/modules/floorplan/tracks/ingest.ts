import type { DeviceEvent, HeatGridEvent, TrackEvent } from '@storelens/contracts';
import type { DB } from '../../../platform/db/database.ts';
import { newId } from '../../../platform/ids.ts';
import { tenantScope } from '../../../platform/tenancy/scoped.ts';
import { nowIso } from '../../../platform/time/clock.ts';
import { localParts } from '../../../platform/time/local-time.ts';
import type { IngestShop } from '../../traffic/ingest.ts';
import { anchorOf, type CameraOnPlan, elementSignature, type ResolvedGeometry } from './geometry-source.ts';
import { heatShapeOf, projectHeatGrid } from './heat.ts';
import type { TimedPoint } from './movement.ts';
import { encodeTrackPoints, planTriplesOf } from './track-points.ts';
import { FloorplanDeltas } from './track-rollups.ts';
import { type NewRow, tracksRepo } from './tracks.repo.ts';

/** What ingest needs of the shop whose box sent the batch: traffic's shop, under the same rules. */
export type FloorplanIngestShop = IngestShop;

export interface FloorplanIngestResult {
  accepted: number;
  duplicates: number;
  ignoredClosed: number;
  ignoredExpired: number;
  track: number;
  heatGrid: number;
  reportingCameraIds: Set<string>;
}

/** Plan points of a track: each camera point projected, those above the horizon left out. */
export function projectTrack(points: readonly [number, number, number][], startedMs: number, camera: Pick<CameraOnPlan, 'project'>): TimedPoint[] {
  const projected: TimedPoint[] = [];
  for (const [offset, u, v] of points) {
    const point = camera.project({ u, v });
    if (point) projected.push({ x: point.x, y: point.y, t: startedMs + offset });
  }
  return projected;
}

/**
 * Stores a batch's tracks and heat grids and rolls them up, inside the device API's transaction:
 * each track is projected onto its camera's plan with the calibration in force and measured against
 * the plan's elements in force (their versions go into the rollups); each heat grid is moved onto the
 * plan's grid. A track or heat minute already stored (a box sending it again in a new batch) is a
 * duplicate and changes nothing. Cameras without a plan keep their raw tracks (a later calibration
 * can use them within 30 days) and add to no rollup.
 */
export async function ingestFloorplanEvents(
  trx: DB,
  shop: FloorplanIngestShop,
  geometry: ResolvedGeometry,
  batchRef: string,
  events: readonly DeviceEvent[],
): Promise<FloorplanIngestResult> {
  const result: FloorplanIngestResult = {
    accepted: 0,
    duplicates: 0,
    ignoredClosed: 0,
    ignoredExpired: 0,
    track: 0,
    heatGrid: 0,
    reportingCameraIds: new Set(),
  };
  const tracks: TrackEvent[] = [];
  const grids: HeatGridEvent[] = [];
  for (const event of events) {
    if (event.type !== 'track' && event.type !== 'heatGrid') continue;
    result[event.type] += 1;
    result.reportingCameraIds.add(event.cameraId);
    const instant = Date.parse(event.type === 'track' ? event.startedAt : event.at);
    if (!shop.analyticsEnabled || (shop.closedAt !== null && instant >= Date.parse(shop.closedAt))) result.ignoredClosed += 1;
    else if (shop.retainedFrom !== null && localParts(shop.timeZone, instant).date < shop.retainedFrom) result.ignoredExpired += 1;
    else if (event.type === 'track') tracks.push(event);
    else grids.push(event);
  }
  if (tracks.length === 0 && grids.length === 0) return result;

  const cameraOf = (cameraId: string) => {
    const camera = geometry.camera(cameraId);
    // A camera placed on another shop's plan projects nothing here.
    return camera && camera.shopId === shop.shopId ? camera : null;
  };

  const repo = tracksRepo(tenantScope(trx, shop.customerId));
  const deltas = new FloorplanDeltas();

  const trackRows: NewRow<'fp_tracks'>[] = [];
  const analysed = new Map<string, { camera: CameraOnPlan; points: TimedPoint[]; event: TrackEvent; startedMs: number }>();
  for (const event of tracks) {
    const startedMs = Date.parse(event.startedAt);
    const { date, hour } = localParts(shop.timeZone, startedMs);
    const camera = cameraOf(event.cameraId);
    // Measured as stored (centimetres, track-points.ts), so a recompute of the same elements gives the same rollups.
    const plan = camera ? planTriplesOf(projectTrack(event.points, startedMs, camera), startedMs) : null;
    const points = (plan ?? []).map(([offset, x, y]): TimedPoint => ({ x, y, t: startedMs + offset }));
    const id = newId();
    trackRows.push({
      camera_id: event.cameraId,
      track_key: event.trackId,
      started_ms: startedMs,
      ended_ms: startedMs + (event.points.at(-1)?.[0] ?? 0),
      id,
      shop_id: shop.shopId,
      local_date: date,
      hour,
      visitor_id: event.visitorId ?? null,
      gender: event.gender,
      age_band: event.ageBand,
      plan_id: camera?.planId ?? null,
      points: encodeTrackPoints({ camera: event.points, plan }),
      batch_ref: batchRef,
    });
    if (camera) analysed.set(id, { camera, points, event, startedMs });
  }
  const insertedTracks = await repo.insertTracks(trackRows);
  // The rollups below are made with the elements in force now: a plan's first ones say so, or the
  // recompute watch would take a plan nobody edited for changed and measure its 30 days again.
  for (const planId of new Set([...analysed.values()].map((track) => track.camera.planId))) {
    await repo.recordFirstSignature(planId, elementSignature(geometry.elements(planId)), nowIso());
  }
  result.duplicates += trackRows.length - insertedTracks.size;
  result.accepted += insertedTracks.size;
  for (const [id, track] of analysed) {
    if (!insertedTracks.has(id)) continue;
    deltas.addTrack(
      {
        shopId: shop.shopId,
        planId: track.camera.planId,
        timeZone: shop.timeZone,
        startedMs: track.startedMs,
        points: track.points,
        gender: track.event.gender,
        ageBand: track.event.ageBand,
      },
      geometry.elements(track.camera.planId),
      (element) => geometry.ownerOf(track.camera.planId, anchorOf(element)) === track.event.cameraId,
    );
  }

  const gridRows: NewRow<'fp_heat_minutes'>[] = [];
  for (const grid of grids) {
    const at = Date.parse(grid.at);
    const { date, hour } = localParts(shop.timeZone, at);
    const camera = cameraOf(grid.cameraId);
    gridRows.push({
      shop_id: shop.shopId,
      camera_id: grid.cameraId,
      at: new Date(at).toISOString(),
      local_date: date,
      hour,
      cols: grid.cols,
      rows: grid.rows,
      cells: JSON.stringify(grid.cells),
      plan_id: camera?.planId ?? null,
    });
  }
  const insertedMinutes = await repo.insertHeatMinutes(gridRows);
  result.duplicates += gridRows.length - insertedMinutes.size;
  result.accepted += insertedMinutes.size;
  for (const grid of grids) {
    const at = new Date(Date.parse(grid.at)).toISOString();
    const camera = cameraOf(grid.cameraId);
    if (!camera || !insertedMinutes.has(`${grid.cameraId}|${at}`)) continue;
    const shape = heatShapeOf(camera.extent);
    const owns = (point: { x: number; y: number }) => geometry.ownerOf(camera.planId, point) === grid.cameraId;
    deltas.addHeat(
      shop.shopId,
      camera.planId,
      shop.timeZone,
      Date.parse(at),
      shape,
      projectHeatGrid(grid, camera, shape, geometry.elements(camera.planId), owns),
      geometry.heatGeometry(camera.planId),
    );
  }

  if (!deltas.empty) await repo.applyDeltas(deltas);
  return result;
}
