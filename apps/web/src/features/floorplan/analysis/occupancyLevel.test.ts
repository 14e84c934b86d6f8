import { describe, expect, it } from 'vitest';
import { labelPoint, occupancyLevel } from './occupancyLevel.ts';

describe('occupancy level', () => {
  it('is none without a threshold, whatever the count', () => {
    expect(occupancyLevel(0, null)).toBe('none');
    expect(occupancyLevel(500, null)).toBe('none');
  });

  it('is above only when more people than the threshold are in (the server raises its message then)', () => {
    expect(occupancyLevel(10, 10)).toBe('near');
    expect(occupancyLevel(11, 10)).toBe('above');
    expect(occupancyLevel(2, 1)).toBe('above');
  });

  it('is near from 80 % of the threshold, calm below', () => {
    expect(occupancyLevel(7, 10)).toBe('calm');
    expect(occupancyLevel(8, 10)).toBe('near');
    expect(occupancyLevel(0, 1)).toBe('calm');
    expect(occupancyLevel(1, 1)).toBe('near');
  });
});

describe('label point', () => {
  it('is the mean of the corners', () => {
    expect(
      labelPoint([
        { x: 0, y: 0 },
        { x: 4, y: 0 },
        { x: 4, y: 2 },
        { x: 0, y: 2 },
      ]),
    ).toEqual({ x: 2, y: 1 });
    expect(labelPoint([])).toEqual({ x: 0, y: 0 });
  });
});
