import type { DateRange, Indicator } from '@storelens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Segmented, Space, Table, type TableColumnType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsPage } from '../../../shared/analytics/AnalyticsPage.tsx';
import { AnalyticsToolbar } from '../../../shared/analytics/AnalyticsToolbar.tsx';
import { Chart } from '../../../shared/analytics/Chart.tsx';
import { hasChartData } from '../../../shared/analytics/chartOption.ts';
import { useDataUpdateTimeFeed } from '../../../shared/analytics/dataUpdateTime.ts';
import { defaultRange } from '../../../shared/analytics/dateRange.ts';
import { ExportButton } from '../../../shared/analytics/ExportButton.tsx';
import { exportAnalyticsTable } from '../../../shared/analytics/exports.ts';
import { formatIndicator, formatNumber } from '../../../shared/analytics/format.ts';
import { IndicatorSelect, indicatorTitle } from '../../../shared/analytics/IndicatorSelect.tsx';
import { axisKindOf, indicatorChartOption } from '../../../shared/analytics/indicatorChart.ts';
import { indicatorColumns } from '../../../shared/analytics/indicatorColumns.tsx';
import { useShopSelection } from '../../../shared/analytics/useShopSelection.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { fetchTimeInterval, type TimeIntervalRequest, type TimeIntervalResponse } from '../api.ts';
import { trafficKeys } from '../hooks/trafficKeys.ts';
import { StoreDaysNote } from './StoreDaysNote.tsx';

type HourRow = TimeIntervalResponse['hours'][number];
type Measure = 'total' | 'dailyAverage';

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * Time-interval analysis (/area/timeIntervalAnalysis): indicators by hour of the shops' local day
 * across a range, as totals or as a daily average, so the busy hours of a period stand out.
 */
export function TimeIntervalPage() {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const cid = useSessionStore((state) => state.cid);
  const shops = useShopSelection('multiple');
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const [indicators, setIndicators] = useState<Indicator[]>(['entries']);
  const [measure, setMeasure] = useState<Measure>('dailyAverage');
  useDataUpdateTimeFeed(shops.shopIds, shops.ready);

  const request: TimeIntervalRequest = { shopIds: shops.shopIds, ...range, indicators };
  const answer = useQuery({
    queryKey: trafficKeys.timeInterval(cid, request),
    queryFn: () => fetchTimeInterval(request),
    enabled: shops.ready && cid !== null,
    placeholderData: keepPreviousData,
  });
  const data = shops.ready ? answer.data : undefined;
  const shownIndicators = useMemo(() => (data ? indicators.filter((indicator) => indicator in (data.hours[0]?.total ?? {})) : []), [data, indicators]);
  const option = useMemo(
    () =>
      data
        ? indicatorChartOption({
            categories: data.hours.map((row) => hourLabel(row.hour)),
            series: shownIndicators.map((indicator) => ({
              indicator,
              name: indicatorTitle(t, indicator),
              type: 'bar' as const,
              values: data.hours.map((row) => row[measure][indicator] ?? null),
            })),
            locale,
          })
        : null,
    [data, shownIndicators, measure, t, locale],
  );

  const average = ` (${t('messages:export.dailyAverage')})`;
  const columns: TableColumnType<HourRow>[] = [
    { key: 'hour', title: t('messages:export.hour'), render: (_, row) => hourLabel(row.hour), width: 100 },
    ...indicatorColumns<HourRow>(shownIndicators, t, locale, (row, indicator) => row.total[indicator]),
    ...indicatorColumns<HourRow>(shownIndicators, t, locale, (row, indicator) => row.dailyAverage[indicator], {
      titleSuffix: average,
      // A daily average of a count keeps a decimal (as in the export); rates and stays are what they are.
      format: (indicator, value) => (axisKindOf(indicator) === 'count' ? formatNumber(value, locale, 1) : formatIndicator(indicator, value, locale)),
    }),
  ];

  return (
    <AnalyticsPage
      testId="traffic-time-interval"
      shops={shops}
      toolbar={
        <AnalyticsToolbar
          shops={shops}
          range={{ value: range, onChange: setRange }}
          actions={
            <ExportButton
              fileName={t('messages:export.titleTimeInterval')}
              download={() => exportAnalyticsTable({ table: 'timeInterval', query: request })}
              disabled={!shops.ready}
              testId="time-interval-export"
            />
          }
        >
          <IndicatorSelect value={indicators} onChange={setIndicators} testId="time-interval-indicators" />
        </AnalyticsToolbar>
      }
    >
      <StoreDaysNote storeDays={shops.ready ? answer.data?.storeDays : undefined} />
      <Card
        size="small"
        title={t('traffic:timeInterval.chartTitle')}
        extra={
          <Space>
            {data && <Typography.Text type="secondary">{t('traffic:timeInterval.days', { n: data.days })}</Typography.Text>}
            <Segmented<Measure>
              value={measure}
              onChange={setMeasure}
              options={[
                { value: 'dailyAverage', label: t('messages:export.dailyAverage') },
                { value: 'total', label: t('messages:export.total') },
              ]}
              data-testid="time-interval-measure"
            />
          </Space>
        }
      >
        <Chart
          label={t('traffic:timeInterval.chartTitle')}
          option={option ?? {}}
          empty={!data || !hasChartData(shownIndicators.map((indicator) => data.hours.map((row) => row.total[indicator] ?? null)))}
          loading={answer.isFetching}
          height={340}
          testId="time-interval-chart"
        />
      </Card>
      <Card size="small" title={t('traffic:timeInterval.tableTitle')}>
        <Table<HourRow>
          rowKey="hour"
          size="small"
          columns={columns}
          dataSource={data?.hours ?? []}
          loading={answer.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="time-interval-table"
        />
      </Card>
    </AnalyticsPage>
  );
}
