import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { messageRef } from '../platform/messages.ts';
import { declareOperation, type OperationGuard } from '../platform/operation.ts';
import { AGE_BANDS, dateRangeSchema, localDateSchema } from '../traffic/index.ts';
import { occupancyThresholdValueSchema, planPointSchema } from './index.ts';

/**
 * Area analysis on floor plans (issue 13 part B): region, halt and enter-area counts, flow lines,
 * from-and-go, heatmaps, trajectories, camera events and live occupancy, all read from the rollups
 * of the boxes' tracks and heat grids. Plan coordinates are metres (see ./index.ts).
 */
export const AREA_ANALYSIS = {
  /** Date ranges of the analysis pages (spec section 9: up to 90 days). */
  maxDays: 90,
  /** A stay of at least this long in a region is a deep dwell. */
  deepDwellSeconds: 60,
  /** Trajectories drawn at most per request. */
  maxTrajectories: 5000,
  /** A person seen by a track that ended this recently is in the store now (live occupancy). */
  occupancyWindowSeconds: 120,
} as const;

const hour = z
  .number({ error: messageRef('validation.required') })
  .int()
  .min(0, { error: messageRef('validation.compare', { op: '>=', value: 0 }) })
  .max(23, { error: messageRef('validation.compare', { op: '<=', value: 23 }) });

/** A plan, local dates and an hour range (inclusive; 0..23 is the whole day). */
export const areaQuerySchema = dateRangeSchema.extend({ planId: idSchema, fromHour: hour.default(0), toHour: hour.default(23) });
export type AreaQuery = z.input<typeof areaQuerySchema>;

export const ANALYSED_KINDS = ['region', 'halt', 'enter'] as const;
export type AnalysedKind = (typeof ANALYSED_KINDS)[number];

const figures = {
  /** Stays of at least the element's minimum dwell (every passage for an enter area). */
  entries: z.number().int(),
  /** Shorter stays: people passing through. */
  passes: z.number().int(),
  dwellSeconds: z.number(),
  deepEntries: z.number().int(),
};

/**
 * Which versions of an answer's drawn elements produced its figures (issue 13 section 2: every
 * geometry change is a new version, and reports say which version produced them). The rollups are
 * kept per element version; per element of the answer, each version with figures in the range and
 * the first and last local day it has them on. After an edit the days the recompute has not reached
 * yet, and the days older than the 30 kept days of tracks, keep the older version: their span says so.
 * docs/decisions/floorplan-data.md ('Which versions a report names').
 */
export const versionSpanSchema = z.object({ version: z.number().int(), firstDate: z.string(), lastDate: z.string() });
export const geometryVersionsSchema = z.object({
  /** The plan's geometry version now: every change of its elements or camera points raises it. */
  planVersion: z.number().int(),
  elements: z.array(
    z.object({
      elementId: z.string(),
      name: z.string(),
      /**
       * The element's version now: the shape the page draws and the name it shows. 0 for a mask or
       * camera point the heat names that is no longer on the plan (deleted, or the camera moved off it).
       */
      current: z.number().int(),
      /** When the current version was saved (ISO instant): the day the element last changed (for one no longer on the plan, when it left). */
      since: z.string(),
      /** Versions with figures in the range, oldest first; empty when the element has none. */
      spans: z.array(versionSpanSchema),
    }),
  ),
});
export type GeometryVersions = z.infer<typeof geometryVersionsSchema>;

export const regionRowSchema = z.object({
  elementId: z.string(),
  name: z.string(),
  kind: z.enum(ANALYSED_KINDS),
  regionType: z.string().nullable(),
  colour: z.string(),
  ...figures,
  /** dwellSeconds / entries. */
  avgDwellSeconds: z.number().nullable(),
  /** deepEntries / entries, in percent. */
  deepRate: z.number().nullable(),
  /** The element versions that produced the numbers (a geometry change is a new version). */
  versions: z.array(z.number().int()),
});
export type RegionRow = z.infer<typeof regionRowSchema>;

