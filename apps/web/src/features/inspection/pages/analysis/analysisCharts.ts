import type { PatrolStats } from '@storelens/contracts';
import type { ChartOption } from '../../../../shared/analytics/chartOption.ts';
import { formatPercent } from '../../../../shared/analytics/format.ts';
import { CHART_PALETTE } from '../../../../shared/analytics/palette.ts';

/** How many stores and items the ranking charts show (the tables and the export hold them all). */
export const RANKING_SIZE = 10;

type Locale = Parameters<typeof formatPercent>[1];
const percentAxis = { type: 'value' as const, min: 0, max: 100, axisLabel: { formatter: '{value}%' } };
/** A rate 0..1 as the chart's percent, one decimal; a period without results stays a gap (null). */
const toPercent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

/** The pass rate per day or month, with the number of completed inspections as bars on a second axis. */
export function trendOption(trend: PatrolStats['trend'], labels: { passRate: string; completed: string }, locale: Locale): ChartOption {
  return {
    color: [...CHART_PALETTE],
    tooltip: { trigger: 'axis' },
    // Pinned to the top: left to the theme it sat on the trend's date labels (as the alarm trend's did).
    legend: { top: 0, data: [labels.passRate, labels.completed] },
    grid: { left: 48, right: 48, bottom: 32, top: 40 },
    xAxis: { type: 'category', data: trend.map((point) => point.period) },
    yAxis: [percentAxis, { type: 'value', minInterval: 1 }],
    series: [
      {
        name: labels.passRate,
        type: 'line',
        connectNulls: false,
        data: trend.map((point) => toPercent(point.passRate)),
        tooltip: { valueFormatter: (value) => (typeof value === 'number' ? formatPercent(value / 100, locale) : '--') },
      },
      { name: labels.completed, type: 'bar', yAxisIndex: 1, data: trend.map((point) => point.completed), barMaxWidth: 24 },
    ],
  };
}

/** Horizontal bars of a rate, best first from the top (ECharts draws the first category at the bottom). */
export function rankingOption(rows: readonly { name: string; passRate: number | null }[], label: string, locale: Locale): ChartOption {
  const shown = rows
    .filter((row) => row.passRate !== null)
    .slice(0, RANKING_SIZE)
    .reverse();
  return {
    color: [CHART_PALETTE[0]],
    tooltip: { trigger: 'axis' },
    grid: { left: 140, right: 32, bottom: 24, top: 16 },
    xAxis: percentAxis,
    yAxis: { type: 'category', data: shown.map((row) => row.name), axisLabel: { width: 120, overflow: 'truncate' } },
    series: [
      {
        name: label,
        type: 'bar',
        data: shown.map((row) => toPercent(row.passRate)),
        barMaxWidth: 18,
        tooltip: { valueFormatter: (value) => (typeof value === 'number' ? formatPercent(value / 100, locale) : '--') },
      },
    ],
  };
}

/** The most failed items: failures as bars, most at the top; items never failed are left out. */
export function failedItemsOption(items: PatrolStats['items'], label: string): ChartOption {
  const shown = items
    .filter((item) => item.failed > 0)
    .slice(0, RANKING_SIZE)
    .reverse();
  return {
    color: [CHART_PALETTE[3] ?? CHART_PALETTE[0]],
    tooltip: { trigger: 'axis' },
    grid: { left: 140, right: 32, bottom: 24, top: 16 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: shown.map((item) => item.itemName), axisLabel: { width: 120, overflow: 'truncate' } },
    series: [{ name: label, type: 'bar', data: shown.map((item) => item.failed), barMaxWidth: 18 }],
  };
}
