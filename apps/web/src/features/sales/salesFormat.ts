import type { Locale, SalesIndicator } from '@storelens/contracts';
import { formatIndicator } from '../../shared/analytics/format.ts';

/**
 * A sales indicator as the pages show it: rates in percent (1 decimal), money with cents, counts
 * grouped; missing `--`. The rules live with every indicator's in formatIndicator, so the sales
 * pages and the reports that mix sales into traffic read alike.
 */
export function formatSalesIndicator(indicator: SalesIndicator, value: number | null | undefined, locale: Locale): string {
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
