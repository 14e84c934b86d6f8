import { type DateRange, analysisOperations as ops, PATROL_STATS_LIMITS, type PassCounts, type PatrolStats } from '@storelens/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { Card, Col, Row, Table, type TableColumnType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsPage } from '../../../../shared/analytics/AnalyticsPage.tsx';
import { AnalyticsToolbar } from '../../../../shared/analytics/AnalyticsToolbar.tsx';
import { Chart } from '../../../../shared/analytics/Chart.tsx';
import { hasChartData } from '../../../../shared/analytics/chartOption.ts';
import { lastCompleteDaysRange } from '../../../../shared/analytics/dateRange.ts';
import { ExportButton } from '../../../../shared/analytics/ExportButton.tsx';
import { formatNumber, formatPercent } from '../../../../shared/analytics/format.ts';
import { StatCard } from '../../../../shared/analytics/StatCard.tsx';
import { useShopSelection } from '../../../../shared/analytics/useShopSelection.ts';
import { useOperation } from '../../../../shared/hooks/useOperation.ts';
import { callOperation } from '../../../../shared/lib/operations.ts';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import { failedItemsOption, rankingOption, trendOption } from './analysisCharts.ts';

/**
 * Inspection analysis (patrol stats, issue 14 section 5; /taskManagement/patrolAnalysis): pass
 * rates of completed inspections over the chosen stores and store-local dates (at most 365 days),
 * the trend, the store ranking, the most failed items, rectification on-time rate, and the tables
 * by region, category and store group (their score). The export is the server's workbook of the
 * same question.
 */
