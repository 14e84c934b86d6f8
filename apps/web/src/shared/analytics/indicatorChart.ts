import type { Granularity, Locale, ReportIndicator } from '@storelens/contracts';
import dayjs from 'dayjs';
import type { ChartOption } from './chartOption.ts';
import { DATE_FORMAT, mondayOf } from './dateRange.ts';
import { formatDuration, formatIndicator, formatNumber, formatPercent, isRateIndicator } from './format.ts';
import { CHART_PALETTE } from './palette.ts';

/**
 * Charts of indicators over periods, as every analytics page draws them: counts on the left axis,
 * rates (percent) and stays (minutes) on axes of their own on the right, tooltips in the reader's
 * formats, calendar marks as shaded areas.
 */

type AxisKind = 'count' | 'rate' | 'minutes';

export function axisKindOf(indicator: ReportIndicator): AxisKind {
  if (isRateIndicator(indicator)) return 'rate';
  return indicator === 'avgDwellMinutes' ? 'minutes' : 'count';
}

/**
 * Period keys of the server (2026-03-01T10, 2026-03-01, a week's Monday, 2026-03) as labels: short
 * on a chart axis (03-01 10:00), whole in a table (2026-03-01 10:00).
 */
export function periodLabel(key: string, granularity: Granularity, length: 'short' | 'long' = 'short'): string {
  if (granularity !== 'hour') return key;
  return `${length === 'short' ? key.slice(5, 10) : key.slice(0, 10)} ${key.slice(11, 13)}:00`;
}

/** The period key holding a local date at a granularity (to place a holiday on the axis). */
export function periodKeyOf(date: string, granularity: Granularity): string[] {
  if (granularity === 'month') return [date.slice(0, 7)];
  if (granularity === 'week') return [mondayOf(dayjs(date, DATE_FORMAT)).format(DATE_FORMAT)];
  if (granularity === 'day') return [date];
  return [`${date}T00`, `${date}T23`];
}

export interface IndicatorSeries {
  /** Sales indicators (custom reports) share the count axis; their tooltips keep the cents. */
  indicator: ReportIndicator;
  /** Legend name (the indicator's, or e.g. 'Today' / 'Same weekday last week'). */
  name: string;
  values: readonly (number | null)[];
  type?: 'line' | 'bar';
  colour?: string;
  dashed?: boolean;
}

export interface ChartMark {
  /** Category labels (as in `categories`) where the shaded area starts and ends. */
  from: string;
  to: string;
  colour: string;
}

export interface IndicatorChartInput {
  categories: readonly string[];
  series: readonly IndicatorSeries[];
  locale: Locale;
  marks?: readonly ChartMark[];
  /** A zoom slider under long axes. */
  zoom?: boolean;
  /**
   * Lines the tooltip adds under a category's values (its holidays, events, weather). Marks are
   * only shaded: names written on the chart piled up unreadably over a range of several countries.
   */
  notes?: ReadonlyMap<string, readonly string[]>;
  /** Per category: the bucket holds only part of its period (issue 11); drawn hollow and faded, never as a drop. */
  partial?: readonly boolean[];
}

