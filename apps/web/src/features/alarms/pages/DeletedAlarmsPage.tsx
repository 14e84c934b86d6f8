import { ALARM_DELETE_REASONS, type AlarmDeletedRow, type AlarmDeleteReason } from '@storelens/contracts';
import { App, Button, Card, Flex, Popconfirm, Select, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { ListFilters, useTablePagination } from '../../../shared/ui/ListControls.tsx';
import { useCan } from '../../session/hooks/useCan.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { actOnAlarm, useAlarmRefresh, useDeletedAlarms } from '../api.ts';
import { AlarmDateRange, AlarmStoreSelect, useAlarmListFilters } from '../components/AlarmFilters.tsx';
import { PriorityTag } from '../components/PriorityTag.tsx';
import { alarmDetailPath } from '../routes.tsx';

const ALL = '';

/**
 * /eventDebugDel (inner operation): the deleted alarms of the caller's stores, with the reason, who
 * deleted them and when; restoring one brings it back to the alarm events (its history says so).
 */
export function DeletedAlarmsPage() {
  const { t } = useTranslation('alarms');
  const { message } = App.useApp();
  const locale = useSessionStore((state) => state.locale);
  const canRestore = useCan('alert_delete') === 'shown';
  const refresh = useAlarmRefresh();
  const common = useAlarmListFilters();
  const [reason, setReason] = useState<AlarmDeleteReason | typeof ALL>(ALL);
  const filter = { ...common.request, ...(reason ? { deleteReason: reason } : {}) };
  const paging = usePaging(JSON.stringify(filter));
  const list = useDeletedAlarms({ ...filter, page: paging.page, pageSize: paging.pageSize });
  const pagination = useTablePagination(paging, list.data?.total ?? 0);

  const restore = async (row: AlarmDeletedRow) => {
    await actOnAlarm({ alarmId: row.alarmId, action: 'restore' });
    void message.success(t('deleted.restored'));
    await refresh();
  };

  const columns: TableColumnsType<AlarmDeletedRow> = [
    {
      key: 'event',
      title: t('columns.event'),
      render: (_, row) => <Link to={alarmDetailPath(row.alarmId)}>{row.count > 1 ? `${row.eventName} ×${row.count}` : row.eventName}</Link>,
    },
    { key: 'store', title: t('columns.store'), width: 170, render: (_, row) => row.shopName },
    { key: 'camera', title: t('columns.camera'), width: 140, render: (_, row) => row.cameraName ?? '' },
    {
      key: 'priority',
      title: t('columns.priority'),
      width: 90,
      render: (_, row) => <PriorityTag priority={row.priority} />,
    },
    { key: 'occurred', title: t('columns.time'), width: 160, render: (_, row) => formatDateTime(row.occurredAt, locale) },
    {
      key: 'reason',
      title: t('detail.deleteReason'),
      width: 200,
      render: (_, row) => (
        <Flex vertical>
          <span data-testid={`deleted-reason-${row.alarmId}`}>{row.deleteReason ? t(`deleteReason.${row.deleteReason}`) : ''}</span>
          {row.remark ? <Typography.Text type="secondary">{row.remark}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      key: 'deleted',
      title: t('deleted.by'),
      width: 190,
      render: (_, row) => (
        <Flex vertical>
          <span>{row.deletedByName ?? t('detail.system')}</span>
          {row.deletedAt ? <Typography.Text type="secondary">{formatDateTime(row.deletedAt, locale)}</Typography.Text> : null}
        </Flex>
      ),
    },
    ...(canRestore
      ? [
          {
            key: 'restore',
            title: t('common:actions'),
            width: 100,
            render: (_: unknown, row: AlarmDeletedRow) => (
              <Popconfirm title={t('deleted.restoreConfirm')} onConfirm={() => restore(row)}>
                <Button size="small" data-testid={`deleted-restore-${row.alarmId}`}>
                  {t('action.restore')}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card size="small" data-testid="deleted-alarms">
      <ListFilters>
        <AlarmStoreSelect value={common.shopIds} onChange={common.setShopIds} />
        <Select
          value={reason}
          onChange={setReason}
          options={[{ value: ALL, label: t('deleted.allReasons') }, ...ALARM_DELETE_REASONS.map((value) => ({ value, label: t(`deleteReason.${value}`) }))]}
          aria-label={t('detail.deleteReason')}
          style={{ width: 170 }}
          data-testid="deleted-reason-filter"
        />
        <AlarmDateRange value={common.dates} onChange={common.setDates} />
      </ListFilters>
      <Table<AlarmDeletedRow>
        rowKey="alarmId"
        size="small"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={pagination}
        data-testid="deleted-table"
      />
    </Card>
  );
}
