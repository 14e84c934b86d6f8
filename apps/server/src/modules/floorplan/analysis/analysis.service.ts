import {
  AGE_BANDS,
  AREA_ANALYSIS,
  type AreaPlans,
  type areaQuerySchema,
  type CameraEvents,
  type Correlations,
  type cameraEventsRequestSchema,
  type EnterAnalysis,
  type FloorPlan,
  type FlowPercent,
  type FromAndGo,
  type GeometryVersions,
  type Heat,
  type heatRequestSchema,
  type PlanElement,
  type RecomputeStatus,
  type RegionSummary,
  type RegionTrend,
  type regionTrendRequestSchema,
  type Trajectories,
  type trajectoriesRequestSchema,
} from '@storelens/contracts';
import type { z } from 'zod';
import { checkRange } from '../../../platform/analytics/date-ranges.ts';
import { ratio } from '../../../platform/analytics/ratios.ts';
import { accessOf } from '../../../platform/authz/access.ts';
import type { DB } from '../../../platform/db/database.ts';
import type { CustomerActor } from '../../../platform/http/context.ts';
import { AppError, notFound } from '../../../platform/http/errors.ts';
import { tenantScope } from '../../../platform/tenancy/scoped.ts';
import { now } from '../../../platform/time/clock.ts';
import { addDays, datesOf, todayIn } from '../../../platform/time/local-time.ts';
import type { FloorplanService } from '../floorplan.service.ts';
import { containsPoint } from '../geometry/polygon.ts';
import { heatShapeOf, parseHeat, parseHeatGeometry } from '../tracks/heat.ts';
import { recomputeStatus } from '../tracks/maintenance.ts';
import { TRACK_RETENTION_DAYS } from '../tracks/recompute.ts';
import { planPointsOf } from '../tracks/track-points.ts';
import { type AnalysisRepo, analysisRepo, type PlanRange, type VersionDays } from './analysis.repo.ts';
import { pearson } from './correlation.ts';

type Query = z.output<typeof areaQuerySchema>;
const ANALYSED = new Set(['region', 'halt', 'enter']);
const num = (value: string | number | null | undefined) => Number(value ?? 0);
const percent = (part: number, whole: number) => {
  const value = ratio(part, whole);
  return value === null ? null : Math.round(value * 1000) / 10;
};

/**
 * The elements the analysis reads: a region switched off with 'Shown in analysis' (its `hidden`
 * flag, docs/decisions/floorplan-data.md) is left out of every answer and every file made from
 * one; its rollups are kept, so switching it back on shows it again with all its history.
 */
const shownOf = (elements: readonly PlanElement[]) => elements.filter((element) => !element.hidden);

/**
 * Which versions of the answer's elements produced its figures: per element, each version with
 * rollups in the range and its first and last day (docs/decisions/floorplan-data.md).
 */
function geometryOf(
  plan: Pick<FloorPlan, 'geometryVersion'>,
  elements: readonly Pick<PlanElement, 'elementId' | 'name' | 'version' | 'createdAt'>[],
  days: readonly VersionDays[],
): GeometryVersions {
  return {
    planVersion: plan.geometryVersion,
    elements: elements.map((element) => ({
      elementId: element.elementId,
      name: element.name,
      current: element.version,
      since: element.createdAt,
      spans: days
        .filter((row) => row.elementId === element.elementId)
        .map((row) => ({ version: row.version, firstDate: row.firstDate, lastDate: row.lastDate }))
        .sort((a, b) => a.version - b.version),
    })),
  };
}
/** Per source and version of the heat rows summed, the first and last day: what made the heat (tracks/heat.ts). */
function heatSourceDays(rows: readonly { local_date: string; heat_geometry: string }[]): { masks: string[]; cameras: string[]; days: VersionDays[] } {
  const spans = new Map<string, VersionDays>();
  const masks = new Set<string>();
  const cameras = new Set<string>();
  for (const row of rows) {
    for (const source of parseHeatGeometry(row.heat_geometry)) {
      (source.kind === 'mask' ? masks : cameras).add(source.id);
      const key = `${source.id}|${source.version}`;
      const span = spans.get(key);
      if (!span) spans.set(key, { elementId: source.id, version: source.version, firstDate: row.local_date, lastDate: row.local_date });
      else {
        if (row.local_date < span.firstDate) span.firstDate = row.local_date;
        if (row.local_date > span.lastDate) span.lastDate = row.local_date;
      }
    }
  }
  return { masks: [...masks], cameras: [...cameras], days: [...spans.values()] };
}

