/**
 * The heat map's two colour ramps (spec section 9) as simpleheat gradients (stop -> colour), and
 * the colours of a difference map (more in the second period: warm; less: cool).
 */
export const HEAT_RAMPS = {
  classic: { 0.4: '#2b83ba', 0.6: '#abdda4', 0.7: '#ffffbf', 0.8: '#fdae61', 1: '#d7191c' },
  warm: { 0.4: '#fff5eb', 0.6: '#fdd0a2', 0.75: '#fd8d3c', 0.9: '#d94801', 1: '#7f2704' },
} as const satisfies Record<string, Record<number, string>>;
export type HeatRamp = keyof typeof HEAT_RAMPS;

/** The legend strip's height at the bottom of the heat canvas (drawn there for the exported PNG; the e2e check leaves it out). */
export const HEAT_LEGEND_HEIGHT = 36;

/** One cell of a heat answer, in plan metres (its centre) with its dwell seconds. */
export interface HeatPoint {
  x: number;
  y: number;
  value: number;
}

export function heatPoints(answer: { cols: number; cellM: number; cells: readonly [number, number][] }): HeatPoint[] {
  return answer.cells.map(([index, value]) => ({
    x: ((index % answer.cols) + 0.5) * answer.cellM,
    y: (Math.floor(index / answer.cols) + 0.5) * answer.cellM,
    value,
  }));
}

/**
 * The difference of two periods cell by cell (second minus first), each scaled to its own total
 * so that periods of different lengths compare by where people stayed, not how long the period was.
 */
export function heatDifference(first: { cols: number; cellM: number; cells: readonly [number, number][] }, second: typeof first): HeatPoint[] {
  const share = (answer: typeof first) => {
    const total = answer.cells.reduce((sum, [, value]) => sum + value, 0) || 1;
    return new Map(answer.cells.map(([index, value]) => [index, value / total]));
  };
  const a = share(first);
  const b = share(second);
  return [...new Set([...a.keys(), ...b.keys()])]
    .sort((x, y) => x - y)
    .map((index) => ({
      x: ((index % second.cols) + 0.5) * second.cellM,
      y: (Math.floor(index / second.cols) + 0.5) * second.cellM,
      value: (b.get(index) ?? 0) - (a.get(index) ?? 0),
    }))
    .filter((point) => point.value !== 0);
}

/** The colour of a difference: red for more, blue for less, stronger the larger against the largest. */
export function differenceColour(value: number, largest: number): string {
  const strength = largest > 0 ? Math.min(1, Math.abs(value) / largest) : 0;
  const alpha = (0.15 + 0.75 * strength).toFixed(2);
  return value > 0 ? `rgba(215, 25, 28, ${alpha})` : `rgba(43, 131, 186, ${alpha})`;
}
