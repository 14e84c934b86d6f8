import { type Locale, SALES_RATE_INDICATORS, type SalesIndicator } from '@storelens/contracts';
import { formatNumber, formatPercent } from '../../shared/analytics/format.ts';

/** Money and per-order ratios carry two decimals (the currency's cents); counts none. */
const TWO_DECIMALS: readonly SalesIndicator[] = ['netSales', 'avgTransactionValue', 'unitsPerTransaction', 'salesPerVisitor'];

/** A sales indicator as the pages show it: rates in percent (1 decimal), money with cents, counts grouped; missing `--`. */
export function formatSalesIndicator(indicator: SalesIndicator, value: number | null | undefined, locale: Locale): string {
  if (SALES_RATE_INDICATORS.includes(indicator)) return formatPercent(value, locale);
  if (TWO_DECIMALS.includes(indicator)) return formatNumber(value, locale, 2);
  // Units may be decimal (kilograms of produce): up to the 3 decimals the POS file allows.
  if (indicator === 'units' && value !== null && value !== undefined && !Number.isInteger(value)) return formatNumber(value, locale, 3);
  return formatNumber(value, locale);
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A file size in the largest unit that keeps it at or above 1 ('1.5 MB'). */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}
