import { ArrowDownOutlined, ArrowUpOutlined, DownloadOutlined } from '@ant-design/icons';
import type { SalesTemplateColumn, SalesTemplateResponse } from '@storelens/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, Space, Switch, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/analytics/format.ts';
import { isHttpError } from '../../../shared/lib/http.ts';
import { saveBlob } from '../../../shared/lib/saveFile.ts';
import { CanButton } from '../../session/components/CanButton.tsx';
import { CustomerWideNotice } from '../../session/components/CustomerWideNotice.tsx';
import { useCan } from '../../session/hooks/useCan.ts';
import { useWholeCustomer } from '../../session/hooks/useWholeCustomer.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { downloadSalesTemplate, fetchSalesTemplate, saveSalesTemplate } from '../api.ts';
import { moveColumn } from '../templateColumns.ts';

type EditedColumn = SalesTemplateResponse['columns'][number];

const FIELD_LABEL_KEYS: Record<SalesTemplateColumn['field'], string> = {
  shopNumber: 'messages:pos.colShopNumber',
  orderNumber: 'messages:pos.colOrderNumber',
  date: 'messages:pos.colDate',
  time: 'messages:pos.colTime',
  quantity: 'messages:pos.colQuantity',
  amount: 'messages:pos.colAmount',
  paymentType: 'messages:pos.colPaymentType',
  itemCount: 'messages:pos.colItemCount',
};

/**
 * Sales template (/settings/settingSales/salesTemplateSetup): the columns of the customer's POS
 * files, their header text, order, and which optional ones are used; the required ones (store,
 * order number, date, quantity, amount) cannot be turned off. The template .xlsx follows what is saved.
 */
export function SalesTemplatePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const cid = useSessionStore((state) => state.cid);
  const locale = useSessionStore((state) => state.locale);
  const wholeCustomer = useWholeCustomer();
  const editable = useCan('pos_upload') === 'shown' && wholeCustomer;
  const template = useQuery({ queryKey: ['sales', 'template', cid, locale], queryFn: fetchSalesTemplate, enabled: cid !== null });
  const [edited, setEdited] = useState<EditedColumn[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const columns = edited ?? template.data?.columns ?? [];

  const change = (index: number, patch: Partial<EditedColumn>) => setEdited(columns.map((column, at) => (at === index ? { ...column, ...patch } : column)));

  const save = async () => {
    setSaving(true);
    setProblem(null);
    try {
      const saved = await saveSalesTemplate({ columns: columns.map(({ field, header, enabled }) => ({ field, header: header.trim(), enabled })) });
      queryClient.setQueryData(['sales', 'template', cid, locale], saved);
      setEdited(null);
      message.success(t('sales:template.saved'));
    } catch (error) {
      setProblem(isHttpError(error) ? error.message : t('sales:template.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const download = async () => {
    try {
      saveBlob(await downloadSalesTemplate(), 'sales-template.xlsx');
    } catch {
      // The HTTP client has shown why.
    }
  };

  const tableColumns: TableColumnsType<EditedColumn> = [
    { key: 'order', title: '#', width: 48, render: (_, __, index) => index + 1 },
    {
      key: 'field',
      title: t('sales:template.field'),
      render: (_, column) => (
        <Space>
          {t(FIELD_LABEL_KEYS[column.field])}
          {column.required ? <Tag color="blue">{t('sales:template.required')}</Tag> : <Tag>{t('sales:template.optional')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'header',
      title: t('sales:template.header'),
      render: (_, column, index) => (
        <Input
          value={column.header}
          maxLength={64}
          disabled={!editable}
          status={column.header.trim() === '' ? 'error' : undefined}
          onChange={(event) => change(index, { header: event.target.value })}
          aria-label={`${t('sales:template.header')}: ${t(FIELD_LABEL_KEYS[column.field])}`}
          data-testid={`template-header-${column.field}`}
        />
      ),
    },
    {
      key: 'enabled',
      title: t('sales:template.enabled'),
      width: 100,
      render: (_, column, index) => (
        <Switch
          checked={column.enabled}
          disabled={!editable || column.required}
          onChange={(enabled) => change(index, { enabled })}
          aria-label={`${t('sales:template.enabled')}: ${t(FIELD_LABEL_KEYS[column.field])}`}
          data-testid={`template-enabled-${column.field}`}
        />
      ),
    },
    {
      key: 'move',
      title: t('sales:template.position'),
      width: 100,
      render: (_, __, index) => (
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={t('sales:template.up')}
            disabled={!editable || index === 0}
            onClick={() => setEdited(moveColumn(columns, index, -1))}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={t('sales:template.down')}
            disabled={!editable || index === columns.length - 1}
            onClick={() => setEdited(moveColumn(columns, index, 1))}
          />
        </Space>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('sales:template.title')}
      data-testid="sales-template-page"
      extra={
        <Space>
          <Button icon={<DownloadOutlined />} onClick={() => void download()} disabled={edited !== null} data-testid="template-download">
            {t('sales:upload.downloadTemplate')}
          </Button>
          <CanButton
            permission="pos_upload"
            type="primary"
            loading={saving}
            disabled={!editable || edited === null || columns.some((column) => column.header.trim() === '')}
            onClick={() => void save()}
            data-testid="template-save"
          >
            {t('sales:template.save')}
          </CanButton>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {!wholeCustomer && <CustomerWideNotice />}
        <Typography.Text type="secondary">
          {t('sales:template.hint')}{' '}
          {template.data &&
            (template.data.isDefault
              ? t('sales:template.isDefault')
              : t('sales:template.updatedAt', { time: formatDateTime(template.data.updatedAt, locale) }))}
        </Typography.Text>
        {edited !== null && <Alert type="warning" showIcon title={t('sales:template.unsaved')} />}
        {problem && <Alert type="error" showIcon title={problem} data-testid="template-problem" />}
        <Table<EditedColumn>
          rowKey="field"
          size="small"
          columns={tableColumns}
          dataSource={columns}
          loading={template.isLoading}
          pagination={false}
          data-testid="template-columns"
        />
      </Space>
    </Card>
  );
}
