import { Limits, PLAN_STATUSES, type PlanKind, type PlanRow, type PlanStatus } from '@storelens/contracts';
import { Card, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { ListFilters, ListSearch, useTablePagination } from '../../../shared/ui/ListControls.tsx';
import { StackedCell } from '../../../shared/ui/TableCells.tsx';
import { CanButton } from '../../session/components/CanButton.tsx';
import { PlanActions } from '../components/PlanActions.tsx';
import { cycleText, PlanStatusTag, ProgressCell, passRateText } from '../components/PlanCells.tsx';
import { usePlans } from '../hooks/useInspection.ts';
import { PLAN_ADD_PATH, PLAN_PHASES_PATH, PLAN_SINGLE_PATH } from '../routes.tsx';

const ALL = '';

/** Where a plan's details live: a cyclic plan's phases, a single plan's details. */
export const planDetailPath = (plan: Pick<PlanRow, 'planId' | 'kind'>) =>
  `${plan.kind === 'cyclic' ? PLAN_PHASES_PATH : PLAN_SINGLE_PATH}?planId=${encodeURIComponent(plan.planId)}`;

/**
 * Inspection plans (/taskManagement/dailyPatrol, kept alive): name, type, state, validity, cycle and
 * period, stores, progress and pass rate over the caller's stores, founder; the actions the state
 * allows; filters by name, type and state.
 */
export function PlansPage() {
  const { t } = useTranslation('inspectionPlans');
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword.trim(), Limits.treeSearchDebounceMs);
  const [kind, setKind] = useState<PlanKind | typeof ALL>(ALL);
  const [status, setStatus] = useState<PlanStatus | typeof ALL>(ALL);
  const filter = { ...(search ? { keyword: search } : {}), ...(kind ? { kind } : {}), ...(status ? { status } : {}) };
  const paging = usePaging(JSON.stringify(filter));
  const plans = usePlans({ ...filter, page: paging.page, pageSize: paging.pageSize });
  const pagination = useTablePagination(paging, plans.data?.total ?? 0);

  const columns: TableColumnsType<PlanRow> = [
    {
      key: 'name',
      title: t('list.columns.name'),
      render: (_, row) => (
        <Space size={4}>
          <Link to={planDetailPath(row)} data-testid={`plan-name-${row.name}`}>
            {row.name}
          </Link>
          {/* Made on the warehouse patrol pages; the patrol form does not change it. */}
          {row.planType === 'warehouse' && <Tag data-testid={`plan-type-${row.name}`}>{t('planType.warehouse')}</Tag>}
        </Space>
      ),
    },
    { key: 'kind', title: t('list.columns.kind'), width: 80, render: (_, row) => t(`kind.${row.kind}`) },
    {
      key: 'status',
      title: t('list.columns.status'),
      width: 140,
      render: (_, row) => (
        <span data-testid={`plan-state-${row.name}`}>
          <PlanStatusTag status={row.status} />
        </span>
      ),
    },
    {
      key: 'validity',
      title: t('list.columns.validity'),
      width: 200,
      render: (_, row) => (
        <StackedCell primary={`${row.validFrom} ~ ${row.validTo}`} secondary={`${cycleText(row.cycle, t)} · ${row.periodStart}-${row.periodEnd}`} />
      ),
    },
    { key: 'stores', title: t('list.columns.stores'), dataIndex: 'storeCount', width: 70, align: 'right' },
    { key: 'progress', title: t('list.columns.progress'), width: 130, render: (_, row) => <ProgressCell progress={row.progress} /> },
    { key: 'passRate', title: t('list.columns.passRate'), width: 90, align: 'right', render: (_, row) => passRateText(row.progress) },
    {
      key: 'people',
      title: t('list.columns.founder'),
      width: 150,
      render: (_, row) => (
        <StackedCell
          primary={row.founder.name}
          secondary={
            <Typography.Text type="secondary" ellipsis>
              {row.handlers.map((handler) => handler.name).join(', ')}
            </Typography.Text>
          }
        />
      ),
    },
    { key: 'actions', title: t('list.columns.actions'), width: 190, render: (_, row) => <PlanActions plan={row} /> },
  ];

  return (
    <Card size="small" data-testid="plans-page">
      <ListFilters>
        <ListSearch value={keyword} onChange={setKeyword} placeholder={t('list.search')} testId="plan-search" />
        <Select
          value={kind}
          onChange={setKind}
          style={{ width: 130 }}
          aria-label={t('list.columns.kind')}
          options={[
            { value: ALL, label: t('list.allKinds') },
            { value: 'single', label: t('kind.single') },
            { value: 'cyclic', label: t('kind.cyclic') },
          ]}
        />
        <Select
          value={status}
          onChange={setStatus}
          style={{ width: 170 }}
          aria-label={t('list.columns.status')}
          options={[{ value: ALL, label: t('list.allStatuses') }, ...PLAN_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))]}
          data-testid="plan-status-filter"
        />
        <Space>
          <CanButton permission="inspection_plan_update" type="primary" onClick={() => void navigate(PLAN_ADD_PATH)} data-testid="plan-add">
            {t('list.add')}
          </CanButton>
        </Space>
      </ListFilters>
      <Table<PlanRow>
        rowKey="planId"
        size="small"
        columns={columns}
        dataSource={plans.data?.list ?? []}
        loading={plans.isFetching}
        pagination={pagination}
        data-testid="plan-table"
      />
    </Card>
  );
}
