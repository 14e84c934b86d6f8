import { type CalibrationPair, FLOOR_PLAN, type PlanPointDto } from '@storelens/contracts';

/** One row of the clicked-point calibration: a pixel of the camera snapshot and the same floor point on the plan. */
export interface PairRow {
  u: number | null;
  v: number | null;
  x: number | null;
  y: number | null;
}

const emptyRow = (): PairRow => ({ u: null, v: null, x: null, y: null });

export const emptyPairRows = (): PairRow[] => Array.from({ length: FLOOR_PLAN.minCalibrationPairs }, emptyRow);

export function pairRowsOf(pairs: readonly CalibrationPair[] | null | undefined): PairRow[] {
  if (!pairs || pairs.length === 0) return emptyPairRows();
  return pairs.map((pair) => ({ u: pair.pixel.u, v: pair.pixel.v, x: pair.plan.x, y: pair.plan.y }));
}

/** The pairs to send: only when every row is filled in (the server wants four to eight whole pairs), else none. */
export function completePairs(rows: readonly PairRow[]): CalibrationPair[] | null {
  const whole = rows.every((row) => [row.u, row.v, row.x, row.y].every((value) => typeof value === 'number' && Number.isFinite(value)));
  if (!whole || rows.length < FLOOR_PLAN.minCalibrationPairs || rows.length > FLOOR_PLAN.maxCalibrationPairs) return null;
  return rows.map((row) => ({ pixel: { u: row.u as number, v: row.v as number }, plan: { x: row.x as number, y: row.y as number } }));
}

/** A point clicked on the plan fills the plan side of the row being picked (rounded to centimetres). */
export function withPickedPoint(rows: readonly PairRow[], index: number, point: PlanPointDto): PairRow[] {
  const round = (value: number) => Math.round(value * 100) / 100;
  return rows.map((row, i) => (i === index ? { ...row, x: round(point.x), y: round(point.y) } : row));
}

/** A point clicked on the camera snapshot fills the pixel side of the row being picked (whole pixels). */
export function withPickedPixel(rows: readonly PairRow[], index: number, pixel: { u: number; v: number }): PairRow[] {
  return rows.map((row, i) => (i === index ? { ...row, u: Math.round(pixel.u), v: Math.round(pixel.v) } : row));
}

/** Whether another row may be added, or one removed, within the server's four to eight pairs. */
export const canAddPair = (rows: readonly PairRow[]) => rows.length < FLOOR_PLAN.maxCalibrationPairs;
export const canRemovePair = (rows: readonly PairRow[]) => rows.length > FLOOR_PLAN.minCalibrationPairs;

/** One more empty row at the end (more pairs than four are fitted by least squares and show an error). */
export function withAddedPair(rows: readonly PairRow[]): PairRow[] {
  return canAddPair(rows) ? [...rows, emptyRow()] : [...rows];
}

/**
 * The rows without row `index`, and which row picking continues on: the same row while it is
 * before the removed one, the one that moved into its place after it, the last row at the end.
 */
export function withoutPair(rows: readonly PairRow[], index: number, pickRow: number): { rows: PairRow[]; pickRow: number } {
  if (!canRemovePair(rows) || index < 0 || index >= rows.length) return { rows: [...rows], pickRow };
  const next = rows.filter((_, i) => i !== index);
  const shifted = pickRow > index ? pickRow - 1 : pickRow;
  return { rows: next, pickRow: Math.min(shifted, next.length - 1) };
}

/** How well the clicked points agree (from cam2Dmap's answer), and whether the worst is worth redoing. */
export interface CalibrationFit {
  rmsM: number;
  maxM: number;
  /** The worst pair is further off than CALIBRATION_WARN_M (docs/decisions/floorplan-calibration.md). */
  poor: boolean;
}

/** Worst reprojection error above which the form asks to check the pairs (docs/decisions/floorplan-calibration.md). */
export const CALIBRATION_WARN_M = 0.5;

export function calibrationFit(answer: { errorM: number | null; maxErrorM: number | null }): CalibrationFit | null {
  if (answer.errorM === null || answer.maxErrorM === null) return null;
  return { rmsM: answer.errorM, maxM: answer.maxErrorM, poor: answer.maxErrorM > CALIBRATION_WARN_M };
}
