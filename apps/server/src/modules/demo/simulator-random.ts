/** Seeded randomness of the simulator: the same seed text gives the same draws on every machine. */

/** mulberry32: small, fast and good enough for traffic that only has to look real. */
export function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function pick<T>(random: () => number, table: readonly [T, number][]): T {
  let roll = random() * table.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of table) {
    roll -= weight;
    if (roll <= 0) return value;
  }
  return (table.at(-1) as [T, number])[0];
}

/** A normal deviate (Box-Muller). */
export function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
}