const planInfo = z.object({ id: z.string(), name: z.string(), shopId: z.string(), widthM: z.number(), heightM: z.number(), geometryVersion: z.number().int() });

export const regionSummarySchema = z.object({
  plan: planInfo,
  /** Tracks that began in the range on the plan. */
  tracks: z.number().int(),
  rows: z.array(regionRowSchema),
  geometry: geometryVersionsSchema,
});
export type RegionSummary = z.infer<typeof regionSummarySchema>;

export const regionTrendRequestSchema = areaQuerySchema.extend({ elementId: idSchema });
export const regionTrendSchema = z.object({
  elementId: z.string(),
  name: z.string(),
  daily: z.array(z.object({ date: z.string(), ...figures })),
  hourly: z.array(z.object({ hour: z.number().int(), ...figures })),
  geometry: geometryVersionsSchema,
});
export type RegionTrend = z.infer<typeof regionTrendSchema>;

export const correlationsSchema = z.object({
  regions: z.array(z.object({ elementId: z.string(), name: z.string() })),
  /** Pearson correlation of two regions' entries hour by hour over the range (null when either never varies). */
  pairs: z.array(z.object({ a: z.string(), b: z.string(), coefficient: z.number().nullable() })),
  geometry: geometryVersionsSchema,
});
export type Correlations = z.infer<typeof correlationsSchema>;

export const fromAndGoSchema = z.object({
  regions: z.array(z.object({ elementId: z.string(), name: z.string() })),
  /** Transitions from one region to the next; share = of all transitions out of the origin, in percent. */
  cells: z.array(z.object({ fromId: z.string(), toId: z.string(), transitions: z.number().int(), share: z.number().nullable() })),
  geometry: geometryVersionsSchema,
});
export type FromAndGo = z.infer<typeof fromAndGoSchema>;

/**
 * A plan's heat, or one drawn area's (a shown region, dwell zone or enter area: the cells whose centre
 * lies inside it); either answers 'heat map area not found' when it has no heat in the range.
 */
export const heatRequestSchema = areaQuerySchema.extend({ elementId: idSchema.optional() });
export const heatSchema = z.object({
  plan: planInfo,
  cols: z.number().int(),
  rows: z.number().int(),
  /** Metres per cell. */
  cellM: z.number(),
  /** Dwell seconds of the busiest cell. */
  max: z.number(),
  /** Camera-minutes of heat in the answer. */
  minutes: z.number().int(),
  /** [cell index (row * cols + col), dwell seconds], cells with dwell only. */
  cells: z.array(z.tuple([z.number().int(), z.number()])),
  /**
   * What made the heat: the area asked for, with its current version (its polygon as drawn now cuts
   * the cells), then the plan's masks (they drop cells) and camera points (their calibration projects
   * the cells; `elementId` is the camera's id, `name` its name), each version with the days whose heat
   * rows it wrote. Regions, areas and lines do not change the heat. The recompute after an edit does not
   * redo the heat: days before a mask or calibration change keep the older version, and say so
   * (decisions: floorplan-data.md).
   */
  geometry: geometryVersionsSchema,
});
export type Heat = z.infer<typeof heatSchema>;

export const flowPercentSchema = z.object({
  tracks: z.number().int(),
  lines: z.array(
    z.object({
      elementId: z.string(),
      name: z.string(),
      flowMode: z.enum(['single', 'double']),
      forward: z.number().int(),
      backward: z.number().int(),
      /** Forward crossings for a one-way line, both directions for a two-way line. */
      counted: z.number().int(),
      /** counted / tracks, in percent. */
      percent: z.number().nullable(),
      points: z.array(z.object({ x: z.number(), y: z.number() })),
      /** The line's versions that produced the crossings (as the region summary's rows). */
      versions: z.array(z.number().int()),
    }),
  ),
  geometry: geometryVersionsSchema,
});
export type FlowPercent = z.infer<typeof flowPercentSchema>;

