import type { PatrolStats } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { failedItemsOption, RANKING_SIZE, rankingOption, trendOption } from './analysisCharts.ts';

const counts = { passed: 0, failed: 0, invalid: 0 };

describe('inspection analysis charts', () => {
  it('draws the pass rate in percent with gaps for periods without results', () => {
    const trend: PatrolStats['trend'] = [
      { period: '2026-05-01', completed: 3, ...counts, passRate: 0.5556 },
      { period: '2026-05-02', completed: 0, ...counts, passRate: null },
    ];
    const option = trendOption(trend, { passRate: 'Pass rate', completed: 'Completed' }, 'en');
    const series = option.series as { data: (number | null)[] }[];
    expect(series[0]?.data).toEqual([55.6, null]);
    expect(series[1]?.data).toEqual([3, 0]);
    expect(option.legend).toMatchObject({ top: 0 });
  });

  it('ranks the best first at the top, leaves out stores without results and keeps ten', () => {
    const rows = Array.from({ length: 12 }, (_, index) => ({ name: `S${index}`, passRate: 1 - index / 20 }));
    const option = rankingOption([...rows, { name: 'Empty', passRate: null }], 'Pass rate', 'en');
    const categories = (option.yAxis as { data: string[] }).data;
    expect(categories).toHaveLength(RANKING_SIZE);
    // ECharts draws the first category at the bottom: the best is last.
    expect(categories.at(-1)).toBe('S0');
    expect(categories).not.toContain('Empty');
  });

  it('shows only items that failed, most failed at the top', () => {
    const items: PatrolStats['items'] = [
      { itemId: 'a', itemName: 'Till', categoryName: 'Back', passed: 1, failed: 4, invalid: 0, passRate: 0.2 },
      { itemId: 'b', itemName: 'Door', categoryName: 'Front', passed: 3, failed: 1, invalid: 0, passRate: 0.75 },
      { itemId: 'c', itemName: 'Lights', categoryName: 'Front', passed: 3, failed: 0, invalid: 0, passRate: 1 },
    ];
    const option = failedItemsOption(items, 'Failed');
    expect((option.yAxis as { data: string[] }).data).toEqual(['Door', 'Till']);
    expect((option.series as { data: number[] }[])[0]?.data).toEqual([1, 4]);
  });
});