const versionsIn = (days: readonly VersionDays[], elementId: string) =>
  [...new Set(days.filter((row) => row.elementId === elementId).map((row) => row.version))].sort((a, b) => a - b);

interface Figures {
  entries: number;
  passes: number;
  dwellSeconds: number;
  deepEntries: number;
}
const figuresOf = (
  row: { entries: string | number; passes: string | number; dwell_s: string | number; deep_entries: string | number } | undefined,
): Figures => ({
  entries: num(row?.entries),
  passes: num(row?.passes),
  dwellSeconds: num(row?.dwell_s),
  deepEntries: num(row?.deep_entries),
});

/**
 * Area analysis (issue 13 part B): the read side of the floor-plan data. Every question names a
 * plan, asked of the floor-plan service with the caller (a plan of a shop outside their scope, or
 * another customer's, answers not found), and reads the rollups. Rows name the current elements;
 * each says which versions produced its numbers.
 */
export function createAreaAnalysisService(deps: { db: DB; floorplan: FloorplanService }) {
  const { db, floorplan } = deps;

  async function open(actor: CustomerActor, query: Query): Promise<{ plan: FloorPlan; elements: PlanElement[]; repo: AnalysisRepo; range: PlanRange }> {
    checkRange(query, AREA_ANALYSIS.maxDays);
    const plan = await floorplan.plan(actor, query.planId);
    const elements = shownOf(await floorplan.planElements(actor.customerId, plan.id));
    const range = { planId: plan.id, startDate: query.startDate, endDate: query.endDate, fromHour: query.fromHour, toHour: query.toHour };
    return { plan, elements, repo: analysisRepo(tenantScope(db, actor.customerId)), range };
  }

  const planInfo = (plan: FloorPlan) => ({
    id: plan.id,
    name: plan.name,
    shopId: plan.shopId,
    widthM: plan.widthM,
    heightM: plan.heightM,
    geometryVersion: plan.geometryVersion,
  });
  const regionsOf = (elements: readonly PlanElement[]) => elements.filter((element) => element.kind === 'region');

  return {
    async plans(actor: CustomerActor, shopId: string): Promise<AreaPlans> {
      await accessOf(db, actor).requireShop(shopId);
      const plans = await floorplan.shopPlans(actor.customerId, shopId);
      return plans.map((plan) => ({ ...planInfo(plan), floor: plan.floor, active: plan.active, updatedAt: plan.updatedAt }));
    },

    /** Where the recompute of the plan's last 30 days stands after an edit of its elements. */
    async recomputeStatus(actor: CustomerActor, planId: string): Promise<RecomputeStatus> {
      const plan = await floorplan.plan(actor, planId);
      return recomputeStatus(db, floorplan, actor.customerId, plan.id);
    },

    async regionSummary(actor: CustomerActor, query: Query): Promise<RegionSummary> {
      const { plan, elements, repo, range } = await open(actor, query);
      const [sums, tracks, days] = await Promise.all([repo.elementSums(range), repo.tracks(range), repo.versionDays(range)]);
      const analysed = elements.filter((element) => ANALYSED.has(element.kind));
      const rows = analysed.map((element) => {
        const own = sums.filter((row) => row.element_id === element.elementId);
        const figures = own.map(figuresOf).reduce(
          (sum, next) => ({
            entries: sum.entries + next.entries,
            passes: sum.passes + next.passes,
            dwellSeconds: sum.dwellSeconds + next.dwellSeconds,
            deepEntries: sum.deepEntries + next.deepEntries,
          }),
          figuresOf(undefined),
        );
        return {
          elementId: element.elementId,
          name: element.name,
          kind: element.kind as 'region' | 'halt' | 'enter',
          regionType: element.regionType,
          colour: element.colour,
          ...figures,
          avgDwellSeconds: figures.entries > 0 ? Math.round((figures.dwellSeconds / figures.entries) * 10) / 10 : null,
          deepRate: percent(figures.deepEntries, figures.entries),
          versions: versionsIn(days, element.elementId),
        };
      });
      return { plan: planInfo(plan), tracks, rows, geometry: geometryOf(plan, analysed, days) };
    },

    async regionTrend(actor: CustomerActor, query: z.output<typeof regionTrendRequestSchema>): Promise<RegionTrend> {
      const { plan, elements, repo, range } = await open(actor, query);
      const element = elements.find((candidate) => candidate.elementId === query.elementId && ANALYSED.has(candidate.kind));
      if (!element) throw notFound();
      const [days, hours, versions] = await Promise.all([
        repo.elementByDay(range, element.elementId),
        repo.elementByHour(range, element.elementId),
        repo.versionDays(range),
      ]);
      const byDate = new Map(days.map((row) => [row.local_date, row]));
      const byHour = new Map(hours.map((row) => [Number(row.hour), row]));
      return {
        elementId: element.elementId,
        name: element.name,
        daily: datesOf(range.startDate, range.endDate).map((date) => ({ date, ...figuresOf(byDate.get(date)) })),
        hourly: Array.from({ length: range.toHour - range.fromHour + 1 }, (_, index) => range.fromHour + index).map((hour) => ({
          hour,
          ...figuresOf(byHour.get(hour)),
        })),
        geometry: geometryOf(plan, [element], versions),
      };
    },

    async correlations(actor: CustomerActor, query: Query): Promise<Correlations> {
      const { plan, elements, repo, range } = await open(actor, query);
      const regions = regionsOf(elements);
      const [rows, days] = await Promise.all([repo.elementDateHours(range), repo.versionDays(range)]);
      // Every hour of the range is a sample, zero where a region had no entry.
      const slots = datesOf(range.startDate, range.endDate).flatMap((date) =>
        Array.from({ length: range.toHour - range.fromHour + 1 }, (_, index) => `${date}|${range.fromHour + index}`),
      );
      const series = new Map(regions.map((region) => [region.elementId, new Map<string, number>()]));
      for (const row of rows) series.get(row.element_id)?.set(`${row.local_date}|${Number(row.hour)}`, num(row.entries));
      const values = (elementId: string) => slots.map((slot) => series.get(elementId)?.get(slot) ?? 0);
      const pairs: Correlations['pairs'] = [];
      for (const [index, a] of regions.entries()) {
        for (const b of regions.slice(index + 1))
          pairs.push({ a: a.elementId, b: b.elementId, coefficient: pearson(values(a.elementId), values(b.elementId)) });
      }
      return { regions: regions.map((region) => ({ elementId: region.elementId, name: region.name })), pairs, geometry: geometryOf(plan, regions, days) };
    },

    async fromAndGo(actor: CustomerActor, query: Query): Promise<FromAndGo> {
      const { plan, elements, repo, range } = await open(actor, query);
      const regions = regionsOf(elements);
      // The moves are kept by day without versions; the same batch (or the same day's recompute) wrote
      // them with the regions' rollups, so the regions' versions of those whole days produced them.
      const days = await repo.versionDays({ ...range, fromHour: 0, toHour: 23 });
      // A hidden region loses its row and its column; shares are of the moves between shown regions.
      const known = new Set(regions.map((region) => region.elementId));
      const rows = (await repo.fromGo(range)).filter((row) => known.has(row.from_id) && known.has(row.to_id));
      const outOf = new Map<string, number>();
      for (const row of rows) outOf.set(row.from_id, (outOf.get(row.from_id) ?? 0) + num(row.transitions));
      return {
        regions: regions.map((region) => ({ elementId: region.elementId, name: region.name })),
        cells: rows
          .map((row) => ({
            fromId: row.from_id,
            toId: row.to_id,
            transitions: num(row.transitions),
            share: percent(num(row.transitions), outOf.get(row.from_id) ?? 0),
          }))
          .sort((a, b) => b.transitions - a.transitions || a.fromId.localeCompare(b.fromId) || a.toId.localeCompare(b.toId)),
        geometry: geometryOf(plan, regions, days),
      };
    },

    /**
     * The heat grid of a range: the stored cells summed, or only those whose centre lies in one
     * drawn area; 'heat map area not found' when the plan (or that area) has none.
     */
    async heat(actor: CustomerActor, query: z.output<typeof heatRequestSchema>): Promise<Heat> {
      const { plan, elements, repo, range } = await open(actor, query);
      const area = query.elementId === undefined ? null : elements.find((element) => element.elementId === query.elementId && ANALYSED.has(element.kind));
      if (area === undefined) throw notFound();
      const rows = await repo.heat(range);
      const shape = heatShapeOf({ widthM: plan.widthM, heightM: plan.heightM });
      const sums = new Float64Array(shape.cols * shape.rows);
      const insideCache = new Map<number, boolean>();
      const inside = (index: number) => {
        if (!area) return true;
        let known = insideCache.get(index);
        if (known === undefined) {
          known = containsPoint(area.points, { x: ((index % shape.cols) + 0.5) * shape.cellM, y: (Math.floor(index / shape.cols) + 0.5) * shape.cellM });
          insideCache.set(index, known);
        }
        return known;
      };
      // The rows whose heat the answer holds: every one for the whole plan, those with heat inside the area for one area.
      const summed: typeof rows = [];
      let minutes = 0;
      for (const row of rows) {
        minutes += num(row.heat_minutes);
        let counted = false;
        for (const [cell, ms] of parseHeat(row.heat)) {
          // Rows written under another extent of the plan (a new image) are placed by their own columns.
          const col = cell % row.heat_cols;
          const rowIndex = Math.floor(cell / row.heat_cols);
          if (col >= shape.cols || rowIndex >= shape.rows) continue;
          const index = rowIndex * shape.cols + col;
          sums[index] = (sums[index] ?? 0) + ms;
          counted ||= ms > 0 && inside(index);
        }
        if (counted || !area) summed.push(row);
      }
      const cells: [number, number][] = [];
      let max = 0;
      sums.forEach((ms, index) => {
        if (ms <= 0) return;
        if (!inside(index)) return;
        const seconds = Math.round(ms) / 1000;
        cells.push([index, seconds]);
        max = Math.max(max, seconds);
      });
      if (cells.length === 0) throw new AppError('notFound', 'errors.heatmapAreaNotFound');
      // The masks and camera points whose versions made the rows summed, day by day as stored: days the
      // recompute has not rebuilt keep the versions that made them (docs/decisions/floorplan-data.md).
      const made = heatSourceDays(summed);
      const sources = await floorplan.heatSources(actor.customerId, plan.id, { maskIds: made.masks, cameraIds: made.cameras });
      const dates = summed.map((row) => row.local_date).sort();
      const [firstDate, lastDate] = [dates[0] ?? range.startDate, dates.at(-1) ?? range.endDate];
      // An area's own polygon cuts the stored cells as drawn now, over the days with heat in it.
      const areaDays = area ? [{ elementId: area.elementId, version: area.version, firstDate, lastDate }] : [];
      return {
        plan: planInfo(plan),
        cols: shape.cols,
        rows: shape.rows,
        cellM: shape.cellM,
        max,
        minutes,
        cells,
        geometry: geometryOf(plan, [...(area ? [area] : []), ...sources], [...areaDays, ...made.days]),
      };
    },

    async flowPercent(actor: CustomerActor, query: Query): Promise<FlowPercent> {
      const { plan, elements, repo, range } = await open(actor, query);
      const [flows, tracks, days] = await Promise.all([repo.flows(range), repo.tracks(range), repo.versionDays(range)]);
      const byLine = new Map(flows.map((row) => [row.line_id, row]));
      const lines = elements.filter((element) => element.kind === 'flow');
      return {
        tracks,
        geometry: geometryOf(plan, lines, days),
        lines: lines.map((line) => {
          const forward = num(byLine.get(line.elementId)?.forward);
          const backward = num(byLine.get(line.elementId)?.backward);
          const flowMode = line.flowMode ?? 'single';
          const counted = flowMode === 'single' ? forward : forward + backward;
          return {
            elementId: line.elementId,
            name: line.name,
            flowMode,
            forward,
            backward,
            counted,
            percent: percent(counted, tracks),
            points: line.points,
            versions: versionsIn(days, line.elementId),
          };
        }),
      };
    },

    async enterAnalysis(actor: CustomerActor, query: Query): Promise<EnterAnalysis> {
      const { plan, elements, repo, range } = await open(actor, query);
      const areas = elements.filter((element) => element.kind === 'enter');
      const ids = new Set(areas.map((area) => area.elementId));
      const [sums, days, hours, versions] = await Promise.all([
        repo.elementSums(range),
        repo.elementByDay(range),
        repo.elementByHour(range),
        repo.versionDays(range),
      ]);
      return {
        areas: areas.map((area) => {
          const own = sums.filter((row) => row.element_id === area.elementId);
          const add = (column: keyof (typeof own)[number]) => own.reduce((sum, row) => sum + num(row[column] as string | number), 0);
          return {
            elementId: area.elementId,
            name: area.name,
            entries: add('entries'),
            male: add('gender_male'),
            female: add('gender_female'),
            genderUnknown: add('gender_unknown'),
            ages: AGE_BANDS.map((band, index) => ({ band, entries: add(`age_${index}` as keyof (typeof own)[number]) })),
            versions: versionsIn(versions, area.elementId),
          };
        }),
        daily: days.filter((row) => ids.has(row.element_id)).map((row) => ({ date: row.local_date, elementId: row.element_id, entries: num(row.entries) })),
        hourly: hours.filter((row) => ids.has(row.element_id)).map((row) => ({ hour: Number(row.hour), elementId: row.element_id, entries: num(row.entries) })),
        geometry: geometryOf(plan, areas, versions),
      };
    },

    async trajectories(actor: CustomerActor, query: z.output<typeof trajectoriesRequestSchema>): Promise<Trajectories> {
      const plan = await floorplan.plan(actor, query.planId);
      const repo = analysisRepo(tenantScope(db, actor.customerId));
      const [rows, total] = await Promise.all([
        repo.trajectories(plan.id, query.date, query.fromHour, query.toHour, query.limit),
        repo.trajectoryCount(plan.id, query.date, query.fromHour, query.toHour),
      ]);
      return {
        plan: planInfo(plan),
        total,
        tracks: rows.map((row) => ({
          id: row.id,
          startedAt: new Date(Number(row.started_ms)).toISOString(),
          points: planPointsOf(row.points, 0).map((point): [number, number] => [point.x, point.y]),
        })),
      };
    },

    async cameraEvents(actor: CustomerActor, input: z.output<typeof cameraEventsRequestSchema>): Promise<CameraEvents> {
      checkRange(input, AREA_ANALYSIS.maxDays);
      await accessOf(db, actor).cameras([input.cameraId]);
      const repo = analysisRepo(tenantScope(db, actor.customerId));
      const projection = await floorplan.cameraProjection(actor.customerId, input.cameraId);
      const dates = datesOf(input.startDate, input.endDate);
      const tracks = await repo.cameraTracks(input.cameraId, input.startDate, input.endDate);
      const tracksOn = (match: (row: (typeof tracks)[number]) => boolean) => tracks.filter(match).reduce((sum, row) => sum + num(row.tracks), 0);
      // Projected tracks are purged after 30 days (by instant): a day that may have lost some says so rather than showing too few.
      const keptFrom = addDays(todayIn('UTC', now()), -(TRACK_RETENTION_DAYS - 2));
      const tracksByDay = dates.map((date) => ({ date, tracks: date < keptFrom ? null : tracksOn((row) => row.local_date === date) }));
      const tracksByHour = Array.from({ length: 24 }, (_, hour) => ({ hour, tracks: tracksOn((row) => Number(row.hour) === hour) }));
      const none = { cameraId: input.cameraId, planId: null, planName: null, tracksByDay, tracksByHour, regions: [], flows: [], geometry: null };
      if (!projection) return none;
      const plan = await floorplan.plan(actor, projection.planId);
      const elements = shownOf(await floorplan.planElements(actor.customerId, plan.id));
      const range = { planId: plan.id, startDate: input.startDate, endDate: input.endDate, fromHour: 0, toHour: 23 };
      const seen = (element: PlanElement) => element.points.some((point) => containsPoint(projection.footprint, point));
      const [days, hours, flows, versions] = await Promise.all([
        repo.elementByDay(range),
        repo.elementByHour(range),
        repo.flows(range),
        repo.versionDays(range),
      ]);
      const regions = elements.filter((element) => (element.kind === 'region' || element.kind === 'halt') && seen(element));
      const lines = elements.filter((element) => element.kind === 'flow' && seen(element));
      return {
        ...none,
        planId: plan.id,
        planName: plan.name,
        geometry: geometryOf(plan, [...regions, ...lines], versions),
        regions: regions.map((element) => ({
          elementId: element.elementId,
          name: element.name,
          daily: dates.map((date) => ({
            date,
            entries: num(days.find((row) => row.element_id === element.elementId && row.local_date === date)?.entries),
          })),
          hourly: Array.from({ length: 24 }, (_, hour) => ({
            hour,
            entries: num(hours.find((row) => row.element_id === element.elementId && Number(row.hour) === hour)?.entries),
          })),
        })),
        flows: lines.map((line) => {
          const row = flows.find((candidate) => candidate.line_id === line.elementId);
          return { elementId: line.elementId, name: line.name, forward: num(row?.forward), backward: num(row?.backward) };
        }),
      };
    },
  };
}
export type AreaAnalysisService = ReturnType<typeof createAreaAnalysisService>;
