import { AGE_BANDS, type AgeBand, type Gender } from '@storelens/contracts';
import type { FpElementMetrics } from '../../../platform/db/schema.ts';
import { localParts } from '../../../platform/time/local-time.ts';
import type { ElementOnPlan } from './geometry-source.ts';
import { addHeat, type HeatShape, type SparseHeat } from './heat.ts';
import { crossingsOf, type RegionVisit, staysIn, type TimedPoint, transitionsOf, visitsOf } from './movement.ts';

/** A stay in a region of at least this long is a deep dwell (docs/decisions/floorplan-data.md). */
export const DEEP_DWELL_SECONDS = 60;

/** A track on its plan, as ingest and the recompute hand it over. */
export interface PlanTrack {
  shopId: string;
  planId: string;
  timeZone: string;
  startedMs: number;
  /** Plan points in metres with their instants; empty when nothing projected. */
  points: TimedPoint[];
  gender: Gender;
  ageBand: AgeBand;
}

type ElementSums = Partial<FpElementMetrics>;
export interface ElementDelta {
  shopId: string;
  planId: string;
  elementId: string;
  version: number;
  date: string;
  hour: number;
  sums: ElementSums;
}
export interface FlowDelta {
  shopId: string;
  planId: string;
  lineId: string;
  version: number;
  date: string;
  hour: number;
  forward: number;
  backward: number;
}
export interface FromGoDelta {
  shopId: string;
  planId: string;
  date: string;
  fromId: string;
  toId: string;
  transitions: number;
}
export interface PlanDelta {
  shopId: string;
  planId: string;
  date: string;
  hour: number;
  tracks: number;
  heatMinutes: number;
  shape: HeatShape | null;
  heat: SparseHeat;
  /** The mask and camera point versions the heat minutes were projected with (heat.ts: heatGeometryOf). */
  geometry: Set<string>;
}

const GENDER_COLUMN = { male: 'gender_male', female: 'gender_female', unknown: 'gender_unknown' } as const satisfies Record<Gender, keyof FpElementMetrics>;
const AGE_COLUMN = ['age_0', 'age_1', 'age_2', 'age_3', 'age_4', 'age_5', 'age_6'] as const satisfies readonly (keyof FpElementMetrics)[];

function bucket<T>(map: Map<string, T>, key: string, make: () => T): T {
  let row = map.get(key);
  if (!row) {
    row = make();
    map.set(key, row);
  }
  return row;
}

function add(sums: ElementSums, column: keyof FpElementMetrics, value: number): void {
  sums[column] = (sums[column] ?? 0) + value;
}

/**
 * The floor-plan rollup changes of a batch (or of a recompute), summed in memory so each rollup row
 * is written once. Everything is counted by the local hour (or day) of the instant it happened:
 * a region visit by when it began, a crossing by when it met the line, a from-and-go transition by
 * when the destination was entered, a track by when it began.
 */
export class FloorplanDeltas {
  readonly elements = new Map<string, ElementDelta>();
  readonly flows = new Map<string, FlowDelta>();
  readonly fromGo = new Map<string, FromGoDelta>();
  readonly plans = new Map<string, PlanDelta>();

  get empty(): boolean {
    return this.elements.size + this.flows.size + this.fromGo.size + this.plans.size === 0;
  }

  private plan(shopId: string, planId: string, date: string, hour: number): PlanDelta {
    return bucket(this.plans, `${planId}|${date}|${hour}`, () => ({
      shopId,
      planId,
      date,
      hour,
      tracks: 0,
      heatMinutes: 0,
      shape: null,
      heat: new Map(),
      geometry: new Set<string>(),
    }));
  }

  private element(track: PlanTrack, element: ElementOnPlan, at: number): ElementSums {
    const { date, hour } = localParts(track.timeZone, at);
    return bucket(this.elements, `${track.planId}|${element.elementId}|${element.version}|${date}|${hour}`, () => ({
      shopId: track.shopId,
      planId: track.planId,
      elementId: element.elementId,
      version: element.version,
      date,
      hour,
      sums: {},
    })).sums;
  }

  /**
   * One track against the plan's current elements. `counts` says which elements this track's
   * camera answers for (ResolvedGeometry.ownerOf): another camera's elements are left to its tracks.
   */
  addTrack(track: PlanTrack, elements: readonly ElementOnPlan[], counts: (element: ElementOnPlan) => boolean): void {
    const started = localParts(track.timeZone, track.startedMs);
    this.plan(track.shopId, track.planId, started.date, started.hour).tracks += 1;
    if (track.points.length < 2) return;
    const regionVisits: RegionVisit[] = [];
    for (const element of elements) {
      if (!element.enabled || !counts(element)) continue;
      if (element.kind === 'flow') {
        const [start, end] = element.points;
        if (!start || !end) continue;
        for (const crossing of crossingsOf(track.points, { start, end })) {
          const { date, hour } = localParts(track.timeZone, crossing.at);
          const row = bucket(this.flows, `${track.planId}|${element.elementId}|${element.version}|${date}|${hour}`, () => ({
            shopId: track.shopId,
            planId: track.planId,
            lineId: element.elementId,
            version: element.version,
            date,
            hour,
            forward: 0,
            backward: 0,
          }));
          row[crossing.direction] += 1;
        }
        continue;
      }
      if (element.kind !== 'region' && element.kind !== 'halt' && element.kind !== 'enter') continue;
      const stays = staysIn(track.points, element.points);
      // An entrance is walked through, not dwelt in: every passage counts.
      const minDwellMs = element.kind === 'enter' ? 0 : element.minDwellSeconds * 1000;
      const joined = visitsOf(stays, 0);
      for (const stay of joined) {
        const dwellMs = stay.exitedAt - stay.enteredAt;
        const sums = this.element(track, element, stay.enteredAt);
        if (dwellMs < minDwellMs) {
          add(sums, 'passes', 1);
          continue;
        }
        const seconds = Math.round(dwellMs / 1000);
        add(sums, 'entries', 1);
        add(sums, 'dwell_s', seconds);
        if (seconds >= DEEP_DWELL_SECONDS) add(sums, 'deep_entries', 1);
        add(sums, GENDER_COLUMN[track.gender], 1);
        add(sums, AGE_COLUMN[AGE_BANDS.indexOf(track.ageBand)] ?? 'age_6', 1);
        if (element.kind === 'region') regionVisits.push({ regionId: element.elementId, ...stay });
      }
    }
    for (const transition of transitionsOf(regionVisits)) {
      const { date } = localParts(track.timeZone, transition.at);
      bucket(this.fromGo, `${track.planId}|${date}|${transition.fromRegionId}|${transition.toRegionId}`, () => ({
        shopId: track.shopId,
        planId: track.planId,
        date,
        fromId: transition.fromRegionId,
        toId: transition.toRegionId,
        transitions: 0,
      })).transitions += 1;
    }
  }

  /** A camera's minute of heat, already on the plan's grid, with the mask and camera point versions that put it there. */
  addHeat(shopId: string, planId: string, timeZone: string, at: number, shape: HeatShape, heat: SparseHeat, geometry: ReadonlySet<string>): void {
    const { date, hour } = localParts(timeZone, at);
    const row = this.plan(shopId, planId, date, hour);
    row.heatMinutes += 1;
    row.shape = shape;
    addHeat(row.heat, heat);
    for (const token of geometry) row.geometry.add(token);
  }
}
