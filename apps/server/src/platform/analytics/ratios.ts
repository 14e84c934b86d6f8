/** part / whole, null when there is nothing to divide by (a rate of an empty range is unknown, not 0). */
export function ratio(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** (b - a) / a, null when a is missing or 0. */
export function changeOf(a: number | null | undefined, b: number | null | undefined): number | null {
  return a !== null && a !== undefined && b !== null && b !== undefined && a !== 0 ? (b - a) / a : null;
}
