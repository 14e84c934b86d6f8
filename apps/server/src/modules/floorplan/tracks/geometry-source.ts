import { containsPoint, polygonArea } from '../geometry/polygon.ts';
import { type HeatSourceVersion, heatGeometryOf } from './heat.ts';
import type { PlanPoint } from './movement.ts';

/**
 * What the floor-plan data side needs of the plans, camera points and elements (part A's
 * FloorplanService answers it: cameraProjection and planElements). Kept as an interface so the
 * analysis reads part A through its service only, and tests can name exactly what they use.
 */
export interface CameraOnPlan {
  planId: string;
  shopId: string;
  /** The camera point's version: what projected a stored track. */
  cameraPointVersion: number;
  /** Camera pixels are at this size. */
  calibWidth: number;
  calibHeight: number;
  extent: { widthM: number; heightM: number };
  /** Camera pixel -> plan point in metres; null above the horizon. */
  project: (pixel: { u: number; v: number }) => PlanPoint | null;
  /** What the camera sees of the plan (metres). */
  footprint: PlanPoint[];
}

export type ElementKind = 'mask' | 'display' | 'halt' | 'enter' | 'flow' | 'region';

/** One version of a drawn plan element. */
export interface ElementOnPlan {
  elementId: string;
  version: number;
  kind: ElementKind;
  name: string;
  enabled: boolean;
  minDwellSeconds: number;
  flowMode: 'single' | 'double' | null;
  occupancyThreshold: number | null;
  /** A polygon, or a flow line's start and end. */
  points: PlanPoint[];
}

export interface FloorplanGeometry {
  cameraProjection(customerId: string, cameraId: string): Promise<CameraOnPlan | null>;
  planElements(customerId: string, planId: string): Promise<ElementOnPlan[]>;
}

/** The geometry a batch or a recompute needs, read before its transaction opens (SQLite has one connection). */
export interface ResolvedGeometry {
  camera(cameraId: string): CameraOnPlan | null;
  elements(planId: string): ElementOnPlan[];
  /**
   * Which camera of a plan answers for a plan point: of the cameras whose view holds it, the one
   * with the smallest view (it sees the spot closest up). Cameras' views overlap; counting a region,
   * a line or a heat cell from one camera only keeps a person seen by two cameras from counting twice.
   */
  ownerOf(planId: string, point: PlanPoint): string | null;
  /** The mask and camera point versions a plan's heat is made with now (heat.ts: heatGeometryOf). */
  heatGeometry(planId: string): ReadonlySet<string>;
}

/** Where an element is judged: a polygon's vertex mean, a line's midpoint. */
export function anchorOf(element: Pick<ElementOnPlan, 'points'>): PlanPoint {
  const n = Math.max(1, element.points.length);
  return { x: element.points.reduce((sum, p) => sum + p.x, 0) / n, y: element.points.reduce((sum, p) => sum + p.y, 0) / n };
}

/** Reads the projections of a shop's cameras and the current elements of their plans. */
export async function resolveGeometry(geometry: FloorplanGeometry, customerId: string, cameraIds: Iterable<string>): Promise<ResolvedGeometry> {
  const cameras = new Map<string, CameraOnPlan | null>();
  const elements = new Map<string, ElementOnPlan[]>();
  for (const cameraId of new Set(cameraIds)) {
    const camera = await geometry.cameraProjection(customerId, cameraId);
    cameras.set(cameraId, camera);
    if (camera && !elements.has(camera.planId)) elements.set(camera.planId, await geometry.planElements(customerId, camera.planId));
  }
  const views = [...cameras.entries()]
    .flatMap(([cameraId, camera]) => (camera ? [{ cameraId, planId: camera.planId, footprint: camera.footprint, area: polygonArea(camera.footprint) }] : []))
    .sort((a, b) => a.area - b.area || a.cameraId.localeCompare(b.cameraId));
  const heatGeometry = new Map<string, ReadonlySet<string>>();
  for (const [planId, planElements] of elements) {
    const sources: HeatSourceVersion[] = planElements
      .filter((element) => element.kind === 'mask')
      .map((mask) => ({ kind: 'mask', id: mask.elementId, version: mask.version }));
    for (const [cameraId, camera] of cameras) if (camera?.planId === planId) sources.push({ kind: 'camera', id: cameraId, version: camera.cameraPointVersion });
    heatGeometry.set(planId, heatGeometryOf(sources));
  }
  return {
    camera: (cameraId) => cameras.get(cameraId) ?? null,
    elements: (planId) => elements.get(planId) ?? [],
    heatGeometry: (planId) => heatGeometry.get(planId) ?? new Set(),
    ownerOf: (planId, point) => views.find((view) => view.planId === planId && containsPoint(view.footprint, point))?.cameraId ?? null,
  };
}

/** The element versions that decide a plan's rollups, as one comparable string. */
export function elementSignature(elements: readonly ElementOnPlan[]): string {
  return elements
    .filter((element) => element.kind === 'region' || element.kind === 'halt' || element.kind === 'enter' || element.kind === 'flow')
    .map((element) => `${element.elementId}:${element.version}:${element.enabled ? 1 : 0}`)
    .sort()
    .join(',');
}
