import type { VisitorBatchRow } from '@storelens/contracts';
import { Alert, Badge, Card, Col, Empty, Row, Select, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { shopOptionsOf } from '../../../shared/lib/shopOptions.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { BatchTypeTags, InOut, minutes } from '../components/BatchCells.tsx';
import { useLiveBatches } from '../hooks/useLiveBatches.ts';
import { batchColumns } from './BatchListPage.tsx';

function useLivePage() {
  const tree = useSessionStore((state) => state.shopTree);
  const shops = useMemo(() => shopOptionsOf(tree), [tree]);
  const [shopIds, setShopIds] = useState<string[]>([]);
  const live = useLiveBatches(shopIds);
  return { shops, shopIds, setShopIds, ...live };
}

function LiveHeader({ page }: { page: ReturnType<typeof useLivePage> }) {
  const { t } = useTranslation('batch');
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
      <Select
        mode="multiple"
        allowClear
        style={{ minWidth: 280 }}
        placeholder={t('filters.stores')}
        aria-label={t('filters.stores')}
        options={page.shops}
        optionFilterProp="label"
        value={page.shopIds}
        onChange={page.setShopIds}
        maxTagCount="responsive"
      />
      <Badge status={page.connected ? 'processing' : 'error'} text={page.connected ? t('live.connected') : t('live.reconnecting')} data-testid="live-status" />
    </Space>
  );
}

/** /batch/list-inner-realtime: the newest batches as a table, updated as boxes report them (no reload). */
export function LiveBatchTablePage() {
  const { t } = useTranslation('batch');
  const locale = useSessionStore((state) => state.locale);
  const page = useLivePage();
  return (
    <Card size="small" data-testid="live-batches">
      <LiveHeader page={page} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('live.help')}
      </Typography.Paragraph>
      <Table<VisitorBatchRow>
        rowKey="batchId"
        size="small"
        columns={[...batchColumns(t, true), { key: 'receivedAt', title: t('columns.receivedAt'), render: (_, row) => formatDateTime(row.receivedAt, locale) }]}
        dataSource={page.batches}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="live-batch-table"
      />
    </Card>
  );
}

/** /batch/list-inner-realtime2: the same live feed as cards per batch, for a wall screen. */
export function LiveBatchBoardPage() {
  const { t } = useTranslation('batch');
  const page = useLivePage();
  return (
    <Card size="small" data-testid="live-batches">
      <LiveHeader page={page} />
      {!page.connected && <Alert style={{ marginTop: 8 }} type="warning" showIcon title={t('live.reconnecting')} />}
      {page.batches.length === 0 ? (
        <Empty style={{ marginTop: 24 }} description={t('live.waiting')} />
      ) : (
        <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
          {page.batches.map((row) => (
            <Col key={row.batchId} xs={24} md={12} xl={8} data-testid={`live-card-${row.batchKey}`}>
              <Card size="small" title={`${row.shopName} · ${t('live.people', { count: row.count })}`}>
                <BatchTypeTags row={row} />
                <div>
                  <InOut row={row} />
                </div>
                <Typography.Text type="secondary">
                  {t('live.stay', { minutes: minutes(row.staySeconds), reception: minutes(row.receptionSeconds) })}
                </Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
