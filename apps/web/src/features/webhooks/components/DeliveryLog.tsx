import type { Locale } from '@storelens/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/analytics/format.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { fetchDeliveries, fetchDelivery, redeliver, type WebhookDeliveryRow, type WebhookEndpoint } from '../api.ts';
import { DeliveryStatusTag } from './DeliveryStatusTag.tsx';
import { eventNameKey } from './eventNames.ts';

const PAGE_SIZE = 20;
/** While deliveries are pending (retries with backoff), the log is read again this often. */
const PENDING_POLL_MS = 10_000;

function formatMs(ms: number | null): string {
  return ms === null ? '--' : `${ms} ms`;
}

/** One delivery's attempts and the body that was sent. */
function DeliveryAttempts({ deliveryId, locale }: { deliveryId: string; locale: Locale }) {
  const { t } = useTranslation();
  const detail = useQuery({ queryKey: ['webhooks', 'delivery', deliveryId], queryFn: () => fetchDelivery(deliveryId) });
  if (!detail.data) return <Typography.Text type="secondary">{t('common:loading')}</Typography.Text>;
  return (
    <div data-testid={`webhook-attempts-${deliveryId}`}>
      <Table
        rowKey="attempt"
        size="small"
        pagination={false}
        dataSource={detail.data.attemptLog}
        columns={[
          { key: 'attempt', title: t('webhooks:log.attempt'), dataIndex: 'attempt', width: 90 },
          { key: 'at', title: t('webhooks:log.at'), render: (_, row) => formatDateTime(row.at, locale) },
          { key: 'code', title: t('webhooks:log.code'), render: (_, row) => row.statusCode ?? '--' },
          { key: 'duration', title: t('webhooks:log.duration'), render: (_, row) => formatMs(row.durationMs) },
          { key: 'error', title: t('webhooks:log.error'), render: (_, row) => row.error ?? '' },
          { key: 'answer', title: t('webhooks:log.answer'), render: (_, row) => <code className="sl-webhook-excerpt">{row.responseExcerpt ?? ''}</code> },
        ]}
      />
      <Descriptions size="small" column={1} style={{ marginTop: 8 }}>
        <Descriptions.Item label={t('webhooks:log.eventId')}>{detail.data.eventId}</Descriptions.Item>
        <Descriptions.Item label={t('webhooks:log.body')}>
          <code className="sl-webhook-body">{detail.data.body}</code>
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}

/**
 * An endpoint's delivery log, newest first: the event, its state, attempts, the last answer's code
 * and duration, when the next attempt comes; a row opens its attempts. A finished delivery can be
 * sent again.
 */
export function DeliveryLog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const locale = useSessionStore((state) => state.locale);
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: ['webhooks', 'deliveries', endpoint.endpointId, page],
    queryFn: () => fetchDeliveries(endpoint.endpointId, page, PAGE_SIZE),
    refetchInterval: (query) => (query.state.data?.list.some((row) => row.status === 'pending') ? PENDING_POLL_MS : false),
  });

  const columns: TableColumnsType<WebhookDeliveryRow> = [
    { key: 'created', title: t('webhooks:log.created'), width: 170, render: (_, row) => formatDateTime(row.createdAt, locale) },
    { key: 'event', title: t('webhooks:log.event'), render: (_, row) => t(eventNameKey(row.eventType)) },
    {
      key: 'status',
      title: t('webhooks:log.status'),
      width: 110,
      render: (_, row) => <DeliveryStatusTag status={row.status} testId={`webhook-delivery-status-${row.deliveryId}`} />,
    },
    { key: 'attempts', title: t('webhooks:log.attempts'), width: 90, align: 'right', dataIndex: 'attempts' },
    { key: 'code', title: t('webhooks:log.code'), width: 90, align: 'right', render: (_, row) => row.statusCode ?? '--' },
    { key: 'duration', title: t('webhooks:log.duration'), width: 100, align: 'right', render: (_, row) => formatMs(row.durationMs) },
    {
      key: 'next',
      title: t('webhooks:log.next'),
      width: 170,
      render: (_, row) => (row.status === 'pending' && row.nextAttemptAt ? formatDateTime(row.nextAttemptAt, locale) : '--'),
    },
    {
      key: 'actions',
      title: t('common:actions'),
      width: 110,
      render: (_, row) =>
        row.status !== 'pending' && !row.test ? (
          <Button
            size="small"
            type="link"
            onClick={async () => {
              await redeliver(row.deliveryId);
              void message.success(t('webhooks:log.redelivered'));
              await queryClient.invalidateQueries({ queryKey: ['webhooks'] });
            }}
            data-testid={`webhook-redeliver-${row.deliveryId}`}
          >
            {t('webhooks:log.redeliver')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Card
      size="small"
      title={t('webhooks:log.title', { url: endpoint.url })}
      extra={
        <Button size="small" onClick={onClose} data-testid="webhook-log-close">
          {t('webhooks:log.close')}
        </Button>
      }
      data-testid="webhook-log"
    >
      <Table<WebhookDeliveryRow>
        rowKey="deliveryId"
        size="small"
        columns={columns}
        dataSource={log.data?.list ?? []}
        loading={log.isLoading}
        expandable={{ expandedRowRender: (row) => <DeliveryAttempts deliveryId={row.deliveryId} locale={locale} /> }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: log.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 900 }}
        data-testid="webhook-delivery-table"
      />
    </Card>
  );
}
