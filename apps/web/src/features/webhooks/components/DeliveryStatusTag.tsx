import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS = { pending: 'processing', succeeded: 'success', failed: 'error' } as const;

/** A delivery's state: sending (with retries to come), delivered, or failed for good. */
export function DeliveryStatusTag({ status, testId }: { status: 'pending' | 'succeeded' | 'failed'; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[status]} data-testid={testId}>
      {t(`webhooks:status.${status}`)}
    </Tag>
  );
}
