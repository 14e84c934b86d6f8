import { areaAnalysisOperations as ops, type RegionRow } from '@storelens/contracts';
import { Card, Space, Table, type TableColumnType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsPage } from '../../../../shared/analytics/AnalyticsPage.tsx';
import { Chart } from '../../../../shared/analytics/Chart.tsx';
import { hasChartData } from '../../../../shared/analytics/chartOption.ts';
import { ExportButton } from '../../../../shared/analytics/ExportButton.tsx';
import { formatDuration, formatNumber } from '../../../../shared/analytics/format.ts';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import { AreaToolbar, PlanNotices } from '../AreaToolbar.tsx';
import { CorrelationPanel } from '../CorrelationPanel.tsx';
import { exportAreaTable } from '../exports.ts';
import { GeometryVersionsLine } from '../GeometryVersionsLine.tsx';
import { seriesOption } from '../seriesOption.ts';
import { areaQueryOf, useAreaPlan } from '../useAreaPlan.ts';
import { useAreaQuery } from '../useAreaQuery.ts';

/**
 * /area/overview: every region, dwell zone and entrance area of a store's plan with its entries,
 * passes, dwell and deep dwell, the chosen region by day, and which regions get busy at the same
 * hours (correlations).
 */
export function AreaOverviewPage() {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const choice = useAreaPlan();
  const query = areaQueryOf(choice);
  const summary = useAreaQuery(ops.regionSummary, query, choice.ready);
  const rows = summary.data?.rows ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const elementId = rows.some((row) => row.elementId === picked) ? picked : (rows.find((row) => row.kind === 'region')?.elementId ?? null);
  const trend = useAreaQuery(ops.regionTrend, { ...query, elementId: elementId ?? '' }, choice.ready && elementId !== null);

  const columns: TableColumnType<RegionRow>[] = [
    { key: 'name', title: t('areaAnalysis:region'), dataIndex: 'name' },
    {
      key: 'kind',
      title: t('areaAnalysis:kind'),
      render: (_, row) => (
        // The element's own colour as a swatch: text on a colour the user drew may be unreadable.
        <Space size={6}>
          <span aria-hidden style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: row.colour }} />
          {t(`areaAnalysis:kinds.${row.kind}`)}
        </Space>
      ),
    },
    {
      key: 'entries',
      title: t('areaAnalysis:entries'),
      align: 'right',
      render: (_, row) => formatNumber(row.entries, locale),
      sorter: (a, b) => a.entries - b.entries,
    },
    { key: 'passes', title: t('areaAnalysis:passes'), align: 'right', render: (_, row) => formatNumber(row.passes, locale) },
    {
      key: 'avg',
      title: t('areaAnalysis:avgDwell'),
      align: 'right',
      render: (_, row) => (row.avgDwellSeconds === null ? '--' : formatDuration(row.avgDwellSeconds, locale)),
    },
    { key: 'deep', title: t('areaAnalysis:deepEntries'), align: 'right', render: (_, row) => formatNumber(row.deepEntries, locale) },
    { key: 'deepRate', title: t('areaAnalysis:deepRate'), align: 'right', render: (_, row) => (row.deepRate === null ? '--' : `${row.deepRate}%`) },
    { key: 'versions', title: t('areaAnalysis:versions'), render: (_, row) => row.versions.join(', ') || '--' },
  ];
  const byRegion = useMemo(
    () =>
      seriesOption(
        rows.map((row) => row.name),
        [{ type: 'bar', name: t('areaAnalysis:entries'), values: rows.map((row) => row.entries) }],
      ),
    [rows, t],
  );
  const byDay = useMemo(() => {
    const daily = trend.data?.daily ?? [];
    return seriesOption(
      daily.map((day) => day.date.slice(5)),
      [
        { type: 'line', name: t('areaAnalysis:entries'), values: daily.map((day) => day.entries) },
        { type: 'line', name: t('areaAnalysis:deepEntries'), values: daily.map((day) => day.deepEntries) },
      ],
    );
  }, [trend.data, t]);

  return (
    <AnalyticsPage
      testId="area-overview"
      shops={choice.shops}
      toolbar={
        <AreaToolbar
          choice={choice}
          actions={
            <ExportButton
              fileName={t('messages:area.titleRegions')}
              download={() => exportAreaTable({ table: 'regions', query })}
              disabled={!choice.ready}
              testId="area-overview-export"
            />
          }
        />
      }
    >
      <PlanNotices choice={choice} />
      <GeometryVersionsLine answers={[summary.data?.geometry]} />
      <Card size="small" title={t('areaAnalysis:regionsTitle')} extra={summary.data ? t('areaAnalysis:tracksN', { n: summary.data.tracks }) : null}>
        <Chart
          label={t('areaAnalysis:regionsTitle')}
          option={byRegion}
          empty={!hasChartData([rows.map((row) => row.entries)])}
          loading={summary.isFetching}
          height={260}
          testId="area-overview-chart"
        />
        <Table<RegionRow>
          rowKey="elementId"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={summary.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          onRow={(row) => ({ onClick: () => setPicked(row.elementId) })}
          rowClassName={(row) => (row.elementId === elementId ? 'ant-table-row-selected' : '')}
          data-testid="area-overview-table"
        />
      </Card>
      <Card
        size="small"
        title={t('areaAnalysis:trendTitle', { name: trend.data?.name ?? '' })}
        extra={
          elementId && (
            <ExportButton
              fileName={t('messages:area.titleRegionTrend')}
              download={() => exportAreaTable({ table: 'regionTrend', query: { ...query, elementId } })}
              testId="area-trend-export"
            />
          )
        }
      >
        <Chart
          label={t('areaAnalysis:trendTitle', { name: trend.data?.name ?? '' })}
          option={byDay}
          empty={!hasChartData([(trend.data?.daily ?? []).map((day) => day.entries)])}
          loading={trend.isFetching}
          height={260}
          testId="area-trend-chart"
        />
      </Card>
      <CorrelationPanel query={query} ready={choice.ready} />
    </AnalyticsPage>
  );
}
