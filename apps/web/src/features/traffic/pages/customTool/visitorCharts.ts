import type { Locale } from '@storelens/contracts';
import type { ChartOption } from '../../../../shared/analytics/chartOption.ts';
import { formatNumber, formatPercent } from '../../../../shared/analytics/format.ts';
import { CHART_PALETTE } from '../../../../shared/analytics/palette.ts';

/**
 * Charts of the visitor analytics page (/customTool/attributes): shares as pies, distributions as
 * bars. Tooltips give the count and its share of the whole, in the reader's formats (percentages
 * to one decimal, spec section 9).
 */

export interface Slice {
  name: string;
  value: number;
}

const total = (slices: readonly Slice[]) => slices.reduce((sum, slice) => sum + slice.value, 0);

/** 'count (share)' of one slice of a whole: 1,234 (12.3%). */
export function countWithShare(value: number | null | undefined, whole: number, locale: Locale): string {
  const share = typeof value === 'number' && whole > 0 ? value / whole : null;
  return `${formatNumber(value, locale)} (${formatPercent(share, locale)})`;
}

/** A pie of shares (gender, visit depth, activity). Empty slices stay in the legend but draw nothing. */
export function pieOption(slices: readonly Slice[], locale: Locale): ChartOption {
  const whole = total(slices);
  return {
    tooltip: { trigger: 'item' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['38%', '66%'],
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        // ECharts' own percent drops a trailing zero (42%); the spec wants one decimal (42.0%).
        label: { formatter: ({ name, value }) => `${name}\n${formatPercent(typeof value === 'number' && whole > 0 ? value / whole : null, locale)}` },
        data: slices.map((slice) => ({ name: slice.name, value: slice.value })),
        tooltip: { valueFormatter: (value) => countWithShare(typeof value === 'number' ? value : null, whole, locale) },
      },
    ],
  };
}

/** Bars of a distribution (age bands, stay time, visit frequency, revisit interval): one bar per bucket. */
export function distributionOption(buckets: readonly Slice[], seriesName: string, locale: Locale, colour: string = CHART_PALETTE[0]): ChartOption {
  const whole = total(buckets);
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 16, right: 16, top: 24, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: buckets.map((bucket) => bucket.name) },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatNumber(value, locale) } },
    series: [
      {
        name: seriesName,
        type: 'bar',
        barMaxWidth: 48,
        itemStyle: { color: colour },
        label: { show: true, position: 'top', formatter: ({ value }) => (typeof value === 'number' && whole > 0 ? formatPercent(value / whole, locale) : '') },
        data: buckets.map((bucket) => bucket.value),
        tooltip: { valueFormatter: (value) => countWithShare(typeof value === 'number' ? value : null, whole, locale) },
      },
    ],
  };
}

/** Activity bands with their reach in weeks (from the customer's flow settings): high 0-1, moderate 1-2, low 2-4 by default. */
export interface ActivityRow {
  band: 'high' | 'moderate' | 'low';
  fromWeeks: number;
  toWeeks: number;
  visitors: number;
  share: number | null;
}

export function activityRows(activity: {
  visitors: number;
  high: number;
  moderate: number;
  low: number;
  bandsWeeks: { high: number; moderate: number; low: number };
}): ActivityRow[] {
  const { bandsWeeks: weeks, visitors } = activity;
  const share = (count: number) => (visitors > 0 ? count / visitors : null);
  return [
    { band: 'high', fromWeeks: 0, toWeeks: weeks.high, visitors: activity.high, share: share(activity.high) },
    { band: 'moderate', fromWeeks: weeks.high, toWeeks: weeks.moderate, visitors: activity.moderate, share: share(activity.moderate) },
    { band: 'low', fromWeeks: weeks.moderate, toWeeks: weeks.low, visitors: activity.low, share: share(activity.low) },
  ];
}

/** New and repeat visitors of a period with the period's repeat rate (repeat / (new + repeat), as the server computes it). */
export interface NewRepeatRow {
  key: string;
  /** Null: no shop reported in the period (no data, not 0). */
  newVisitors: number | null;
  repeatVisitors: number | null;
  repeatRate: number | null;
}

export function newRepeatRows(points: readonly { key: string; newVisitors: number | null; repeatVisitors: number | null }[]): NewRepeatRow[] {
  return points.map(({ key, newVisitors, repeatVisitors }) => {
    const visitors = (newVisitors ?? 0) + (repeatVisitors ?? 0);
    return { key, newVisitors, repeatVisitors, repeatRate: visitors > 0 && repeatVisitors !== null ? repeatVisitors / visitors : null };
  });
}
