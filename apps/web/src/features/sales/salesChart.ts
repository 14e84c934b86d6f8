import { type Locale, SALES_RATE_INDICATORS, type SalesIndicator } from '@storelens/contracts';
import type { ChartOption } from '../../shared/analytics/chartOption.ts';
import { formatNumber, formatPercent } from '../../shared/analytics/format.ts';
import { CHART_PALETTE } from '../../shared/analytics/palette.ts';
import { formatSalesIndicator } from './salesFormat.ts';

export interface SalesSeries {
  indicator: SalesIndicator;
  name: string;
  values: readonly (number | null)[];
  type?: 'line' | 'bar';
}

type AxisKind = 'money' | 'count' | 'rate';
const MONEY: readonly SalesIndicator[] = ['netSales', 'avgTransactionValue', 'salesPerVisitor'];

/** Money on the left, counts (transactions, entries, units) on a right axis, rates in percent on another right axis. */
export function axisKindOfSales(indicator: SalesIndicator): AxisKind {
  if (SALES_RATE_INDICATORS.includes(indicator)) return 'rate';
  return MONEY.includes(indicator) ? 'money' : 'count';
}

/** Whole percents on the rate axis, one decimal where its ticks are finer (0.5 %, 1.5 %). */
export function percentDigits(fraction: number): number {
  return Number.isInteger(Math.round(fraction * 1000) / 10) ? 0 : 1;
}

const AXIS_ORDER: readonly AxisKind[] = ['money', 'count', 'rate'];

/**
 * A chart of sales indicators over categories (periods, hours, weekdays): each kind of value on its
 * own axis (money, counts, rates in percent), so entries in the hundreds are not flattened by sales
 * in the thousands; tooltips in the page's formats.
 */
export function salesChartOption(categories: readonly string[], series: readonly SalesSeries[], locale: Locale): ChartOption {
  const axes = AXIS_ORDER.filter((kind) => series.some((entry) => axisKindOfSales(entry.indicator) === kind));
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 16, right: 16 + Math.max(0, axes.length - 2) * 56, top: 40, bottom: 16, containLabel: true },
    xAxis: { type: 'category', data: [...categories], boundaryGap: series.some((entry) => entry.type === 'bar') },
    yAxis: axes.map((axis, index) => ({
      type: 'value' as const,
      position: index === 0 ? ('left' as const) : ('right' as const),
      offset: index > 1 ? (index - 1) * 56 : 0,
      splitLine: { show: index === 0 },
      axisLabel: { formatter: (value: number) => (axis === 'rate' ? formatPercent(value, locale, percentDigits(value)) : formatNumber(value, locale)) },
      ...(axis === 'rate' ? { min: 0 } : {}),
    })),
    series: series.map((entry, index) => ({
      name: entry.name,
      type: entry.type ?? 'line',
      yAxisIndex: axes.indexOf(axisKindOfSales(entry.indicator)),
      data: [...entry.values],
      showSymbol: categories.length <= 48,
      barMaxWidth: 48,
      connectNulls: false,
      itemStyle: { color: CHART_PALETTE[index % CHART_PALETTE.length] },
      tooltip: { valueFormatter: (value) => formatSalesIndicator(entry.indicator, typeof value === 'number' ? value : null, locale) },
    })),
  };
}
