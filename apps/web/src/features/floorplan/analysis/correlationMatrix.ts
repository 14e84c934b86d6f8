import type { Correlations } from '@storelens/contracts';

/** One row of the region × region matrix: the region and its coefficient with every region (its own cell: none). */
export interface CorrelationRow {
  elementId: string;
  name: string;
  cells: Record<string, number | null>;
}

/** The API's pairs (each pair once) laid out as the full symmetric matrix the page and the Excel export show. */
export function correlationRows(answer: Pick<Correlations, 'regions' | 'pairs'>): CorrelationRow[] {
  const coefficient = new Map<string, number | null>();
  for (const pair of answer.pairs) {
    coefficient.set(`${pair.a}|${pair.b}`, pair.coefficient);
    coefficient.set(`${pair.b}|${pair.a}`, pair.coefficient);
  }
  return answer.regions.map((row) => ({
    elementId: row.elementId,
    name: row.name,
    cells: Object.fromEntries(
      answer.regions
        .filter((other) => other.elementId !== row.elementId)
        .map((other) => [other.elementId, coefficient.get(`${row.elementId}|${other.elementId}`) ?? null]),
    ),
  }));
}

/** Something to show: two regions or more, and at least one pair whose entries both varied over the range. */
export function hasCorrelations(answer: Pick<Correlations, 'regions' | 'pairs'> | undefined): boolean {
  return (answer?.pairs ?? []).some((pair) => pair.coefficient !== null);
}

/**
 * A cell's colour: red as two regions rise together, blue as one rises while the other falls, paler
 * towards 0. A tint (at most 45 % of the heat map's red or blue) under the table's dark text: the
 * difference map's strong colours under white text fell short of WCAG's 4.5:1 contrast (axe).
 */
export function correlationColour(coefficient: number | null): string | undefined {
  if (coefficient === null || coefficient === 0) return undefined;
  const alpha = (0.08 + 0.37 * Math.min(1, Math.abs(coefficient))).toFixed(2);
  return coefficient > 0 ? `rgba(215, 25, 28, ${alpha})` : `rgba(43, 131, 186, ${alpha})`;
}
