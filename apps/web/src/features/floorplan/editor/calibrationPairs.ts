import { type CalibrationPair, FLOOR_PLAN, type PlanPointDto } from '@storelens/contracts';

/** One row of the four-point calibration: a pixel of the camera snapshot and the same floor point on the plan. */
export interface PairRow {
  u: number | null;
  v: number | null;
  x: number | null;
  y: number | null;
}

export const emptyPairRows = (): PairRow[] => Array.from({ length: FLOOR_PLAN.minCalibrationPairs }, () => ({ u: null, v: null, x: null, y: null }));

export function pairRowsOf(pairs: readonly CalibrationPair[] | null | undefined): PairRow[] {
  if (!pairs || pairs.length === 0) return emptyPairRows();
  return pairs.map((pair) => ({ u: pair.pixel.u, v: pair.pixel.v, x: pair.plan.x, y: pair.plan.y }));
}

/** The pairs to send: only when every row is filled in (the server wants four or more whole pairs), else none. */
export function completePairs(rows: readonly PairRow[]): CalibrationPair[] | null {
  const whole = rows.every((row) => [row.u, row.v, row.x, row.y].every((value) => typeof value === 'number' && Number.isFinite(value)));
  if (!whole || rows.length < FLOOR_PLAN.minCalibrationPairs) return null;
  return rows.map((row) => ({ pixel: { u: row.u as number, v: row.v as number }, plan: { x: row.x as number, y: row.y as number } }));
}

/** A point clicked on the plan fills the plan side of the row being picked (rounded to centimetres). */
export function withPickedPoint(rows: readonly PairRow[], index: number, point: PlanPointDto): PairRow[] {
  const round = (value: number) => Math.round(value * 100) / 100;
  return rows.map((row, i) => (i === index ? { ...row, x: round(point.x), y: round(point.y) } : row));
}
