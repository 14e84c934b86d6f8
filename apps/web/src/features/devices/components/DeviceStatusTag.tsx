import { DEVICE_STATUSES, type DeviceStatus } from '@storelens/contracts';
import { Badge, Select } from 'antd';
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

/** The status filter of a device list; boxes cannot be disabled, so their list leaves that choice out. */
export function DeviceStatusFilter(props: {
  value: DeviceStatus | 'all';
  onChange(value: DeviceStatus | 'all'): void;
  withDisabled: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Select<DeviceStatus | 'all'>
      value={props.value}
      onChange={props.onChange}
      style={{ width: 150 }}
      aria-label={t('devices:fields.status')}
      options={[
        { value: 'all', label: t('devices:status.all') },
        ...DEVICE_STATUSES.filter((value) => props.withDisabled || value !== 'disabled').map((value) => ({ value, label: t(`devices:status.${value}`) })),
      ]}
      data-testid={props.testId}
    />
  );
}
