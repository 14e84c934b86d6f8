import { ALARM_REPORT_OUTCOMES, type AlarmDebugRow, type AlarmReportOutcome } from '@storelens/contracts';
import { Card, Input, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { ListFilters, useTablePagination } from '../../../shared/ui/ListControls.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { useAlarmDebugList } from '../api.ts';
import { AlarmDateRange, AlarmStoreSelect, useAlarmListFilters } from '../components/AlarmFilters.tsx';
import { PriorityTag } from '../components/PriorityTag.tsx';
import { alarmDebugDetailPath } from '../routes.tsx';

export const OUTCOME_COLOR: Record<AlarmReportOutcome, string> = { raised: 'blue', folded: 'purple', ignoredClosed: 'default' };

/**
 * /eventDebug (inner operation): every alarm report as a box sent it, newest received first,
 * whatever became of it: raised an alarm, folded into an earlier one, or filtered by the system;
 * with the alarm's state now (deleted ones too). A row opens the raw payload and processing steps.
 */
export function EventDebugPage() {
  const { t } = useTranslation('alarms');
  const locale = useSessionStore((state) => state.locale);
  const common = useAlarmListFilters();
  const [outcomes, setOutcomes] = useState<AlarmReportOutcome[]>([]);
  const [eventCode, setEventCode] = useState('');
  const code = useDebouncedValue(eventCode.trim(), 500);
  const filter = { ...common.request, ...(outcomes.length > 0 ? { outcomes } : {}), ...(code ? { eventCode: code } : {}) };
  const paging = usePaging(JSON.stringify(filter));
  const list = useAlarmDebugList({ ...filter, page: paging.page, pageSize: paging.pageSize });
  const pagination = useTablePagination(paging, list.data?.total ?? 0);

  const columns: TableColumnsType<AlarmDebugRow> = [
    {
      key: 'received',
      title: t('debug.received'),
      width: 170,
      render: (_, row) => (
        <Link to={alarmDebugDetailPath(row.reportId)} data-testid={`debug-row-${row.reportId}`}>
          {formatDateTime(row.receivedAt, locale)}
        </Link>
      ),
    },
    { key: 'store', title: t('columns.store'), width: 170, render: (_, row) => row.shopName },
    { key: 'camera', title: t('columns.camera'), width: 150, render: (_, row) => row.cameraName ?? '' },
    { key: 'code', title: t('debug.eventCode'), width: 140, render: (_, row) => <Typography.Text code>{row.eventCode}</Typography.Text> },
    {
      key: 'priority',
      title: t('columns.priority'),
      width: 90,
      render: (_, row) => <PriorityTag priority={row.priority} />,
    },
    { key: 'occurred', title: t('debug.occurred'), width: 170, render: (_, row) => formatDateTime(row.occurredAt, locale) },
    {
      key: 'outcome',
      title: t('debug.outcome'),
      width: 150,
      render: (_, row) => (
        <Tag color={OUTCOME_COLOR[row.outcome]} data-testid={`debug-outcome-${row.reportId}`}>
          {t(`debug.outcomes.${row.outcome}`)}
        </Tag>
      ),
    },
    {
      key: 'alarm',
      title: t('debug.alarmNow'),
      width: 170,
      render: (_, row) => (row.alarmState ? `${t(`state.${row.alarmState}`)}${row.deleteReason ? ` (${t(`deleteReason.${row.deleteReason}`)})` : ''}` : ''),
    },
    { key: 'box', title: t('debug.box'), render: (_, row) => <Typography.Text type="secondary">{`${row.boxId} · ${row.eventId}`}</Typography.Text> },
  ];

  return (
    <Card size="small" data-testid="event-debug">
      <ListFilters>
        <AlarmStoreSelect value={common.shopIds} onChange={common.setShopIds} />
        <Select
          mode="multiple"
          allowClear
          value={outcomes}
          onChange={setOutcomes}
          options={ALARM_REPORT_OUTCOMES.map((value) => ({ value, label: t(`debug.outcomes.${value}`) }))}
          placeholder={t('debug.allOutcomes')}
          aria-label={t('debug.outcome')}
          style={{ width: 220 }}
          data-testid="debug-outcome-filter"
        />
        <Input
          allowClear
          value={eventCode}
          onChange={(event) => setEventCode(event.target.value)}
          placeholder={t('debug.eventCode')}
          aria-label={t('debug.eventCode')}
          style={{ width: 170 }}
          data-testid="debug-event-code"
        />
        <AlarmDateRange value={common.dates} onChange={common.setDates} />
      </ListFilters>
      <Table<AlarmDebugRow>
        rowKey="reportId"
        size="small"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={pagination}
        scroll={{ x: 1300 }}
        data-testid="debug-table"
      />
    </Card>
  );
}
