import type { PlanElementKind, PlanPointDto, planElementInputSchema } from '@storelens/contracts';
import type { z } from 'zod';
import { notFound, refused } from '../../platform/http/errors.ts';
import type { PlanElementRow } from './floorplan.repo.ts';
import { polygonArea } from './geometry/polygon.ts';
import type { PlanExtent } from './geometry/types.ts';

export type ElementInput = z.output<typeof planElementInputSchema>;

/** The fields of an element version that a save compares: a version is written only when one of them changes. */
export type ElementContent = Pick<
  PlanElementRow,
  'name' | 'colour' | 'region_type' | 'linked_element_id' | 'occupancy_threshold' | 'enabled' | 'min_dwell_seconds' | 'flow_mode' | 'points'
>;

/** A drawn area smaller than this (m²) is a slip of the mouse, not an area. */
const MIN_AREA_M2 = 0.01;
/** Points may sit this far (m) outside the plan: a vertex snapped to the plan's edge lands on it give or take rounding. */
const EDGE_TOLERANCE_M = 1e-6;
const NAMED_KINDS: readonly PlanElementKind[] = ['region', 'halt', 'enter'];

function round(value: number): number {
  // Millimetres: finer than any drawing, and stable when a value goes through JSON and back.
  return Math.round(value * 1000) / 1000;
}

function checkedPoints(kind: PlanElementKind, points: readonly PlanPointDto[], extent: PlanExtent): PlanPointDto[] {
  const inside = points.every(
    (p) => p.x >= -EDGE_TOLERANCE_M && p.y >= -EDGE_TOLERANCE_M && p.x <= extent.widthM + EDGE_TOLERANCE_M && p.y <= extent.heightM + EDGE_TOLERANCE_M,
  );
  if (!inside) throw refused('floorplan.outsidePlan');
  const rounded = points.map((p) => ({ x: round(Math.min(Math.max(p.x, 0), extent.widthM)), y: round(Math.min(Math.max(p.y, 0), extent.heightM)) }));
  if (kind === 'flow') {
    const [start, end] = rounded;
    if (rounded.length !== 2 || !start || !end || Math.hypot(end.x - start.x, end.y - start.y) < 0.05) throw refused('floorplan.lineRequired');
    return rounded;
  }
  if (rounded.length < 3 || polygonArea(rounded) < MIN_AREA_M2) throw refused(kind === 'mask' ? 'floorplan.maskRequired' : 'floorplan.areaRequired');
  return rounded;
}

function contentOf(kind: PlanElementKind, input: ElementInput, extent: PlanExtent): ElementContent {
  const name = input.name.trim();
  if (NAMED_KINDS.includes(kind) && name === '') throw refused('validation.required');
  return {
    name,
    colour: input.colour,
    region_type: kind === 'region' ? (input.regionType ?? 'shelf') : null,
    linked_element_id: kind === 'region' ? (input.linkedElementId ?? null) : null,
    occupancy_threshold: kind === 'region' || kind === 'halt' ? (input.occupancyThreshold ?? null) : null,
    enabled: input.enabled ? 1 : 0,
    min_dwell_seconds: input.minDwellSeconds,
    flow_mode: kind === 'flow' ? (input.flowMode ?? 'single') : null,
    points: JSON.stringify(checkedPoints(kind, input.points, extent)),
  };
}

function sameContent(row: PlanElementRow, content: ElementContent, ignoring?: keyof ElementContent): boolean {
  return (Object.keys(content) as (keyof ElementContent)[]).every((key) => key === ignoring || row[key] === content[key]);
}

export interface PlannedSave {
  /** Elements kept as they are. */
  kept: PlanElementRow[];
  /** New versions of existing elements (elementId and the previous version) and new elements (previous null). */
  written: { elementId: string | null; previous: PlanElementRow | null; content: ElementContent & Pick<PlanElementRow, 'hidden'> }[];
  /** Current versions that end: changed (their successor is in written) or deleted. */
  retired: PlanElementRow[];
  /**
   * Elements whose occupancy threshold alone changed: set on the current version, no new one. A
   * threshold measures nothing of the past (it only decides when live occupancy raises a message),
   * so it is not geometry: no new plan version, no recompute of the last 30 days.
   */
  retuned: { row: PlanElementRow; threshold: number | null }[];
}

/**
 * What saving one tool's drawing changes: the inputs are the whole set of the plan's elements of
 * that kind. Elements named by elementId must be current elements of this plan and kind; unchanged
 * ones keep their version, changed ones get a new one, the ones left out are deleted.
 */
export function planElementSave(kind: PlanElementKind, inputs: readonly ElementInput[], current: readonly PlanElementRow[], extent: PlanExtent): PlannedSave {
  const byId = new Map(current.map((row) => [row.element_id, row]));
  const seen = new Set<string>();
  const plan: PlannedSave = { kept: [], written: [], retired: [], retuned: [] };
  for (const input of inputs) {
    const content = contentOf(kind, input, extent);
    const previous = input.elementId ? byId.get(input.elementId) : undefined;
    if (input.elementId && (!previous || seen.has(input.elementId))) throw notFound();
    if (previous) {
      seen.add(previous.element_id);
      if (sameContent(previous, content)) plan.kept.push(previous);
      else if (sameContent(previous, content, 'occupancy_threshold')) plan.retuned.push({ row: previous, threshold: content.occupancy_threshold });
      else {
        plan.retired.push(previous);
        // Hiding is the region hide configuration's, not the drawing's: a new version keeps it.
        plan.written.push({ elementId: previous.element_id, previous, content: { ...content, hidden: previous.hidden } });
      }
    } else plan.written.push({ elementId: null, previous: null, content: { ...content, hidden: input.hidden ? 1 : 0 } });
  }
  for (const row of current) if (!seen.has(row.element_id)) plan.retired.push(row);
  if (kind === 'region') checkRegions(plan);
  return plan;
}

/**
 * Region rules (spec section 5): names unique within the plan ('Duplicate region name, please
 * re-enter'); a link names another region of the plan, and a region takes part in one link at most
 * (a pair A <-> B may name each other; a third region linking to A or B is refused).
 */
function checkRegions(plan: PlannedSave): void {
  const regions = [
    ...[...plan.kept, ...plan.retuned.map((entry) => entry.row)].map((row) => ({
      elementId: row.element_id as string | null,
      name: row.name,
      link: row.linked_element_id,
    })),
    ...plan.written.map((entry) => ({ elementId: entry.elementId, name: entry.content.name, link: entry.content.linked_element_id })),
  ];
  const names = new Set<string>();
  for (const region of regions) {
    const key = region.name.toLocaleLowerCase();
    if (names.has(key)) throw refused('errors.duplicateRegionName');
    names.add(key);
  }
  const existing = new Set(regions.flatMap((region) => (region.elementId ? [region.elementId] : [])));
  const partnerOf = new Map<string, string>();
  const pair = (a: string, b: string) => {
    const known = partnerOf.get(a);
    if (known !== undefined && known !== b) throw refused('floorplan.regionAlreadyLinked');
    partnerOf.set(a, b);
  };
  for (const region of regions) {
    if (!region.link) continue;
    if (!existing.has(region.link) || region.link === region.elementId) throw refused('floorplan.regionLinkMissing');
    // A new region has no id yet: it can link to an existing one, which then counts as taken.
    const self = region.elementId ?? `new:${region.name}`;
    pair(self, region.link);
    pair(region.link, self);
  }
}
