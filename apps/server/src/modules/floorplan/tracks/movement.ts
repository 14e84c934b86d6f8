import pointInPolygon from 'robust-point-in-polygon';

/**
 * Pure movement geometry on a floor plan: when a track is inside a region, when it crosses a flow
 * line and in which direction, and which region it went to from which. Coordinates are plan
 * coordinates (any unit: nothing here depends on the scale); times are milliseconds.
 *
 * The conventions, fixed here and tested in movement.test.ts (docs/decisions/floorplan-data.md):
 * - A region is its OPEN interior: a point on its boundary is outside. A track that touches a
 *   vertex, or walks along an edge, has not been inside; one that enters through a vertex has, from
 *   the instant it leaves the vertex inwards.
 * - A flow line counts a crossing when the track passes from one strict side of the line's
 *   supporting line to the other and meets the line (its end points included) on the way. A track
 *   that touches the line and turns back, or walks along it and returns, has not crossed. The
 *   crossing's instant is the first contact with the line.
 * - `forward` is the crossing towards the side where cross(end - start, point - start) > 0: on a
 *   plan drawn with y downwards, that is the walker's right-hand side as seen from start to end.
 */
export interface PlanPoint {
  x: number;
  y: number;
}
export interface TimedPoint extends PlanPoint {
  /** Milliseconds (epoch). */
  t: number;
}
export type Polygon = readonly PlanPoint[];
export interface Segment {
  start: PlanPoint;
  end: PlanPoint;
}
export interface Stay {
  enteredAt: number;
  exitedAt: number;
}
export type CrossingDirection = 'forward' | 'backward';
export interface Crossing {
  at: number;
  direction: CrossingDirection;
}