export function PatrolAnalysisPage() {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const shops = useShopSelection('multiple');
  const [range, setRange] = useState<DateRange>(() => lastCompleteDaysRange());
  const request = { ...range, shopIds: shops.shopIds };
  const query = useOperation(ops.patrolStats, request, { enabled: shops.ready, placeholderData: keepPreviousData });
  const data = shops.ready ? query.data : undefined;
  const text = (key: string) => t(`inspectionPlans:analysis.${key}`);
  const percent = (value: number | null | undefined) => formatPercent(value, locale);

  const charts = useMemo(
    () =>
      data
        ? {
            trend: trendOption(data.trend, { passRate: t('inspectionPlans:analysis.passRate'), completed: t('inspectionPlans:analysis.completed') }, locale),
            shops: rankingOption(
              data.shops.map((row) => ({ name: row.shopName, passRate: row.passRate })),
              t('inspectionPlans:analysis.passRate'),
              locale,
            ),
            items: failedItemsOption(data.items, t('inspectionPlans:analysis.failed')),
          }
        : null,
    [data, t, locale],
  );

  const countColumns = <Row extends PassCounts>(): TableColumnType<Row>[] => [
    { key: 'passed', title: text('passed'), dataIndex: 'passed', align: 'right', sorter: (a, b) => a.passed - b.passed },
    { key: 'failed', title: text('failed'), dataIndex: 'failed', align: 'right', sorter: (a, b) => a.failed - b.failed },
    { key: 'invalid', title: text('invalid'), dataIndex: 'invalid', align: 'right' },
    {
      key: 'passRate',
      title: text('passRate'),
      align: 'right',
      render: (_, row) => percent(row.passRate),
      sorter: (a, b) => (a.passRate ?? -1) - (b.passRate ?? -1),
    },
  ];
  const summary = data?.summary;

  return (
    <AnalyticsPage
      testId="patrol-analysis"
      shops={shops}
      toolbar={
        <AnalyticsToolbar
          shops={shops}
          range={{ value: range, onChange: setRange, maxDays: PATROL_STATS_LIMITS.rangeMaxDays }}
          actions={
            <ExportButton
              fileName={text('title')}
              download={() => callOperation(ops.patrolStatsExport, request) as Promise<Blob>}
              disabled={!shops.ready}
              permission="shopinspect_mngplan"
              testId="patrol-analysis-export"
            />
          }
        />
      }
    >
      <Row gutter={[12, 12]}>
        <Col xs={12} md={6}>
          <StatCard
            title={text('passRate')}
            value={percent(summary?.passRate)}
            footer={`${text('passed')} ${formatNumber(summary?.passed, locale)} / ${text('failed')} ${formatNumber(summary?.failed, locale)}`}
            loading={query.isFetching && !summary}
            testId="patrol-analysis-pass-rate"
          />
        </Col>
        <Col xs={12} md={6}>
          <StatCard
            title={text('completed')}
            value={`${formatNumber(summary?.completed, locale)} / ${formatNumber(summary?.assignments, locale)}`}
            footer={text('completedFooter')}
            loading={query.isFetching && !summary}
            testId="patrol-analysis-completed"
          />
        </Col>
        <Col xs={12} md={6}>
          <StatCard
            title={text('onTimeRate')}
            value={percent(summary?.onTimeRate)}
            footer={`${text('onTime')} ${formatNumber(summary?.rectificationsOnTime, locale)} / ${text('due')} ${formatNumber(summary?.rectificationsDue, locale)}`}
            loading={query.isFetching && !summary}
            testId="patrol-analysis-on-time"
          />
        </Col>
        <Col xs={12} md={6}>
          <StatCard
            title={text('rectifications')}
            value={formatNumber(summary?.rectifications, locale)}
            loading={query.isFetching && !summary}
            testId="patrol-analysis-rectifications"
          />
        </Col>
      </Row>
      <Card size="small" title={text('trendTitle')}>
        <Chart
          option={charts?.trend ?? {}}
          empty={!data || !hasChartData([data.trend.map((point) => point.passRate), data.trend.map((point) => point.completed)])}
          loading={query.isFetching}
          testId="patrol-analysis-trend"
          label={text('trendTitle')}
        />
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={text('shopRanking')}>
            <Chart
              option={charts?.shops ?? {}}
              empty={!data || data.shops.every((row) => row.passRate === null)}
              loading={query.isFetching}
              testId="patrol-analysis-shops"
              label={text('shopRanking')}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={text('failedItems')}>
            <Chart
              option={charts?.items ?? {}}
              empty={!data || data.items.every((row) => row.failed === 0)}
              loading={query.isFetching}
              testId="patrol-analysis-items"
              label={text('failedItems')}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={text('groupScores')}>
        <Table<PatrolStats['groups'][number]>
          rowKey="groupId"
          size="small"
          pagination={false}
          loading={query.isFetching}
          dataSource={data?.groups ?? []}
          data-testid="patrol-analysis-groups"
          columns={[
            { key: 'name', title: text('group'), dataIndex: 'name' },
            { key: 'shopCount', title: text('shopCount'), dataIndex: 'shopCount', align: 'right' },
            ...countColumns<PatrolStats['groups'][number]>(),
            { key: 'score', title: text('score'), align: 'right', render: (_, row) => formatNumber(row.score, locale, 1) },
          ]}
        />
      </Card>
      <Card size="small" title={text('byShop')}>
        <Table<PatrolStats['shops'][number]>
          rowKey="shopId"
          size="small"
          loading={query.isFetching}
          dataSource={data?.shops ?? []}
          data-testid="patrol-analysis-shop-table"
          columns={[
            { key: 'shop', title: text('store'), dataIndex: 'shopName' },
            { key: 'org', title: text('region'), dataIndex: 'orgName' },
            { key: 'completed', title: text('completed'), align: 'right', render: (_, row) => `${row.completed} / ${row.assignments}` },
            ...countColumns<PatrolStats['shops'][number]>(),
          ]}
        />
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={text('byRegion')}>
            <Table<PatrolStats['orgs'][number]>
              rowKey="orgId"
              size="small"
              pagination={false}
              loading={query.isFetching}
              dataSource={data?.orgs ?? []}
              columns={[{ key: 'org', title: text('region'), dataIndex: 'orgName' }, ...countColumns<PatrolStats['orgs'][number]>()]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={text('byCategory')}>
            <Table<PatrolStats['categories'][number]>
              rowKey="categoryName"
              size="small"
              pagination={false}
              loading={query.isFetching}
              dataSource={data?.categories ?? []}
              columns={[{ key: 'category', title: text('category'), dataIndex: 'categoryName' }, ...countColumns<PatrolStats['categories'][number]>()]}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={text('byItem')}>
        <Table<PatrolStats['items'][number]>
          rowKey="itemId"
          size="small"
          loading={query.isFetching}
          dataSource={data?.items ?? []}
          columns={[
            { key: 'item', title: text('item'), dataIndex: 'itemName' },
            { key: 'category', title: text('category'), dataIndex: 'categoryName' },
            ...countColumns<PatrolStats['items'][number]>(),
          ]}
        />
      </Card>
    </AnalyticsPage>
  );
}
