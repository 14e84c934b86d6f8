import type { DateRange, GateListResponse } from '@storelens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Table, type TableColumnType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsPage } from '../../../shared/analytics/AnalyticsPage.tsx';
import { AnalyticsToolbar } from '../../../shared/analytics/AnalyticsToolbar.tsx';
import { Chart } from '../../../shared/analytics/Chart.tsx';
import { hasChartData } from '../../../shared/analytics/chartOption.ts';
import { useDataUpdateTimeFeed } from '../../../shared/analytics/dataUpdateTime.ts';
import { defaultRange } from '../../../shared/analytics/dateRange.ts';
import { ExportButton } from '../../../shared/analytics/ExportButton.tsx';
import { downloadGateList } from '../../../shared/analytics/exports.ts';
import { formatNumber, formatPercent } from '../../../shared/analytics/format.ts';
import { indicatorChartOption, periodLabel } from '../../../shared/analytics/indicatorChart.ts';
import { StatCard } from '../../../shared/analytics/StatCard.tsx';
import { useShopSelection } from '../../../shared/analytics/useShopSelection.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { fetchGateList, fetchGateSummary, fetchGateTrend } from '../api.ts';
import { trafficKeys } from '../hooks/trafficKeys.ts';
import { StoreDaysNote } from './StoreDaysNote.tsx';

type GateRow = GateListResponse['rows'][number];
type GateGranularity = 'hour' | 'day';

/**
 * Entrance (gate) analysis (/area/entranceAnalysis): one shop's entrances over a range, their
 * totals and the busiest one, each entrance's entries, exits, passers-by, capture rate and share,
 * entries per entrance by day or hour, and the list as .xlsx.
 */
export function EntranceAnalysisPage() {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const cid = useSessionStore((state) => state.cid);
  const shops = useShopSelection('single');
  const shopId = shops.shopIds[0] ?? '';
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const [granularity, setGranularity] = useState<GateGranularity>('day');
  useDataUpdateTimeFeed(shops.shopIds, shops.ready);

  const enabled = shops.ready && cid !== null;
  const listRequest = { shopId, ...range };
  const list = useQuery({
    queryKey: trafficKeys.gate(cid, 'list', listRequest),
    queryFn: () => fetchGateList(listRequest),
    enabled,
    placeholderData: keepPreviousData,
  });
  const summaryRequest = { shopIds: [shopId], ...range };
  const summary = useQuery({
    queryKey: trafficKeys.gate(cid, 'summary', summaryRequest),
    queryFn: () => fetchGateSummary(summaryRequest),
    enabled,
    placeholderData: keepPreviousData,
  });
  const trendRequest = { shopId, ...range, granularity };
  const trend = useQuery({
    queryKey: trafficKeys.gate(cid, 'trend', trendRequest),
    queryFn: () => fetchGateTrend(trendRequest),
    enabled,
    placeholderData: keepPreviousData,
  });

  const gateIds = useMemo(() => (enabled && list.data ? new Set(list.data.rows.map((row) => row.cameraId)) : null), [enabled, list.data]);
  const trendData = enabled ? trend.data : undefined;
  // The shop's entrances only (the list's cameras): a shelf or cashier camera counts nobody coming in.
  const gateSeries = useMemo(() => (trendData ? trendData.series.filter((series) => !gateIds || gateIds.has(series.cameraId)) : []), [trendData, gateIds]);
  const option = useMemo(() => {
    const first = gateSeries[0];
    if (!trendData || !first) return null;
    return indicatorChartOption({
      categories: first.points.map((point) => periodLabel(point.key, trendData.granularity)),
      series: gateSeries.map((series) => ({
        indicator: 'entries' as const,
        name: series.cameraName,
        values: series.points.map((point) => point.entries),
      })),
      locale,
      zoom: first.points.length > 62,
    });
  }, [trendData, gateSeries, locale]);

  const totals = enabled ? summary.data : undefined;
  const columns: TableColumnType<GateRow>[] = [
    { key: 'entrance', title: t('messages:export.entrance'), dataIndex: 'cameraName' },
    { key: 'cameraNumber', title: t('messages:export.cameraNumber'), dataIndex: 'cameraNumber' },
    ...(['entries', 'exits', 'passersby'] as const).map(
      (field): TableColumnType<GateRow> => ({
        key: field,
        title: t(`messages:export.${field}`),
        align: 'right',
        sorter: (a, b) => a[field] - b[field],
        render: (_, row) => formatNumber(row[field], locale),
      }),
    ),
    { key: 'captureRate', title: t('messages:export.captureRate'), align: 'right', render: (_, row) => formatPercent(row.captureRate, locale) },
    { key: 'share', title: t('messages:export.share'), align: 'right', render: (_, row) => formatPercent(row.share, locale) },
  ];

  return (
    <AnalyticsPage
      testId="traffic-entrance-analysis"
      shops={shops}
      toolbar={
        <AnalyticsToolbar
          shops={shops}
          range={{ value: range, onChange: setRange }}
          granularity={{ value: granularity, onChange: (next) => setGranularity(next === 'hour' ? 'hour' : 'day'), options: ['hour', 'day'] }}
          actions={
            <ExportButton
              fileName={`${t('messages:export.titleGateList')} ${shops.shopNames[0] ?? ''}`.trim()}
              download={() => downloadGateList(listRequest)}
              disabled={!shops.ready}
              testId="gate-export"
            />
          }
        />
      }
    >
      <StoreDaysNote storeDays={enabled ? summary.data?.storeDays : undefined} />
      <Row gutter={[16, 16]} className="sl-stat-grid">
        {(['entries', 'exits', 'passersby'] as const).map((field) => (
          <Col xs={12} md={8} xl={4} key={field}>
            <StatCard title={t(`messages:export.${field}`)} value={formatNumber(totals?.[field], locale)} loading={!totals} testId={`gate-summary-${field}`} />
          </Col>
        ))}
        <Col xs={12} md={8} xl={4}>
          <StatCard
            title={t('messages:export.captureRate')}
            value={formatPercent(totals?.captureRate, locale)}
            loading={!totals}
            testId="gate-summary-capture-rate"
          />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <StatCard title={t('traffic:gate.gates')} value={formatNumber(totals?.gates, locale)} loading={!totals} testId="gate-summary-gates" />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <StatCard
            title={t('traffic:gate.busiest')}
            value={totals?.busiest ? totals.busiest.cameraName : '--'}
            footer={totals?.busiest ? t('traffic:gate.busiestEntries', { value: formatNumber(totals.busiest.entries, locale) }) : undefined}
            loading={!totals}
            testId="gate-summary-busiest"
          />
        </Col>
      </Row>
      <Card size="small" title={t('traffic:gate.listTitle')}>
        <Table<GateRow>
          rowKey="cameraId"
          size="small"
          columns={columns}
          dataSource={enabled ? (list.data?.rows ?? []) : []}
          loading={list.isFetching}
          pagination={false}
          locale={{ emptyText: t('traffic:gate.noGates') }}
          data-testid="gate-table"
        />
      </Card>
      <Card size="small" title={t('traffic:gate.trendTitle')}>
        <Chart
          label={t('traffic:gate.trendTitle')}
          option={option ?? {}}
          empty={!hasChartData(gateSeries.map((series) => series.points.map((point) => point.entries)))}
          loading={trend.isFetching}
          testId="gate-trend-chart"
        />
      </Card>
    </AnalyticsPage>
  );
}
