import { describe, expect, it } from 'vitest';
import { storeDaysNote } from './StoreDaysNote.tsx';

describe('the store-days note of a traffic page', () => {
  it('warns when store-days lack reports or had an outage, and says nothing when all reported in full or none is due', () => {
    expect(storeDaysNote({ total: 14, reporting: 14, complete: 14 })).toBeNull();
    expect(storeDaysNote({ total: 0, reporting: 0, complete: 0 })).toBeNull();
    expect(storeDaysNote(undefined)).toBeNull();
    expect(storeDaysNote({ total: 14, reporting: 0, complete: 0 })).toEqual({
      key: 'traffic:storeDays.none',
      params: { total: 14, missing: 14, incomplete: 0 },
    });
    expect(storeDaysNote({ total: 14, reporting: 12, complete: 9 })).toEqual({
      key: 'traffic:storeDays.partial',
      params: { total: 14, missing: 2, incomplete: 3 },
    });
  });
});
