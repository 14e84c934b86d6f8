import { WEBHOOKS, type WebhookEventType } from '@storelens/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/analytics/format.ts';
import { CustomerWideNotice } from '../../session/components/CustomerWideNotice.tsx';
import { useWholeCustomer } from '../../session/hooks/useWholeCustomer.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { addWebhook, deleteWebhook, fetchWebhooks, rotateWebhookSecret, testWebhook, updateWebhook, type WebhookEndpoint, type WebhookForm } from '../api.ts';
import { DeliveryLog } from '../components/DeliveryLog.tsx';
import { DeliveryStatusTag } from '../components/DeliveryStatusTag.tsx';
import { EVENT_NAME_KEYS } from '../components/eventNames.ts';
import { WebhookFormModal } from '../components/WebhookFormModal.tsx';
import { WebhookSecretModal } from '../components/WebhookSecretModal.tsx';
import '../webhooks.css';

/**
 * Webhooks (/settings/settingCommon/webhooks, issue 15): the customer's endpoints that receive
 * events as signed JSON (alarm raised and confirmed, rectification overdue, device offline, POS
 * import finished), with a test button, secret rotation and each endpoint's delivery log. Only an
 * administrator of the whole customer manages them (an endpoint receives every store's events).
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const cid = useSessionStore((state) => state.cid);
  const locale = useSessionStore((state) => state.locale);
  const wholeCustomer = useWholeCustomer();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const endpoints = useQuery({ queryKey: ['webhooks', 'list', cid], queryFn: fetchWebhooks, enabled: cid !== null && wholeCustomer });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['webhooks'] });
  const shownLog = endpoints.data?.list.find((endpoint) => endpoint.endpointId === logOf) ?? null;

  const save = async (form: WebhookForm) => {
    if (editing === 'new') {
      const created = await addWebhook(form);
      setSecret({ value: created.secret, rotated: false });
    } else if (editing) {
      await updateWebhook(editing.endpointId, form);
      void message.success(t('webhooks:saved'));
    }
    setEditing(null);
    await refresh();
  };

  const test = async (endpoint: WebhookEndpoint) => {
    setTesting(endpoint.endpointId);
    try {
      const outcome = await testWebhook(endpoint.endpointId);
      if (outcome.ok) void message.success(t('webhooks:testOk', { code: outcome.statusCode, ms: outcome.durationMs }));
      else void message.error(t('webhooks:testFailed', { reason: outcome.error ?? '' }));
      setLogOf(endpoint.endpointId);
      await refresh();
    } finally {
      setTesting(null);
    }
  };

  const columns: TableColumnsType<WebhookEndpoint> = [
    {
      key: 'url',
      title: t('webhooks:columns.url'),
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text className="sl-webhook-url">{row.url}</Typography.Text>
          {row.description && <Typography.Text type="secondary">{row.description}</Typography.Text>}
        </Space>
      ),
    },
    {
      key: 'events',
      title: t('webhooks:columns.events'),
      width: 260,
      render: (_, row) => (
        <Space size={[4, 4]} wrap>
          {row.events.map((type: WebhookEventType) => (
            <Tag key={type}>{t(EVENT_NAME_KEYS[type])}</Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'enabled',
      title: t('webhooks:columns.state'),
      width: 100,
      render: (_, row) => (row.enabled ? <Tag color="green">{t('webhooks:enabled')}</Tag> : <Tag>{t('webhooks:disabled')}</Tag>),
    },
    {
      key: 'secret',
      title: t('webhooks:columns.secret'),
      width: 120,
      render: (_, row) => <Typography.Text code>…{row.secretHint}</Typography.Text>,
    },
    {
      key: 'last',
      title: t('webhooks:columns.lastDelivery'),
      width: 210,
      render: (_, row) =>
        row.lastDelivery ? (
          <Space orientation="vertical" size={0}>
            <Space size={4}>
              <DeliveryStatusTag status={row.lastDelivery.status} testId={`webhook-last-${row.endpointId}`} />
              {row.lastDelivery.statusCode !== null && <Typography.Text>{row.lastDelivery.statusCode}</Typography.Text>}
            </Space>
            <Typography.Text type="secondary">{formatDateTime(row.lastDelivery.at, locale)}</Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('webhooks:never')}</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: t('common:actions'),
      width: 300,
      render: (_, row) => (
        <Space size={0} wrap>
          <Button size="small" type="link" loading={testing === row.endpointId} onClick={() => void test(row)} data-testid={`webhook-test-${row.endpointId}`}>
            {t('webhooks:test')}
          </Button>
          <Button size="small" type="link" onClick={() => setLogOf(row.endpointId)} data-testid={`webhook-log-${row.endpointId}`}>
            {t('webhooks:log.open')}
          </Button>
          <Button size="small" type="link" onClick={() => setEditing(row)} data-testid={`webhook-edit-${row.endpointId}`}>
            {t('common:edit')}
          </Button>
          <Popconfirm
            title={t('webhooks:rotateConfirm', { hours: WEBHOOKS.previousSecretHours })}
            onConfirm={async () => {
              const rotated = await rotateWebhookSecret(row.endpointId);
              setSecret({ value: rotated.secret, rotated: true });
              await refresh();
            }}
          >
            <Button size="small" type="link" data-testid={`webhook-rotate-${row.endpointId}`}>
              {t('webhooks:rotate')}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={t('webhooks:deleteConfirm')}
            onConfirm={async () => {
              await deleteWebhook(row.endpointId);
              if (logOf === row.endpointId) setLogOf(null);
              await refresh();
            }}
          >
            <Button size="small" type="link" danger data-testid={`webhook-delete-${row.endpointId}`}>
              {t('common:delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t('webhooks:title')}
        extra={
          <Button
            type="primary"
            disabled={!wholeCustomer || (endpoints.data?.list.length ?? 0) >= WEBHOOKS.maxEndpoints}
            onClick={() => setEditing('new')}
            data-testid="webhook-add"
          >
            {t('webhooks:add')}
          </Button>
        }
        data-testid="webhooks-page"
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          {!wholeCustomer && <CustomerWideNotice />}
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('webhooks:intro', { header: WEBHOOKS.signatureHeader, attempts: WEBHOOKS.maxAttempts })}
          </Typography.Paragraph>
          <Table<WebhookEndpoint>
            rowKey="endpointId"
            size="small"
            columns={columns}
            dataSource={endpoints.data?.list ?? []}
            loading={endpoints.isLoading && wholeCustomer}
            pagination={false}
            scroll={{ x: 1000 }}
            data-testid="webhook-table"
          />
        </Space>
      </Card>
      {shownLog && <DeliveryLog endpoint={shownLog} onClose={() => setLogOf(null)} />}
      <WebhookFormModal editing={editing} onSave={save} onClose={() => setEditing(null)} />
      <WebhookSecretModal secret={secret?.value ?? null} rotated={secret?.rotated ?? false} onClose={() => setSecret(null)} />
    </Space>
  );
}
