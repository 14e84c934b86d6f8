import { describe, expect, it } from 'vitest';
import { moveColumn } from './templateColumns.ts';

describe('template column order', () => {
  it('moves a column up or down by one place', () => {
    expect(moveColumn(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  });

  it('keeps the order when the move would leave the list', () => {
    expect(moveColumn(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveColumn(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
