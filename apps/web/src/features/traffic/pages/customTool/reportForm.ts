import {
  type DateRange,
  type Granularity,
  type ReportWithSalesDefinition as ReportDefinition,
  type ReportDimension,
  type ReportIndicator,
  type RollingRange,
  resolveRollingRange,
  type TreeNode,
} from '@storelens/contracts';
import { maxDaysFor } from '../../../../shared/analytics/dateRange.ts';
import { reconcileSelection, selectableShops } from '../../../../shared/analytics/shopSelection.ts';

/**
 * The custom report builder's choices (/customTool/analysis) and the saved definition they stand
 * for. A saved report restores every choice; shops that have since gone or left the user's scope
 * drop out (and the page says how many).
 */

export interface ReportForm {
  indicators: ReportIndicator[];
  dimension: ReportDimension;
  range: DateRange;
  shopIds: string[];
  /** A rolling range (issue 11): saved as the rule, its dates decided each time the report runs; null: fixed dates. */
  rolling: RollingRange | null;
}

/**
 * The dates the builder shows for a rolling rule, on the reader's today. The server decides the
 * dates the report runs for (in the shops' time zone) and answers them; these are the preview.
 */
export function rollingPreview(rule: RollingRange, today: string): DateRange {
  return resolveRollingRange(rule, today);
}

/** Dimensions in the order the builder lists them. */
export const DIMENSION_ORDER: readonly ReportDimension[] = ['shop', 'day', 'week', 'month', 'hour', 'shopDay'];

export const DEFAULT_REPORT_INDICATORS: readonly ReportIndicator[] = ['entries', 'captureRate', 'avgDwellMinutes'];

/** The granularity a dimension groups time by: shop and shop x day read daily figures. */
export function granularityOfDimension(dimension: ReportDimension): Granularity {
  return dimension === 'shop' || dimension === 'shopDay' ? 'day' : dimension;
}

/** The longest range the server runs a dimension for: by hour 31 days, by week or month 366, else 90. */
export function maxDaysForDimension(dimension: ReportDimension): number {
  return maxDaysFor(granularityOfDimension(dimension));
}

export const dimensionHasShop = (dimension: ReportDimension): boolean => dimension === 'shop' || dimension === 'shopDay';

/** Indicators as picked, each once: the order picked is the order of the table's columns. */
export function uniqueIndicators(indicators: readonly ReportIndicator[]): ReportIndicator[] {
  return [...new Set(indicators)];
}

/** The definition the server runs and saves. Shops are always named: a report keeps to the shops it was built on. */
export function definitionOf(form: ReportForm): ReportDefinition {
  return {
    indicators: uniqueIndicators(form.indicators),
    dimension: form.dimension,
    startDate: form.range.startDate,
    endDate: form.range.endDate,
    shopIds: [...form.shopIds],
    ...(form.rolling ? { rolling: form.rolling } : {}),
  };
}

export interface RestoredForm {
  form: ReportForm;
  /** Saved shops that are no longer selectable (closed and hidden, deleted, out of scope). */
  droppedShops: number;
}

/**
 * The builder's choices of a saved definition, made valid for the shop tree as it is now. A
 * definition without shops (every shop the user may see) selects them all.
 */
export function formOfDefinition(definition: ReportDefinition, tree: readonly TreeNode[], hideClosed: boolean): RestoredForm {
  const saved = definition.shopIds && definition.shopIds.length > 0 ? definition.shopIds : selectableShops(tree, hideClosed).map((shop) => shop.shopId);
  const shopIds = reconcileSelection(saved, tree, 'multiple', hideClosed);
  return {
    form: {
      indicators: uniqueIndicators(definition.indicators),
      dimension: definition.dimension,
      range: { startDate: definition.startDate, endDate: definition.endDate },
      shopIds,
      rolling: definition.rolling ?? null,
    },
    droppedShops: new Set(saved).size - shopIds.length,
  };
}

/**
 * Two definitions give the same table (the order of shops does not matter; the order of
 * indicators, the columns, does). Two with the same rolling rule are the same whatever dates they
 * showed: the rule decides.
 */
export function sameDefinition(a: ReportDefinition, b: ReportDefinition): boolean {
  const shops = (definition: ReportDefinition) => [...(definition.shopIds ?? [])].sort().join(',');
  const sameDates = a.rolling || b.rolling ? a.rolling === b.rolling : a.startDate === b.startDate && a.endDate === b.endDate;
  return a.dimension === b.dimension && sameDates && a.indicators.join(',') === b.indicators.join(',') && shops(a) === shops(b);
}
