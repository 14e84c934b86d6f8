import {
  type DateRange,
  type Granularity,
  INDICATORS,
  type Indicator,
  isSalesReportIndicator,
  type MoneyInfo,
  type PartialReportValues,
  type ReportIndicator,
  type SalesReportIndicator,
} from '@storelens/contracts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { indicatorValues, type Sums } from './metrics.ts';

/** How a report groups figures: the total, by shop, by shop and day, or a period of the trend's granularity (keys as the traffic buckets). */
export type FigureGrouping = 'total' | 'shop' | 'shopDay' | Granularity;

/** Extra indicators' values per key of a grouping: '' for the total, a shop id, 'shopId|date', or a bucket key. */
export interface ExtraFigures {
  /** The values of a key; a key without data answers what no data gives (no sales: 0, no conversion rate: null). */
  valuesOf(key: string): PartialReportValues;
  /** What the money figures are in (asked after the values were read: it lists the rates used), when money was asked for. */
  money?(): MoneyInfo;
}

/**
 * The indicators beside traffic's own that the four-quadrant analysis and custom reports offer
 * (the sales indicators of contracts' REPORT_INDICATORS). Traffic says what it needs; the sales
 * module implements it and app.ts hands it in, so traffic never imports sales (sales depends on
 * traffic, for conversion, and not the other way round).
 */
export interface ExtraIndicatorSource {
  /** Refuses a caller who may not see these figures. */
  authorize(actor: CustomerActor): void;
  figuresBy(
    customerId: string,
    shopIds: readonly string[],
    range: DateRange,
    indicators: readonly SalesReportIndicator[],
    grouping: FigureGrouping,
  ): Promise<ExtraFigures>;
}

/** What a question without extra indicators reads from them: nothing. */
const NO_EXTRA_FIGURES: ExtraFigures = { valuesOf: () => ({}) };

/** The extra indicators' figures, read only when a question asks for some (after the caller's access was checked). */
export function extraFiguresOf(
  source: ExtraIndicatorSource,
  customerId: string,
  shopIds: readonly string[],
  range: DateRange,
  extra: readonly SalesReportIndicator[],
  grouping: FigureGrouping,
): Promise<ExtraFigures> {
  return extra.length > 0 ? source.figuresBy(customerId, shopIds, range, extra, grouping) : Promise.resolve(NO_EXTRA_FIGURES);
}

/** A report's indicators split into traffic's own and the extra ones. */
export function splitIndicators(indicators: readonly ReportIndicator[]): { traffic: Indicator[]; extra: SalesReportIndicator[] } {
  return {
    traffic: indicators.filter((indicator): indicator is Indicator => (INDICATORS as readonly string[]).includes(indicator)),
    extra: indicators.filter(isSalesReportIndicator),
  };
}

/**
 * The values of a report row: traffic indicators from traffic sums, the extra ones from their
 * figures. `noTrafficData`: no device reported in the row, so its traffic indicators are null (no
 * data is not zero, issue 11); the extra ones are their source's.
 */
export function reportValues(
  indicators: readonly ReportIndicator[],
  traffic: Sums,
  extra: ExtraFigures,
  key: string,
  noTrafficData = false,
): PartialReportValues {
  const own = splitIndicators(indicators).traffic;
  const trafficValues = noTrafficData ? Object.fromEntries(own.map((indicator) => [indicator, null])) : indicatorValues(own, traffic);
  return { ...trafficValues, ...extra.valuesOf(key) };
}
