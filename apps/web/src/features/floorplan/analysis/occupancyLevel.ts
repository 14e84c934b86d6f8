/** How full a store or zone is against its threshold: what the occupancy page colours and says. */
export type OccupancyLevel = 'none' | 'calm' | 'near' | 'above';

/** From this share of the threshold a place is 'near' it (amber before red). */
export const NEAR_SHARE = 0.8;

/** Above means more people than the threshold, as the server's check counts it (a message is raised then). */
export function occupancyLevel(people: number, threshold: number | null): OccupancyLevel {
  if (threshold === null) return 'none';
  if (people > threshold) return 'above';
  return people >= threshold * NEAR_SHARE ? 'near' : 'calm';
}

/** Fill and outline of a zone on the plan, by level (translucent: the plan shows through). */
export const LEVEL_COLOURS: Record<OccupancyLevel, { fill: string; stroke: string; tag: string }> = {
  none: { fill: 'rgba(22, 119, 255, 0.18)', stroke: '#1677ff', tag: 'default' },
  calm: { fill: 'rgba(82, 196, 26, 0.30)', stroke: '#389e0d', tag: 'success' },
  near: { fill: 'rgba(250, 173, 20, 0.40)', stroke: '#d48806', tag: 'warning' },
  above: { fill: 'rgba(245, 34, 45, 0.45)', stroke: '#cf1322', tag: 'error' },
};

/** Where a zone's figure is written: the mean of its corners (inside for the convex shapes people draw). */
export function labelPoint(points: readonly { x: number; y: number }[]): { x: number; y: number } {
  if (points.length === 0) return { x: 0, y: 0 };
  const sum = points.reduce((total, point) => ({ x: total.x + point.x, y: total.y + point.y }), { x: 0, y: 0 });
  return { x: sum.x / points.length, y: sum.y / points.length };
}
