import type { SingleLensResponse } from '@storelens/contracts';
import type { ChartOption } from '../../shared/analytics/chartOption.ts';

export interface SingleLensLabels {
  entries: string;
  exits: string;
  stays: string;
  avgDwell: string;
}

type Row = SingleLensResponse['hourly'][number] | SingleLensResponse['daily'][number];

/** Average dwell in whole seconds; no stays (or stays not known), no average (null: a gap, not a zero). */
export const averageDwell = (row: Pick<Row, 'stays' | 'dwellSeconds'>): number | null =>
  row.stays !== null && row.stays > 0 && row.dwellSeconds !== null ? Math.round(row.dwellSeconds / row.stays) : null;

/** Entries, exits and stays as bars, the average dwell as a line on its own axis. */
export function singleLensOption(categories: readonly string[], rows: readonly Row[], labels: SingleLensLabels): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 56, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: [...categories] },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', name: labels.avgDwell, minInterval: 1 },
    ],
    series: [
      // A null (no report) is a gap in the bars, never a zero.
      { type: 'bar', name: labels.entries, data: rows.map((row) => row.entries) },
      { type: 'bar', name: labels.exits, data: rows.map((row) => row.exits) },
      { type: 'bar', name: labels.stays, data: rows.map((row) => row.stays) },
      { type: 'line', name: labels.avgDwell, yAxisIndex: 1, connectNulls: false, data: rows.map(averageDwell) },
    ],
  } as ChartOption;
}

/** Nothing counted on any row (zero or not known): the chart's empty state. */
export const nothingCounted = (rows: readonly Row[]) => rows.every((row) => !row.entries && !row.exits && !row.stays);
