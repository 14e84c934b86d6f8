import type { ChartOption } from '../../../shared/analytics/chartOption.ts';

/** Counts over categories (days, hours, areas) as bars or lines, one series each (null: not known, a gap): the area pages' charts. */
export function seriesOption(
  categories: readonly string[],
  series: readonly { name: string; type: 'bar' | 'line'; values: readonly (number | null)[] }[],
): ChartOption {
  return {
    grid: { left: 48, right: 16, top: 40, bottom: 40 },
    tooltip: { trigger: 'axis' },
    // At the top: ECharts 6 puts a legend at the bottom by default, over the category labels.
    legend: { top: 0, type: 'scroll' },
    xAxis: { type: 'category', data: [...categories] },
    yAxis: { type: 'value' },
    series: series.map((entry) => ({ type: entry.type, name: entry.name, data: [...entry.values] })) as ChartOption['series'],
  };
}
