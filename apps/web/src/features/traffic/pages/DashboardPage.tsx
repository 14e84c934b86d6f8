import type { Indicator, Locale } from '@storelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Space, Table, type TableColumnType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsPage } from '../../../shared/analytics/AnalyticsPage.tsx';
import { AnalyticsToolbar } from '../../../shared/analytics/AnalyticsToolbar.tsx';
import { Chart } from '../../../shared/analytics/Chart.tsx';
import { hasChartData } from '../../../shared/analytics/chartOption.ts';
import { usePublishDataUpdateTime } from '../../../shared/analytics/dataUpdateTime.ts';
import { ExportButton } from '../../../shared/analytics/ExportButton.tsx';
import { exportAnalyticsTable } from '../../../shared/analytics/exports.ts';
import { formatChange, formatDateTime, formatDuration, formatNumber, formatPercent } from '../../../shared/analytics/format.ts';
import { indicatorChartOption } from '../../../shared/analytics/indicatorChart.ts';
import { indicatorColumns } from '../../../shared/analytics/indicatorColumns.tsx';
import { COMPARISON_COLOUR } from '../../../shared/analytics/palette.ts';
import { StatCard } from '../../../shared/analytics/StatCard.tsx';
import { useShopSelection } from '../../../shared/analytics/useShopSelection.ts';
import { differsFromViewer, formatHour, zoneName } from '../../../shared/lib/dateTime.ts';
import { useRealtimeOpen } from '../../../shared/realtime/realtimeStore.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { type DashboardResponse, fetchDashboard } from '../api.ts';
import { trafficKeys } from '../hooks/trafficKeys.ts';
import { useLiveDashboard } from '../hooks/useLiveDashboard.ts';

/**
 * Today's figures move while the page is open: a box's events are announced on the real-time
 * channel (a `dashboard` event for the shop) and the page reads them again at once. Polling is
 * the fallback: every 30 seconds while the channel is down, every 5 minutes while it is up.
 */
export const DASHBOARD_FALLBACK_POLL_MS = 30_000;
export const DASHBOARD_SAFETY_POLL_MS = 5 * 60_000;

type ShopRow = DashboardResponse['shops'][number];

/** The table's indicators, in the order of the server's dashboard export, so screen and file match. */
const SHOP_INDICATORS: Indicator[] = ['entries', 'passersby', 'captureRate', 'visits', 'newVisitors', 'repeatVisitors', 'avgDwellMinutes', 'deepVisitRate'];

/** The latest local hour any selected shop has reached: later hours of today have not happened yet. */
function currentLocalHour(data: DashboardResponse): number {
  const at = new Date(data.generatedAt);
  const hours = data.shops.map((shop) => Number(new Intl.DateTimeFormat('en-US', { timeZone: shop.timeZone, hour: 'numeric', hourCycle: 'h23' }).format(at)));
  return hours.length > 0 ? Math.max(...hours) : 23;
}

/**
 * The stores' zones whose clocks differ from the viewer's: the hours of the chart are each store's
 * local hours, which a viewer elsewhere must be told (named, with the offset).
 */
function foreignZones(data: DashboardResponse, locale: Locale): string[] {
  const at = new Date(data.generatedAt);
  const zones = [...new Set(data.shops.map((shop) => shop.timeZone))].filter((zone) => differsFromViewer(zone, at));
  return zones.map((zone) => zoneName(zone, locale, at));
}

function hourlyOption(data: DashboardResponse, t: (key: string) => string, locale: Locale) {
  const nowHour = currentLocalHour(data);
  return indicatorChartOption({
    categories: data.hourly.map((slot) => formatHour(slot.hour, locale)),
    series: [
      { indicator: 'entries', name: t('traffic:dashboard.today'), values: data.hourly.map((slot) => (slot.hour <= nowHour ? slot.entries : null)) },
      {
        indicator: 'entries',
        name: t('traffic:dashboard.lastWeek'),
        values: data.hourly.map((slot) => slot.lastWeekEntries),
        colour: COMPARISON_COLOUR,
        dashed: true,
      },
    ],
    locale,
  });
}

