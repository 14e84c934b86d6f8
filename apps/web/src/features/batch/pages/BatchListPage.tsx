import { BATCH_TYPES, batchOperations as ops, VISITOR_TYPES, type VisitorBatchRow } from '@storelens/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { Button, Card, DatePicker, Select, Space, Statistic, Table, type TableColumnsType, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { saveBlob } from '../../../shared/lib/saveFile.ts';
import { shopOptionsOf } from '../../../shared/lib/shopOptions.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { exportBatches } from '../api.ts';
import { BatchTypeTags, InOut, minutes } from '../components/BatchCells.tsx';
import { BATCH_DETAIL_PATH } from '../routes.tsx';

/** The filters of the batch lists: stores, days, types, reception. */
export function useBatchFilters() {
  const tree = useSessionStore((state) => state.shopTree);
  const shops = useMemo(() => shopOptionsOf(tree), [tree]);
  const [shopIds, setShopIds] = useState<string[]>([]);
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(6, 'day'), dayjs()]);
  const [batchTypes, setBatchTypes] = useState<string[]>([]);
  const [visitorTypes, setVisitorTypes] = useState<string[]>([]);
  const [received, setReceived] = useState<'all' | 'yes' | 'no'>('all');
  const filter = {
    ...(shopIds.length > 0 ? { shopIds } : {}),
    startDate: range[0].format('YYYY-MM-DD'),
    endDate: range[1].format('YYYY-MM-DD'),
    ...(batchTypes.length > 0 ? { batchTypes: batchTypes as (typeof BATCH_TYPES)[number][] } : {}),
    ...(visitorTypes.length > 0 ? { visitorTypes: visitorTypes as (typeof VISITOR_TYPES)[number][] } : {}),
    ...(received === 'all' ? {} : { received: received === 'yes' }),
  };
  return { shops, shopIds, setShopIds, range, setRange, batchTypes, setBatchTypes, visitorTypes, setVisitorTypes, received, setReceived, filter };
}

