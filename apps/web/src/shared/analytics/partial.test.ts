import { describe, expect, it } from 'vitest';
import { lastCompleteDaysRange } from './dateRange.ts';
import { partialPoint } from './indicatorChart.ts';
import { PARTIAL_MARK_COLOUR } from './palette.ts';
import { partialLabel, partialMarks, partialNote } from './partial.ts';

const t = (key: string) => `<${key}>`;

describe('partial buckets and lagging data (issue 11)', () => {
  it('labels, notes, shades and fades partial buckets only', () => {
    expect(partialLabel('03-11', 'running', t)).toBe('03-11 (<analytics:partial.short>)');
    expect(partialLabel('03-10', undefined, t)).toBe('03-10');
    expect(partialNote('edge', t)).toBe('<messages:export.partialEdge>');
    expect(partialNote('running', t)).toBe('<messages:export.partialRunning>');
    expect(partialMarks(['a', 'b', 'c'], [undefined, undefined, 'running'])).toEqual([{ from: 'c', to: 'c', colour: PARTIAL_MARK_COLOUR }]);
    expect(partialPoint(5, false)).toBe(5);
    expect(partialPoint(5, true)).toMatchObject({ value: 5, symbol: 'emptyCircle' });
  });

  it('opens pages whose data lags a day on the last 7 complete days, ending yesterday', () => {
    expect(lastCompleteDaysRange('2026-03-11')).toEqual({ startDate: '2026-03-04', endDate: '2026-03-10' });
  });
});
