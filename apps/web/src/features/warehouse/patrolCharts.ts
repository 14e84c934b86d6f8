import type { PatrolAnalysis } from '@storelens/contracts';
import type { ChartOption } from '../../shared/analytics/chartOption.ts';
import { CHART_PALETTE } from '../../shared/analytics/palette.ts';

/** Passed in the brand blue, failed in the palette's orange, missed in the palette's grey: a missed check is one nobody looked at. */
const PASSED_COLOR = CHART_PALETTE[0];
const FAILED_COLOR = CHART_PALETTE[2] ?? CHART_PALETTE[0];
const MISSED_COLOR = CHART_PALETTE[6] ?? CHART_PALETTE[0];

/** Checks per day: passed, failed and missed stacked, so a bar's height is every check that came due. */
export function patrolTrendOption(trend: PatrolAnalysis['trend'], labels: { passed: string; failed: string; missed: string }): ChartOption {
  return {
    color: [PASSED_COLOR, FAILED_COLOR, MISSED_COLOR],
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [labels.passed, labels.failed, labels.missed] },
    grid: { left: 40, right: 24, bottom: 32, top: 40 },
    xAxis: { type: 'category', data: trend.map((day) => day.date.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: labels.passed, type: 'bar', stack: 'checks', data: trend.map((day) => day.passed), barMaxWidth: 24 },
      { name: labels.failed, type: 'bar', stack: 'checks', data: trend.map((day) => day.failed), barMaxWidth: 24 },
      { name: labels.missed, type: 'bar', stack: 'checks', data: trend.map((day) => day.missed), barMaxWidth: 24 },
    ],
  };
}
