import type { DeviceEvent } from '@storelens/contracts';
import { DEVICE_API_LIMITS } from '@storelens/contracts';
import type { FloorplanService } from '../floorplan/floorplan.service.ts';
import { containsPoint } from '../floorplan/geometry/polygon.ts';
import type { Matrix3 } from '../floorplan/geometry/types.ts';
import { hash, rng } from './simulator-random.ts';

/**
 * The demo's people on the floor plan (issue 13): each visit the simulator plans walks from the
 * door it came in by to a few regions and dwell zones of its store's plan, lingers there, maybe
 * pays at the cashier, and leaves by the same door, within the visit's own times. Each camera
 * reports the parts of the walk it sees as tracks (foot points in its pixels, through the inverse
 * of its calibration) and, per minute, the dwell per cell of its view (heat grids) — so regions,
 * entrances, flow lines and heat agree with the visits already sent.
 */
export interface SimPlanCamera {
  cameraId: string;
  /** Pixel -> plan (metres) homography of the camera point. */
  matrix: Matrix3;
  footprint: { x: number; y: number }[];
  width: number;
  height: number;
}
export interface SimPlan {
  cameras: SimPlanCamera[];
  /** Where people stop: regions and dwell zones (polygons in metres). */
  stops: { name: string; kind: string; points: { x: number; y: number }[] }[];
  /** Enter areas, by the entrance camera whose visits use them (the first is the main door). */
  doors: { cameraId: string | null; points: { x: number; y: number }[] }[];
  /** Tracks and heat grids are generated from this local date on (the seed keeps its history short). */
  fromDate?: string;
}

interface Step {
  x: number;
  y: number;
  t: number;
}

const WALK_M_PER_S = 1.1;
const WALK_SAMPLE_MS = 2000;
const DWELL_SAMPLE_MS = 10_000;
/** Stays at a shelf or display: median 40 s; at the cashier 90 s; the log-normal spread; the longest. */
const STOP_STAY_MEDIAN_MS = 40_000;
const CASHIER_STAY_MEDIAN_MS = 90_000;
const STAY_SPREAD = 0.8;
const MAX_STOP_STAY_MS = 8 * 60_000;
/** Browsing the aisles: one aisle point per this much of the visit left over by the stops, at most 8. */
const AISLE_LINGER_MS = 90_000;
const MAX_AISLE_POINTS = 8;
const GRID = { cols: 8, rows: 6 } as const;

/** The inverse of a 3 × 3 matrix (plan -> pixel from pixel -> plan), by its adjugate. */
export function invert3(m: Matrix3): Matrix3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    A / det,
    -(b * i - c * h) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * h - b * g) / det,
    (a * e - b * d) / det,
  ];
}

function toPixel(inverse: Matrix3, point: { x: number; y: number }): { u: number; v: number } | null {
  const [a, b, c, d, e, f, g, h, i] = inverse;
  const w = g * point.x + h * point.y + i;
  if (w === 0) return null;
  return { u: (a * point.x + b * point.y + c) / w, v: (d * point.x + e * point.y + f) / w };
}

const centreOf = (points: readonly { x: number; y: number }[]) => {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
};
/** A random point well inside a rectangle-like polygon's bounds. */
function pointIn(random: () => number, points: readonly { x: number; y: number }[]) {
  const box = centreOf(points);
  const margin = Math.min(0.4, (box.maxX - box.minX) / 4, (box.maxY - box.minY) / 4);
  return { x: box.minX + margin + random() * (box.maxX - box.minX - 2 * margin), y: box.minY + margin + random() * (box.maxY - box.minY - 2 * margin) };
}

/** A standard normal draw (Box-Muller) from the walk's own random source. */
function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * How long a shopper stands at a shelf, a display or the cashier: log-normal around a median
 * (most stops are short, a few are long), as store studies report; never longer than `cap`.
 */
function stayAt(random: () => number, stop: { name: string }, cap: number): number {
  const median = stop.name.toLowerCase().includes('cashier') ? CASHIER_STAY_MEDIAN_MS : STOP_STAY_MEDIAN_MS;
  return Math.min(cap, MAX_STOP_STAY_MS, median * Math.exp(STAY_SPREAD * gaussian(random)));
}

/** A point of the sales floor outside every region and dwell zone: where people browse the aisles. */
function aislePoint(random: () => number, plan: SimPlan, floor: { minX: number; maxX: number; minY: number; maxY: number }) {
  let point = { x: 0, y: 0 };
  for (let attempt = 0; attempt < 6; attempt += 1) {
    point = { x: floor.minX + random() * (floor.maxX - floor.minX), y: floor.minY + random() * (floor.maxY - floor.minY) };
    if (!plan.stops.some((stop) => containsPoint(stop.points, point))) return point;
  }
  return point;
}

