import type { Indicator, Locale, RankingResponse } from '@storelens/contracts';
import type { ChartOption } from '../../../../shared/analytics/chartOption.ts';
import { formatIndicator } from '../../../../shared/analytics/format.ts';
import { CHART_PALETTE, COMPARISON_COLOUR } from '../../../../shared/analytics/palette.ts';

export type RankingRow = RankingResponse['rows'][number];

/** How many shops the ranking's bar chart shows; the table lists them all. */
export const RANKING_CHART_TOP = 10;

/** The first shops of the ranking as the server ordered it, leaving out those without a value (they come last). */
export function topRankedShops(rows: readonly RankingRow[], top: number = RANKING_CHART_TOP): RankingRow[] {
  return rows.filter((row) => row.value !== null).slice(0, top);
}

export interface RankingChartInput {
  rows: readonly RankingRow[];
  indicator: Indicator;
  locale: Locale;
  /** Legend names: the range and the previous range of equal length. */
  currentName: string;
  previousName: string;
}

/**
 * Horizontal bars of the first shops, rank 1 on top, each beside its value in the previous range
 * (the palette's grey), values labelled in the reader's formats.
 */
export function rankingChartOption({ rows, indicator, locale, currentName, previousName }: RankingChartInput): ChartOption {
  const format = (value: unknown) => formatIndicator(indicator, typeof value === 'number' ? value : null, locale);
  return {
    legend: { top: 0 },
    grid: { left: 16, right: 72, top: 32, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', axisLabel: { formatter: (value: number) => format(value) } },
    yAxis: { type: 'category', inverse: true, data: rows.map((row) => `${row.rank}. ${row.shopName}`) },
    series: [
      {
        type: 'bar',
        name: currentName,
        data: rows.map((row) => row.value),
        itemStyle: { color: CHART_PALETTE[0] },
        label: { show: true, position: 'right', formatter: (params) => format(params.value) },
        tooltip: { valueFormatter: format },
      },
      {
        type: 'bar',
        name: previousName,
        data: rows.map((row) => row.previousValue),
        itemStyle: { color: COMPARISON_COLOUR },
        tooltip: { valueFormatter: format },
      },
    ],
  };
}
