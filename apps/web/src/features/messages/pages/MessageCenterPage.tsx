import { CheckOutlined } from '@ant-design/icons';
import { MessageKind } from '@storelens/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Empty, Segmented, Space, Table, type TableColumnsType, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { alarmPathOfNotice } from '../../alarms/routes.tsx';
import { rectificationPathOfNotice } from '../../rectification/routes.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { temperaturePathOfNotice } from '../../temperature/routes.tsx';
import { listMessages, type MessageKindValue, type MessageRow, markAllMessagesRead, markMessageRead } from '../api.ts';

type ReadFilter = 'all' | 'unread' | 'read';

const TABS: readonly { kind: MessageKindValue; count: 'alert' | 'plan' | 'rectification'; labelKey: string }[] = [
  { kind: MessageKind.alarm, count: 'alert', labelKey: 'shell:notices.alarm' },
  { kind: MessageKind.plan, count: 'plan', labelKey: 'shell:notices.plan' },
  { kind: MessageKind.rectification, count: 'rectification', labelKey: 'shell:notices.rectification' },
];

function kindOf(value: string | null): MessageKindValue {
  return value === '2' ? 2 : value === '3' ? 3 : 1;
}

/**
 * The message center (/newsCenter, reached from the bell): alarm, plan and rectification messages
 * (tabs 1, 2, 3), read or unread, marked read one by one or all at once. The bell's counts follow:
 * marking invalidates the notice-count query the shell polls.
 */
export function MessageCenterPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const cid = useSessionStore((state) => state.cid);
  const locale = useSessionStore((state) => state.locale);
  const counts = useSessionStore((state) => state.noticeCount);
  const [params, setParams] = useSearchParams();
  const kind = kindOf(params.get('tab'));
  const [filter, setFilter] = useState<ReadFilter>('all');
  const paging = usePaging(JSON.stringify([kind, filter]));
  const { page, pageSize } = paging;

  const messages = useQuery({
    queryKey: ['messages', cid, kind, filter, page, pageSize],
    queryFn: () => listMessages({ kind, ...(filter === 'all' ? {} : { read: filter === 'read' }), page, pageSize }),
    enabled: cid !== null,
    placeholderData: keepPreviousData,
  });

  const refreshCounts = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['messages', cid] }),
      queryClient.invalidateQueries({ queryKey: ['session', 'noticeCount', cid] }),
    ]);
  };
  const readOne = useMutation({ mutationFn: markMessageRead, onSuccess: refreshCounts });
  const readAll = useMutation({
    mutationFn: () => markAllMessagesRead(kind),
    onSuccess: async (result) => {
      void message.success(t('messageCenter:markedAll', { n: result.updated }));
      await refreshCounts();
    },
  });

  const columns: TableColumnsType<MessageRow> = [
    {
      title: t('messageCenter:message'),
      key: 'message',
      render: (_value, row) => (
        <Space orientation="vertical" size={2} data-testid={`message-${row.id}`} data-read={row.read}>
          <Space>
            <Badge status={row.read ? 'default' : 'processing'} />
            <Typography.Text className={row.read ? undefined : 'sl-message-unread'}>{row.title}</Typography.Text>
          </Space>
          <Typography.Text type="secondary">{row.body}</Typography.Text>
          {rectificationPathOfNotice(row.source, row.refId) && (
            <Link to={rectificationPathOfNotice(row.source, row.refId) ?? ''} data-testid={`message-open-${row.id}`}>
              {t('messageCenter:openRectification')}
            </Link>
          )}
          {alarmPathOfNotice(row.source, row.refId) && (
            <Link to={alarmPathOfNotice(row.source, row.refId) ?? ''} data-testid={`message-open-${row.id}`}>
              {t('messageCenter:openAlarm')}
            </Link>
          )}
          {temperaturePathOfNotice(row.source, row.refId) && (
            <Link to={temperaturePathOfNotice(row.source, row.refId) ?? ''} data-testid={`message-open-${row.id}`}>
              {t('messageCenter:openTemperature')}
            </Link>
          )}
        </Space>
      ),
    },
    { title: t('messageCenter:time'), dataIndex: 'createdAt', width: 180, render: (value: string) => formatDateTime(value, locale) },
    {
      title: t('messageCenter:state'),
      key: 'state',
      width: 150,
      render: (_value, row) =>
        row.read ? (
          <Typography.Text type="secondary">{t('messageCenter:read')}</Typography.Text>
        ) : (
          <Button
            size="small"
            icon={<CheckOutlined />}
            loading={readOne.isPending && readOne.variables === row.id}
            onClick={() => readOne.mutate(row.id)}
            data-testid={`message-read-${row.id}`}
          >
            {t('messageCenter:markRead')}
          </Button>
        ),
    },
  ];

  const list = (
    <>
      <Space style={{ marginBottom: 12, justifyContent: 'space-between', width: '100%' }} wrap>
        <Segmented<ReadFilter>
          value={filter}
          onChange={setFilter}
          options={(['all', 'unread', 'read'] as const).map((value) => ({
            value,
            label: <span data-testid={`message-filter-${value}`}>{t(`messageCenter:filter.${value}`)}</span>,
          }))}
        />
        <Button
          icon={<CheckOutlined />}
          disabled={(messages.data?.unread ?? 0) === 0}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
          data-testid="message-read-all"
        >
          {t('messageCenter:markAll')}
        </Button>
      </Space>
      <Table<MessageRow>
        rowKey="id"
        columns={columns}
        dataSource={messages.data?.list ?? []}
        loading={messages.isFetching}
        locale={{ emptyText: <Empty description={t('messageCenter:empty')} /> }}
        pagination={{
          current: page,
          pageSize,
          total: messages.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: paging.onChange,
        }}
        data-testid="message-table"
      />
    </>
  );

  return (
    <Card size="small" title={t('messageCenter:title')} className="sl-page" data-testid="message-center">
      <Tabs
        activeKey={String(kind)}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={TABS.map((tab) => ({
          key: String(tab.kind),
          label: (
            <span data-testid={`message-tab-${tab.kind}`}>
              {t(tab.labelKey)} <Badge count={counts[tab.count]} size="small" />
            </span>
          ),
          children: tab.kind === kind ? list : null,
        }))}
      />
    </Card>
  );
}
