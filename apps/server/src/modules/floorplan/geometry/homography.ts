import { refused } from '../../../platform/http/errors.ts';
import { smallestEigenvector } from './eigen.ts';
import type { Matrix3, PixelPoint, PlanPoint } from './types.ts';

/** A point clicked on the camera snapshot and the same point clicked on the plan. */
export interface PointPair {
  pixel: PixelPoint;
  plan: PlanPoint;
}

/** w below this (relative to the matrix's size) is the horizon: the pixel sees no floor. */
const HORIZON_EPSILON = 1e-9;

/** Maps a camera pixel to the plan; null when the pixel lies on or above the horizon (no floor there). */
export function applyHomography(matrix: Matrix3, pixel: PixelPoint): PlanPoint | null {
  const [a, b, c, d, e, f, g, h, i] = matrix;
  const w = g * pixel.u + h * pixel.v + i;
  if (!(w > HORIZON_EPSILON)) return null;
  return { x: (a * pixel.u + b * pixel.v + c) / w, y: (d * pixel.u + e * pixel.v + f) / w };
}

export function multiply3(left: Matrix3, right: Matrix3): Matrix3 {
  const out: number[] = [];
  for (let row = 0; row < 3; row += 1)
    for (let col = 0; col < 3; col += 1) {
      let sum = 0;
      for (let k = 0; k < 3; k += 1) sum += (left[row * 3 + k] as number) * (right[k * 3 + col] as number);
      out.push(sum);
    }
  return out as unknown as Matrix3;
}

/**
 * Hartley's normalisation: moves the points' centroid to the origin and scales their mean distance
 * from it to √2, so the DLT's equations are well conditioned whether coordinates are pixels (hundreds)
 * or metres (units). Returns the transform and its inverse.
 */
function normalisingTransform(points: readonly { x: number; y: number }[]): { forward: Matrix3; inverse: Matrix3 } {
  const cx = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const cy = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  const meanDistance = points.reduce((sum, p) => sum + Math.hypot(p.x - cx, p.y - cy), 0) / points.length;
  const s = meanDistance > 0 ? Math.SQRT2 / meanDistance : 1;
  return {
    forward: [s, 0, -s * cx, 0, s, -s * cy, 0, 0, 1],
    inverse: [1 / s, 0, cx, 0, 1 / s, cy, 0, 0, 1],
  };
}

/** Twice the signed area of the triangle abc. */
function cross(a: { x: number; y: number }, b: { x: number; y: number }, c: { x: number; y: number }): number {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

/** True when some three of the points lie (nearly) on one line, measured against the points' spread. */
function hasCollinearTriple(points: readonly { x: number; y: number }[]): boolean {
  let spread = 0;
  for (const a of points) for (const b of points) spread = Math.max(spread, Math.hypot(a.x - b.x, a.y - b.y));
  if (spread === 0) return true;
  // A triangle whose area is under 1% of the square of the spread is a line for calibration purposes.
  const minimum = 0.01 * spread * spread;
  for (let i = 0; i < points.length; i += 1)
    for (let j = i + 1; j < points.length; j += 1)
      for (let k = j + 1; k < points.length; k += 1) {
        if (Math.abs(cross(points[i] as PlanPoint, points[j] as PlanPoint, points[k] as PlanPoint)) / 2 < minimum) return true;
      }
  return false;
}

/**
 * The homography from camera pixels to plan metres through the point pairs (four or more), by the
 * normalised direct linear transform: each pair gives two rows of A·h = 0 and h is the eigenvector
 * of AᵀA with the smallest eigenvalue (the least-squares solution; exact for four pairs). The sign
 * is chosen so that w > 0 on the clicked pixels (they see the floor). Refused when some three points
 * are collinear or the pixels straddle the horizon (pairs clicked in an inconsistent order).
 */
export function solveHomography(pairs: readonly PointPair[]): Matrix3 {
  const pixels = pairs.map((pair) => ({ x: pair.pixel.u, y: pair.pixel.v }));
  const plans = pairs.map((pair) => pair.plan);
  if (pairs.length < 4 || (pairs.length === 4 && (hasCollinearTriple(pixels) || hasCollinearTriple(plans)))) throw refused('floorplan.calibrationPoints');
  const from = normalisingTransform(pixels);
  const to = normalisingTransform(plans);
  const normal: number[][] = Array.from({ length: 9 }, () => new Array<number>(9).fill(0));
  const addRow = (row: readonly number[]) => {
    for (let i = 0; i < 9; i += 1)
      for (let j = 0; j < 9; j += 1) (normal[i] as number[])[j] = ((normal[i] as number[])[j] as number) + (row[i] as number) * (row[j] as number);
  };
  for (const pair of pairs) {
    const [pu, pv] = applyAffine(from.forward, pair.pixel.u, pair.pixel.v);
    const [qx, qy] = applyAffine(to.forward, pair.plan.x, pair.plan.y);
    addRow([-pu, -pv, -1, 0, 0, 0, qx * pu, qx * pv, qx]);
    addRow([0, 0, 0, -pu, -pv, -1, qy * pu, qy * pv, qy]);
  }
  const h = smallestEigenvector(normal);
  const denormalised = multiply3(multiply3(to.inverse, h as unknown as Matrix3), from.forward);
  const scale = Math.hypot(...denormalised);
  const ws = pairs.map((pair) => denormalised[6] * pair.pixel.u + denormalised[7] * pair.pixel.v + denormalised[8]);
  const positive = ws.filter((w) => w > 0).length;
  if (positive !== 0 && positive !== ws.length) throw refused('floorplan.calibrationPoints');
  const sign = positive === 0 ? -1 : 1;
  return denormalised.map((value) => (sign * value) / scale) as unknown as Matrix3;
}

function applyAffine(matrix: Matrix3, x: number, y: number): [number, number] {
  return [matrix[0] * x + matrix[1] * y + matrix[2], matrix[3] * x + matrix[4] * y + matrix[5]];
}

/** How far, in metres, the homography puts each clicked pixel from its clicked plan point: root mean square and worst. */
export function reprojectionError(matrix: Matrix3, pairs: readonly PointPair[]): { rmsM: number; maxM: number } {
  let squares = 0;
  let worst = 0;
  for (const pair of pairs) {
    const projected = applyHomography(matrix, pair.pixel);
    const distance = projected ? Math.hypot(projected.x - pair.plan.x, projected.y - pair.plan.y) : Number.POSITIVE_INFINITY;
    squares += distance * distance;
    worst = Math.max(worst, distance);
  }
  return { rmsM: Math.sqrt(squares / Math.max(pairs.length, 1)), maxM: worst };
}
