import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A figure that may be missing (issue 11: no data is not zero): the formatted value, or the
 * missing mark with the reason on hover (the store's devices did not report).
 */
export function MaybeMissing({ value, text, reason }: { value: number | null | undefined; text: string; reason?: string }) {
  const { t } = useTranslation();
  if (value !== null && value !== undefined) return <>{text}</>;
  return (
    <Tooltip title={reason ?? t('analytics:completeness.noData')}>
      <Typography.Text type="secondary" data-testid="no-data">
        —
      </Typography.Text>
    </Tooltip>
  );
}
