import type { ComplianceRow, Curve } from '@storelens/contracts';
import type { ChartOption } from '../../shared/analytics/chartOption.ts';

export interface CurveLabels {
  avg: string;
  min: string;
  max: string;
  low: string;
  high: string;
}

/** An instant as HH:mm (with the date when the range spans days) in the store's own time zone. */
export function storeTime(iso: string, timeZone: string, withDate: boolean): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  const time = `${part('hour')}:${part('minute')}`;
  return withDate ? `${part('month')}-${part('day')} ${time}` : time;
}

/** The limit in force at an instant: the last step that began at or before it. */
export function limitAt(limits: Curve['limits'], iso: string): { low: number; high: number } | null {
  let found: { low: number; high: number } | null = null;
  for (const step of limits) if (step.from <= iso) found = { low: step.low, high: step.high };
  return found;
}

/**
 * A sensor's curve: 5-minute average with its min and max, and the limits in force drawn as dashed
 * step lines, on the store's clock.
 */
export function curveOption(curve: Curve, labels: CurveLabels): ChartOption {
  const withDate = new Set(curve.points.map((point) => storeTime(point.at, curve.timeZone, true).slice(0, 5))).size > 1;
  const times = curve.points.map((point) => storeTime(point.at, curve.timeZone, withDate));
  const limits = curve.points.map((point) => limitAt(curve.limits, point.at));
  const dashed = { type: 'dashed' as const, width: 1 };
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 48, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: times, boundaryGap: false },
    yAxis: { type: 'value', name: '°C', scale: true },
    series: [
      { type: 'line', name: labels.avg, data: curve.points.map((point) => point.avg), showSymbol: false, smooth: true },
      { type: 'line', name: labels.min, data: curve.points.map((point) => point.min), showSymbol: false, lineStyle: { width: 1, opacity: 0.5 } },
      { type: 'line', name: labels.max, data: curve.points.map((point) => point.max), showSymbol: false, lineStyle: { width: 1, opacity: 0.5 } },
      {
        type: 'line',
        name: labels.low,
        data: limits.map((limit) => limit?.low ?? null),
        showSymbol: false,
        step: 'end',
        lineStyle: { ...dashed, color: '#1677ff' },
      },
      {
        type: 'line',
        name: labels.high,
        data: limits.map((limit) => limit?.high ?? null),
        showSymbol: false,
        step: 'end',
        lineStyle: { ...dashed, color: '#ff4d4f' },
      },
    ],
  };
}

/**
 * The compliance per store: a horizontal bar of each store's share of time within limits (%),
 * the worst at the top (a category axis draws its first entry at the bottom); stores without readings are left out.
 */
export function complianceOption(rows: readonly ComplianceRow[], label: string): ChartOption {
  const measured = rows.filter((row) => row.share !== null).sort((a, b) => (b.share ?? 0) - (a.share ?? 0));
  return {
    tooltip: { trigger: 'axis', valueFormatter: (value) => `${value} %` },
    grid: { left: 16, right: 32, top: 8, bottom: 24, containLabel: true },
    xAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value} %' } },
    yAxis: { type: 'category', data: measured.map((row) => row.shopName) },
    series: [
      {
        type: 'bar',
        name: label,
        data: measured.map((row) => Math.round((row.share ?? 0) * 1000) / 10),
        label: { show: true, position: 'right', formatter: '{c} %' },
      },
    ],
  };
}
