import { describe, expect, it } from 'vitest';
import { periodCell } from './excel-table.ts';

describe('an exported period', () => {
  it('carries its notes as the page shows them, each in its own parentheses', () => {
    // A running day with a device outage: the page's table cell reads the same (the e2e compares them).
    expect(periodCell('en', '2026-11-29', 'running', { shops: 3, reporting: 3, complete: 2 })).toBe('2026-11-29 (partial: still running) (Incomplete data)');
    expect(periodCell('en', '2026-11-28', undefined, { shops: 3, reporting: 0, complete: 0 })).toBe('2026-11-28 (No data)');
    expect(periodCell('en', '2026-11-27', undefined, { shops: 3, reporting: 3, complete: 3 })).toBe('2026-11-27');
  });
});
