import type { DeviceStatus } from '@storelens/contracts';
import { type DescriptionsProps, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { StackedCell } from '../../../shared/ui/TableCells.tsx';
import { DeviceStatusTag } from './DeviceStatusTag.tsx';
import { formatDeviceTime } from './deviceTime.ts';

/** What boxes and cameras both report: the columns and detail fields derived from it read the same everywhere. */
export interface DeviceState {
  status: DeviceStatus;
  lastStatusAt: string | null;
  lastReportAt: string | null;
  activated: boolean;
  working: boolean;
}

function ActivationTag({ activated, t }: { activated: boolean; t: TFunction }) {
  return <Tag color={activated ? 'blue' : 'default'}>{activated ? t('devices:activated') : t('devices:notActivated')}</Tag>;
}

function WorkingTag({ working, t }: { working: boolean; t: TFunction }) {
  return <Tag color={working ? 'green' : 'default'}>{working ? t('devices:working') : t('devices:notWorking')}</Tag>;
}

/**
 * Table columns for a device's state: the last report, and the online status with activation,
 * working and the time of the last status under it (two columns where there were five, so device
 * tables fit 1440 px; the detail pages list each field on its own).
 */
export function deviceStateColumns<Row extends DeviceState>(t: TFunction, statusTestId?: (row: Row) => string): TableColumnsType<Row> {
  return [
    { title: t('devices:fields.lastReportAt'), dataIndex: 'lastReportAt', width: 150, render: formatDeviceTime },
    {
      title: t('devices:fields.status'),
      dataIndex: 'status',
      width: 150,
      render: (_value, row) => (
        <StackedCell
          primary={
            <Space size={[0, 4]} wrap>
              <DeviceStatusTag status={row.status} testId={statusTestId?.(row)} />
              <ActivationTag activated={row.activated} t={t} />
              <WorkingTag working={row.working} t={t} />
            </Space>
          }
          secondary={row.lastStatusAt ? <Tooltip title={t('devices:fields.lastStatusAt')}>{formatDeviceTime(row.lastStatusAt)}</Tooltip> : undefined}
        />
      ),
    },
  ];
}

/** The same state as detail-page fields. */
export function deviceStateItems(t: TFunction, row: DeviceState, statusTestId: string): NonNullable<DescriptionsProps['items']> {
  return [
    { key: 'status', label: t('devices:fields.status'), children: <DeviceStatusTag status={row.status} testId={statusTestId} /> },
    { key: 'lastStatus', label: t('devices:fields.lastStatusAt'), children: formatDeviceTime(row.lastStatusAt) },
    { key: 'lastReport', label: t('devices:fields.lastReportAt'), children: formatDeviceTime(row.lastReportAt) },
    { key: 'activation', label: t('devices:fields.activation'), children: <ActivationTag activated={row.activated} t={t} /> },
    { key: 'working', label: t('devices:fields.working'), children: <WorkingTag working={row.working} t={t} /> },
  ];
}
