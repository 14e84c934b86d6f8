import { describe, expect, it } from 'vitest';
import { correlationColour, correlationRows, hasCorrelations } from './correlationMatrix.ts';

const answer = {
  regions: [
    { elementId: 'a', name: 'Shelf A' },
    { elementId: 'b', name: 'Shelf B' },
    { elementId: 'c', name: 'Cashier' },
  ],
  pairs: [
    { a: 'a', b: 'b', coefficient: 0.258 },
    { a: 'a', b: 'c', coefficient: -0.5 },
    { a: 'b', b: 'c', coefficient: null },
  ],
};

describe('the correlation matrix', () => {
  it('lays each pair out both ways, with no cell for a region and itself', () => {
    expect(correlationRows(answer)).toEqual([
      { elementId: 'a', name: 'Shelf A', cells: { b: 0.258, c: -0.5 } },
      { elementId: 'b', name: 'Shelf B', cells: { a: 0.258, c: null } },
      { elementId: 'c', name: 'Cashier', cells: { a: -0.5, b: null } },
    ]);
  });

  it('has something to show only when some pair has a coefficient', () => {
    expect(hasCorrelations(answer)).toBe(true);
    expect(hasCorrelations({ regions: answer.regions, pairs: answer.pairs.map((pair) => ({ ...pair, coefficient: null })) })).toBe(false);
    expect(hasCorrelations({ regions: [answer.regions[0] as (typeof answer.regions)[number]], pairs: [] })).toBe(false);
    expect(hasCorrelations(undefined)).toBe(false);
  });

  it('colours moving together red and moving apart blue, stronger further from 0', () => {
    expect(correlationColour(1)).toBe('rgba(215, 25, 28, 0.45)');
    expect(correlationColour(-0.5)).toBe('rgba(43, 131, 186, 0.27)');
    expect(correlationColour(0)).toBeUndefined();
    expect(correlationColour(null)).toBeUndefined();
  });
});
