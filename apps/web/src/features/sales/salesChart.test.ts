import { describe, expect, it } from 'vitest';
import { categoryAxisLabel, percentDigits, salesChartOption } from './salesChart.ts';

describe('sales chart', () => {
  it('puts amounts on the left axis and the conversion rate on a right percent axis', () => {
    const option = salesChartOption(
      ['10:00', '11:00'],
      [
        { indicator: 'netSales', name: 'Net sales', values: [100, 200], type: 'bar' },
        { indicator: 'conversionRate', name: 'Conversion', values: [0.1, null] },
      ],
      'en',
    );
    const axes = option.yAxis as { position: string }[];
    expect(axes.map((axis) => axis.position)).toEqual(['left', 'right']);
    const series = option.series as { yAxisIndex: number; data: unknown[]; type: string }[];
    expect(series.map((entry) => entry.yAxisIndex)).toEqual([0, 1]);
    expect(series[1]?.data).toEqual([0.1, null]);
  });

  it('gives counts their own axis beside money and rates', () => {
    const option = salesChartOption(
      ['a'],
      [
        { indicator: 'netSales', name: 'S', values: [9000] },
        { indicator: 'entries', name: 'E', values: [120] },
        { indicator: 'conversionRate', name: 'C', values: [0.2] },
      ],
      'en',
    );
    expect((option.yAxis as { position: string }[]).map((axis) => axis.position)).toEqual(['left', 'right', 'right']);
    expect((option.series as { yAxisIndex: number }[]).map((entry) => entry.yAxisIndex)).toEqual([0, 1, 2]);
  });

  it('has one axis when only amounts are shown', () => {
    const option = salesChartOption(['a'], [{ indicator: 'transactions', name: 'T', values: [3] }], 'zh');
    expect((option.yAxis as unknown[]).length).toBe(1);
  });

  it('labels the rate axis in whole percents unless its ticks are finer', () => {
    expect(percentDigits(0.25)).toBe(0);
    expect(percentDigits(0.015)).toBe(1);
  });

  it('titles every axis: the category, and each value axis by its series, rates with their unit', () => {
    const option = salesChartOption(
      ['Mon', 'Tue'],
      [
        { indicator: 'netSales', name: 'Net sales', values: [1, 2], type: 'bar' },
        { indicator: 'conversionRate', name: 'Conversion rate', values: [0.1, 0.2] },
      ],
      'en',
      { categoryName: 'Day of the week' },
    );
    expect((option.xAxis as { name: string }).name).toBe('Day of the week');
    expect((option.yAxis as { name: string }[]).map((axis) => axis.name)).toEqual(['Net sales', 'Conversion rate (%)']);
  });

  it('names every category: all labels shown, tilted when crowded', () => {
    const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    expect(categoryAxisLabel(weekdays)).toMatchObject({ interval: 0, hideOverlap: false, rotate: 30 });
    expect(categoryAxisLabel(['09:00', '10:00'])).toMatchObject({ interval: 0, rotate: 0 });
    // 24 hours are a sequence: ECharts may thin its labels.
    expect(categoryAxisLabel(Array.from({ length: 24 }, (_, hour) => `${hour}:00`))).toEqual({ hideOverlap: true });
  });

  it('draws a ranking as horizontal bars, rank 1 on top, each shop on its own line', () => {
    const shops = Array.from({ length: 12 }, (_, index) => `Shop ${index + 1}`);
    const option = salesChartOption(shops, [{ indicator: 'netSales', name: 'Net sales', values: shops.map(() => 1), type: 'bar' }], 'en', { horizontal: true });
    expect(option.yAxis).toMatchObject({ type: 'category', inverse: true, data: shops, axisLabel: { interval: 0 } });
    expect((option.xAxis as { type: string }[])[0]?.type).toBe('value');
    expect((option.series as { xAxisIndex: number }[])[0]?.xAxisIndex).toBe(0);
  });
});
