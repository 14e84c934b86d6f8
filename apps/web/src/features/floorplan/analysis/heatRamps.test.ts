import { describe, expect, it } from 'vitest';
import { differenceColour, HEAT_RAMPS, heatDifference, heatPoints } from './heatRamps.ts';

describe('heat points and the difference map', () => {
  it('places each cell at its centre in metres', () => {
    // 4 columns of 0.5 m: cell 5 is column 1, row 1 -> centre (0.75, 0.75).
    expect(heatPoints({ cols: 4, cellM: 0.5, cells: [[5, 12]] })).toEqual([{ x: 0.75, y: 0.75, value: 12 }]);
  });

  it('compares where people stayed as shares of each period, second minus first', () => {
    const first = {
      cols: 2,
      cellM: 1,
      cells: [
        [0, 30],
        [1, 10],
      ] as [number, number][],
    };
    // Twice the traffic, the same places: no difference at all.
    expect(
      heatDifference(first, {
        ...first,
        cells: [
          [0, 60],
          [1, 20],
        ],
      }),
    ).toEqual([]);
    // Shares 0.75/0.25 before, 0.25/0.75 after: -0.5 in cell 0, +0.5 in cell 1.
    expect(
      heatDifference(first, {
        ...first,
        cells: [
          [0, 10],
          [1, 30],
        ],
      }),
    ).toEqual([
      { x: 0.5, y: 0.5, value: -0.5 },
      { x: 1.5, y: 0.5, value: 0.5 },
    ]);
  });

  it('colours more in red, less in blue, stronger when larger, and has two ramps', () => {
    expect(differenceColour(1, 1)).toBe('rgba(215, 25, 28, 0.90)');
    expect(differenceColour(-0.5, 1)).toBe('rgba(43, 131, 186, 0.53)');
    expect(Object.keys(HEAT_RAMPS)).toEqual(['classic', 'warm']);
  });
});
