import { type DateRange, warehouseOperations as ops, type PatrolDayRow, RoleId, WAREHOUSE_LIMITS } from '@storelens/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { Card, Col, Row, Table, type TableColumnType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AnalyticsPage } from '../../../shared/analytics/AnalyticsPage.tsx';
import { AnalyticsToolbar } from '../../../shared/analytics/AnalyticsToolbar.tsx';
import { Chart } from '../../../shared/analytics/Chart.tsx';
import { hasChartData } from '../../../shared/analytics/chartOption.ts';
import { presetRange, todayLocal } from '../../../shared/analytics/dateRange.ts';
import { ExportButton } from '../../../shared/analytics/ExportButton.tsx';
import { formatNumber, formatPercent } from '../../../shared/analytics/format.ts';
import { StatCard } from '../../../shared/analytics/StatCard.tsx';
import { useAllShopsByDefault } from '../../../shared/analytics/useAllShopsByDefault.ts';
import { useShopSelection } from '../../../shared/analytics/useShopSelection.ts';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { CanButton } from '../../session/components/CanButton.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { exportPatrolAnalysis } from '../api.ts';
import { patrolTrendOption } from '../patrolCharts.ts';
import { PLAN_ADD_PATH, singleDayPathFor } from '../routes.tsx';

/**
 * Warehouse patrol analysis (/warehousePatrol/patrolAnalysis): the stock-room checks of the chosen
 * stores over store-local dates (at most 365 days): done, passed, failed and missed in total, per
 * day (the chart) and per store and day (the table, each row opening that day's timeline), and the
 * table as Excel.
 */
export function PatrolAnalysisPage() {
  const { t } = useTranslation('warehouse');
  const locale = useSessionStore((state) => state.locale);
  const rid = useSessionStore((state) => state.rid);
  const navigate = useNavigate();
  const shops = useShopSelection('multiple');
  // Stock rooms are compared across stores: a first visit starts with every store the user sees.
  const { settling } = useAllShopsByDefault(shops);
  const [range, setRange] = useState<DateRange>(() => presetRange('last7Days', todayLocal()));
  const request = { ...range, shopIds: shops.shopIds };
  const query = useOperation(ops.patrolAnalysis, request, { enabled: shops.ready && !settling, placeholderData: keepPreviousData });
  const data = shops.ready && !settling ? query.data : undefined;
  const loading = query.isFetching && !data;
  const number = (value: number | undefined) => formatNumber(value, locale);
  // The server's rates are percents with one decimal; the formatter takes fractions.
  const percent = (value: number | null | undefined) => formatPercent(value === null || value === undefined ? value : value / 100, locale);

  const trend = useMemo(
    () => (data ? patrolTrendOption(data.trend, { passed: t('counts.passed'), failed: t('counts.failed'), missed: t('counts.missed') }) : null),
    [data, t],
  );

  const columns: TableColumnType<PatrolDayRow>[] = [
    { key: 'shop', title: t('columns.shop'), dataIndex: 'shopName' },
    { key: 'date', title: t('columns.date'), dataIndex: 'date' },
    { key: 'checks', title: t('counts.checks'), dataIndex: 'checks', align: 'right' },
    { key: 'done', title: t('counts.done'), dataIndex: 'done', align: 'right' },
    { key: 'passed', title: t('counts.passed'), dataIndex: 'passed', align: 'right' },
    { key: 'failed', title: t('counts.failed'), dataIndex: 'failed', align: 'right' },
    { key: 'missed', title: t('counts.missed'), dataIndex: 'missed', align: 'right', sorter: (a, b) => a.missed - b.missed },
    { key: 'pending', title: t('counts.pending'), dataIndex: 'pending', align: 'right' },
    { key: 'noVideo', title: t('counts.noVideo'), dataIndex: 'noVideo', align: 'right' },
    { key: 'passRate', title: t('counts.passRate'), align: 'right', render: (_, row) => percent(row.passRate) },
    {
      key: 'timeline',
      title: t('columns.timeline'),
      render: (_, row) => (
        <Link to={singleDayPathFor(row.shopId, row.date)} data-testid={`warehouse-day-${row.shopId}-${row.date}`}>
          {t('actions.timeline')}
        </Link>
      ),
    },
  ];
  const totals = data?.totals;

  return (
    <AnalyticsPage
      testId="warehouse-analysis"
      shops={shops}
      toolbar={
        <AnalyticsToolbar
          shops={shops}
          range={{ value: range, onChange: setRange, maxDays: WAREHOUSE_LIMITS.rangeMaxDays }}
          actions={
            <>
              {/* The observer reads the checks; plans change the record (the server bars the observer too). */}
              {rid !== RoleId.observer && (
                <CanButton permission="cueretail_ext_patrol_inspect" onClick={() => void navigate(PLAN_ADD_PATH)} data-testid="warehouse-plan-add">
                  {t('planForm.add')}
                </CanButton>
              )}
              <ExportButton
                download={() => exportPatrolAnalysis(request)}
                fileName={`${t('file')}-${range.startDate}-${range.endDate}`}
                permission="cueretail_ext_patrol_inspect"
                disabled={!data || data.days.length === 0}
                testId="warehouse-export"
              />
            </>
          }
        />
      }
    >
      <Row gutter={[12, 12]}>
        <Col xs={12} md={6}>
          <StatCard
            title={t('counts.checks')}
            value={number(totals?.checks)}
            footer={`${t('counts.pending')} ${number(totals?.pending)}`}
            loading={loading}
            testId="warehouse-checks"
          />
        </Col>
        <Col xs={12} md={6}>
          <StatCard
            title={t('counts.done')}
            value={number(totals?.done)}
            footer={`${t('counts.noVideo')} ${number(totals?.noVideo)}`}
            loading={loading}
            testId="warehouse-done"
          />
        </Col>
        <Col xs={12} md={6}>
          <StatCard
            title={t('counts.passRate')}
            value={percent(totals?.passRate)}
            footer={`${t('counts.passed')} ${number(totals?.passed)} / ${t('counts.failed')} ${number(totals?.failed)}`}
            loading={loading}
            testId="warehouse-pass-rate"
          />
        </Col>
        <Col xs={12} md={6}>
          <StatCard title={t('counts.missed')} value={number(totals?.missed)} footer={t('missedHint')} loading={loading} testId="warehouse-missed" />
        </Col>
      </Row>
      <Card size="small" title={t('trendTitle')}>
        <Chart
          option={trend ?? {}}
          empty={!data || !hasChartData([data.trend.map((day) => day.passed + day.failed + day.missed)])}
          loading={query.isFetching}
          testId="warehouse-trend"
          label={t('trendTitle')}
        />
      </Card>
      <Card size="small" title={t('daysTitle')}>
        <Table<PatrolDayRow>
          rowKey={(row) => `${row.shopId}:${row.date}`}
          size="small"
          loading={query.isFetching}
          dataSource={data?.days ?? []}
          columns={columns}
          scroll={{ x: 'max-content' }}
          data-testid="warehouse-days"
        />
      </Card>
    </AnalyticsPage>
  );
}
