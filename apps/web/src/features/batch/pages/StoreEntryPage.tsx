import { batchOperations as ops } from '@storelens/contracts';
import { Card, DatePicker, Select, Space, Statistic, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { formatTime } from '../../../shared/lib/dateTime.ts';
import { shopOptionsOf } from '../../../shared/lib/shopOptions.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { BATCH_DETAIL_PATH } from '../routes.tsx';

/**
 * /storeEntry/detail: a store-day's entries, each with its time, entrance and batch. `?shopId=&date=`
 * open a given store-day (a batch's detail links here).
 */
export function StoreEntryPage() {
  const [params] = useSearchParams();
  const linkedDate = params.get('date');
  const { t } = useTranslation('batch');
  const locale = useSessionStore((state) => state.locale);
  const tree = useSessionStore((state) => state.shopTree);
  const shops = useMemo(() => shopOptionsOf(tree), [tree]);
  const [shopId, setShopId] = useState<string | null>(params.get('shopId'));
  const [date, setDate] = useState<Dayjs>(() => (linkedDate && dayjs(linkedDate).isValid() ? dayjs(linkedDate) : dayjs()));
  const chosen = shopId ?? shops[0]?.value ?? '';
  const paging = usePaging(`${chosen}|${date.format('YYYY-MM-DD')}`);
  const entries = useOperation(
    ops.storeEntryDetail,
    { shopId: chosen, date: date.format('YYYY-MM-DD'), page: paging.page, pageSize: paging.pageSize },
    { enabled: chosen !== '' },
  );
  const zone = entries.data?.timeZone;
  return (
    <Card size="small" data-testid="store-entry-page">
      <Space wrap size="large">
        <Select
          style={{ minWidth: 240 }}
          options={shops}
          value={chosen || null}
          onChange={setShopId}
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('filters.store')}
        />
        <DatePicker value={date} allowClear={false} onChange={(value) => value && setDate(value)} aria-label={t('filters.date')} />
        <Statistic title={t('entries.total')} value={entries.data?.entries ?? 0} />
      </Space>
      <Table
        style={{ marginTop: 12 }}
        rowKey="batchId"
        size="small"
        dataSource={entries.data?.list ?? []}
        loading={entries.isLoading}
        pagination={{ current: paging.page, pageSize: paging.pageSize, total: entries.data?.total ?? 0, onChange: paging.onChange }}
        columns={[
          {
            key: 'time',
            title: t('entries.time'),
            render: (_, row) => formatTime(row.at, locale, { ...(zone ? { timeZone: zone, viewerTimeZone: zone } : {}), seconds: true }),
          },
          { key: 'entrance', title: t('columns.entrance'), render: (_, row) => row.entrance ?? '--' },
          { key: 'count', title: t('columns.count'), dataIndex: 'count' },
          { key: 'type', title: t('columns.type'), render: (_, row) => <Tag>{t(`types.${row.type}`)}</Tag> },
          { key: 'visitor', title: t('columns.visitorType'), render: (_, row) => t(`visitorTypes.${row.visitorType}`) },
          {
            key: 'batch',
            title: t('columns.batch'),
            render: (_, row) => <Link to={`${BATCH_DETAIL_PATH}?batchId=${encodeURIComponent(row.batchId)}`}>{row.batchKey}</Link>,
          },
        ]}
        data-testid="store-entry-list"
      />
    </Card>
  );
}
