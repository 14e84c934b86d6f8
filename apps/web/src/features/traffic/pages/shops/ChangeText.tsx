import type { Locale, ReportIndicator } from '@storelens/contracts';
import { Typography } from 'antd';
import { formatIndicatorChange, indicatorChangeValue } from '../../../../shared/analytics/format.ts';

export interface ChangeTextProps {
  indicator: ReportIndicator;
  previous: number | null | undefined;
  current: number | null | undefined;
  /** The server's relative change ((current - previous) / previous). */
  relative: number | null | undefined;
  locale: Locale;
}

/**
 * A signed change against the previous or base range: green up, red down, plain without one.
 * Rates change in percentage points, other indicators relatively (formatIndicatorChange).
 */
export function ChangeText({ indicator, previous, current, relative, locale }: ChangeTextProps) {
  const value = indicatorChangeValue(indicator, previous, current, relative);
  const type = value === null || value === 0 ? undefined : value > 0 ? 'success' : 'danger';
  return <Typography.Text type={type}>{formatIndicatorChange(indicator, previous, current, relative, locale)}</Typography.Text>;
}
