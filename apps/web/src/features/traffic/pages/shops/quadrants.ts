import type { FourQuadrantWithSalesResponse, Locale, ReportIndicator } from '@storelens/contracts';
import type { ChartOption } from '../../../../shared/analytics/chartOption.ts';
import type { Refusal } from '../../../../shared/analytics/comparisonRanges.ts';
import { formatIndicator } from '../../../../shared/analytics/format.ts';
import { CHART_PALETTE, COMPARISON_COLOUR } from '../../../../shared/analytics/palette.ts';

/**
 * Four-quadrant analysis: the server places each shop against the averages of the selected
 * shops (1: both at or above, 2: x below and y above, 3: both below, 4: x above and y below);
 * the page counts, draws and lists what it answered, and never places a shop itself.
 */

export const QUADRANTS = [1, 2, 3, 4] as const;
export type Quadrant = (typeof QUADRANTS)[number];
export type QuadrantPoint = FourQuadrantWithSalesResponse['points'][number];

/** Quadrant colours: the best (1) green, the weakest (3) grey, the two mixed ones blue and orange. */
export const QUADRANT_COLOURS: Record<Quadrant, string> = { 1: CHART_PALETTE[3], 2: CHART_PALETTE[0], 3: COMPARISON_COLOUR, 4: CHART_PALETTE[2] };

/** X and Y on the same indicator is refused with the server's message, before asking it. */
export function sameIndicatorRefusal(xIndicator: ReportIndicator, yIndicator: ReportIndicator): Refusal | null {
  return xIndicator === yIndicator ? { key: 'messages:traffic.sameIndicator', params: {} } : null;
}

export function isQuadrant(value: number | null): value is Quadrant {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

/** Shops per quadrant, and those without a place (no value on an axis: a rate with no traffic). */
export function quadrantCounts(points: readonly QuadrantPoint[]): Record<Quadrant, number> & { unplaced: number } {
  const counts = { 1: 0, 2: 0, 3: 0, 4: 0, unplaced: 0 };
  for (const point of points) {
    if (isQuadrant(point.quadrant)) counts[point.quadrant] += 1;
    else counts.unplaced += 1;
  }
  return counts;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character);

export interface QuadrantChartInput {
  data: FourQuadrantWithSalesResponse;
  locale: Locale;
  /** Axis and tooltip names of the two indicators. */
  xName: string;
  yName: string;
  /** Legend name of each quadrant. */
  quadrantName(quadrant: Quadrant): string;
  /** Label of the average lines: 'Average: {{value}}'. */
  averageLabel(value: string): string;
}

/**
 * A scatter of the shops, one series per quadrant (the legend counts them apart), with the two
 * averages drawn as lines that split the plane. Shops without a place are not drawn (the table
 * lists them). Tooltips name the shop with both values in the reader's formats.
 */
export function quadrantChartOption({ data, locale, xName, yName, quadrantName, averageLabel }: QuadrantChartInput): ChartOption {
  const { xIndicator, yIndicator, xAverage, yAverage } = data;
  const formatX = (value: number | null) => formatIndicator(xIndicator, value, locale);
  const formatY = (value: number | null) => formatIndicator(yIndicator, value, locale);
  const averageLines = [
    // Labels inside the plot, at the far end of each line, so a long value is never cut off.
    ...(xAverage === null ? [] : [{ xAxis: xAverage, label: { formatter: averageLabel(formatX(xAverage)), position: 'end' as const } }]),
    ...(yAverage === null ? [] : [{ yAxis: yAverage, label: { formatter: averageLabel(formatY(yAverage)), position: 'insideEndTop' as const } }]),
  ];
  return {
    legend: { top: 0, type: 'scroll' },
    grid: { left: 16, right: 32, top: 56, bottom: 36, containLabel: true },
    tooltip: {
      trigger: 'item',
      formatter: (params) => {
        const entry = Array.isArray(params) ? params[0] : params;
        const value = Array.isArray(entry?.value) ? entry.value : [];
        const [x, y] = value.map((part) => (typeof part === 'number' ? part : null));
        return `${escapeHtml(entry?.name ?? '')}<br/>${escapeHtml(xName)}: ${escapeHtml(formatX(x ?? null))}<br/>${escapeHtml(yName)}: ${escapeHtml(formatY(y ?? null))}`;
      },
    },
    xAxis: {
      type: 'value',
      name: xName,
      nameLocation: 'middle',
      nameGap: 28,
      scale: true,
      axisLabel: { formatter: (value: number) => formatX(value) },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      name: yName,
      scale: true,
      axisLabel: { formatter: (value: number) => formatY(value) },
      splitLine: { show: false },
    },
    series: QUADRANTS.map((quadrant, index) => ({
      type: 'scatter' as const,
      name: quadrantName(quadrant),
      symbolSize: 12,
      itemStyle: { color: QUADRANT_COLOURS[quadrant] },
      data: data.points
        .filter((point) => point.quadrant === quadrant && point.x !== null && point.y !== null)
        .map((point) => ({ name: point.shopName, value: [point.x ?? 0, point.y ?? 0] })),
      // The average lines belong to the chart, not to a quadrant: drawn once, with the first series.
      ...(index === 0 && averageLines.length > 0
        ? { markLine: { silent: true, symbol: 'none', lineStyle: { type: 'dashed' as const, color: '#5d6678' }, data: averageLines } }
        : {}),
    })),
  };
}
