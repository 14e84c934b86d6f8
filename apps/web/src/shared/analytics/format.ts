import { BCP47, type Locale, REPORT_RATE_INDICATORS, type ReportIndicator } from '@storelens/contracts';
import { formatDateTime as formatLocalDateTime } from '../lib/dateTime.ts';

/**
 * Number formatting of the analytics pages in the reader's language. A missing value (a rate
 * whose denominator is 0, no data) shows as '--', never as 0.
 */

export const NO_VALUE = '--';

const isMissing = (value: number | null | undefined): value is null | undefined => value === null || value === undefined || Number.isNaN(value);

/** Rates are fractions (0.123); shown as percentages with 1 decimal by default (spec section 9). */
export function formatPercent(value: number | null | undefined, locale: Locale, digits = 1): string {
  if (isMissing(value)) return NO_VALUE;
  return new Intl.NumberFormat(BCP47[locale], { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** Counts with grouping (12,345); `digits` decimals for averages. */
export function formatNumber(value: number | null | undefined, locale: Locale, digits = 0): string {
  if (isMissing(value)) return NO_VALUE;
  return new Intl.NumberFormat(BCP47[locale], { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** A change against a previous value, signed: +12.3% / -4.0%. */
export function formatChange(value: number | null | undefined, locale: Locale, digits = 1): string {
  if (isMissing(value)) return NO_VALUE;
  return new Intl.NumberFormat(BCP47[locale], {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: 'exceptZero',
  }).format(value);
}

/**
 * Percentage points, as each language writes them: a change of a rate is a difference of
 * percentages (27.3% -> 29.6% is +2.3 pp), not a relative change of the rate (+8.4%), which reads
 * as if traffic had grown.
 */
const POINTS: Record<Locale, string> = { en: ' pp', zh: '个百分点', kr: '%p', jp: 'ポイント' };

/** The difference of two rates (fractions) in percentage points, signed: +2.3 pp, -0.4个百分点. */
export function formatPointChange(delta: number | null | undefined, locale: Locale, digits = 1): string {
  if (isMissing(delta)) return NO_VALUE;
  const points = new Intl.NumberFormat(BCP47[locale], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: 'exceptZero',
  }).format(delta * 100);
  return `${points}${POINTS[locale]}`;
}

/**
 * The change of an indicator from `previous` to `current` as it should be read: rates in
 * percentage points (their difference), everything else relative (`relative`, the server's
 * (current - previous) / previous). Missing either value: --.
 */
export function formatIndicatorChange(
  indicator: ReportIndicator,
  previous: number | null | undefined,
  current: number | null | undefined,
  relative: number | null | undefined,
  locale: Locale,
): string {
  if (isRateIndicator(indicator)) return formatPointChange(isMissing(previous) || isMissing(current) ? null : current - previous, locale);
  return formatChange(relative, locale);
}

/** The number a change sorts and colours by: the difference for rates, the relative change otherwise. */
export function indicatorChangeValue(
  indicator: ReportIndicator,
  previous: number | null | undefined,
  current: number | null | undefined,
  relative: number | null | undefined,
): number | null {
  if (isRateIndicator(indicator)) return isMissing(previous) || isMissing(current) ? null : current - previous;
  return isMissing(relative) ? null : relative;
}

// Languages written without spaces between a number's parts.
const UNSPACED: readonly Locale[] = ['zh', 'jp'];

/**
 * A stay in seconds, in the reader's units: '12 min 30 sec', '12分钟30秒', '1 hr 5 min'. Seconds
 * are dropped from an hour on, and rounded to whole seconds below it.
 */
export function formatDuration(seconds: number | null | undefined, locale: Locale): string {
  if (isMissing(seconds)) return NO_VALUE;
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(BCP47[locale], { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const parts =
    hours > 0
      ? [unit(hours, 'hour'), ...(minutes > 0 ? [unit(minutes, 'minute')] : [])]
      : minutes > 0
        ? [unit(minutes, 'minute'), ...(rest > 0 ? [unit(rest, 'second')] : [])]
        : [unit(rest, 'second')];
  // Japanese writes '12 分'; in a compound stay the parts read better unspaced: 12分30秒.
  return UNSPACED.includes(locale) ? parts.join('').replace(/\s+/g, '') : parts.join(' ');
}

export function isRateIndicator(indicator: ReportIndicator): boolean {
  return REPORT_RATE_INDICATORS.includes(indicator);
}

/** Money and per-order ratios of sales carry two decimals (the currency's cents). */
const TWO_DECIMAL_INDICATORS: readonly ReportIndicator[] = [
  'netSales',
  'avgTransactionValue',
  'unitsPerTransaction',
  'salesPerVisitor',
  'netSalesPerSqm',
  'entriesPerSqm',
];

/**
 * An indicator's value as the pages show it: rates in percent, stays as durations, money with
 * cents, counts grouped. Sales indicators read the same on the sales pages and in the reports.
 */
export function formatIndicator(indicator: ReportIndicator, value: number | null | undefined, locale: Locale): string {
  if (isRateIndicator(indicator)) return formatPercent(value, locale);
  if (indicator === 'avgDwellMinutes') return formatDuration(isMissing(value) ? value : value * 60, locale);
  if (TWO_DECIMAL_INDICATORS.includes(indicator)) return formatNumber(value, locale, 2);
  if (indicator === 'units') return formatUnits(value, locale);
  return formatNumber(value, locale);
}

/**
 * Units sold. Most are pieces (whole numbers); a POS file may sell by weight with up to 3 decimals,
 * and a sum such as 609.167 then reads as a measurement error: one decimal says 'about 609.2'
 * without pretending to gram precision, and whole sums stay whole (609, not 609.0).
 */
export function formatUnits(value: number | null | undefined, locale: Locale): string {
  if (isMissing(value)) return NO_VALUE;
  return new Intl.NumberFormat(BCP47[locale], { minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(value);
}

/** Date and time of a data update in the reader's language and time zone (the breadcrumb's 'Data Update Time'). */
export function formatDateTime(iso: string | null | undefined, locale: Locale): string {
  return formatLocalDateTime(iso, locale);
}
