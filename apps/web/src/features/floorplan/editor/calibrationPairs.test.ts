import { describe, expect, it } from 'vitest';
import { completePairs, emptyPairRows, pairRowsOf, withPickedPoint } from './calibrationPairs.ts';

describe('four-point calibration rows', () => {
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
});
