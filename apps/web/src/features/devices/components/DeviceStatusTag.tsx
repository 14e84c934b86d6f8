import type { DeviceStatus } from '@storelens/contracts';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';

const BADGES: Record<DeviceStatus, 'success' | 'error' | 'default' | 'warning'> = {
  online: 'success',
  offline: 'error',
  inactive: 'default',
  disabled: 'warning',
};

/** Online, offline, inactive (never reported) or disabled (cameras only). */
export function DeviceStatusTag({ status, testId }: { status: DeviceStatus; testId?: string }) {
  const { t } = useTranslation();
  return <Badge status={BADGES[status]} text={t(`devices:status.${status}`)} data-testid={testId} />;
}