/**
 * The walk of one visit on the plan, sampled as a box would simplify it: from its door to a few
 * regions and dwell zones (a short stay at each, a longer one at the cashier), the rest of the visit
 * spent browsing the aisles between them, and back to the door.
 */
export function walkOf(plan: SimPlan, visit: { visitorId: string; enteredMs: number; exitedMs: number; cameraId: string }, seed: number): Step[] {
  const random = rng(hash(`${seed}|${visit.visitorId}|${visit.enteredMs}|walk`));
  const door = plan.doors.find((candidate) => candidate.cameraId === visit.cameraId) ?? plan.doors[0];
  if (!door) return [];
  const start = pointIn(random, door.points);
  const stops = [...plan.stops].sort(() => random() - 0.5).slice(0, 1 + Math.floor(random() * 3));
  const cashier = plan.stops.find((stop) => stop.name.toLowerCase().includes('cashier'));
  if (cashier && random() < 0.5 && !stops.includes(cashier)) stops.push(cashier);
  const visitMs = visit.exitedMs - visit.enteredMs;
  const stays = stops.map((stop) => stayAt(random, stop, visitMs));
  // What the stops leave of the visit is spent in the aisles: one aisle point per 90 s of it (at most 8).
  const floor = centreOf([...plan.stops.flatMap((stop) => stop.points), ...plan.doors.flatMap((candidate) => candidate.points)]);
  const aisleCount = Math.min(MAX_AISLE_POINTS, Math.floor(Math.max(0, visitMs - stays.reduce((sum, stay) => sum + stay, 0)) / AISLE_LINGER_MS));
  const waypoints: { point: { x: number; y: number }; stop: number | null }[] = stops.map((stop, index) => ({
    point: pointIn(random, stop.points),
    stop: index,
  }));
  for (let k = 0; k < aisleCount; k += 1) {
    // Aisle points fall between the stops (the cashier, when there is one, stays last).
    const at = Math.floor(random() * (waypoints.length + (cashier && stops.at(-1) === cashier ? 0 : 1)));
    waypoints.splice(at, 0, { point: aislePoint(random, plan, floor), stop: null });
  }
  const targets = [start, ...waypoints.map((waypoint) => waypoint.point), start];
  let walking = 0;
  for (let k = 1; k < targets.length; k += 1)
    walking += Math.hypot((targets[k]?.x ?? 0) - (targets[k - 1]?.x ?? 0), (targets[k]?.y ?? 0) - (targets[k - 1]?.y ?? 0));
  const walkMs = (walking / WALK_M_PER_S) * 1000;
  // A visit too short for its walk and stays is squeezed in time: people hurry.
  const needed = walkMs + stays.reduce((sum, stay) => sum + stay, 0);
  const squeeze = Math.min(1, visitMs / Math.max(1, needed));
  const lingerMs = aisleCount > 0 ? Math.max(0, visitMs - needed) / aisleCount : 0;
  const steps: Step[] = [];
  let t = visit.enteredMs;
  for (let k = 0; k + 1 < targets.length; k += 1) {
    const from = targets[k] as { x: number; y: number };
    const to = targets[k + 1] as { x: number; y: number };
    const legMs = (Math.hypot(to.x - from.x, to.y - from.y) / WALK_M_PER_S) * 1000 * squeeze;
    for (let s = 0; s < legMs; s += WALK_SAMPLE_MS)
      steps.push({ x: from.x + ((to.x - from.x) * s) / legMs, y: from.y + ((to.y - from.y) * s) / legMs, t: t + s });
    t += legMs;
    const waypoint = waypoints[k];
    if (waypoint) {
      const stay = waypoint.stop === null ? lingerMs : (stays[waypoint.stop] ?? 0) * squeeze;
      for (let s = 0; s < stay; s += DWELL_SAMPLE_MS) steps.push({ x: to.x + (random() - 0.5) * 0.3, y: to.y + (random() - 0.5) * 0.3, t: t + s });
      t += stay;
    }
  }
  steps.push({ ...(targets.at(-1) as { x: number; y: number }), t: Math.max(t, visit.exitedMs) });
  return steps.map((step) => ({ x: Math.round(step.x * 1000) / 1000, y: Math.round(step.y * 1000) / 1000, t: Math.round(step.t) }));
}

export interface TimedPlanEvent {
  sendAt: number;
  event: DeviceEvent;
}

/**
 * The tracks and heat grids a store's cameras report for the visits of a day: each camera's
 * contiguous views of each walk become tracks (split at the device limit), and the time spent
 * between samples is added to the camera's grid cell of the minute it began in.
 */
