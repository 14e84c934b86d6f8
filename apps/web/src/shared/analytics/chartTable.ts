import type { ChartOption } from './chartOption.ts';

/**
 * A chart's figures as a table, for screen readers (a canvas says nothing): the chart's categories
 * down, its series across, each value written as the chart's tooltip writes it. Read from the
 * ECharts option itself, so every chart of the app has its text alternative without a second
 * description to keep in step.
 */

export interface ChartTable {
  columns: string[];
  rows: string[][];
}

type ValueFormatter = (value: unknown, dataIndex: number) => string;

/** The parts of an ECharts option this reads; the option's own types are a union too wide to walk. */
interface LooseSeries {
  name?: unknown;
  type?: unknown;
  data?: unknown;
  silent?: unknown;
  tooltip?: { show?: unknown; valueFormatter?: unknown };
}
interface LooseAxis {
  type?: unknown;
  name?: unknown;
  data?: unknown;
}

const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : value === undefined || value === null ? [] : [value as T]);

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** The raw value of a data item: 12, { value: 12 }, { name, value: [x, y] }. */
function itemValue(item: unknown): unknown {
  if (item !== null && typeof item === 'object' && !Array.isArray(item) && 'value' in item) return (item as { value: unknown }).value;
  return item;
}

function itemName(item: unknown): string {
  if (item !== null && typeof item === 'object' && 'name' in item) return text((item as { name: unknown }).name);
  return '';
}

function formatterOf(series: LooseSeries): (value: unknown, index: number) => string {
  const formatter = typeof series.tooltip?.valueFormatter === 'function' ? (series.tooltip.valueFormatter as ValueFormatter) : null;
  return (value, index) => {
    if (value === null || value === undefined || value === '-') return '--';
    if (Array.isArray(value)) return value.map((part) => (formatter ? formatter(part, index) : text(part))).join(' / ');
    return formatter ? formatter(value, index) : text(value);
  };
}

/** Series a reader sees: background marks (silent, no tooltip) are decoration, listed elsewhere. */
function shownSeries(option: ChartOption): LooseSeries[] {
  return asArray<LooseSeries>(option.series).filter((series) => series.silent !== true && series.tooltip?.show !== false);
}

/** Column headings in the reader's language, for what the option does not name. */
export interface ChartTableHeadings {
  category: string;
  series: string;
  item: string;
  value: string;
}

export function chartTable(option: ChartOption, headings: ChartTableHeadings): ChartTable {
  const series = shownSeries(option);
  const axes = [...asArray<LooseAxis>(option.xAxis), ...asArray<LooseAxis>(option.yAxis)];
  const categoryAxis = axes.find((axis) => axis.type === 'category' && Array.isArray(axis.data));
  if (categoryAxis) {
    const categories = asArray<unknown>(categoryAxis.data).map((entry) => text(itemValue(entry)));
    return {
      columns: [text(categoryAxis.name) || headings.category, ...series.map((entry) => text(entry.name))],
      rows: categories.map((category, index) => [
        category,
        ...series.map((entry) => formatterOf(entry)(itemValue(asArray<unknown>(entry.data)[index]), index)),
      ]),
    };
  }
  // Pies and scatters: one row per item, named, under its series when the series has a name.
  const named = series.some((entry) => text(entry.name) !== '');
  const rows = series.flatMap((entry) =>
    asArray<unknown>(entry.data).map((item, index) => [text(entry.name), itemName(item), formatterOf(entry)(itemValue(item), index)]),
  );
  return named
    ? { columns: [headings.series, headings.item, headings.value], rows }
    : { columns: [headings.item, headings.value], rows: rows.map((row) => row.slice(1)) };
}