/**
 * Today's traffic (/dashboard): entries so far against the same weekday last week at the same
 * time, capture rate, average stay, new against repeat visitors, the hourly curve against last
 * week, and each shop's figures. Each shop's today is its own local day. Refreshes by itself.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const cid = useSessionStore((state) => state.cid);
  const shops = useShopSelection('multiple');
  const live = useRealtimeOpen();
  const dashboard = useQuery({
    queryKey: trafficKeys.dashboard(cid, shops.shopIds),
    queryFn: () => fetchDashboard(shops.shopIds),
    enabled: shops.ready && cid !== null,
    refetchInterval: live ? DASHBOARD_SAFETY_POLL_MS : DASHBOARD_FALLBACK_POLL_MS,
    staleTime: DASHBOARD_FALLBACK_POLL_MS,
  });
  useLiveDashboard(shops.shopIds, () => void dashboard.refetch());
  const data = shops.ready ? dashboard.data : undefined;
  usePublishDataUpdateTime(data ? data.dataUpdatedAt : undefined);
  const option = useMemo(() => (data ? hourlyOption(data, t, locale) : null), [data, t, locale]);
  const zones = useMemo(() => (data ? foreignZones(data, locale) : []), [data, locale]);

  const totals = data?.totals;
  const entries = totals?.entries ?? null;
  const lastWeekSoFar = data?.lastWeekEntriesSoFar ?? null;
  const change = entries !== null && lastWeekSoFar ? (entries - lastWeekSoFar) / lastWeekSoFar : null;

  const columns: TableColumnType<ShopRow>[] = [
    { key: 'shopNumber', title: t('messages:export.shopNumber'), dataIndex: 'shopNumber', width: 100 },
    {
      key: 'shop',
      title: t('messages:export.shop'),
      render: (_, row) => (
        <Space size={4}>
          {row.shopName}
          {row.isClosed && <Tag>{t('traffic:dashboard.closed')}</Tag>}
          {!row.isClosed && row.complete === false && (
            <Tag color="warning" data-testid="dashboard-incomplete">
              {t('analytics:completeness.incomplete')}
            </Tag>
          )}
        </Space>
      ),
    },
    { key: 'localDate', title: t('messages:export.localDate'), dataIndex: 'localDate', width: 110 },
    ...indicatorColumns<ShopRow>(SHOP_INDICATORS, t, locale, (row, indicator) => row.values[indicator]),
    {
      key: 'lastWeek',
      // Like for like with today so far (issue 11): last week's same weekday up to the shop's current local time.
      title: t('messages:export.lastWeekByNow'),
      align: 'right',
      sorter: (a, b) => (a.lastWeekEntriesSoFar ?? a.lastWeekEntries) - (b.lastWeekEntriesSoFar ?? b.lastWeekEntries),
      render: (_, row) => formatNumber(row.lastWeekEntriesSoFar ?? row.lastWeekEntries, locale),
    },
  ];

  return (
    <AnalyticsPage
      testId="traffic-dashboard"
      shops={shops}
      toolbar={
        <AnalyticsToolbar
          shops={shops}
          actions={
            <>
              {data && (
                <Typography.Text type="secondary" data-testid="dashboard-generated-at">
                  {t('traffic:dashboard.autoRefresh', { time: formatDateTime(data.generatedAt, locale) })}
                </Typography.Text>
              )}
              <ExportButton
                fileName={t('messages:export.titleDashboard')}
                download={() => exportAnalyticsTable({ table: 'dashboard', query: { shopIds: shops.shopIds } })}
                disabled={!shops.ready}
                testId="dashboard-export"
              />
            </>
          }
        />
      }
    >
      <Row gutter={[16, 16]} className="sl-stat-grid">
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            title={t('traffic:dashboard.entriesSoFar')}
            value={formatNumber(entries, locale)}
            loading={!data}
            testId="dashboard-entries"
            footer={
              <Space size={6} wrap>
                <span>{t('traffic:dashboard.vsLastWeek', { value: formatNumber(lastWeekSoFar, locale) })}</span>
                {change !== null && <Tag color={change >= 0 ? 'green' : 'red'}>{formatChange(change, locale)}</Tag>}
              </Space>
            }
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            title={t('messages:export.captureRate')}
            value={formatPercent(totals?.captureRate, locale)}
            loading={!data}
            testId="dashboard-capture-rate"
            footer={t('traffic:dashboard.passersby', { value: formatNumber(totals?.passersby, locale) })}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            title={t('traffic:dashboard.avgDwell')}
            value={formatDuration(totals?.avgDwellMinutes === null || totals?.avgDwellMinutes === undefined ? null : totals.avgDwellMinutes * 60, locale)}
            loading={!data}
            testId="dashboard-dwell"
            footer={t('traffic:dashboard.deepVisits', {
              visits: formatNumber(totals?.visits, locale),
              rate: formatPercent(totals?.deepVisitRate, locale),
            })}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <StatCard
            title={t('traffic:dashboard.newVsRepeat')}
            value={`${formatNumber(totals?.newVisitors, locale)} / ${formatNumber(totals?.repeatVisitors, locale)}`}
            loading={!data}
            testId="dashboard-new-repeat"
            footer={t('traffic:dashboard.repeatRate', { value: formatPercent(totals?.repeatRate, locale) })}
          />
        </Col>
      </Row>
      <Card
        size="small"
        title={t('traffic:dashboard.hourlyTitle')}
        extra={
          zones.length > 0 && (
            <Typography.Text type="secondary" data-testid="dashboard-local-hours">
              {t('traffic:dashboard.localHours', { zones: zones.join(', ') })}
            </Typography.Text>
          )
        }
      >
        <Chart
          option={option ?? {}}
          empty={!data || !hasChartData([data.hourly.map((slot) => slot.entries), data.hourly.map((slot) => slot.lastWeekEntries)])}
          loading={!data}
          testId="dashboard-hourly-chart"
          label={t('traffic:dashboard.hourlyTitle')}
        />
      </Card>
      <Card size="small" title={t('traffic:dashboard.shopsTitle')}>
        <Table<ShopRow>
          rowKey="shopId"
          size="small"
          columns={columns}
          dataSource={data?.shops ?? []}
          loading={dashboard.isPending && shops.ready}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          // Wide as its content, the table put its last columns past the card at 1440 px; at the
          // card's width the headers wrap and every column shows. Below ~1100 px it scrolls.
          scroll={{ x: 1000 }}
          data-testid="dashboard-shop-table"
        />
      </Card>
    </AnalyticsPage>
  );
}
