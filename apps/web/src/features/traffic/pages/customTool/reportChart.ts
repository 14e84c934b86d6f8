import type { Locale, ReportIndicator, ReportWithSalesTable as ReportTable } from '@storelens/contracts';
import type { ChartOption } from '../../../../shared/analytics/chartOption.ts';
import { type IndicatorSeries, indicatorChartOption, periodLabel } from '../../../../shared/analytics/indicatorChart.ts';
import { granularityOfDimension } from './reportForm.ts';

type Row = ReportTable['rows'][number];

export interface ReportChart {
  /** What the chart draws, for its empty state: every series' values. */
  values: (number | null)[][];
  option: ChartOption;
}

/** A shop's label on an axis or legend: its number first, as the tables list shops. */
export const shopLabel = (row: Pick<Row, 'shopName' | 'shopNumber'>): string => [row.shopNumber, row.shopName].filter(Boolean).join(' ');

function shopAxisLabel(shops: number) {
  return { interval: 0, rotate: shops > 4 ? 30 : 0, width: 160, overflow: 'truncate' as const };
}

/**
 * The chart of a report's answer, by its dimension:
 * - by shop: one bar per shop for each indicator;
 * - by day, week, month or hour: each indicator over the periods;
 * - by shop and day: the first indicator over the days, one line per shop (a chart of every
 *   indicator for every shop would be unreadable; the table holds them all).
 */
export function reportChart(table: ReportTable, indicatorName: (indicator: ReportIndicator) => string, locale: Locale): ReportChart {
  const { dimension, indicators, rows } = table;
  const granularity = granularityOfDimension(dimension);
  const value = (row: Row | undefined, indicator: ReportIndicator) => row?.values[indicator] ?? null;

  let categories: string[];
  let series: IndicatorSeries[];
  if (dimension === 'shop') {
    categories = rows.map(shopLabel);
    series = indicators.map((indicator) => ({ indicator, name: indicatorName(indicator), type: 'bar', values: rows.map((row) => value(row, indicator)) }));
  } else if (dimension === 'shopDay') {
    const first = indicators[0];
    const periods = [...new Set(rows.map((row) => row.period ?? ''))];
    const byShop = new Map<string, Row[]>();
    for (const row of rows) byShop.set(row.shopId ?? '', [...(byShop.get(row.shopId ?? '') ?? []), row]);
    categories = periods.map((period) => periodLabel(period, granularity));
    series = first
      ? [...byShop.values()].map((shopRows) => {
          const byPeriod = new Map(shopRows.map((row) => [row.period ?? '', row]));
          return { indicator: first, name: shopLabel(shopRows[0] ?? {}), values: periods.map((period) => value(byPeriod.get(period), first)) };
        })
      : [];
  } else {
    categories = rows.map((row) => periodLabel(row.period ?? row.key, granularity));
    series = indicators.map((indicator) => ({ indicator, name: indicatorName(indicator), values: rows.map((row) => value(row, indicator)) }));
  }
  const option = indicatorChartOption({ categories, series, locale, zoom: categories.length > 62 });
  return {
    values: series.map((entry) => [...entry.values]),
    // Every shop keeps its name on the axis (ECharts would drop names that collide), tilted when many.
    option: dimension === 'shop' ? { ...option, xAxis: { type: 'category', data: categories, axisLabel: shopAxisLabel(categories.length) } } : option,
  };
}