export function BatchFilters({ filters }: { filters: ReturnType<typeof useBatchFilters> }) {
  const { t } = useTranslation('batch');
  return (
    <Space wrap>
      <Select
        mode="multiple"
        allowClear
        style={{ minWidth: 240 }}
        placeholder={t('filters.stores')}
        aria-label={t('filters.stores')}
        options={filters.shops}
        optionFilterProp="label"
        value={filters.shopIds}
        onChange={filters.setShopIds}
        maxTagCount="responsive"
        data-testid="batch-shops"
      />
      <DatePicker.RangePicker
        value={filters.range}
        allowClear={false}
        onChange={(value) => value?.[0] && value[1] && filters.setRange([value[0], value[1]])}
        aria-label={t('filters.dates')}
      />
      <Select
        mode="multiple"
        allowClear
        style={{ minWidth: 160 }}
        placeholder={t('filters.types')}
        aria-label={t('filters.types')}
        value={filters.batchTypes}
        onChange={filters.setBatchTypes}
        options={BATCH_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
      />
      <Select
        mode="multiple"
        allowClear
        style={{ minWidth: 160 }}
        placeholder={t('filters.visitorTypes')}
        aria-label={t('filters.visitorTypes')}
        value={filters.visitorTypes}
        onChange={filters.setVisitorTypes}
        options={VISITOR_TYPES.map((value) => ({ value, label: t(`visitorTypes.${value}`) }))}
      />
      <Select
        style={{ width: 150 }}
        aria-label={t('filters.received')}
        value={filters.received}
        onChange={filters.setReceived}
        options={(['all', 'yes', 'no'] as const).map((value) => ({ value, label: t(`filters.receivedOptions.${value}`) }))}
      />
    </Space>
  );
}

export function batchColumns(t: (key: string) => string, inner = false): TableColumnsType<VisitorBatchRow> {
  return [
    {
      key: 'batch',
      title: t('columns.batch'),
      ellipsis: true,
      width: inner ? undefined : 200,
      render: (_, row) => (
        <Link to={`${BATCH_DETAIL_PATH}?batchId=${encodeURIComponent(row.batchId)}`} data-testid={`batch-link-${row.batchKey}`}>
          {row.batchKey}
        </Link>
      ),
    },
    { key: 'shop', title: t('columns.shop'), dataIndex: 'shopName', ellipsis: true },
    { key: 'date', title: t('columns.date'), dataIndex: 'localDate' },
    { key: 'time', title: t('columns.inOut'), render: (_, row) => <InOut row={row} /> },
    { key: 'count', title: t('columns.count'), dataIndex: 'count' },
    { key: 'type', title: t('columns.type'), render: (_, row) => <BatchTypeTags row={row} /> },
    { key: 'stay', title: t('columns.stay'), render: (_, row) => minutes(row.staySeconds) },
    { key: 'reception', title: t('columns.reception'), render: (_, row) => minutes(row.receptionSeconds) },
    { key: 'entrance', title: t('columns.entrance'), render: (_, row) => row.entrance?.name ?? '--' },
  ];
}

/** /batch/list: the batches of the stores and days chosen, a summary, the Excel export, and the day view with conversion. */
export function BatchListPage() {
  const { t } = useTranslation('batch');
  const locale = useSessionStore((state) => state.locale);
  const filters = useBatchFilters();
  const paging = usePaging(JSON.stringify(filters.filter));
  const list = useOperation(ops.batchList, { ...filters.filter, page: paging.page, pageSize: paging.pageSize }, { placeholderData: keepPreviousData });
  const days = useOperation(ops.batchDays, {
    ...(filters.shopIds.length > 0 ? { shopIds: filters.shopIds } : {}),
    startDate: filters.filter.startDate,
    endDate: filters.filter.endDate,
  });
  const [exporting, setExporting] = useState(false);
  const summary = list.data?.summary;
  const rate = (value: number | null | undefined) => (value === null || value === undefined ? '--' : `${value}%`);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="batch-list-page">
      <Card size="small">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <BatchFilters filters={filters} />
          <Button
            loading={exporting}
            onClick={() => {
              setExporting(true);
              exportBatches({ ...filters.filter, page: 1, pageSize: 20 })
                .then((blob) => saveBlob(blob, `visitor-batches-${filters.filter.startDate}-${filters.filter.endDate}.xlsx`))
                .catch(() => undefined)
                .finally(() => setExporting(false));
            }}
            data-testid="batch-export"
          >
            {t('export')}
          </Button>
        </Space>
        <Space size="large" wrap style={{ marginTop: 12 }}>
          <Statistic title={t('summary.batches')} value={summary?.batches ?? 0} />
          <Statistic title={t('summary.people')} value={summary?.people ?? 0} />
          <Statistic title={t('summary.received')} value={summary?.received ?? 0} />
          <Statistic title={t('summary.avgStay')} value={minutes(summary?.avgStaySeconds ?? null)} />
          <Statistic title={t('summary.avgReception')} value={minutes(summary?.avgReceptionSeconds ?? null)} />
          <Statistic title={t('summary.conversionPerBatch')} value={rate(days.data?.totals.conversionPerBatch)} />
          <Statistic title={t('summary.conversionPerPerson')} value={rate(days.data?.totals.conversionPerPerson)} />
        </Space>
      </Card>
      <Card size="small">
        <Table<VisitorBatchRow>
          rowKey="batchId"
          size="small"
          columns={batchColumns(t)}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading}
          pagination={{ current: paging.page, pageSize: paging.pageSize, total: list.data?.total ?? 0, onChange: paging.onChange }}
          data-testid="batch-list"
        />
      </Card>
      <Card size="small" title={t('days.title')}>
        <Table
          rowKey={(row) => `${row.shopId}|${row.date}`}
          size="small"
          dataSource={days.data?.rows ?? []}
          pagination={{ pageSize: 10 }}
          columns={[
            { key: 'shop', title: t('columns.shop'), dataIndex: 'shopName', ellipsis: true },
            { key: 'date', title: t('columns.date'), dataIndex: 'date' },
            { key: 'batches', title: t('summary.batches'), dataIndex: 'batches' },
            { key: 'people', title: t('summary.people'), dataIndex: 'people' },
            { key: 'transactions', title: t('days.transactions'), render: (_, row) => row.transactions ?? '--' },
            { key: 'perBatch', title: t('summary.conversionPerBatch'), render: (_, row) => rate(row.conversionPerBatch) },
            { key: 'perPerson', title: t('summary.conversionPerPerson'), render: (_, row) => rate(row.conversionPerPerson) },
            { key: 'reception', title: t('summary.avgReception'), render: (_, row) => minutes(row.avgReceptionSeconds) },
          ]}
          data-testid="batch-days"
        />
        <Space wrap size="large" style={{ marginTop: 8 }}>
          {(days.data?.reception ?? []).map((band) => (
            <Statistic key={band.band} title={t(`bands.${band.band}`)} value={band.batches.toLocaleString(locale)} />
          ))}
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {days.data?.receptionConversionCorrelation === null || days.data === undefined
            ? t('days.noCorrelation')
            : t('days.correlation', { r: days.data.receptionConversionCorrelation })}
        </Typography.Paragraph>
      </Card>
    </Space>
  );
}