const cross = (a: PlanPoint, b: PlanPoint, p: PlanPoint) => (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
const lerp = (a: TimedPoint, b: TimedPoint, s: number): TimedPoint => ({ x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s, t: a.t + (b.t - a.t) * s });

/** Parameters s in (0, 1) where segment a->b meets a polygon edge, with the ends of collinear overlaps. */
function edgeParameters(a: PlanPoint, b: PlanPoint, polygon: Polygon): number[] {
  const found: number[] = [];
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  for (let i = 0; i < polygon.length; i += 1) {
    const p = polygon[i] as PlanPoint;
    const q = polygon[(i + 1) % polygon.length] as PlanPoint;
    const ex = q.x - p.x;
    const ey = q.y - p.y;
    const denominator = dx * ey - dy * ex;
    if (denominator === 0) {
      // Parallel: only a collinear overlap matters, and only its ends split the segment.
      if (cross(p, q, a) !== 0 || length2 === 0) continue;
      for (const v of [p, q]) found.push(((v.x - a.x) * dx + (v.y - a.y) * dy) / length2);
      continue;
    }
    const s = ((p.x - a.x) * ey - (p.y - a.y) * ex) / denominator;
    const u = ((p.x - a.x) * dy - (p.y - a.y) * dx) / denominator;
    if (u >= 0 && u <= 1) found.push(s);
  }
  return found.filter((s) => s > 0 && s < 1);
}

/** Whether a point lies on a polygon edge collinear with segment a->b (a walk along an edge is on the boundary). */
function onCollinearEdge(a: PlanPoint, b: PlanPoint, point: PlanPoint, polygon: Polygon): boolean {
  for (let i = 0; i < polygon.length; i += 1) {
    const p = polygon[i] as PlanPoint;
    const q = polygon[(i + 1) % polygon.length] as PlanPoint;
    if (cross(p, q, a) !== 0 || cross(p, q, b) !== 0) continue;
    const along = (point.x - p.x) * (q.x - p.x) + (point.y - p.y) * (q.y - p.y);
    if (along >= 0 && along <= (q.x - p.x) ** 2 + (q.y - p.y) ** 2) return true;
  }
  return false;
}

const ring = (polygon: Polygon): [number, number][] => polygon.map((point) => [point.x, point.y]);

/**
 * The intervals a track spends inside a polygon's open interior. Each segment is cut where it
 * meets an edge; each piece is inside or outside as a whole, decided at its midpoint (exactly, by
 * robust-point-in-polygon; the boundary counts as outside). Pieces inside that touch are one stay.
 */
export function staysIn(track: readonly TimedPoint[], polygon: Polygon): Stay[] {
  if (polygon.length < 3 || track.length < 2) return [];
  const vertices = ring(polygon);
  const stays: Stay[] = [];
  let open: Stay | null = null;
  for (let i = 0; i + 1 < track.length; i += 1) {
    const a = track[i] as TimedPoint;
    const b = track[i + 1] as TimedPoint;
    const cuts = [0, ...edgeParameters(a, b, polygon).sort((x, y) => x - y), 1];
    for (let k = 0; k + 1 < cuts.length; k += 1) {
      const from = cuts[k] as number;
      const to = cuts[k + 1] as number;
      if (to <= from) continue;
      const mid = lerp(a, b, (from + to) / 2);
      const inside = !onCollinearEdge(a, b, mid, polygon) && pointInPolygon(vertices, [mid.x, mid.y]) === -1;
      const start = lerp(a, b, from).t;
      const end = lerp(a, b, to).t;
      if (inside) {
        if (open && open.exitedAt >= start) open.exitedAt = end;
        else {
          open = { enteredAt: start, exitedAt: end };
          stays.push(open);
        }
      } else open = null;
    }
  }
  return stays.filter((stay) => stay.exitedAt > stay.enteredAt);
}

/**
 * Stays of at least `minDwellMs` (a region's minimum dwell, default 5 s): shorter ones are people
 * passing through. Stays apart by at most `joinGapMs` are first joined into one, so a person who
 * stands on the boundary and jitters across it in the box's simplified track is one visit.
 */
export function visitsOf(stays: readonly Stay[], minDwellMs: number, joinGapMs = 1000): Stay[] {
  const joined: Stay[] = [];
  for (const stay of stays) {
    const last = joined.at(-1);
    if (last && stay.enteredAt - last.exitedAt <= joinGapMs) last.exitedAt = Math.max(last.exitedAt, stay.exitedAt);
    else joined.push({ ...stay });
  }
  return joined.filter((stay) => stay.exitedAt - stay.enteredAt >= minDwellMs);
}

/** Where along the line (0 at start, 1 at end) a point on its supporting line lies. */
function along(line: Segment, point: PlanPoint): number {
  const dx = line.end.x - line.start.x;
  const dy = line.end.y - line.start.y;
  return ((point.x - line.start.x) * dx + (point.y - line.start.y) * dy) / (dx * dx + dy * dy);
}

/**
 * The crossings of a flow line by a track, in time order (conventions at the top of this file).
 * Each point takes a side: +1, -1, or 0 on the supporting line. Between two points on strict,
 * different sides, the track met the line: at the points on it in between, or else where the
 * segment joining them crosses it. That contact counts when any of it lies within the line.
 */
export function crossingsOf(track: readonly TimedPoint[], line: Segment): Crossing[] {
  if (line.start.x === line.end.x && line.start.y === line.end.y) return [];
  const crossings: Crossing[] = [];
  let lastSided: TimedPoint | null = null;
  let lastSide = 0;
  let contacts: TimedPoint[] = [];
  for (const point of track) {
    const value = cross(line.start, line.end, point);
    const side = Math.sign(value);
    if (side === 0) {
      contacts.push(point);
      continue;
    }
    if (lastSided && side !== lastSide) {
      let meeting = contacts;
      if (meeting.length === 0) {
        const before = cross(line.start, line.end, lastSided);
        meeting = [lerp(lastSided, point, before / (before - value))];
      }
      const positions = meeting.map((contact) => along(line, contact));
      if (Math.min(...positions) <= 1 && Math.max(...positions) >= 0) {
        crossings.push({ at: (meeting[0] as TimedPoint).t, direction: side > 0 ? 'forward' : 'backward' });
      }
    }
    lastSided = point;
    lastSide = side;
    contacts = [];
  }
  return crossings;
}

/** A visit of a region by a track, named by the region. */
export interface RegionVisit extends Stay {
  regionId: string;
}
export interface Transition {
  fromRegionId: string;
  toRegionId: string;
  /** When the destination was entered. */
  at: number;
}

/**
 * From-and-go: the consecutive pairs of distinct regions a track visited (its visits in the order
 * they began). Coming back to the region just left is no transition; overlapping regions follow the
 * order in which they were entered.
 */
export function transitionsOf(visits: readonly RegionVisit[]): Transition[] {
  const ordered = [...visits].sort((a, b) => a.enteredAt - b.enteredAt || a.regionId.localeCompare(b.regionId));
  const transitions: Transition[] = [];
  for (let i = 1; i < ordered.length; i += 1) {
    const from = ordered[i - 1] as RegionVisit;
    const to = ordered[i] as RegionVisit;
    if (from.regionId !== to.regionId) transitions.push({ fromRegionId: from.regionId, toRegionId: to.regionId, at: to.enteredAt });
  }
  return transitions;
}