export function planEventsOf(
  plan: SimPlan,
  visits: readonly { visitorId: string; enteredMs: number; exitedMs: number; cameraId: string; gender: string; ageBand: string; isStaff: boolean }[],
  seed: number,
): TimedPlanEvent[] {
  const events: TimedPlanEvent[] = [];
  const heat = new Map<string, { cameraId: string; minute: number; cells: number[] }>();
  const inverses = plan.cameras.map((camera) => ({ camera, inverse: invert3(camera.matrix) }));
  for (const visit of visits) {
    if (visit.isStaff) continue;
    const walk = walkOf(plan, visit, seed);
    for (const { camera, inverse } of inverses) {
      let run: [number, number, number][] = [];
      let runStart = 0;
      let part = 0;
      const flush = () => {
        if (run.length >= 2) {
          part += 1;
          events.push({
            sendAt: runStart + (run.at(-1)?.[0] ?? 0),
            event: {
              type: 'track',
              cameraId: camera.cameraId,
              trackId: `${visit.visitorId}-${visit.enteredMs}-${part}`.slice(0, 64),
              startedAt: new Date(runStart).toISOString(),
              points: run,
              visitorId: visit.visitorId,
              gender: visit.gender as 'male' | 'female' | 'unknown',
              ageBand: visit.ageBand as '0-17',
            },
          });
        }
        run = [];
      };
      walk.forEach((step, index) => {
        const pixel = containsPoint(camera.footprint, step) ? toPixel(inverse, step) : null;
        if (!pixel || pixel.u < 0 || pixel.v < 0 || pixel.u > camera.width || pixel.v > camera.height) {
          flush();
          return;
        }
        if (run.length === 0) runStart = step.t;
        run.push([step.t - runStart, Math.round(pixel.u * 10) / 10, Math.round(pixel.v * 10) / 10]);
        if (run.length >= DEVICE_API_LIMITS.maxTrackPoints) flush();
        const next = walk[index + 1];
        if (next) {
          const minute = Math.floor(step.t / 60_000) * 60_000;
          const key = `${camera.cameraId}|${minute}`;
          const grid = heat.get(key) ?? { cameraId: camera.cameraId, minute, cells: new Array<number>(GRID.cols * GRID.rows).fill(0) };
          const cell =
            Math.min(GRID.rows - 1, Math.floor((pixel.v / camera.height) * GRID.rows)) * GRID.cols +
            Math.min(GRID.cols - 1, Math.floor((pixel.u / camera.width) * GRID.cols));
          grid.cells[cell] = (grid.cells[cell] ?? 0) + (next.t - step.t) / 1000;
          heat.set(key, grid);
        }
      });
      flush();
    }
  }
  for (const grid of heat.values()) {
    events.push({
      sendAt: grid.minute + 60_000,
      event: {
        type: 'heatGrid',
        cameraId: grid.cameraId,
        at: new Date(grid.minute).toISOString(),
        cols: GRID.cols,
        rows: GRID.rows,
        cells: grid.cells.map((seconds) => Math.min(DEVICE_API_LIMITS.maxCellDwell, Math.round(seconds * 10) / 10)),
      },
    });
  }
  return events;
}

/** The demo plan of a shop as the simulator needs it, read from the floor-plan service (null: no plan or no calibrated camera). */
export async function simPlanOf(
  floorplan: Pick<FloorplanService, 'shopPlans' | 'cameraProjection' | 'planElements'>,
  customerId: string,
  shopId: string,
  cameraIds: readonly string[],
  entranceCameraIds: readonly string[],
): Promise<SimPlan | null> {
  const [plan] = await floorplan.shopPlans(customerId, shopId);
  if (!plan) return null;
  const cameras: SimPlanCamera[] = [];
  for (const cameraId of cameraIds) {
    const projection = await floorplan.cameraProjection(customerId, cameraId);
    if (projection && projection.planId === plan.id) {
      cameras.push({ cameraId, matrix: projection.matrix, footprint: projection.footprint, width: projection.calibWidth, height: projection.calibHeight });
    }
  }
  if (cameras.length === 0) return null;
  const elements = await floorplan.planElements(customerId, plan.id);
  const enter = elements.filter((element) => element.kind === 'enter');
  // A second door is used by the visits of the second entrance camera (the side-entrance camera, mounted at it).
  const side = enter.find((element) => element.name.toLowerCase().includes('side'));
  const main = enter.find((element) => element !== side);
  const sideCamera = side ? cameras.find((camera) => camera.cameraId === entranceCameraIds[1]) : undefined;
  return {
    cameras,
    stops: elements
      .filter((element) => element.kind === 'region' || element.kind === 'halt')
      .map((element) => ({ name: element.name, kind: element.kind, points: element.points })),
    doors: [
      ...(main ? [{ cameraId: null, points: main.points }] : []),
      ...(side && sideCamera ? [{ cameraId: sideCamera.cameraId, points: side.points }] : []),
    ],
  };
}