export const enterAnalysisSchema = z.object({
  areas: z.array(
    z.object({
      elementId: z.string(),
      name: z.string(),
      entries: z.number().int(),
      male: z.number().int(),
      female: z.number().int(),
      genderUnknown: z.number().int(),
      /** Entries by age band, in the order of AGE_BANDS. */
      ages: z.array(z.object({ band: z.enum(AGE_BANDS), entries: z.number().int() })),
      /** The area's versions that produced the entries (as the region summary's rows). */
      versions: z.array(z.number().int()),
    }),
  ),
  daily: z.array(z.object({ date: z.string(), elementId: z.string(), entries: z.number().int() })),
  hourly: z.array(z.object({ hour: z.number().int(), elementId: z.string(), entries: z.number().int() })),
  geometry: geometryVersionsSchema,
});
export type EnterAnalysis = z.infer<typeof enterAnalysisSchema>;

export const trajectoriesRequestSchema = z.object({
  planId: idSchema,
  date: localDateSchema,
  fromHour: hour.default(0),
  toHour: hour.default(23),
  limit: z.number().int().min(1).max(AREA_ANALYSIS.maxTrajectories).default(AREA_ANALYSIS.maxTrajectories),
});
export const trajectoriesSchema = z.object({
  plan: planInfo,
  total: z.number().int(),
  /** [x, y] plan points in metres; each track is at most the box's simplified points. */
  tracks: z.array(z.object({ id: z.string(), startedAt: z.string(), points: z.array(z.tuple([z.number(), z.number()])) })),
});
export type Trajectories = z.infer<typeof trajectoriesSchema>;

/** A camera's shop-local days (one day: the page's view by hour; several: by day too), at most 90. */
export const cameraEventsRequestSchema = dateRangeSchema.extend({ cameraId: idSchema });
export type CameraEventsRequest = z.input<typeof cameraEventsRequestSchema>;
export const cameraEventsSchema = z.object({
  cameraId: z.string(),
  planId: z.string().nullable(),
  planName: z.string().nullable(),
  /**
   * Tracks the camera reported, by day of the range; null for a day whose tracks may already be
   * purged (projected tracks are kept 30 days; the regions' figures come from rollups kept longer).
   */
  tracksByDay: z.array(z.object({ date: z.string(), tracks: z.number().int().nullable() })),
  /** Tracks the camera reported, by hour of the day, summed over the range's days. */
  tracksByHour: z.array(z.object({ hour: z.number().int(), tracks: z.number().int() })),
  /** The plan's shown regions and dwell zones the camera sees, with their entries by day and by hour of the day (summed over the days). */
  regions: z.array(
    z.object({
      elementId: z.string(),
      name: z.string(),
      daily: z.array(z.object({ date: z.string(), entries: z.number().int() })),
      hourly: z.array(z.object({ hour: z.number().int(), entries: z.number().int() })),
    }),
  ),
  /** The plan's flow lines the camera sees, with the range's crossings. */
  flows: z.array(z.object({ elementId: z.string(), name: z.string(), forward: z.number().int(), backward: z.number().int() })),
  /** The versions of the regions, dwell zones and lines above; null when the camera is not on a plan. */
  geometry: geometryVersionsSchema.nullable(),
});
export type CameraEvents = z.infer<typeof cameraEventsSchema>;

export const occupancyRequestSchema = z.object({ shopId: idSchema });
export const occupancySchema = z.object({
  shopId: z.string(),
  at: z.string(),
  people: z.number().int(),
  threshold: z.number().int().nullable(),
  zones: z.array(
    z.object({
      elementId: z.string(),
      planId: z.string(),
      kind: z.enum(['region', 'halt']),
      name: z.string(),
      people: z.number().int(),
      threshold: z.number().int().nullable(),
      /** The zone's polygon (plan metres), for drawing it on the plan. */
      points: z.array(planPointSchema),
    }),
  ),
});
export type Occupancy = z.infer<typeof occupancySchema>;
export const occupancyThresholdSchema = z.object({ shopId: idSchema, threshold: occupancyThresholdValueSchema });

