import { ALARM_LIMITS, type AlarmAnalysis, type DateRange, alarmOperations as ops } from '@storelens/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Table, type TableColumnType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsPage } from '../../../shared/analytics/AnalyticsPage.tsx';
import { AnalyticsToolbar } from '../../../shared/analytics/AnalyticsToolbar.tsx';
import { Chart } from '../../../shared/analytics/Chart.tsx';
import { hasChartData } from '../../../shared/analytics/chartOption.ts';
import { presetRange, todayLocal } from '../../../shared/analytics/dateRange.ts';
import { formatNumber, formatPercent } from '../../../shared/analytics/format.ts';
import { StatCard } from '../../../shared/analytics/StatCard.tsx';
import { useAllShopsByDefault } from '../../../shared/analytics/useAllShopsByDefault.ts';
import { useShopSelection } from '../../../shared/analytics/useShopSelection.ts';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { alarmClassOption, alarmItemsOption, alarmStoresOption, alarmTrendOption } from './analysisCharts.ts';

type ItemRow = AlarmAnalysis['byItem'][number];
type CameraRow = AlarmAnalysis['cameras'][number];

/**
 * AI inspection analysis (/AIInspection/inspectionAnalysis): alarms of the chosen stores over at
 * most 90 days (dates of occurrence, UTC), by day and priority, item, class and store; the
 * false-alarm and ignore rates; and, beyond the spec, how often people's reviews found each item
 * and camera right, least precise cameras first, so an operator sees where the AI needs tuning.
 */
