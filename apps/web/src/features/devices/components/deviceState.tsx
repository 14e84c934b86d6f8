import type { DeviceStatus } from '@storelens/contracts';
import { type DescriptionsProps, type TableColumnsType, Tag } from 'antd';
import type { TFunction } from 'i18next';
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

/** Table columns for a device's state: last report, activation, working, status and since when. */
export function deviceStateColumns<Row extends DeviceState>(t: TFunction, statusTestId?: (row: Row) => string): TableColumnsType<Row> {
  return [
    { title: t('devices:fields.lastReportAt'), dataIndex: 'lastReportAt', width: 170, render: formatDeviceTime },
    {
      title: t('devices:fields.activation'),
      dataIndex: 'activated',
      width: 120,
      render: (activated: boolean) => <ActivationTag activated={activated} t={t} />,
    },
    { title: t('devices:fields.working'), dataIndex: 'working', width: 110, render: (working: boolean) => <WorkingTag working={working} t={t} /> },
    {
      title: t('devices:fields.status'),
      dataIndex: 'status',
      width: 120,
      render: (_value, row) => <DeviceStatusTag status={row.status} testId={statusTestId?.(row)} />,
    },
    { title: t('devices:fields.lastStatusAt'), dataIndex: 'lastStatusAt', width: 170, render: formatDeviceTime },
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
