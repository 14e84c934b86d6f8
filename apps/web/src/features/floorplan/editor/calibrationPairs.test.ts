import { FLOOR_PLAN } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import {
  CALIBRATION_WARN_M,
  calibrationFit,
  canAddPair,
  canRemovePair,
  completePairs,
  emptyPairRows,
  type PairRow,
  pairRowsOf,
  withAddedPair,
  withoutPair,
  withPickedPixel,
  withPickedPoint,
} from './calibrationPairs.ts';

const filled = (count: number): PairRow[] => Array.from({ length: count }, (_, i) => ({ u: i * 100, v: 50, x: i, y: 2 }));

describe('clicked-point calibration rows', () => {
  it('sends pairs only when all four rows are whole', () => {
    let rows = emptyPairRows();
    expect(completePairs(rows)).toBeNull();
    rows = rows.map((row, i) => ({ ...row, u: i * 100, v: 50 }));
    rows = rows.map((_, i) => i).reduce((acc, i) => withPickedPoint(acc, i, { x: 1.234 + i, y: 2.005 }), rows);
    expect(rows[0]).toEqual({ u: 0, v: 50, x: 1.23, y: 2.01 });
    expect(completePairs(rows)?.[3]).toEqual({ pixel: { u: 300, v: 50 }, plan: { x: 4.23, y: 2.01 } });
    expect(completePairs(rows.map((row, i) => (i === 2 ? { ...row, v: null } : row)))).toBeNull();
  });

  it('reads saved pairs back into rows', () => {
    expect(pairRowsOf([{ pixel: { u: 1, v: 2 }, plan: { x: 3, y: 4 } }])).toEqual([{ u: 1, v: 2, x: 3, y: 4 }]);
    expect(pairRowsOf(null)).toHaveLength(4);
  });

  it('adds rows up to eight and removes them down to four', () => {
    let rows = emptyPairRows();
    expect(canRemovePair(rows)).toBe(false);
    expect(withoutPair(rows, 0, 0).rows).toHaveLength(FLOOR_PLAN.minCalibrationPairs);
    for (let i = 0; i < 10; i += 1) rows = withAddedPair(rows);
    expect(rows).toHaveLength(FLOOR_PLAN.maxCalibrationPairs);
    expect(canAddPair(rows)).toBe(false);
    expect(rows[7]).toEqual({ u: null, v: null, x: null, y: null });
    expect(canRemovePair(rows)).toBe(true);
  });

  it('sends five to eight whole rows, and none while the added row is empty', () => {
    const five = withAddedPair(filled(4));
    expect(completePairs(five)).toBeNull();
    const whole = withPickedPoint(withPickedPixel(five, 4, { u: 412.6, v: 99.4 }), 4, { x: 7, y: 8 });
    expect(whole[4]).toEqual({ u: 413, v: 99, x: 7, y: 8 });
    expect(completePairs(whole)).toHaveLength(5);
    expect(completePairs(filled(8))).toHaveLength(8);
    // Nine rows never come from the buttons; were they typed in some other way, the server would refuse them.
    expect(completePairs(filled(9))).toBeNull();
  });

  it('removes the chosen row and keeps picking on the same pair', () => {
    const rows = filled(6);
    // Picking row 4 (index 3), row 2 removed: the pair being picked moved up to index 2.
    expect(withoutPair(rows, 1, 3)).toEqual({ rows: [rows[0], rows[2], rows[3], rows[4], rows[5]], pickRow: 2 });
    // Picking row 1, row 2 removed: still row 1.
    expect(withoutPair(rows, 1, 0).pickRow).toBe(0);
    // Picking the last row, which is removed: the new last row.
    expect(withoutPair(rows, 5, 5)).toEqual({ rows: rows.slice(0, 5), pickRow: 4 });
  });

  it('tells a fit worth redoing by its worst pair, and none without pairs', () => {
    expect(calibrationFit({ errorM: null, maxErrorM: null })).toBeNull();
    expect(calibrationFit({ errorM: 0.12, maxErrorM: 0.13 })).toEqual({ rmsM: 0.12, maxM: 0.13, poor: false });
    expect(calibrationFit({ errorM: 0.3, maxErrorM: CALIBRATION_WARN_M })?.poor).toBe(false);
    expect(calibrationFit({ errorM: 0.3, maxErrorM: 0.51 })?.poor).toBe(true);
  });
});
