import {
  AGE_BANDS,
  type AgeBand,
  DWELL_BUCKETS,
  type FlowSettings,
  type Gender,
  INDICATORS,
  type Indicator,
  type IndicatorValues,
  type PartialIndicatorValues,
} from '@storelens/contracts';
import { ratio } from '../../platform/analytics/ratios.ts';
import type { EntranceMetricColumn, ShopMetricColumn, ShopMetrics } from '../../platform/db/schema.ts';

/**
 * The additive columns of every shop rollup (hour, day, week, month). Every indicator on screen is
 * computed from sums of these, so any grouping (shops, periods) adds rows and computes once.
 */
export const SHOP_METRIC_COLUMNS = [
  'entries',
  'exits',
  'passersby',
  'staff_entries',
  'visits',
  'new_visits',
  'repeat_visits',
  'staff_visits',
  'dwell_sum_s',
  'deep_visits',
  'depth_light',
  'depth_moderate',
  'depth_deep',
  'dwell_b0',
  'dwell_b1',
  'dwell_b2',
  'dwell_b3',
  'dwell_b4',
  'dwell_b5',
  'dwell_b6',
  'gender_male',
  'gender_female',
  'gender_unknown',
  'age_0',
  'age_1',
  'age_2',
  'age_3',
  'age_4',
  'age_5',
  'age_6',
] as const satisfies readonly ShopMetricColumn[];
export const ENTRANCE_METRIC_COLUMNS = ['entries', 'exits', 'passersby', 'staff_entries'] as const satisfies readonly EntranceMetricColumn[];

// Both lists must name every column of their type: a column added to the schema but not here fails to compile.
type Missing<All, Listed> = Exclude<All, Listed>;
const _allShopColumns: Missing<ShopMetricColumn, (typeof SHOP_METRIC_COLUMNS)[number]> extends never ? true : never = true;
void _allShopColumns;

export const DWELL_BUCKET_COLUMNS = ['dwell_b0', 'dwell_b1', 'dwell_b2', 'dwell_b3', 'dwell_b4', 'dwell_b5', 'dwell_b6'] as const;
export const GENDER_COLUMNS: Record<Gender, ShopMetricColumn> = { male: 'gender_male', female: 'gender_female', unknown: 'gender_unknown' };
export const AGE_COLUMNS = ['age_0', 'age_1', 'age_2', 'age_3', 'age_4', 'age_5', 'age_6'] as const;

export type Sums = Partial<Record<ShopMetricColumn, number>>;

export function emptyMetrics(): ShopMetrics {
  return Object.fromEntries(SHOP_METRIC_COLUMNS.map((column) => [column, 0])) as ShopMetrics;
}

export function addInto(target: Sums, source: Sums, sign = 1): void {
  // for-in rather than Object.entries: this runs for every event at ingest.
  for (const column in source) {
    const value = source[column as ShopMetricColumn];
    if (value) target[column as ShopMetricColumn] = (target[column as ShopMetricColumn] ?? 0) + sign * value;
  }
}

/** What the rollups need to know about a visit. */
export interface VisitFacts {
  dwellSeconds: number;
  isStaff: boolean;
  isNew: boolean;
  gender: Gender;
  ageBand: AgeBand;
}

/**
 * A visit's contribution to a rollup row. Staff visits count only as staff visits: customer
 * metrics leave them out. Deep visits and depth bands use the customer's flow configuration in
 * force at ingest (a rebuild applies the configuration in force then).
 */
export function visitContribution(visit: VisitFacts, flow: Pick<FlowSettings, 'deepVisitMinutes' | 'depthBands'>): Sums {
  if (visit.isStaff) return { staff_visits: 1 };
  const minutes = visit.dwellSeconds / 60;
  const sums: Sums = {
    visits: 1,
    [visit.isNew ? 'new_visits' : 'repeat_visits']: 1,
    dwell_sum_s: visit.dwellSeconds,
    [GENDER_COLUMNS[visit.gender]]: 1,
    [AGE_COLUMNS[AGE_BANDS.indexOf(visit.ageBand)] ?? 'age_6']: 1,
  };
  if (minutes >= flow.deepVisitMinutes) sums.deep_visits = 1;
  const bands = flow.depthBands;
  if (minutes > bands.deepMinutes) sums.depth_deep = 1;
  else if (minutes >= bands.moderateMinutes) sums.depth_moderate = 1;
  else if (minutes >= bands.lightMinutes) sums.depth_light = 1;
  const bucket = DWELL_BUCKETS.findIndex((b) => minutes >= b.min && minutes < b.max);
  sums[DWELL_BUCKET_COLUMNS[bucket < 0 ? DWELL_BUCKET_COLUMNS.length - 1 : bucket] ?? 'dwell_b6'] = 1;
  return sums;
}

/** Changing a rolled-up visit from new to repeat (a late event revealed an earlier visit). */
export const NEW_TO_REPEAT: Sums = { new_visits: -1, repeat_visits: 1 };

// ---------------------------------------------------------------- indicators from sums

/** The columns an indicator is computed from: queries sum only these. */
export const INDICATOR_COLUMNS: Record<Indicator, readonly ShopMetricColumn[]> = {
  entries: ['entries'],
  exits: ['exits'],
  passersby: ['passersby'],
  captureRate: ['entries', 'passersby'],
  visits: ['visits'],
  newVisitors: ['new_visits'],
  repeatVisitors: ['repeat_visits'],
  repeatRate: ['new_visits', 'repeat_visits'],
  avgDwellMinutes: ['dwell_sum_s', 'visits'],
  deepVisits: ['deep_visits'],
  deepVisitRate: ['deep_visits', 'visits'],
};

export function columnsFor(indicators: readonly Indicator[]): ShopMetricColumn[] {
  return [...new Set(indicators.flatMap((indicator) => INDICATOR_COLUMNS[indicator]))];
}

export function indicatorValue(indicator: Indicator, sums: Sums): number | null {
  const v = (column: ShopMetricColumn) => sums[column] ?? 0;
  switch (indicator) {
    case 'entries':
    case 'exits':
    case 'passersby':
    case 'visits':
      return v(indicator);
    case 'newVisitors':
      return v('new_visits');
    case 'repeatVisitors':
      return v('repeat_visits');
    case 'deepVisits':
      return v('deep_visits');
    case 'captureRate':
      return ratio(v('entries'), v('entries') + v('passersby'));
    case 'repeatRate':
      return ratio(v('repeat_visits'), v('new_visits') + v('repeat_visits'));
    case 'avgDwellMinutes': {
      const seconds = ratio(v('dwell_sum_s'), v('visits'));
      return seconds === null ? null : seconds / 60;
    }
    case 'deepVisitRate':
      return ratio(v('deep_visits'), v('visits'));
  }
}

export function indicatorValues(indicators: readonly Indicator[], sums: Sums): PartialIndicatorValues {
  return Object.fromEntries(indicators.map((indicator) => [indicator, indicatorValue(indicator, sums)]));
}

export function allIndicatorValues(sums: Sums): IndicatorValues {
  return Object.fromEntries(INDICATORS.map((indicator) => [indicator, indicatorValue(indicator, sums)])) as IndicatorValues;
}

/** Indicators whose period value is a count: a daily average of them makes sense. */
export function isCount(indicator: Indicator): boolean {
  return !['captureRate', 'repeatRate', 'avgDwellMinutes', 'deepVisitRate'].includes(indicator);
}
