import { BCP47, type Locale, MONEY_SALES_INDICATORS, minorUnitsOf, type SalesIndicator } from '@storelens/contracts';
import { formatIndicator } from '../../shared/analytics/format.ts';

/** An amount in its currency, with the currency's minor units (KRW, VND, JPY: none); missing `--`. */
export function formatMoney(value: number | null | undefined, currency: string, locale: Locale): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '--';
  const digits = minorUnitsOf(currency);
  return new Intl.NumberFormat(BCP47[locale], { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/**
 * A sales indicator as the pages show it: rates in percent (1 decimal), money in its currency
 * (the answer's `money.currency`) with that currency's minor units, counts grouped; missing `--`.
 * Without a currency the rules of formatIndicator apply, so the sales pages and the reports that
 * mix sales into traffic read alike.
 */
export function formatSalesIndicator(indicator: SalesIndicator, value: number | null | undefined, locale: Locale, currency?: string): string {
  if (currency && MONEY_SALES_INDICATORS.includes(indicator)) return formatMoney(value, currency, locale);
  return formatIndicator(indicator, value, locale);
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
