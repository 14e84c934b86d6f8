import type { Locale } from '@storelens/contracts';
import { Typography } from 'antd';
import { formatChange } from '../../../../shared/analytics/format.ts';

/** A signed change against the previous or base range: green up, red down, plain without one. */
export function ChangeText({ value, locale }: { value: number | null | undefined; locale: Locale }) {
  const type = value === null || value === undefined || value === 0 ? undefined : value > 0 ? 'success' : 'danger';
  return <Typography.Text type={type}>{formatChange(value, locale)}</Typography.Text>;
}
