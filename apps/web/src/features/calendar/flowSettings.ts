import { FLOW_DEFAULTS, type FlowSettings, flowSettingsSchema } from '@storelens/contracts';

/**
 * The flow configuration form (/settings/passengerFlow/flowConf): per-field rules are the
 * contracts schema's own, so the page says what the server would answer.
 */
export const FLOW_FIELD_SCHEMAS = {
  deepVisitMinutes: flowSettingsSchema.shape.deepVisitMinutes,
  depthBands: flowSettingsSchema.shape.depthBands.shape,
  activityBands: flowSettingsSchema.shape.activityBands.shape,
  timeToStoreMinutes: flowSettingsSchema.shape.timeToStoreMinutes,
} as const;

export type BandGroup = 'depthBands' | 'activityBands';

/** A copy of the defaults that a form may change (the contracts constant is read-only). */
export function defaultFlowSettings(): FlowSettings {
  return {
    deepVisitMinutes: FLOW_DEFAULTS.deepVisitMinutes,
    depthBands: { ...FLOW_DEFAULTS.depthBands },
    activityBands: { ...FLOW_DEFAULTS.activityBands },
    timeToStoreMinutes: FLOW_DEFAULTS.timeToStoreMinutes,
  };
}

/**
 * The contracts' ordering rule of one band group (light < moderate < deep; high < moderate < low)
 * as a message reference, or null. Only the group is judged: the other fields take their
 * defaults, and a group whose own fields fail their rules is left to those rules.
 */
export function bandOrderError<G extends BandGroup>(group: G, bands: Partial<FlowSettings[G]> | undefined): string | null {
  const candidate = { ...defaultFlowSettings(), [group]: { ...defaultFlowSettings()[group], ...bands } };
  const result = flowSettingsSchema.safeParse(candidate);
  if (result.success) return null;
  if (result.error.issues.some((issue) => issue.path.length > 1)) return null;
  return result.error.issues.find((issue) => issue.path.length === 1 && issue.path[0] === group)?.message ?? null;
}

export interface BandRange<Band extends string> {
  band: Band;
  from: number;
  /** Null: no upper end (deep visits). */
  to: number | null;
}

/**
 * What the depth bands mean, as the rollups apply them: light from `lightMinutes` up to
 * `moderateMinutes`, moderate up to `deepMinutes`, deep above it; shorter visits are in no band.
 */
export function depthBandRanges(bands: FlowSettings['depthBands']): BandRange<'light' | 'moderate' | 'deep'>[] {
  return [
    { band: 'light', from: bands.lightMinutes, to: bands.moderateMinutes },
    { band: 'moderate', from: bands.moderateMinutes, to: bands.deepMinutes },
    { band: 'deep', from: bands.deepMinutes, to: null },
  ];
}

/**
 * What the activity bands mean, as the activity analysis applies them: weeks since a visitor's
 * last visit, high from 0 up to `highWeeks`, moderate up to `moderateWeeks`, low up to `lowWeeks`
 * (visitors not seen for longer are not counted).
 */
export function activityBandRanges(bands: FlowSettings['activityBands']): BandRange<'high' | 'moderate' | 'low'>[] {
  return [
    { band: 'high', from: 0, to: bands.highWeeks },
    { band: 'moderate', from: bands.highWeeks, to: bands.moderateWeeks },
    { band: 'low', from: bands.moderateWeeks, to: bands.lowWeeks },
  ];
}

/** A group's meaning can be shown once its three numbers are there and in order. */
export function bandsReady<G extends BandGroup>(group: G, bands: Partial<FlowSettings[G]> | undefined): bands is FlowSettings[G] {
  if (!bands) return false;
  const given = bands as Record<string, unknown>;
  return Object.keys(defaultFlowSettings()[group]).every((key) => typeof given[key] === 'number') && bandOrderError(group, bands) === null;
}
