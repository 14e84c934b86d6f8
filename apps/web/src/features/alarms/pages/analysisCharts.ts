import type { AlarmAnalysis } from '@storelens/contracts';
import type { ChartOption } from '../../../shared/analytics/chartOption.ts';
import { CHART_PALETTE } from '../../../shared/analytics/palette.ts';

/** How many items and stores the bar charts show (the tables hold them all). */
export const ANALYSIS_TOP = 10;

/** High priority in the palette's orange (it has no red), low in the brand blue. */
const HIGH_COLOR = CHART_PALETTE[2] ?? CHART_PALETTE[0];
const LOW_COLOR = CHART_PALETTE[0];

/** Alarms per day, high and low priority stacked. */
export function alarmTrendOption(trend: AlarmAnalysis['trend'], labels: { high: string; low: string }): ChartOption {
  return {
    color: [HIGH_COLOR, LOW_COLOR],
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [labels.high, labels.low] },
    grid: { left: 40, right: 24, bottom: 32, top: 40 },
    xAxis: { type: 'category', data: trend.map((day) => day.date.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: labels.high, type: 'bar', stack: 'alarms', data: trend.map((day) => day.high), barMaxWidth: 24 },
      { name: labels.low, type: 'bar', stack: 'alarms', data: trend.map((day) => day.low), barMaxWidth: 24 },
    ],
  };
}

/** The items with the most alarms, most at the top, each with its false alarms beside it. */
export function alarmItemsOption(items: AlarmAnalysis['byItem'], labels: { alarms: string; falseAlarms: string }): ChartOption {
  const shown = items
    .filter((item) => item.alarms > 0)
    .slice(0, ANALYSIS_TOP)
    .reverse();
  return {
    color: [LOW_COLOR, HIGH_COLOR],
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [labels.alarms, labels.falseAlarms] },
    grid: { left: 140, right: 24, bottom: 24, top: 36 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: shown.map((item) => item.eventName), axisLabel: { width: 120, overflow: 'truncate' } },
    series: [
      { name: labels.alarms, type: 'bar', data: shown.map((item) => item.alarms), barMaxWidth: 14 },
      { name: labels.falseAlarms, type: 'bar', data: shown.map((item) => item.falseAlarms), barMaxWidth: 14 },
    ],
  };
}

/** The share of each item class (a code outside the catalogue under `otherLabel`). */
export function alarmClassOption(classes: AlarmAnalysis['byClass'], otherLabel: string, seriesLabel: string): ChartOption {
  return {
    tooltip: { trigger: 'item' },
    legend: { bottom: 0 },
    series: [
      {
        name: seriesLabel,
        type: 'pie',
        radius: ['40%', '68%'],
        center: ['50%', '44%'],
        data: classes.filter((entry) => entry.alarms > 0).map((entry) => ({ name: entry.className ?? otherLabel, value: entry.alarms })),
      },
    ],
  };
}

/** The stores with the most alarms, most at the top. */
export function alarmStoresOption(stores: AlarmAnalysis['stores'], label: string): ChartOption {
  const shown = stores.slice(0, ANALYSIS_TOP).reverse();
  return {
    color: [LOW_COLOR],
    tooltip: { trigger: 'axis' },
    grid: { left: 140, right: 24, bottom: 24, top: 16 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: shown.map((store) => store.shopName), axisLabel: { width: 120, overflow: 'truncate' } },
    series: [{ name: label, type: 'bar', data: shown.map((store) => store.alarms), barMaxWidth: 18 }],
  };
}
