import type { FourQuadrantResponse } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { type QuadrantPoint, quadrantChartOption, quadrantCounts, sameIndicatorRefusal } from './quadrants.ts';

const point = (shopId: string, x: number | null, y: number | null, quadrant: number | null): QuadrantPoint => ({
  shopId,
  shopName: `Shop <${shopId}>`,
  shopNumber: shopId,
  x,
  y,
  quadrant,
});

const answer: FourQuadrantResponse = {
  xIndicator: 'entries',
  yIndicator: 'captureRate',
  xAverage: 200,
  yAverage: 0.25,
  points: [
    point('a', 300, 0.4, 1),
    point('b', 100, 0.3, 2),
    point('c', 50, 0.1, 3),
    point('d', 350, 0.2, 4),
    point('e', 100, null, null),
    point('f', 250, 0.25, 1),
  ],
};

const chart = () =>
  quadrantChartOption({
    data: answer,
    locale: 'en',
    xName: 'Entries',
    yName: 'Capture rate',
    quadrantName: (quadrant) => `Q${quadrant}`,
    averageLabel: (value) => `Average ${value}`,
  });

type Series = { name: string; data: { name: string; value: number[] }[]; markLine?: { data: Record<string, unknown>[] } };
type Tooltip = { formatter(params: unknown): string };

describe('four quadrants', () => {
  it('refuses X and Y on the same indicator with the server message, and takes two different ones', () => {
    expect(sameIndicatorRefusal('entries', 'entries')).toEqual({ key: 'messages:traffic.sameIndicator', params: {} });
    expect(sameIndicatorRefusal('entries', 'captureRate')).toBeNull();
  });

  it('counts the shops of each quadrant as the server placed them, and those without a place', () => {
    expect(quadrantCounts(answer.points)).toEqual({ 1: 2, 2: 1, 3: 1, 4: 1, unplaced: 1 });
    expect(quadrantCounts([])).toEqual({ 1: 0, 2: 0, 3: 0, 4: 0, unplaced: 0 });
  });

  it('draws one series per quadrant with its shops, and leaves out shops without a place', () => {
    const series = chart().series as Series[];
    expect(series.map((entry) => entry.name)).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
    expect(series.map((entry) => entry.data.map((item) => item.value))).toEqual([
      [
        [300, 0.4],
        [250, 0.25],
      ],
      [[100, 0.3]],
      [[50, 0.1]],
      [[350, 0.2]],
    ]);
    expect(series.flatMap((entry) => entry.data.map((item) => item.name))).not.toContain('Shop <e>');
  });

  it('splits the plane at the two averages, labelled in the reader formats, drawn once', () => {
    const series = chart().series as Series[];
    const lines = series[0]?.markLine?.data ?? [];
    expect(lines.map((line) => line.xAxis ?? line.yAxis)).toEqual([200, 0.25]);
    expect(lines.map((line) => (line.label as { formatter: string }).formatter)).toEqual(['Average 200', 'Average 25.0%']);
    expect(series.slice(1).some((entry) => entry.markLine)).toBe(false);
  });

  it('names the shop in the tooltip with both values, escaping the name', () => {
    const tooltip = chart().tooltip as Tooltip;
    expect(tooltip.formatter({ name: 'Shop <a>', value: [300, 0.4] })).toBe('Shop &lt;a&gt;<br/>Entries: 300<br/>Capture rate: 40.0%');
  });
});
