import type { ReportIndicator, ReportWithSalesTable as ReportTable } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { reportChart, shopLabel } from './reportChart.ts';

const name = (indicator: ReportIndicator) => `<${indicator}>`;
type Series = { name: string; type: string; data: (number | null)[]; yAxisIndex: number };
const seriesOf = (chart: ReturnType<typeof reportChart>) => chart.option.series as Series[];
const categoriesOf = (chart: ReturnType<typeof reportChart>) => (chart.option.xAxis as { data: string[] }).data;

describe('custom report chart', () => {
  it('by shop: one bar per shop for each indicator, rates on their own axis', () => {
    const table: ReportTable = {
      dimension: 'shop',
      indicators: ['entries', 'captureRate'],
      rows: [
        { key: 'a', shopId: 'a', shopName: 'Lujiazui', shopNumber: 'SH-001', values: { entries: 120, captureRate: 0.25 } },
        { key: 'b', shopId: 'b', shopName: 'Xujiahui', shopNumber: 'SH-002', values: { entries: 80, captureRate: null } },
      ],
      totals: { entries: 200, captureRate: 0.2 },
    };
    const chart = reportChart(table, name, 'en');
    expect(categoriesOf(chart)).toEqual(['SH-001 Lujiazui', 'SH-002 Xujiahui']);
    // Every shop's name stays on the axis.
    expect((chart.option.xAxis as { axisLabel: { interval: number } }).axisLabel.interval).toBe(0);
    expect(seriesOf(chart).map((series) => [series.name, series.type, series.data, series.yAxisIndex])).toEqual([
      ['<entries>', 'bar', [120, 80], 0],
      ['<captureRate>', 'bar', [0.25, null], 1],
    ]);
    expect(chart.values).toEqual([
      [120, 80],
      [0.25, null],
    ]);
  });

  it('by hour: the periods as hours of the day, each indicator a line', () => {
    const table: ReportTable = {
      dimension: 'hour',
      indicators: ['entries'],
      rows: [
        { key: '2026-03-01T09', period: '2026-03-01T09', values: { entries: 3 } },
        { key: '2026-03-01T10', period: '2026-03-01T10', values: { entries: 7 } },
      ],
      totals: { entries: 10 },
    };
    const chart = reportChart(table, name, 'en');
    expect(categoriesOf(chart)).toEqual(['03-01 09:00', '03-01 10:00']);
    expect(seriesOf(chart).map((series) => [series.type, series.data])).toEqual([['line', [3, 7]]]);
  });

  it('by shop and day: the first indicator over the days, one line per shop, gaps kept as gaps', () => {
    const table: ReportTable = {
      dimension: 'shopDay',
      indicators: ['visits', 'entries'],
      rows: [
        { key: 'a|2026-03-01', shopId: 'a', shopName: 'A', shopNumber: '1', period: '2026-03-01', values: { visits: 5, entries: 9 } },
        { key: 'a|2026-03-02', shopId: 'a', shopName: 'A', shopNumber: '1', period: '2026-03-02', values: { visits: 6, entries: 9 } },
        { key: 'b|2026-03-01', shopId: 'b', shopName: 'B', shopNumber: '2', period: '2026-03-01', values: { visits: 1, entries: 2 } },
      ],
      totals: { visits: 12, entries: 20 },
    };
    const chart = reportChart(table, name, 'en');
    expect(categoriesOf(chart)).toEqual(['2026-03-01', '2026-03-02']);
    expect(seriesOf(chart).map((series) => [series.name, series.data])).toEqual([
      ['1 A', [5, 6]],
      ['2 B', [1, null]],
    ]);
  });

  it('names a shop by its number and name, or whichever it has', () => {
    expect(shopLabel({ shopNumber: 'SH-1', shopName: 'Bund' })).toBe('SH-1 Bund');
    expect(shopLabel({ shopName: 'Bund' })).toBe('Bund');
  });
});
