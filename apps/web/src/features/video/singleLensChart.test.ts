import { describe, expect, it } from 'vitest';
import { averageDwell, nothingCounted, singleLensOption } from './singleLensChart.ts';

const labels = { entries: 'Entries', exits: 'Exits', stays: 'Stays', avgDwell: 'Average dwell (s)' };

describe('single-lens chart', () => {
  it('averages dwell over stays, leaving hours without stays empty', () => {
    expect(averageDwell({ stays: 2, dwellSeconds: 181 })).toBe(91);
    expect(averageDwell({ stays: 0, dwellSeconds: 0 })).toBeNull();
    expect(averageDwell({ stays: null, dwellSeconds: null })).toBeNull();
  });

  it('draws the figures as bars and the average dwell on its own axis', () => {
    const rows = [
      { hour: 9, entries: 3, exits: 1, stays: 2, dwellSeconds: 180 },
      { hour: 10, entries: 0, exits: 0, stays: 0, dwellSeconds: 0 },
    ];
    const option = singleLensOption(['09:00', '10:00'], rows, labels) as { series: { name: string; data: (number | null)[]; yAxisIndex?: number }[] };
    expect(option.series.map((series) => [series.name, series.data])).toEqual([
      ['Entries', [3, 0]],
      ['Exits', [1, 0]],
      ['Stays', [2, 0]],
      ['Average dwell (s)', [90, null]],
    ]);
    expect(option.series[3]?.yAxisIndex).toBe(1);
    expect(nothingCounted(rows)).toBe(false);
    expect(nothingCounted([rows[1] as (typeof rows)[number]])).toBe(true);
    // An hour without a report is a gap, not a zero bar.
    const unknown = { hour: 11, entries: null, exits: null, stays: null, dwellSeconds: null };
    const gapped = singleLensOption(['11:00'], [unknown], labels) as { series: { data: (number | null)[] }[] };
    expect(gapped.series.map((series) => series.data)).toEqual([[null], [null], [null], [null]]);
    expect(nothingCounted([unknown])).toBe(true);
  });
});
