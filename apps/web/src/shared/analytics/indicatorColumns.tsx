import type { Indicator, Locale, ReportIndicator } from '@storelens/contracts';
import type { TableColumnType } from 'antd';
import { formatIndicator } from './format.ts';
import { indicatorTitle } from './IndicatorSelect.tsx';

export interface IndicatorColumnOptions<I extends ReportIndicator = Indicator> {
  /** Added to each title, e.g. ' (Daily average)' or a range. */
  titleSuffix?: string;
  /** Replaces the usual format of a value (formatIndicator). */
  format?(indicator: I, value: number | null | undefined): string;
}

/**
 * Table columns of indicators, titled as the Excel exports title them, values in the reader's
 * formats, sortable, numbers right-aligned. `readValue` reads a row's value of an indicator.
 */
export function indicatorColumns<Row, I extends ReportIndicator = Indicator>(
  indicators: readonly I[],
  t: (key: string) => string,
  locale: Locale,
  readValue: (row: Row, indicator: I) => number | null | undefined,
  options: IndicatorColumnOptions<I> = {},
): TableColumnType<Row>[] {
  const { titleSuffix = '', format = (indicator, value) => formatIndicator(indicator, value, locale) } = options;
  return indicators.map((indicator) => ({
    key: `${indicator}${titleSuffix}`,
    title: `${indicatorTitle(t, indicator)}${titleSuffix}`,
    align: 'right' as const,
    sorter: (a: Row, b: Row) => (readValue(a, indicator) ?? -1) - (readValue(b, indicator) ?? -1),
    render: (_: unknown, row: Row) => format(indicator, readValue(row, indicator)),
  }));
}