export function AlarmAnalysisPage() {
  const { t } = useTranslation('alarms');
  const locale = useSessionStore((state) => state.locale);
  const shops = useShopSelection('multiple');
  // The AI is judged across stores: a first visit starts with every store the user sees.
  const { settling } = useAllShopsByDefault(shops);
  const [range, setRange] = useState<DateRange>(() => presetRange('last7Days', todayLocal()));
  const request = { ...range, shopIds: shops.shopIds };
  const query = useOperation(ops.analysis, request, { enabled: shops.ready && !settling, placeholderData: keepPreviousData });
  const data = shops.ready && !settling ? query.data : undefined;
  const percent = (value: number | null | undefined) => formatPercent(value, locale);
  const text = (key: string) => t(`analysis.${key}`);
  const loading = query.isFetching && !data;

  const charts = useMemo(
    () =>
      data
        ? {
            trend: alarmTrendOption(data.trend, { high: t('priority.high'), low: t('priority.low') }),
            items: alarmItemsOption(data.byItem, { alarms: t('analysis.alarms'), falseAlarms: t('analysis.falseAlarms') }),
            classes: alarmClassOption(data.byClass, t('analysis.otherClass'), t('analysis.alarms')),
            stores: alarmStoresOption(data.stores, t('analysis.alarms')),
          }
        : null,
    [data, t],
  );

  const itemColumns: TableColumnType<ItemRow>[] = [
    { key: 'item', title: t('columns.event'), dataIndex: 'eventName' },
    { key: 'alarms', title: text('alarms'), dataIndex: 'alarms', align: 'right', sorter: (a, b) => a.alarms - b.alarms, defaultSortOrder: 'descend' },
    { key: 'falseAlarms', title: text('falseAlarms'), dataIndex: 'falseAlarms', align: 'right', sorter: (a, b) => a.falseAlarms - b.falseAlarms },
    { key: 'ignored', title: text('ignored'), dataIndex: 'ignored', align: 'right' },
    { key: 'judged', title: text('judged'), align: 'right', render: (_, row) => `${row.correct} / ${row.wrong}` },
    {
      key: 'precision',
      title: text('precision'),
      align: 'right',
      render: (_, row) => percent(row.precision),
      sorter: (a, b) => (a.precision ?? -1) - (b.precision ?? -1),
    },
  ];
  const cameraColumns: TableColumnType<CameraRow>[] = [
    { key: 'camera', title: t('columns.camera'), dataIndex: 'cameraName' },
    { key: 'store', title: t('columns.store'), dataIndex: 'shopName' },
    { key: 'alarms', title: text('alarms'), dataIndex: 'alarms', align: 'right' },
    { key: 'judged', title: text('judged'), align: 'right', render: (_, row) => `${row.correct} / ${row.wrong}` },
    { key: 'precision', title: text('precision'), align: 'right', render: (_, row) => percent(row.precision) },
  ];
  const totals = data?.totals;

  return (
    <AnalyticsPage
      testId="alarm-analysis"
      shops={shops}
      toolbar={<AnalyticsToolbar shops={shops} range={{ value: range, onChange: setRange, maxDays: ALARM_LIMITS.rangeMaxDays }} />}
    >
      <Row gutter={[12, 12]}>
        <Col xs={12} md={6}>
          <StatCard
            title={text('alarms')}
            value={formatNumber(totals?.alarms, locale)}
            footer={`${text('reports')} ${formatNumber(totals?.reports, locale)}`}
            loading={loading}
            testId="alarm-analysis-alarms"
          />
        </Col>
        <Col xs={12} md={6}>
          <StatCard
            title={text('falseAlarmRate')}
            value={percent(totals?.falseAlarmRate)}
            footer={`${text('falseAlarms')} ${formatNumber(totals?.falseAlarms, locale)}`}
            loading={loading}
            testId="alarm-analysis-false-rate"
          />
        </Col>
        <Col xs={12} md={6}>
          <StatCard
            title={text('ignoreRate')}
            value={percent(totals?.ignoreRate)}
            footer={`${text('ignored')} ${formatNumber(totals?.ignored, locale)}`}
            loading={loading}
            testId="alarm-analysis-ignore-rate"
          />
        </Col>
        <Col xs={12} md={6}>
          <StatCard
            title={text('precision')}
            value={percent(totals?.precision)}
            footer={`${text('judged')} ${formatNumber(totals?.correct, locale)} / ${formatNumber(totals?.wrong, locale)}`}
            loading={loading}
            testId="alarm-analysis-precision"
          />
        </Col>
      </Row>
      <Card size="small" title={text('trendTitle')}>
        <Chart
          option={charts?.trend ?? {}}
          empty={!data || !hasChartData([data.trend.map((day) => day.high), data.trend.map((day) => day.low)])}
          loading={query.isFetching}
          testId="alarm-analysis-trend"
          label={text('trendTitle')}
        />
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={text('itemsTitle')}>
            <Chart
              option={charts?.items ?? {}}
              empty={!data || data.byItem.every((row) => row.alarms === 0)}
              loading={query.isFetching}
              testId="alarm-analysis-items"
              label={text('itemsTitle')}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={text('classesTitle')}>
            <Chart
              option={charts?.classes ?? {}}
              empty={!data || data.byClass.every((row) => row.alarms === 0)}
              loading={query.isFetching}
              testId="alarm-analysis-classes"
              label={text('classesTitle')}
            />
          </Card>
        </Col>
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={text('storesTitle')}>
            <Chart
              option={charts?.stores ?? {}}
              empty={!data || data.stores.length === 0}
              loading={query.isFetching}
              testId="alarm-analysis-stores"
              label={text('storesTitle')}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={text('camerasTitle')}>
            <Table<CameraRow>
              rowKey="cameraId"
              size="small"
              pagination={false}
              loading={query.isFetching}
              dataSource={data?.cameras ?? []}
              columns={cameraColumns}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('noJudged')} /> }}
              data-testid="alarm-analysis-cameras"
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={text('byItem')}>
        <Table<ItemRow>
          rowKey="eventCode"
          size="small"
          loading={query.isFetching}
          dataSource={data?.byItem ?? []}
          columns={itemColumns}
          data-testid="alarm-analysis-item-table"
        />
      </Card>
    </AnalyticsPage>
  );
}
