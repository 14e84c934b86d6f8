import type { Indicator, Locale } from '@storelens/contracts';
import type { TableColumnType } from 'antd';
import { formatIndicator } from './format.ts';
import { indicatorLabel } from './IndicatorSelect.tsx';

export interface IndicatorColumnOptions {
  /** Added to each title, e.g. ' (Daily average)' or a range. */
  titleSuffix?: string;
  /** Replaces the usual format of a value (formatIndicator). */
  format?(indicator: Indicator, value: number | null | undefined): string;
}

/**
 * Table columns of indicators, titled as the Excel exports title them, values in the reader's
 * formats, sortable, numbers right-aligned. `readValue` reads a row's value of an indicator.
 */
export function indicatorColumns<Row>(
  indicators: readonly Indicator[],
  t: (key: string) => string,
  locale: Locale,
  readValue: (row: Row, indicator: Indicator) => number | null | undefined,
  options: IndicatorColumnOptions = {},
): TableColumnType<Row>[] {
  const { titleSuffix = '', format = (indicator, value) => formatIndicator(indicator, value, locale) } = options;
  return indicators.map((indicator) => ({
    key: `${indicator}${titleSuffix}`,
    title: `${indicatorLabel(t, indicator)}${titleSuffix}`,
    align: 'right' as const,
    sorter: (a: Row, b: Row) => (readValue(a, indicator) ?? -1) - (readValue(b, indicator) ?? -1),
    render: (_: unknown, row: Row) => format(indicator, readValue(row, indicator)),
  }));
}
