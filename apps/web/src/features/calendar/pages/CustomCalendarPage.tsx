import { PlusOutlined } from '@ant-design/icons';
import { type CalendarEvent, Limits } from '@storelens/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Segmented, Switch, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { ListFilters, ListSearch, useTablePagination } from '../../../shared/ui/ListControls.tsx';
import { CanButton } from '../../session/components/CanButton.tsx';
import { useCan } from '../../session/hooks/useCan.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { listCalendarEvents, setCalendarEventEnabled } from '../api.ts';
import { eventDatesText } from '../calendarEventForm.ts';
import { CalendarEventModal } from '../components/CalendarEventModal.tsx';
import { calendarKeys } from '../hooks/calendarKeys.ts';

type StatusFilter = 'all' | 'enabled' | 'disabled';
const SHOPS_SHOWN = 3;

/**
 * The custom calendar (/settings/passengerFlow/customCalendar): the customer's own events
 * (promotions, refits, ...) that the trend marks beside public holidays. Name search (500 ms),
 * status filter, paging; add, change and enable/disable, each following its feature key
 * (calendarevent_add, _update, _update_status). The observer is barred by path.
 */
export function CustomCalendarPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const cid = useSessionStore((state) => state.cid);
  const canUpdate = useCan('calendarevent_update');
  const canUpdateStatus = useCan('calendarevent_update_status');
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), Limits.treeSearchDebounceMs);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [editing, setEditing] = useState<{ event: CalendarEvent | null } | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);

  const paging = usePaging(JSON.stringify([keyword, status]));
  const { page, pageSize } = paging;
  const request = { keyword: keyword || undefined, enabled: status === 'all' ? undefined : status === 'enabled', page, pageSize };
  const events = useQuery({
    queryKey: [...calendarKeys.events(cid), request],
    queryFn: () => listCalendarEvents(request),
    enabled: cid !== null,
    placeholderData: keepPreviousData,
  });
  const pagination = useTablePagination(paging, events.data?.total ?? 0);
  const reload = () => queryClient.invalidateQueries({ queryKey: calendarKeys.events(cid) });

  const toggle = async (event: CalendarEvent, enabled: boolean) => {
    setSwitching(event.eventId);
    try {
      await setCalendarEventEnabled(event.eventId, enabled);
      void message.success(enabled ? t('calendar:events.enabledNow', { name: event.name }) : t('calendar:events.disabledNow', { name: event.name }));
      await reload();
    } finally {
      setSwitching(null);
    }
  };

  const columns: TableColumnsType<CalendarEvent> = [
    {
      title: t('calendar:events.fields.name'),
      dataIndex: 'name',
      width: 200,
      render: (name: string, event) => <span data-testid={`event-name-${event.eventId}`}>{name}</span>,
    },
    { title: t('calendar:events.fields.dates'), key: 'dates', width: 210, render: (_value, event) => eventDatesText(event) },
    {
      title: t('calendar:events.fields.shops'),
      key: 'shops',
      width: 280,
      render: (_value, event) => {
        if (event.allShops) return <Tag color="blue">{t('calendar:events.scope.all')}</Tag>;
        if (event.shops.length === 0) return '--';
        return (
          <span data-testid={`event-shops-${event.eventId}`}>
            {event.shops.slice(0, SHOPS_SHOWN).map((shop) => (
              <Tag key={shop.shopId} bordered={false}>
                {shop.name}
              </Tag>
            ))}
            {event.shops.length > SHOPS_SHOWN && (
              <Typography.Text type="secondary">{t('calendar:events.moreShops', { n: event.shops.length - SHOPS_SHOWN })}</Typography.Text>
            )}
          </span>
        );
      },
    },
    {
      title: t('calendar:events.fields.description'),
      dataIndex: 'description',
      ellipsis: true,
      render: (description: string) => description || '--',
    },
    {
      title: t('calendar:events.fields.enabled'),
      dataIndex: 'enabled',
      width: 110,
      render: (enabled: boolean, event) =>
        canUpdateStatus === 'hidden' ? (
          <Tag color={enabled ? 'green' : 'default'} data-testid={`event-status-${event.eventId}`}>
            {enabled ? t('calendar:events.status.on') : t('calendar:events.status.off')}
          </Tag>
        ) : (
          <Switch
            size="small"
            checked={enabled}
            loading={switching === event.eventId}
            disabled={canUpdateStatus === 'disabled'}
            onChange={(next) => void toggle(event, next).catch(() => undefined)}
            aria-label={`${t('calendar:events.fields.enabled')}: ${event.name}`}
            data-testid={`event-enabled-${event.eventId}`}
          />
        ),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_value, event) =>
        canUpdate === 'hidden' ? null : (
          <Button
            type="link"
            size="small"
            disabled={canUpdate === 'disabled'}
            onClick={() => setEditing({ event })}
            data-testid={`event-edit-${event.eventId}`}
          >
            {t('common:edit')}
          </Button>
        ),
    },
  ];

  return (
    <Card
      title={t('calendar:events.title')}
      extra={
        <CanButton permission="calendarevent_add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ event: null })} data-testid="event-add">
          {t('calendar:events.add')}
        </CanButton>
      }
      className="sl-page"
      data-testid="custom-calendar"
    >
      <Typography.Paragraph type="secondary">{t('calendar:events.intro')}</Typography.Paragraph>
      <ListFilters>
        <ListSearch value={search} onChange={setSearch} placeholder={t('calendar:events.search')} testId="event-search" />
        <Segmented<StatusFilter>
          value={status}
          onChange={setStatus}
          options={(['all', 'enabled', 'disabled'] as const).map((value) => ({ value, label: t(`calendar:events.filter.${value}`) }))}
          data-testid="event-status-filter"
        />
      </ListFilters>
      <Table<CalendarEvent>
        rowKey="eventId"
        size="middle"
        columns={columns}
        dataSource={events.data?.list ?? []}
        loading={events.isFetching}
        pagination={pagination}
        scroll={{ x: 1000 }}
        data-testid="event-table"
      />
      <CalendarEventModal
        open={editing !== null}
        event={editing?.event ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void reload();
        }}
      />
    </Card>
  );
}
