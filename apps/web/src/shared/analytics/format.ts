import { BCP47, type Locale, REPORT_RATE_INDICATORS, type ReportIndicator } from '@storelens/contracts';

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
  // Units may be decimal (kilograms of produce): up to the 3 decimals the POS file allows.
  if (indicator === 'units' && !isMissing(value) && !Number.isInteger(value)) return formatNumber(value, locale, 3);
  return formatNumber(value, locale);
}

/** Date and time of a data update in the reader's language and time zone (the breadcrumb's 'Data Update Time'). */
export function formatDateTime(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return NO_VALUE;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return NO_VALUE;
  return new Intl.DateTimeFormat(BCP47[locale], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(date);
}
