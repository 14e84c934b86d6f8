import { type Locale, SALES_RATE_INDICATORS, type SalesIndicator } from '@storelens/contracts';
import type { ChartOption } from '../../shared/analytics/chartOption.ts';
import { formatNumber, formatPercent } from '../../shared/analytics/format.ts';
import { partialPoint } from '../../shared/analytics/indicatorChart.ts';
import { CHART_PALETTE } from '../../shared/analytics/palette.ts';
import { formatSalesIndicator } from './salesFormat.ts';

export interface SalesSeries {
  indicator: SalesIndicator;
  name: string;
  values: readonly (number | null)[];
  type?: 'line' | 'bar';
  /** The series' name on its value axis's title, when the legend name says more ('Period A Net sales'). */
  axisName?: string;
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

export interface SalesChartLayout {
  /** Title of the category axis ('Hour', 'Day of the week', 'Items per transaction'). */
  categoryName?: string;
  /** Categories down the left, bars to the right: long names (shops) each get a line of their own. */
  horizontal?: boolean;
  /** Per category: the bucket holds only part of its period (issue 11); drawn hollow and faded. */
  partial?: readonly boolean[];
}

/** Up to this many categories are each named; longer axes are sequences (hours, days) ECharts may thin. */
const NAMED_CATEGORIES = 12;

/**
 * Every category keeps its label: ECharts drops labels that would touch, so a ranking of 12 shops
 * named 4 of them and the weekdays 4 of 7. Long or many labels tilt and are cut with an ellipsis
 * (the tooltip and the table give the whole name). A long sequence (24 hours, 31 days) reads with
 * every other label, as ECharts thins it.
 */
export function categoryAxisLabel(categories: readonly string[], horizontal = false) {
  if (horizontal) return { interval: 0, width: 180, overflow: 'truncate' as const };
  if (categories.length > NAMED_CATEGORIES) return { hideOverlap: true };
  const longest = Math.max(0, ...categories.map((category) => category.length));
  const crowded = categories.length * Math.max(longest, 4) > 60;
  return { interval: 0, hideOverlap: false, rotate: crowded ? 30 : 0, width: crowded ? 120 : undefined, overflow: 'truncate' as const };
}

/**
 * A value axis's title: the names of the series it carries, with the unit where the numbers have
 * one ('Conversion rate (%)'); money carries no unit because the customer's currency is theirs.
 */
function axisTitle(kind: AxisKind, series: readonly SalesSeries[]): string {
  const names = series.filter((entry) => axisKindOfSales(entry.indicator) === kind).map((entry) => entry.axisName ?? entry.name);
  const title = [...new Set(names)].join(' / ');
  return kind === 'rate' ? `${title} (%)` : title;
}

/**
 * A chart of sales indicators over categories (periods, hours, weekdays): each kind of value on its
 * own axis (money, counts, rates in percent), so entries in the hundreds are not flattened by sales
 * in the thousands; tooltips in the page's formats.
 */
export function salesChartOption(categories: readonly string[], series: readonly SalesSeries[], locale: Locale, layout: SalesChartLayout = {}): ChartOption {
  const axes = AXIS_ORDER.filter((kind) => series.some((entry) => axisKindOfSales(entry.indicator) === kind));
  const { categoryName, horizontal = false, partial = [] } = layout;
  const axisLabel = categoryAxisLabel(categories, horizontal);
  // Tilted labels reach further down: the axis title goes below them.
  const tilted = 'rotate' in axisLabel && (axisLabel.rotate ?? 0) > 0;
  const categoryAxis = {
    type: 'category' as const,
    data: [...categories],
    boundaryGap: series.some((entry) => entry.type === 'bar'),
    axisLabel,
    ...(categoryName ? { name: categoryName, nameLocation: 'middle' as const, nameGap: tilted ? 64 : 28 } : {}),
    // Rank 1 on top when the bars run across.
    ...(horizontal ? { inverse: true } : {}),
  };
  const valueAxes = axes.map((axis, index) => ({
    type: 'value' as const,
    name: axisTitle(axis, series),
    // Titles above their axes: the left one runs right, the first right one runs left, a second
    // right axis (set further out) runs right so the two do not overlap.
    nameTextStyle: { color: '#5d6678', align: horizontal ? undefined : index === 1 ? ('right' as const) : ('left' as const) },
    ...(horizontal ? { nameLocation: 'middle' as const, nameGap: 28 } : {}),
    position: horizontal ? (index === 0 ? ('bottom' as const) : ('top' as const)) : index === 0 ? ('left' as const) : ('right' as const),
    offset: index > 1 ? (index - 1) * 56 : 0,
    splitLine: { show: index === 0 },
    axisLabel: { formatter: (value: number) => (axis === 'rate' ? formatPercent(value, locale, percentDigits(value)) : formatNumber(value, locale)) },
    ...(axis === 'rate' ? { min: 0 } : {}),
  }));
  return {
    tooltip: { trigger: 'axis', ...(horizontal ? { axisPointer: { type: 'shadow' as const } } : {}) },
    legend: { top: 0, type: 'scroll' },
    grid: {
      left: 16,
      right: 16 + Math.max(0, axes.length - 2) * 56,
      // Room for the axis titles above the value axes (vertical) or under the bars (horizontal).
      top: horizontal ? 40 : 56,
      bottom: horizontal ? 36 : categoryName ? (tilted ? 44 : 36) : 16,
      containLabel: true,
    },
    xAxis: horizontal ? valueAxes : categoryAxis,
    yAxis: horizontal ? { ...categoryAxis, name: undefined } : valueAxes,
    series: series.map((entry, index) => ({
      name: entry.name,
      type: entry.type ?? 'line',
      [horizontal ? 'xAxisIndex' : 'yAxisIndex']: axes.indexOf(axisKindOfSales(entry.indicator)),
      // A partial bucket (today's POS data is still to come) is faded, never read as a drop (issue 11).
      data: entry.values.map((value, point) => partialPoint(value, partial[point])),
      showSymbol: categories.length <= 48,
      barMaxWidth: 48,
      connectNulls: false,
      itemStyle: { color: CHART_PALETTE[index % CHART_PALETTE.length] },
      tooltip: { valueFormatter: (value) => formatSalesIndicator(entry.indicator, typeof value === 'number' ? value : null, locale) },
    })),
  };
}
