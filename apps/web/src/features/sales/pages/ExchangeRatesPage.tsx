import { CURRENCY_CODES, type CurrencyCode, type ExchangeRateRow, type ExchangeRateSaveRequest } from '@storelens/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/analytics/format.ts';
import { CustomerWideNotice } from '../../session/components/CustomerWideNotice.tsx';
import { useCan } from '../../session/hooks/useCan.ts';
import { useWholeCustomer } from '../../session/hooks/useWholeCustomer.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { deleteExchangeRate, fetchCurrencySettings, fetchExchangeRates, saveCurrencySettings, saveExchangeRate } from '../api.ts';

const CURRENCY_OPTIONS = CURRENCY_CODES.map((code) => ({ value: code, label: code }));
type RateForm = { baseCurrency: CurrencyCode; quoteCurrency: CurrencyCode; date: Dayjs; rate: number; source: string };

/**
 * Exchange rates (/settings/settingSales/exchangeRates, issue 11 section 2): the customer's
 * reporting currency and the dated rates that convert the amounts of stores of several currencies
 * (the rate of a day is the pair's latest rate on or before it; an inverse pair serves too). Both
 * hold for the whole customer: only whole-customer administrators change them.
 */
export function ExchangeRatesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const cid = useSessionStore((state) => state.cid);
  const locale = useSessionStore((state) => state.locale);
  const wholeCustomer = useWholeCustomer();
  const editable = useCan('pos_upload') === 'shown' && wholeCustomer;
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ExchangeRateRow | 'new' | null>(null);
  const [form] = Form.useForm<RateForm>();
  const settings = useQuery({ queryKey: ['sales', 'currencySettings', cid], queryFn: fetchCurrencySettings, enabled: cid !== null });
  const rates = useQuery({ queryKey: ['sales', 'exchangeRates', cid, page], queryFn: () => fetchExchangeRates({ page, pageSize: 20 }), enabled: cid !== null });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['sales'] });

  const open = (row: ExchangeRateRow | 'new') => {
    setEditing(row);
    const reporting = (settings.data?.reportingCurrency ?? 'CNY') as CurrencyCode;
    form.setFieldsValue(
      row === 'new'
        ? { baseCurrency: undefined, quoteCurrency: reporting, date: dayjs(), rate: undefined, source: '' }
        : {
            baseCurrency: row.baseCurrency as CurrencyCode,
            quoteCurrency: row.quoteCurrency as CurrencyCode,
            date: dayjs(row.date),
            rate: row.rate,
            source: row.source,
          },
    );
  };

  const submit = async () => {
    const values = await form.validateFields();
    const request: ExchangeRateSaveRequest = {
      ...(editing && editing !== 'new' ? { rateId: editing.rateId } : {}),
      baseCurrency: values.baseCurrency,
      quoteCurrency: values.quoteCurrency,
      date: values.date.format('YYYY-MM-DD'),
      rate: values.rate,
      source: values.source.trim(),
    };
    await saveExchangeRate(request);
    message.success(t('sales:rates.saved'));
    setEditing(null);
    await refresh();
  };

  const columns: TableColumnsType<ExchangeRateRow> = [
    { key: 'pair', title: t('sales:rates.pair'), render: (_, row) => `${row.baseCurrency} → ${row.quoteCurrency}` },
    { key: 'date', title: t('sales:rates.date'), dataIndex: 'date' },
    {
      key: 'rate',
      title: t('sales:rates.rate'),
      align: 'right',
      render: (_, row) => t('sales:rates.rateText', { base: row.baseCurrency, quote: row.quoteCurrency, rate: row.rate }),
    },
    { key: 'source', title: t('sales:rates.source'), dataIndex: 'source' },
    {
      key: 'updated',
      title: t('sales:rates.updated'),
      render: (_, row) => `${formatDateTime(row.updatedAt, locale)}${row.updatedBy ? ` · ${row.updatedBy}` : ''}`,
    },
    {
      key: 'actions',
      title: t('common:actions'),
      render: (_, row) => (
        <Space>
          <Button size="small" type="link" disabled={!editable} onClick={() => open(row)} data-testid={`rate-edit-${row.rateId}`}>
            {t('sales:rates.edit')}
          </Button>
          <Popconfirm
            title={t('sales:rates.confirmDelete')}
            disabled={!editable}
            onConfirm={async () => {
              await deleteExchangeRate(row.rateId);
              await refresh();
            }}
          >
            <Button size="small" type="link" danger disabled={!editable} data-testid={`rate-delete-${row.rateId}`}>
              {t('sales:rates.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('sales:menu.exchangeRates')}
      extra={
        <Button type="primary" disabled={!editable} onClick={() => open('new')} data-testid="rate-add">
          {t('sales:rates.add')}
        </Button>
      }
      data-testid="exchange-rates-page"
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {!wholeCustomer && <CustomerWideNotice />}
        <Space wrap>
          <Typography.Text strong>{t('sales:rates.reportingCurrency')}</Typography.Text>
          <Select<CurrencyCode>
            style={{ width: 120 }}
            showSearch
            options={CURRENCY_OPTIONS}
            value={settings.data?.reportingCurrency as CurrencyCode | undefined}
            disabled={!editable}
            aria-label={t('sales:rates.reportingCurrency')}
            onChange={async (currency) => {
              await saveCurrencySettings(currency);
              message.success(t('sales:rates.saved'));
              await refresh();
            }}
            data-testid="reporting-currency"
          />
          {settings.data && (
            <Typography.Text type="secondary">
              {t('sales:rates.shopCurrencies', {
                list: settings.data.shopCurrencies.map((share) => `${share.currency} (${share.shopCount})`).join(', '),
              })}
            </Typography.Text>
          )}
        </Space>
        <Typography.Text type="secondary">{t('sales:rates.hint')}</Typography.Text>
        <Table<ExchangeRateRow>
          rowKey="rateId"
          size="small"
          columns={columns}
          dataSource={rates.data?.list ?? []}
          loading={rates.isLoading}
          pagination={{ current: page, pageSize: 20, total: rates.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
          data-testid="exchange-rates"
        />
      </Space>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('sales:rates.add') : t('sales:rates.edit')}
        onOk={() => void submit()}
        onCancel={() => setEditing(null)}
        okButtonProps={{ 'data-testid': 'rate-form-save' }}
        maskClosable={false}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" data-testid="rate-form">
          <Space.Compact block>
            <Form.Item
              name="baseCurrency"
              label={t('sales:rates.base')}
              rules={[{ required: true, message: t('messages:validation.required') }]}
              style={{ flex: 1 }}
            >
              <Select showSearch options={CURRENCY_OPTIONS} data-testid="rate-form-base" />
            </Form.Item>
            <Form.Item
              name="quoteCurrency"
              label={t('sales:rates.quote')}
              rules={[{ required: true, message: t('messages:validation.required') }]}
              style={{ flex: 1, marginInlineStart: 8 }}
            >
              <Select showSearch options={CURRENCY_OPTIONS} data-testid="rate-form-quote" />
            </Form.Item>
          </Space.Compact>
          <Form.Item name="date" label={t('sales:rates.date')} rules={[{ required: true, message: t('messages:validation.required') }]}>
            <DatePicker style={{ width: '100%' }} data-testid="rate-form-date" />
          </Form.Item>
          <Form.Item name="rate" label={t('sales:rates.rateLabel')} rules={[{ required: true, message: t('messages:validation.required') }]}>
            <InputNumber style={{ width: '100%' }} min={0} stringMode={false} data-testid="rate-form-rate" />
          </Form.Item>
          <Form.Item name="source" label={t('sales:rates.source')} rules={[{ required: true, whitespace: true, message: t('messages:validation.required') }]}>
            <Input maxLength={64} data-testid="rate-form-source" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
