import type { BatchRow, PlanLogRow, ShopProgressRow } from '@storelens/contracts';
import { Card, Descriptions, Empty, Flex, Space, Spin, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dateTime.ts';
import { SectionHeading } from '../../../shared/ui/SectionHeading.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { PlanActions } from '../components/PlanActions.tsx';
import { cycleText, PlanStatusTag, ProgressCell, passRateText, progressColumns } from '../components/PlanCells.tsx';
import { SectionTable } from '../components/SectionTable.tsx';
import { useBatches, usePlan, usePlanLog, useShopProgress } from '../hooks/useInspection.ts';
import { PHASE_DETAIL_PATH, PLANS_PATH } from '../routes.tsx';

/**
 * A plan's details (/taskManagement/dailyPatrol/detailsSingle and /phaseTask?planId=, hidden): the
 * plan, its progress and pass rate, its phases (a cyclic plan's occurrences, each opening the phase
 * details), progress per store, and the update log.
 */
export function PlanDetailPage() {
  const { t } = useTranslation('inspectionPlans');
  const [params] = useSearchParams();
  const planId = params.get('planId') ?? '';
  const locale = useSessionStore((state) => state.locale);
  const plan = usePlan(planId);
  const cyclic = plan.data?.kind === 'cyclic';
  const batches = useBatches(planId, cyclic);
  const stores = useShopProgress(planId);
  const log = usePlanLog(planId);
  if (plan.isLoading) return <Spin />;
  const row = plan.data;
  if (!row) return <Empty description={<Link to={PLANS_PATH}>{t('menu.plans')}</Link>} />;

  const batchColumns: TableColumnsType<BatchRow> = [
    {
      key: 'date',
      title: t('detail.columns.date'),
      render: (_, batch) => (
        <Link
          to={`${PHASE_DETAIL_PATH}?planId=${encodeURIComponent(row.planId)}&batchId=${encodeURIComponent(batch.batchId)}`}
          data-testid={`phase-${batch.date}`}
        >
          {batch.date}
        </Link>
      ),
    },
    { key: 'stores', title: t('detail.columns.stores'), dataIndex: 'storeCount', align: 'right', width: 90 },
    ...progressColumns<BatchRow>(t),
  ];
  const storeColumns: TableColumnsType<ShopProgressRow> = [
    { key: 'store', title: t('detail.columns.store'), dataIndex: 'shopName' },
    { key: 'number', title: t('detail.columns.number'), dataIndex: 'shopNumber', width: 130 },
    ...progressColumns<ShopProgressRow>(t),
  ];
  const logColumns: TableColumnsType<PlanLogRow> = [
    { key: 'at', title: t('detail.columns.at'), width: 170, render: (_, entry) => formatDateTime(entry.at, locale) },
    { key: 'action', title: t('detail.columns.action'), width: 110, render: (_, entry) => t(`detail.logActions.${entry.action}`) },
    { key: 'user', title: t('detail.columns.user'), width: 140, render: (_, entry) => entry.user?.name ?? t('detail.system') },
    {
      key: 'changes',
      title: t('detail.columns.changes'),
      render: (_, entry) => (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {entry.changes.map((change) => t(`detail.fields.${change.field}`, { defaultValue: change.field })).join(', ') || '--'}
        </Typography.Text>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="plan-detail">
      <Card size="small">
        <Flex justify="space-between" align="center" wrap>
          <Space>
            <SectionHeading style={{ margin: 0 }}>{row.name}</SectionHeading>
            <PlanStatusTag status={row.status} />
          </Space>
          <PlanActions plan={row} />
        </Flex>
        <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered style={{ marginTop: 12 }}>
          <Descriptions.Item label={t('list.columns.kind')}>{t(`kind.${row.kind}`)}</Descriptions.Item>
          <Descriptions.Item label={t('list.columns.validity')}>{`${row.validFrom} ~ ${row.validTo}`}</Descriptions.Item>
          <Descriptions.Item label={t('list.columns.cycle')}>{cycleText(row.cycle, t)}</Descriptions.Item>
          <Descriptions.Item label={t('list.columns.period')}>{`${row.periodStart}-${row.periodEnd}`}</Descriptions.Item>
          <Descriptions.Item label={t('list.columns.founder')}>{row.founder.name}</Descriptions.Item>
          <Descriptions.Item label={t('list.columns.handlers')}>{row.handlers.map((handler) => handler.name).join(', ')}</Descriptions.Item>
          <Descriptions.Item label={t('list.columns.progress')}>
            <ProgressCell progress={row.progress} />
          </Descriptions.Item>
          <Descriptions.Item label={t('list.columns.passRate')}>{passRateText(row.progress)}</Descriptions.Item>
          <Descriptions.Item label={t('detail.items')} span={2}>
            <Flex wrap gap={4}>
              {row.items.map((item) => (
                <Tag key={item.itemId} bordered={false}>{`${item.categoryName} · ${item.name}`}</Tag>
              ))}
            </Flex>
          </Descriptions.Item>
          {row.description ? (
            <Descriptions.Item label={t('detail.description')} span={2}>
              {row.description}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>
      {cyclic && <SectionTable<BatchRow> title={t('detail.phases')} rowKey="batchId" columns={batchColumns} read={batches} testId="phase-table" />}
      <SectionTable<ShopProgressRow> title={t('detail.stores')} rowKey="shopId" columns={storeColumns} read={stores} />
      <SectionTable<PlanLogRow> title={t('detail.log')} rowKey="logId" columns={logColumns} read={log} testId="plan-log" />
    </Flex>
  );
}
