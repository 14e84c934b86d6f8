import { ALARM_PRIORITIES, ALARM_STATES, ALARM_TAGS, type AlarmPriority, type AlarmRow, type AlarmState, type AlarmTag } from '@storelens/contracts';
import { App, Button, Card, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { useRealtimeEvent } from '../../../shared/realtime/realtimeStore.ts';
import { ListFilters, useTablePagination } from '../../../shared/ui/ListControls.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { type AlarmListRequest, markAlarmsRead, useAlarmList, useAlarmRefresh } from '../api.ts';
import { AlarmAlertSettingsButton } from '../components/AlarmAlertSettings.tsx';
import { AlarmDateRange, AlarmStoreSelect, useAlarmListFilters } from '../components/AlarmFilters.tsx';
import { PriorityTag } from '../components/PriorityTag.tsx';
import { alarmDetailPath } from '../routes.tsx';

const ALL = '';

/**
 * The alarm messages (/AIInspection/alarmMessage): alarms of the caller's stores, newest first, with
 * filters (stores, priority, states, tag, dates within 90 days); unread rows in bold; mark all read;
 * new alarms appear as the real-time channel announces them.
 */
export function AlarmMessagePage() {
  const { t } = useTranslation('alarms');
  const { message } = App.useApp();
  const locale = useSessionStore((state) => state.locale);
  const refresh = useAlarmRefresh();
  const common = useAlarmListFilters();
  const [priority, setPriority] = useState<AlarmPriority | typeof ALL>(ALL);
  const [states, setStates] = useState<AlarmState[]>([]);
  const [tag, setTag] = useState<AlarmTag | typeof ALL>(ALL);

  const filter = {
    ...common.request,
    ...(priority ? { priority } : {}),
    ...(states.length > 0 ? { states } : {}),
    ...(tag ? { tag } : {}),
  } satisfies Omit<AlarmListRequest, 'page' | 'pageSize'>;
  const paging = usePaging(JSON.stringify(filter));
  const list = useAlarmList({ ...filter, page: paging.page, pageSize: paging.pageSize });
  const pagination = useTablePagination(paging, list.data?.total ?? 0);
  // A box's new alarm reaches the open list over the real-time channel, without a reload.
  useRealtimeEvent('alarm', () => void refresh());

  const markAll = async () => {
    const { marked } = await markAlarmsRead({ all: true });
    void message.success(t('list.markedRead', { count: marked }));
    await refresh();
  };

  const bold = (row: AlarmRow, text: string) => <Typography.Text strong={!row.read}>{text}</Typography.Text>;
  const columns: TableColumnsType<AlarmRow> = [
    {
      key: 'event',
      title: t('columns.event'),
      render: (_, row) => (
        <Link to={alarmDetailPath(row.alarmId)} data-testid={`alarm-row-${row.alarmId}`} data-read={row.read ? 'read' : 'unread'}>
          {bold(row, row.count > 1 ? `${row.eventName} ×${row.count}` : row.eventName)}
        </Link>
      ),
    },
    { key: 'store', title: t('columns.store'), width: 180, render: (_, row) => bold(row, row.shopName) },
    { key: 'camera', title: t('columns.camera'), width: 150, render: (_, row) => bold(row, row.cameraName ?? '') },
    {
      key: 'priority',
      title: t('columns.priority'),
      width: 90,
      render: (_, row) => <PriorityTag priority={row.priority} />,
    },
    { key: 'state', title: t('columns.state'), width: 120, render: (_, row) => <Tag>{t(`state.${row.state}`)}</Tag> },
    { key: 'tag', title: t('columns.tag'), width: 140, render: (_, row) => (row.tag === 'none' ? '' : t(`tag.${row.tag}`)) },
    { key: 'time', title: t('columns.time'), width: 170, render: (_, row) => bold(row, formatDateTime(row.occurredAt, locale)) },
  ];

  return (
    <Card size="small" data-testid="alarm-messages">
      <ListFilters>
        <AlarmStoreSelect value={common.shopIds} onChange={common.setShopIds} />
        <Select
          value={priority}
          onChange={setPriority}
          options={[{ value: ALL, label: t('list.allPriorities') }, ...ALARM_PRIORITIES.map((value) => ({ value, label: t(`priority.${value}`) }))]}
          aria-label={t('columns.priority')}
          style={{ width: 130 }}
        />
        <Select
          mode="multiple"
          allowClear
          value={states}
          onChange={setStates}
          options={ALARM_STATES.map((value) => ({ value, label: t(`state.${value}`) }))}
          maxTagCount="responsive"
          placeholder={t('list.allStates')}
          aria-label={t('columns.state')}
          style={{ width: 190 }}
        />
        <Select
          value={tag}
          onChange={setTag}
          options={[{ value: ALL, label: t('list.allTags') }, ...ALARM_TAGS.map((value) => ({ value, label: t(`tag.${value}`) }))]}
          aria-label={t('columns.tag')}
          style={{ width: 160 }}
        />
        <AlarmDateRange value={common.dates} onChange={common.setDates} />
        <Button onClick={() => void markAll()} data-testid="alarm-mark-all-read">
          {t('list.markAllRead')}
        </Button>
        <AlarmAlertSettingsButton />
      </ListFilters>
      <Table<AlarmRow>
        rowKey="alarmId"
        size="small"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={pagination}
        data-testid="alarm-table"
      />
    </Card>
  );
}