/** A value of a partial bucket: a hollow, faded point or bar. */
export function partialPoint(value: number | null, partial: boolean | undefined) {
  return partial ? { value, symbol: 'emptyCircle', symbolSize: 8, itemStyle: { opacity: 0.45 } } : value;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Tooltips are HTML; holiday and event names are text a customer typed. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

interface AxisTooltipParam {
  seriesIndex?: number;
  seriesName?: string;
  name?: string;
  value?: unknown;
  marker?: unknown;
}

/** The axis tooltip with the category's notes under its values, each value in its indicator's format. */
function tooltipWithNotes(series: readonly IndicatorSeries[], notes: ReadonlyMap<string, readonly string[]>, locale: Locale) {
  return (input: unknown): string => {
    const params = (Array.isArray(input) ? input : [input]) as AxisTooltipParam[];
    const category = params[0]?.name ?? '';
    const lines = params
      .filter((param) => (param.seriesIndex ?? Number.POSITIVE_INFINITY) < series.length)
      .map((param) => {
        const entry = series[param.seriesIndex ?? 0];
        const value = typeof param.value === 'number' ? param.value : null;
        const marker = typeof param.marker === 'string' ? param.marker : '';
        return `${marker}${escapeHtml(param.seriesName ?? '')}&nbsp;&nbsp;<b>${escapeHtml(entry ? formatIndicator(entry.indicator, value, locale) : '')}</b>`;
      });
    const extra = (notes.get(category) ?? []).map((note) => `<span style="color:#5d6678">${escapeHtml(note)}</span>`);
    return [`<b>${escapeHtml(category)}</b>`, ...lines, ...extra].join('<br/>');
  };
}

const axisFormatter = (kind: AxisKind, locale: Locale) => (value: number) => {
  if (kind === 'rate') return formatPercent(value, locale, 0);
  if (kind === 'minutes') return formatDuration(value * 60, locale);
  return formatNumber(value, locale);
};

/**
 * Marks as background bars, one series per colour, on a hidden 0..1 axis: a bar fills its
 * category's whole band. (ECharts' markArea runs from band centre to band centre on a category
 * axis, so a one-period mark such as a single holiday or a wet day had no width at all.)
 */
function markSeries(categories: readonly string[], marks: readonly ChartMark[], axisIndex: number) {
  const colours = [...new Set(marks.map((mark) => mark.colour))];
  return colours.map((colour) => {
    const covered: (number | null)[] = categories.map(() => null);
    for (const mark of marks.filter((entry) => entry.colour === colour)) {
      const from = categories.indexOf(mark.from);
      const to = categories.indexOf(mark.to);
      if (from < 0 || to < from) continue;
      for (let index = from; index <= to; index += 1) covered[index] = 1;
    }
    return {
      name: `mark-${colour}`,
      type: 'bar' as const,
      yAxisIndex: axisIndex,
      data: covered,
      barWidth: '100%',
      barGap: '-100%',
      itemStyle: { color: colour },
      silent: true,
      z: 0,
      tooltip: { show: false },
      emphasis: { disabled: true },
    };
  });
}

export function indicatorChartOption({ categories, series, locale, marks = [], zoom = false, notes, partial = [] }: IndicatorChartInput): ChartOption {
  const kinds = [...new Set(series.map((entry) => axisKindOf(entry.indicator)))].sort((a, b) => (a === 'count' ? -1 : b === 'count' ? 1 : 0));
  const axisIndex = (indicator: ReportIndicator) => kinds.indexOf(axisKindOf(indicator));
  const valueAxes = kinds.map((kind, index) => ({
    type: 'value' as const,
    position: index === 0 ? ('left' as const) : ('right' as const),
    offset: index > 1 ? (index - 1) * 56 : 0,
    axisLabel: { formatter: axisFormatter(kind, locale) },
    splitLine: { show: index === 0 },
    ...(kind === 'rate' ? { min: 0 } : {}),
  }));
  return {
    // Marks have no tooltip and no legend entry: the page lists them under the chart.
    tooltip: notes && notes.size > 0 ? { trigger: 'axis', formatter: tooltipWithNotes(series, notes, locale) } : { trigger: 'axis' },
    legend: { top: 0, type: 'scroll', data: series.map((entry) => entry.name) },
    grid: { left: 16, right: 16 + Math.max(0, kinds.length - 1) * 56, top: 40, bottom: zoom ? 56 : 16, containLabel: true },
    // Bars, and marks of a single period, need each period to be a band of its own.
    xAxis: { type: 'category', data: [...categories], boundaryGap: marks.length > 0 || series.some((entry) => entry.type === 'bar') },
    yAxis: marks.length > 0 ? [...valueAxes, { type: 'value' as const, min: 0, max: 1, show: false }] : valueAxes,
    ...(zoom ? { dataZoom: [{ type: 'slider' as const, bottom: 8 }, { type: 'inside' as const }] } : {}),
    series: [
      ...series.map((entry, index) => ({
        name: entry.name,
        type: entry.type ?? 'line',
        yAxisIndex: Math.max(0, axisIndex(entry.indicator)),
        data: entry.values.map((value, point) => partialPoint(value, partial[point])),
        smooth: false,
        showSymbol: categories.length <= 48,
        connectNulls: false,
        itemStyle: { color: entry.colour ?? CHART_PALETTE[index % CHART_PALETTE.length] },
        lineStyle: entry.dashed ? { type: 'dashed' as const } : undefined,
        tooltip: { valueFormatter: (value: unknown) => formatIndicator(entry.indicator, typeof value === 'number' ? value : null, locale) },
      })),
      ...(marks.length > 0 ? markSeries(categories, marks, valueAxes.length) : []),
    ],
  };
}