export const areaPlansRequestSchema = z.object({ shopId: idSchema });
/** A shop's plans as the analysis pages pick them (active first). */
export const areaPlansSchema = z.array(planInfo.extend({ floor: z.number().int(), active: z.boolean(), updatedAt: z.string() }));
export type AreaPlans = z.infer<typeof areaPlansSchema>;

export const recomputeStatusRequestSchema = z.object({ planId: idSchema });
/**
 * Whether a plan's figures of the last 30 days are measured with its regions, areas and lines as
 * they are now: `current`; `queued` or `running` (with its percent) while an edit is applied to
 * the kept tracks; `failed` when the recompute gave up (the figures keep the older versions).
 */
export const recomputeStatusSchema = z.object({
  state: z.enum(['current', 'queued', 'running', 'failed']),
  percent: z.number().int().min(0).max(100).nullable(),
});
export type RecomputeStatus = z.infer<typeof recomputeStatusSchema>;

export const AREA_EXPORT_TABLES = ['regions', 'regionTrend', 'fromAndGo', 'flows', 'enter', 'cameraRegions', 'cameraFlows'] as const;
/** How the camera events' region table is laid out: a column per hour of the day or per day of the range. */
export const CAMERA_REGION_VIEWS = ['hour', 'day'] as const;
export type CameraRegionView = (typeof CAMERA_REGION_VIEWS)[number];
export const areaExportRequestSchema = z.discriminatedUnion('table', [
  z.object({ table: z.literal('regions'), query: areaQuerySchema }),
  z.object({ table: z.literal('regionTrend'), query: regionTrendRequestSchema }),
  z.object({ table: z.literal('fromAndGo'), query: areaQuerySchema }),
  /** The region × region matrix of /area/overview's correlations panel. */
  z.object({ table: z.literal('correlations'), query: areaQuerySchema }),
  z.object({ table: z.literal('flows'), query: areaQuerySchema }),
  z.object({ table: z.literal('enter'), query: areaQuerySchema }),
  z.object({ table: z.literal('cameraRegions'), query: cameraEventsRequestSchema, view: z.enum(CAMERA_REGION_VIEWS).default('hour') }),
  z.object({ table: z.literal('cameraFlows'), query: cameraEventsRequestSchema }),
]);
export type AreaExportRequest = z.input<typeof areaExportRequestSchema>;

const tags = ['floorplan'];
const reads: OperationGuard = { auth: 'customer', permission: 'cueretail_traffic_nav' };

