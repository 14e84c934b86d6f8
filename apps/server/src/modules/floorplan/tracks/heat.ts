import pointInPolygon from 'robust-point-in-polygon';
import type { CameraOnPlan, ElementOnPlan } from './geometry-source.ts';
import type { PlanPoint } from './movement.ts';

/**
 * A plan's heat grid: the plan (metres, origin top left) cut into square cells of HEAT_CELL_M,
 * at most HEAT_MAX_SIDE a side (a very large plan gets larger cells). Cells hold dwell in whole
 * milliseconds, so sums are exact and a rollup equals its rebuild whatever the order of adding.
 * Stored sparse: {"cell index": dwell ms}, index = row * cols + col.
 */
export const HEAT_CELL_M = 0.5;
export const HEAT_MAX_SIDE = 200;

export interface HeatShape {
  cols: number;
  rows: number;
  /** Metres per cell. */
  cellM: number;
}
export type SparseHeat = Map<number, number>;

export function heatShapeOf(extent: { widthM: number; heightM: number }): HeatShape {
  const cellM = Math.max(HEAT_CELL_M, extent.widthM / HEAT_MAX_SIDE, extent.heightM / HEAT_MAX_SIDE);
  return { cols: Math.max(1, Math.ceil(extent.widthM / cellM)), rows: Math.max(1, Math.ceil(extent.heightM / cellM)), cellM };
}

/** The cell of a plan point, or null off the plan. */
export function heatCellOf(shape: HeatShape, point: PlanPoint): number | null {
  const col = Math.floor(point.x / shape.cellM);
  const row = Math.floor(point.y / shape.cellM);
  if (!(col >= 0 && row >= 0 && col < shape.cols && row < shape.rows)) return null;
  return row * shape.cols + col;
}

const masksOf = (elements: readonly ElementOnPlan[]) =>
  elements
    .filter((element) => element.kind === 'mask' && element.enabled && element.points.length >= 3)
    .map((mask) => mask.points.map((p): [number, number] => [p.x, p.y]));

/**
 * A camera's heat grid of one minute on its plan: each camera cell's dwell goes to the plan cell
 * its centre projects to. Cells above the horizon, off the plan or inside a mask (what must not be
 * analysed) are left out.
 */
export function projectHeatGrid(
  grid: { cols: number; rows: number; cells: readonly number[] },
  camera: Pick<CameraOnPlan, 'calibWidth' | 'calibHeight' | 'project'>,
  shape: HeatShape,
  elements: readonly ElementOnPlan[],
  counts: (point: PlanPoint) => boolean,
): SparseHeat {
  const masks = masksOf(elements);
  const heat: SparseHeat = new Map();
  grid.cells.forEach((seconds, index) => {
    if (!(seconds > 0)) return;
    const col = index % grid.cols;
    const row = Math.floor(index / grid.cols);
    const point = camera.project({ u: ((col + 0.5) * camera.calibWidth) / grid.cols, v: ((row + 0.5) * camera.calibHeight) / grid.rows });
    if (!point) return;
    const cell = heatCellOf(shape, point);
    if (cell === null || !counts(point) || masks.some((mask) => pointInPolygon(mask, [point.x, point.y]) <= 0)) return;
    heat.set(cell, (heat.get(cell) ?? 0) + Math.round(seconds * 1000));
  });
  return heat;
}

export function addHeat(into: SparseHeat, from: ReadonlyMap<number, number>): SparseHeat {
  for (const [cell, value] of from) into.set(cell, (into.get(cell) ?? 0) + value);
  return into;
}

/**
 * What shaped a plan's heat (issue 13 section 2: reports say which version produced them): the
 * version of each of the plan's masks (they drop cells) and of each camera point on the plan (its
 * calibration projects the camera's cells; every camera's view decides which camera answers for a
 * cell). A heat row keeps the set of every source version that wrote into it, as sorted
 * 'mask:<element id>:<version>' and 'camera:<camera id>:<version>' joined by commas.
 */
export type HeatSourceKind = 'mask' | 'camera';
export interface HeatSourceVersion {
  kind: HeatSourceKind;
  id: string;
  version: number;
}

export function heatGeometryOf(sources: Iterable<HeatSourceVersion>): Set<string> {
  return new Set([...sources].map((source) => `${source.kind}:${source.id}:${source.version}`));
}

/** The union of stored sets (a row written by several batches, or an hour's sets summed into its day). */
export function mergeHeatGeometry(...sets: readonly (string | ReadonlySet<string>)[]): string {
  const all = new Set<string>();
  for (const set of sets) for (const token of typeof set === 'string' ? set.split(',') : set) if (token) all.add(token);
  return [...all].sort().join(',');
}

export function parseHeatGeometry(stored: string): HeatSourceVersion[] {
  return stored
    .split(',')
    .filter(Boolean)
    .flatMap((token) => {
      const [kind, id, version] = token.split(':');
      return (kind === 'mask' || kind === 'camera') && id && version ? [{ kind, id, version: Number(version) }] : [];
    });
}

export function parseHeat(json: string): SparseHeat {
  const heat: SparseHeat = new Map();
  for (const [cell, value] of Object.entries(JSON.parse(json) as Record<string, number>)) heat.set(Number(cell), value);
  return heat;
}

export function serializeHeat(heat: ReadonlyMap<number, number>): string {
  const object: Record<string, number> = {};
  for (const [cell, value] of [...heat].sort((a, b) => a[0] - b[0])) if (value !== 0) object[cell] = value;
  return JSON.stringify(object);
}
