import { describe, expect, it } from 'vitest';
import { axisKindOf, indicatorChartOption, periodKeyOf, periodLabel } from './indicatorChart.ts';

describe('indicator charts', () => {
  it('put counts, rates and stays on axes of their own', () => {
    expect(axisKindOf('entries')).toBe('count');
    expect(axisKindOf('captureRate')).toBe('rate');
    expect(axisKindOf('avgDwellMinutes')).toBe('minutes');
    const option = indicatorChartOption({
      categories: ['2026-11-16', '2026-11-17'],
      series: [
        { indicator: 'captureRate', name: 'Capture rate', values: [0.25, null] },
        { indicator: 'entries', name: 'Entries', values: [120, 80] },
      ],
      locale: 'en',
    });
    const axes = option.yAxis as { position: string }[];
    expect(axes.map((axis) => axis.position)).toEqual(['left', 'right']);
    const series = option.series as { yAxisIndex: number; data: unknown[] }[];
    // Counts take the left axis whatever the order they come in; a missing rate stays missing.
    expect(series.map((entry) => entry.yAxisIndex)).toEqual([1, 0]);
    expect(series[0]?.data).toEqual([0.25, null]);
  });

  it('place a date in the period that holds it (weeks from Monday)', () => {
    expect(periodKeyOf('2026-11-22', 'week')).toEqual(['2026-11-16']);
    expect(periodKeyOf('2026-11-16', 'week')).toEqual(['2026-11-16']);
    expect(periodKeyOf('2026-11-22', 'month')).toEqual(['2026-11']);
    expect(periodKeyOf('2026-11-22', 'day')).toEqual(['2026-11-22']);
    expect(periodKeyOf('2026-11-22', 'hour')).toEqual(['2026-11-22T00', '2026-11-22T23']);
  });

  it('label hours short on an axis and whole in a table', () => {
    expect(periodLabel('2026-11-22T09', 'hour')).toBe('11-22 09:00');
    expect(periodLabel('2026-11-22T09', 'hour', 'long')).toBe('2026-11-22 09:00');
    expect(periodLabel('2026-11', 'month')).toBe('2026-11');
  });

  it('shade marked periods as whole bands behind the lines, a one-day mark too, unnamed on the chart', () => {
    const option = indicatorChartOption({
      categories: ['2026-11-15', '2026-11-16', '2026-11-17'],
      series: [{ indicator: 'entries', name: 'Entries', values: [1, 2, 3] }],
      locale: 'en',
      marks: [
        { from: '2026-11-16', to: '2026-11-16', colour: 'blue' },
        { from: '2026-11-15', to: '2026-11-16', colour: 'orange' },
      ],
    });
    const series = option.series as { name: string; type: string; yAxisIndex: number; data: (number | null)[] }[];
    expect(series.map((entry) => entry.name)).toEqual(['Entries', 'mark-blue', 'mark-orange']);
    expect(series[1]?.data).toEqual([null, 1, null]);
    // Names written on the chart piled up over a range of several countries: the tooltip names them.
    expect(series[2]?.data).toEqual([1, 1, null]);
    // On a hidden 0..1 axis of their own, out of the legend.
    const axes = option.yAxis as { show?: boolean; max?: number }[];
    expect(axes[series[1]?.yAxisIndex ?? 0]).toMatchObject({ show: false, max: 1 });
    expect((option.legend as { data: string[] }).data).toEqual(['Entries']);
  });

  it("name the hovered period's holidays, events and weather in the tooltip, escaped, values in their formats", () => {
    const option = indicatorChartOption({
      categories: ['2026-11-15', '2026-11-16'],
      series: [
        { indicator: 'entries', name: 'Entries', values: [1200, 2] },
        { indicator: 'captureRate', name: 'Capture rate', values: [0.25, null] },
      ],
      locale: 'en',
      marks: [{ from: '2026-11-16', to: '2026-11-16', colour: 'blue' }],
      notes: new Map([['2026-11-15', ['Holiday: Day <1> (KR)', 'Rain: Seoul']]]),
    });
    const formatter = (option.tooltip as { formatter: (params: unknown) => string }).formatter;
    const html = formatter([
      { seriesIndex: 0, seriesName: 'Entries', name: '2026-11-15', value: 1200, marker: '' },
      { seriesIndex: 1, seriesName: 'Capture rate', name: '2026-11-15', value: 0.25, marker: '' },
      { seriesIndex: 2, seriesName: 'mark-blue', name: '2026-11-15', value: null, marker: '' },
    ]);
    expect(html).toContain('<b>1,200</b>');
    expect(html).toContain('<b>25.0%</b>');
    expect(html).toContain('Holiday: Day &lt;1&gt; (KR)');
    expect(html).toContain('Rain: Seoul');
    expect(html).not.toContain('mark-blue');
    // Without notes, ECharts' own tooltip stays.
    const plain = indicatorChartOption({ categories: ['a'], series: [{ indicator: 'entries', name: 'E', values: [1] }], locale: 'en' });
    expect(plain.tooltip).toEqual({ trigger: 'axis' });
  });
});