export const areaAnalysisOperations = {
  plans: declareOperation({
    name: 'floorplan.areaPlans',
    method: 'POST',
    path: '/api/floorplan/data/plans',
    summary: "A shop's floor plans for the area analysis pages (active ones first)",
    tags,
    guard: reads,
    body: areaPlansRequestSchema,
    response: areaPlansSchema,
  }),
  recomputeStatus: declareOperation({
    name: 'floorplan.recomputeStatus',
    method: 'POST',
    path: '/api/floorplan/data/recomputeStatus',
    summary: "Whether a plan's last 30 days are measured with its current regions and lines, or being recomputed (percent)",
    tags,
    guard: reads,
    body: recomputeStatusRequestSchema,
    response: recomputeStatusSchema,
  }),
  regionSummary: declareOperation({
    name: 'floorplan.regionSummary',
    method: 'POST',
    path: '/api/region/analysis/summary',
    summary: "A plan's regions, halt areas and enter areas: entries, passes, dwell and deep dwell in a date and hour range",
    tags,
    guard: reads,
    body: areaQuerySchema,
    response: regionSummarySchema,
  }),
  regionTrend: declareOperation({
    name: 'floorplan.regionTrend',
    method: 'POST',
    path: '/api/region/analysis/region',
    summary: "One region's entries, passes and dwell by day and by hour of the day",
    tags,
    guard: reads,
    body: regionTrendRequestSchema,
    response: regionTrendSchema,
  }),
  correlations: declareOperation({
    name: 'floorplan.correlations',
    method: 'POST',
    path: '/api/region/analysis/correlations',
    summary: "How the plan's regions' hourly entries move together (Pearson correlation of each pair)",
    tags,
    guard: reads,
    body: areaQuerySchema,
    response: correlationsSchema,
  }),
  fromAndGo: declareOperation({
    name: 'floorplan.fromAndGo',
    method: 'POST',
    path: '/api/region/analysis/fromAndGo',
    summary: 'From-and-go: how many people went from each region to each next one',
    tags,
    guard: reads,
    body: areaQuerySchema,
    response: fromAndGoSchema,
  }),
  heat: declareOperation({
    name: 'floorplan.heat',
    method: 'POST',
    path: '/api/region/analysis/heat',
    summary: "A plan's (or one of its areas') heat grid (dwell seconds per cell) for a date and hour range; 'heat map area not found' without data",
    tags,
    guard: { auth: 'customer', permission: 'heatmap_2d_view' },
    body: heatRequestSchema,
    response: heatSchema,
  }),
  flowPercent: declareOperation({
    name: 'floorplan.flowPercent',
    method: 'POST',
    path: '/api/floorplan/data/flowPercent',
    summary: "A plan's flow lines: crossings by direction and the share of the plan's tracks that crossed",
    tags,
    guard: reads,
    body: areaQuerySchema,
    response: flowPercentSchema,
  }),
  enterAnalysis: declareOperation({
    name: 'floorplan.enterAnalysis',
    method: 'POST',
    path: '/api/floorplan/data/enterAnalysis',
    summary: "A plan's enter areas: entries, the trend by day and hour, and the visitors' gender and age",
    tags,
    guard: reads,
    body: areaQuerySchema,
    response: enterAnalysisSchema,
  }),
  trajectories: declareOperation({
    name: 'floorplan.trajectories',
    method: 'POST',
    path: '/api/floorplan/data/trajectories',
    summary: "The tracks of a plan's day on the plan (metres), for drawing",
    tags,
    guard: reads,
    body: trajectoriesRequestSchema,
    response: trajectoriesSchema,
  }),
  cameraEvents: declareOperation({
    name: 'floorplan.cameraEvents',
    method: 'POST',
    path: '/api/camera/event/regions',
    summary: "A camera's days: its tracks by day and hour, the regions and flow lines it sees with their traffic",
    tags,
    guard: reads,
    body: cameraEventsRequestSchema,
    response: cameraEventsSchema,
  }),
  occupancy: declareOperation({
    name: 'floorplan.occupancy',
    method: 'POST',
    path: '/api/floorplan/occupancy',
    summary: 'People in the store and in each zone now, with the thresholds that raise a message when crossed',
    tags,
    guard: reads,
    body: occupancyRequestSchema,
    response: occupancySchema,
  }),
  setOccupancyThreshold: declareOperation({
    name: 'floorplan.setOccupancyThreshold',
    method: 'POST',
    path: '/api/floorplan/occupancy/threshold',
    summary: "The store's occupancy threshold (null: none); zone thresholds are the regions' own",
    tags,
    guard: { auth: 'customer', permission: 'stayregion_update' },
    body: occupancyThresholdSchema,
    response: z.null(),
  }),
  export: declareOperation({
    name: 'floorplan.export',
    method: 'POST',
    path: '/api/floorplan/data/downloads',
    summary: "Any area-analysis table as .xlsx: { table, query } with the query of its operation (the camera events' two tables too)",
    tags,
    guard: { auth: 'customer', permission: 'flowdata_download' },
    body: areaExportRequestSchema,
    response: 'file',
  }),
} as const;
