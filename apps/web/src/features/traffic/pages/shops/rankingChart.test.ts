import { describe, expect, it } from 'vitest';
import { type RankingRow, rankingChartOption, topRankedShops } from './rankingChart.ts';

const row = (rank: number, value: number | null, previousValue: number | null = null): RankingRow => ({
  rank,
  shopId: `s${rank}`,
  shopName: `Shop ${rank}`,
  shopNumber: `S-${rank}`,
  value,
  previousValue,
  change: null,
});

describe('ranking chart', () => {
  it('keeps the first shops in the server order and leaves out those without a value', () => {
    const rows = [row(1, 90), row(2, 80), row(3, 70), row(4, null)];
    expect(topRankedShops(rows, 2).map((entry) => entry.rank)).toEqual([1, 2]);
    expect(topRankedShops(rows).map((entry) => entry.rank)).toEqual([1, 2, 3]);
  });

  it('draws rank 1 on top, each shop beside its previous value', () => {
    const option = rankingChartOption({
      rows: [row(1, 0.5, 0.4), row(2, 0.3, null)],
      indicator: 'captureRate',
      locale: 'en',
      currentName: 'now',
      previousName: 'before',
    });
    const yAxis = option.yAxis as { inverse: boolean; data: string[] };
    expect(yAxis).toMatchObject({ inverse: true, data: ['1. Shop 1', '2. Shop 2'] });
    const series = option.series as { name: string; data: (number | null)[]; label?: { formatter(params: { value: unknown }): string } }[];
    expect(series.map((entry) => [entry.name, entry.data])).toEqual([
      ['now', [0.5, 0.3]],
      ['before', [0.4, null]],
    ]);
    expect(series[0]?.label?.formatter({ value: 0.5 })).toBe('50.0%');
  });
});
