import { batchOperations as ops, type VisitorBatchRow } from '@storelens/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { Card, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { BatchFilters, batchColumns, useBatchFilters } from './BatchListPage.tsx';

/** /batch/list-inner: the operators' list: the box's own batch ids, screenshots and when each batch arrived. */
export function BatchInnerPage() {
  const { t } = useTranslation('batch');
  const locale = useSessionStore((state) => state.locale);
  const filters = useBatchFilters();
  const paging = usePaging(JSON.stringify(filters.filter));
  const list = useOperation(ops.batchList, { ...filters.filter, page: paging.page, pageSize: paging.pageSize }, { placeholderData: keepPreviousData });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <BatchFilters filters={filters} />
      </Card>
      <Card size="small">
        <Table<VisitorBatchRow>
          rowKey="batchId"
          size="small"
          columns={[
            // The store-local date is in the arrival time beside; the stay is on the list page.
            ...batchColumns(t, true).filter((column) => column.key !== 'date' && column.key !== 'stay'),
            { key: 'screenshots', title: t('columns.screenshots'), dataIndex: 'screenshots' },
            { key: 'receivedAt', title: t('columns.receivedAt'), render: (_, row) => formatDateTime(row.receivedAt, locale) },
          ]}
          dataSource={list.data?.list ?? []}
          loading={list.isLoading}
          pagination={{ current: paging.page, pageSize: paging.pageSize, total: list.data?.total ?? 0, onChange: paging.onChange }}
          scroll={{ x: 'max-content' }}
          data-testid="batch-inner-list"
        />
      </Card>
    </Space>
  );
}
