import type { PlanExtent, PlanPoint } from './types.ts';

/** Signed area by the shoelace formula (positive when the vertices run clockwise on a y-down plan). */
export function signedArea(polygon: readonly PlanPoint[]): number {
  let twice = 0;
  for (let i = 0; i < polygon.length; i += 1) {
    const a = polygon[i] as PlanPoint;
    const b = polygon[(i + 1) % polygon.length] as PlanPoint;
    twice += a.x * b.y - b.x * a.y;
  }
  return twice / 2;
}

export function polygonArea(polygon: readonly PlanPoint[]): number {
  return Math.abs(signedArea(polygon));
}

/** A point in either space (plan metres or camera pixels, as x and y). */
export interface XY {
  x: number;
  y: number;
}

/**
 * Keeps the part of a convex polygon where the linear function `side` is >= 0 (one step of
 * Sutherland–Hodgman). Because `side` is linear, the crossing point is found exactly by the ratio
 * of its values at the two ends of an edge.
 */
export function clipHalfPlane<P extends XY>(polygon: readonly P[], side: (p: XY) => number): XY[] {
  const output: XY[] = [];
  for (let i = 0; i < polygon.length; i += 1) {
    const current = polygon[i] as P;
    const previous = polygon[(i + polygon.length - 1) % polygon.length] as P;
    const sc = side(current);
    const sp = side(previous);
    const crossing = (): XY => {
      const r = sp / (sp - sc);
      return { x: previous.x + (current.x - previous.x) * r, y: previous.y + (current.y - previous.y) * r };
    };
    if (sc >= 0) {
      if (sp < 0) output.push(crossing());
      output.push({ x: current.x, y: current.y });
    } else if (sp >= 0) output.push(crossing());
  }
  return output;
}

/** Clips a convex polygon (a camera footprint) to the plan's rectangle. */
export function clipToPlan(polygon: readonly PlanPoint[], extent: PlanExtent): PlanPoint[] {
  const sides: ((p: XY) => number)[] = [(p) => p.x, (p) => extent.widthM - p.x, (p) => p.y, (p) => extent.heightM - p.y];
  let output: XY[] = [...polygon];
  for (const side of sides) output = clipHalfPlane(output, side);
  return output;
}

/** Whether the point lies inside the polygon (even-odd rule; a point exactly on an edge may go either way). */
export function containsPoint(polygon: readonly PlanPoint[], point: PlanPoint): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const a = polygon[i] as PlanPoint;
    const b = polygon[j] as PlanPoint;
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** The axis-aligned rectangle [x0, x1] × [y0, y1] as a polygon, clockwise on a y-down plan. */
export function rectangle(x0: number, y0: number, x1: number, y1: number): PlanPoint[] {
  return [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];
}
