import { describe, expect, it } from 'vitest';
import { chartTable } from './chartTable.ts';
import { indicatorChartOption } from './indicatorChart.ts';

const headings = { category: 'Category', series: 'Series', item: 'Item', value: 'Value' };

describe("a chart's text alternative", () => {
  it('lists categories down and series across, values as the tooltip writes them, marks left out', () => {
    const option = indicatorChartOption({
      categories: ['2026-11-15', '2026-11-16'],
      series: [
        { indicator: 'entries', name: 'Entries', values: [1200, null] },
        { indicator: 'captureRate', name: 'Capture rate', values: [0.25, 0.3] },
      ],
      locale: 'en',
      marks: [{ from: '2026-11-16', to: '2026-11-16', colour: 'blue' }],
    });
    expect(chartTable(option, headings)).toEqual({
      columns: ['Category', 'Entries', 'Capture rate'],
      rows: [
        ['2026-11-15', '1,200', '25.0%'],
        ['2026-11-16', '--', '30.0%'],
      ],
    });
  });

  it('reads horizontal bars by their category axis, and pies item by item', () => {
    const bars = chartTable(
      { yAxis: { type: 'category', name: 'Store', data: ['A', 'B'] }, xAxis: { type: 'value' }, series: [{ type: 'bar', name: 'Sales', data: [3, 4] }] },
      headings,
    );
    expect(bars).toEqual({
      columns: ['Store', 'Sales'],
      rows: [
        ['A', '3'],
        ['B', '4'],
      ],
    });
    const pie = chartTable({ series: [{ type: 'pie', name: 'Gender', data: [{ name: 'Female', value: 6 }] }] }, headings);
    expect(pie).toEqual({ columns: ['Series', 'Item', 'Value'], rows: [['Gender', 'Female', '6']] });
  });
});
