import type { AssignmentRow, ShopProgressRow } from '@storelens/contracts';
import { Card, Flex, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { formatDateTime, formatTime } from '../../../shared/lib/dateTime.ts';
import { useTablePagination } from '../../../shared/ui/ListControls.tsx';
import { SectionHeading } from '../../../shared/ui/SectionHeading.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { progressColumns } from '../components/PlanCells.tsx';
import { useAssignments, usePlan, useShopProgress } from '../hooks/useInspection.ts';

const STATUS_COLOURS = { pending: 'gold', completed: 'green', cancelled: 'default' } as const;

/**
 * One phase of a cyclic plan (/taskManagement/dailyPatrol/phaseTask/detailsCyclic?planId=&batchId=,
 * hidden; the breadcrumb's phase-task link keeps planId): progress per store and each store's
 * inspection with its period in the store's own time.
 */
export function PhaseDetailPage() {
  const { t } = useTranslation('inspectionPlans');
  const [params] = useSearchParams();
  const planId = params.get('planId') ?? '';
  const batchId = params.get('batchId') ?? '';
  const locale = useSessionStore((state) => state.locale);
  const plan = usePlan(planId);
  const stores = useShopProgress(planId, batchId || undefined);
  const paging = usePaging(batchId);
  const assignments = useAssignments({ planId, ...(batchId ? { batchId } : {}), page: paging.page, pageSize: paging.pageSize });
  const pagination = useTablePagination(paging, assignments.data?.total ?? 0);

  const columns: TableColumnsType<AssignmentRow> = [
    { key: 'store', title: t('detail.columns.store'), dataIndex: 'shopName' },
    {
      key: 'window',
      title: t('detail.columns.window'),
      width: 150,
      render: (_, row) => `${formatTime(row.windowStart, locale, { timeZone: row.timeZone })}-${formatTime(row.windowEnd, locale, { timeZone: row.timeZone })}`,
    },
    {
      key: 'status',
      title: t('detail.columns.status'),
      width: 120,
      render: (_, row) => (
        <Tag color={row.overdue ? 'red' : STATUS_COLOURS[row.status]} bordered={false}>
          {row.overdue ? t('assignment.overdue') : t(`assignment.${row.status}`)}
        </Tag>
      ),
    },
    {
      key: 'results',
      title: t('detail.columns.results'),
      width: 150,
      render: (_, row) => (row.status === 'completed' ? `${row.passed} / ${row.failed} / ${row.invalid}` : '--'),
    },
    {
      key: 'completedAt',
      title: t('detail.columns.completedAt'),
      width: 170,
      render: (_, row) => (row.completedAt ? formatDateTime(row.completedAt, locale) : '--'),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="phase-detail">
      <Card size="small">
        <SectionHeading>{`${plan.data?.name ?? ''} · ${t('phase.title', { date: batchId })}`}</SectionHeading>
        <Table
          rowKey="shopId"
          size="small"
          columns={[{ key: 'store', title: t('detail.columns.store'), dataIndex: 'shopName' }, ...progressColumns<ShopProgressRow>(t)]}
          dataSource={stores.data ?? []}
          pagination={false}
        />
      </Card>
      <Card size="small">
        <SectionHeading>{t('phase.assignments')}</SectionHeading>
        <Table<AssignmentRow>
          rowKey="assignmentId"
          size="small"
          columns={columns}
          dataSource={assignments.data?.list ?? []}
          loading={assignments.isFetching}
          pagination={pagination}
          data-testid="assignment-table"
        />
      </Card>
    </Flex>
  );
}
