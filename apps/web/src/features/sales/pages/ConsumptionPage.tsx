import { type CurrencyCode, type DateRange, SALES_INDICATORS, type SalesIndicator } from '@storelens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Select, Space, Table, type TableColumnType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsPage } from '../../../shared/analytics/AnalyticsPage.tsx';
import { AnalyticsToolbar } from '../../../shared/analytics/AnalyticsToolbar.tsx';
import { Chart } from '../../../shared/analytics/Chart.tsx';
import { ComparableSwitch } from '../../../shared/analytics/ComparableSwitch.tsx';
import { hasChartData } from '../../../shared/analytics/chartOption.ts';
import { comparisonRefusal, pairLabels, previousPeriod } from '../../../shared/analytics/comparisonRanges.ts';
import { DateRangePicker } from '../../../shared/analytics/DateRangePicker.tsx';
import { lastCompleteDaysRange } from '../../../shared/analytics/dateRange.ts';
import { ExportButton } from '../../../shared/analytics/ExportButton.tsx';
import { formatIndicatorChange, formatNumber, formatPercent } from '../../../shared/analytics/format.ts';
import { RefusalAlert } from '../../../shared/analytics/RefusalAlert.tsx';
import { type ShopSelection, useShopSelection } from '../../../shared/analytics/useShopSelection.ts';
import { formatHour } from '../../../shared/lib/dateTime.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { exportSalesTable, fetchBasketSize, fetchPeriodComparison, fetchTimeOfDay, fetchWeekdays } from '../api.ts';
import { MoneyBar } from '../components/MoneyBar.tsx';
import { PosDataNote } from '../components/PosDataNote.tsx';
import { type CurrencyChoice, currencyField, useCurrencyChoice } from '../hooks/useCurrencyChoice.ts';
import { salesChartOption } from '../salesChart.ts';
import { formatMoney, formatSalesIndicator } from '../salesFormat.ts';

/** The weekday rows and the time-of-day rows share these columns. */
type HourlyValues = {
  netSales: number | null;
  transactions: number | null;
  entries: number | null;
  conversionRate: number | null;
  avgTransactionValue: number | null;
};
const HOURLY_INDICATORS = ['netSales', 'transactions', 'entries', 'conversionRate', 'avgTransactionValue'] as const satisfies readonly SalesIndicator[];

function hourlyColumns<Row extends HourlyValues>(
  t: (key: string) => string,
  locale: Parameters<typeof formatSalesIndicator>[2],
  currency: string | undefined,
): TableColumnType<Row>[] {
  return HOURLY_INDICATORS.map((indicator) => ({
    key: indicator,
    title: t(`sales:indicators.${indicator}`),
    align: 'right' as const,
    render: (_: unknown, row: Row) => formatSalesIndicator(indicator, row[indicator], locale, currency),
  }));
}

/**
 * Consumption analysis (/consumption): when and how customers buy. Sales by hour of the day against
 * traffic, the distribution of basket sizes, conversion by day of the week over the toolbar's range,
 * and two periods compared day by day (refused as the traffic comparison is).
 */
export function ConsumptionPage() {
  const shops = useShopSelection('multiple');
  const [range, setRange] = useState<DateRange>(() => lastCompleteDaysRange());
  const choice = useCurrencyChoice(shops, range);
  const timeOfDay = useRangeQuery('timeOfDay', { shops, range, choice }, fetchTimeOfDay);
  return (
    <AnalyticsPage testId="consumption-page" shops={shops} toolbar={<AnalyticsToolbar shops={shops} range={{ value: range, onChange: setRange }} />}>
      <MoneyBar choice={choice} money={timeOfDay.data?.money} testId="consumption-money" />
      <TimeOfDayCard shops={shops} range={range} choice={choice} />
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={10}>
          <BasketCard shops={shops} range={range} choice={choice} />
        </Col>
        <Col xs={24} xl={14}>
          <WeekdayCard shops={shops} range={range} choice={choice} />
        </Col>
      </Row>
      <ComparisonCard shops={shops} range={range} choice={choice} />
    </AnalyticsPage>
  );
}

interface CardProps {
  shops: ShopSelection;
  range: DateRange;
  choice: CurrencyChoice;
}

function useRangeQuery<T>(
  name: string,
  { shops, range, choice }: CardProps,
  fetch: (request: { shopIds: string[]; startDate: string; endDate: string; currency?: CurrencyCode }) => Promise<T>,
) {
  const cid = useSessionStore((state) => state.cid);
  const request = { shopIds: [...shops.shopIds], ...range, ...currencyField(choice) };
  return useQuery({
    queryKey: ['sales', name, cid, request],
    queryFn: () => fetch(request),
    enabled: choice.ready && cid !== null,
    placeholderData: keepPreviousData,
  });
}

/** The export of a card whose query is the toolbar's shops and range. */
function RangeExportButton({ table, title, shops, range, choice }: CardProps & { table: 'timeOfDay' | 'basketSize' | 'weekday'; title: string }) {
  return (
    <ExportButton
      fileName={title}
      download={() => exportSalesTable({ table, query: { shopIds: [...shops.shopIds], ...range, ...currencyField(choice) } })}
      disabled={!shops.ready}
      testId={`consumption-${table}-export`}
    />
  );
}

function TimeOfDayCard(props: CardProps) {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const query = useRangeQuery('timeOfDay', props, fetchTimeOfDay);
  const data = query.data;
  type HourRow = NonNullable<typeof data>['hours'][number];
  const option = useMemo(
    () =>
      data
        ? salesChartOption(
            data.hours.map((hour) => formatHour(hour.hour, locale)),
            [
              { indicator: 'netSales', name: t('sales:indicators.netSales'), values: data.hours.map((hour) => hour.netSales), type: 'bar' },
              { indicator: 'entries', name: t('sales:indicators.entries'), values: data.hours.map((hour) => hour.entries) },
              { indicator: 'conversionRate', name: t('sales:indicators.conversionRate'), values: data.hours.map((hour) => hour.conversionRate) },
            ],
            locale,
            { categoryName: t('sales:consumption.hour') },
          )
        : null,
    [data, t, locale],
  );
  const columns: TableColumnType<HourRow>[] = [
    { key: 'hour', title: t('sales:consumption.hour'), render: (_, row) => formatHour(row.hour, locale) },
    ...hourlyColumns<HourRow>(t, locale, data?.money.currency),
  ];
  return (
    <Card
      size="small"
      title={t('sales:consumption.timeOfDay')}
      extra={<RangeExportButton {...props} table="timeOfDay" title={t('messages:export.titleTimeOfDay')} />}
      data-testid="consumption-time-of-day"
    >
      <Chart
        option={option ?? {}}
        empty={!data || !hasChartData([data.hours.map((hour) => hour.netSales), data.hours.map((hour) => hour.entries)])}
        loading={query.isFetching}
        height={320}
        testId="consumption-time-chart"
        label={t('sales:consumption.timeOfDay')}
      />
      {data && data.posData.missing > 0 && (
        <Typography.Text data-testid="consumption-time-pos-data">
          <PosDataNote posData={data.posData} />
        </Typography.Text>
      )}
      {data && data.withoutTime.transactions > 0 && (
        <Typography.Text type="secondary">
          {t('sales:consumption.withoutTime', {
            transactions: formatNumber(data.withoutTime.transactions, locale),
            netSales: formatMoney(data.withoutTime.netSales, data.money.currency, locale),
          })}
        </Typography.Text>
      )}
      <Table<HourRow>
        rowKey="hour"
        size="small"
        columns={columns}
        dataSource={(data?.hours ?? []).filter((hour) => (hour.transactions ?? 0) > 0 || (hour.entries ?? 0) > 0)}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}

function BasketCard(props: CardProps) {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const query = useRangeQuery('basketSize', props, fetchBasketSize);
  const data = query.data;
  const option = useMemo(
    () =>
      data
        ? salesChartOption(
            data.buckets.map((bucket) => bucket.bucket),
            [{ indicator: 'transactions', name: t('sales:indicators.transactions'), values: data.buckets.map((bucket) => bucket.transactions), type: 'bar' }],
            locale,
            { categoryName: t('sales:consumption.bucket') },
          )
        : null,
    [data, t, locale],
  );
  return (
    <Card
      size="small"
      title={t('sales:consumption.basket')}
      extra={<RangeExportButton {...props} table="basketSize" title={t('messages:export.titleBasketSize')} />}
      data-testid="consumption-basket"
    >
      <Chart
        option={option ?? {}}
        empty={!data || !hasChartData([data.buckets.map((bucket) => bucket.transactions)])}
        loading={query.isFetching}
        height={260}
        testId="consumption-basket-chart"
        label={t('sales:consumption.basket')}
      />
      <Typography.Text type="secondary">
        {t('sales:indicators.unitsPerTransaction')}: {formatSalesIndicator('unitsPerTransaction', data?.unitsPerTransaction, locale)}
      </Typography.Text>
      <Table
        rowKey="bucket"
        size="small"
        pagination={false}
        dataSource={data?.buckets ?? []}
        columns={[
          { key: 'bucket', title: t('sales:consumption.bucket'), dataIndex: 'bucket' },
          { key: 'transactions', title: t('sales:indicators.transactions'), align: 'right', render: (_, row) => formatNumber(row.transactions, locale) },
          { key: 'share', title: t('sales:consumption.share'), align: 'right', render: (_, row) => formatPercent(row.share, locale) },
        ]}
      />
    </Card>
  );
}

function WeekdayCard(props: CardProps) {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const query = useRangeQuery('weekday', props, fetchWeekdays);
  const data = query.data;
  type WeekdayRow = NonNullable<typeof data>['weekdays'][number];
  const dayName = (weekday: number) => t(`sales:consumption.weekdays.${weekday}`);
  const option = useMemo(
    () =>
      data
        ? salesChartOption(
            data.weekdays.map((row) => t(`sales:consumption.weekdays.${row.weekday}`)),
            [
              { indicator: 'netSales', name: t('sales:indicators.netSales'), values: data.weekdays.map((row) => row.netSales), type: 'bar' },
              { indicator: 'conversionRate', name: t('sales:indicators.conversionRate'), values: data.weekdays.map((row) => row.conversionRate) },
            ],
            locale,
            { categoryName: t('sales:consumption.weekdayAxis') },
          )
        : null,
    [data, t, locale],
  );
  const columns: TableColumnType<WeekdayRow>[] = [
    {
      key: 'weekday',
      title: t('sales:consumption.weekdayAxis'),
      render: (_, row) => (
        <span>
          {dayName(row.weekday)}
          <PosDataNote posData={row.posData} />
        </span>
      ),
    },
    { key: 'days', title: t('sales:consumption.days'), dataIndex: 'days', align: 'right' },
    ...hourlyColumns<WeekdayRow>(t, locale, data?.money.currency),
  ];
  return (
    <Card
      size="small"
      title={t('sales:consumption.weekday')}
      extra={<RangeExportButton {...props} table="weekday" title={t('messages:export.titleWeekday')} />}
      data-testid="consumption-weekday"
    >
      <Chart
        option={option ?? {}}
        empty={!data || !hasChartData([data.weekdays.map((row) => row.netSales)])}
        loading={query.isFetching}
        height={260}
        testId="consumption-weekday-chart"
        label={t('sales:consumption.weekday')}
      />
      {/* No horizontal scroll: the narrow card's columns wrap instead (a scrolling region with nothing to focus is out of keyboard reach). */}
      <Table<WeekdayRow> rowKey="weekday" size="small" columns={columns} dataSource={data?.weekdays ?? []} pagination={false} />
    </Card>
  );
}

function ComparisonCard({ shops, range, choice }: CardProps) {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const cid = useSessionStore((state) => state.cid);
  // Period B follows the toolbar; A starts as the period before it and can be moved.
  const [rangeA, setRangeA] = useState<DateRange>(() => previousPeriod(range));
  const [indicator, setIndicator] = useState<SalesIndicator>('netSales');
  const [comparableOnly, setComparableOnly] = useState(false);
  const refusal = comparisonRefusal(rangeA, range);
  const request = { shopIds: [...shops.shopIds], ...currencyField(choice), rangeA, rangeB: range, ...(comparableOnly ? { comparableOnly } : {}) };
  const query = useQuery({
    queryKey: ['sales', 'periodComparison', cid, request],
    queryFn: () => fetchPeriodComparison(request),
    enabled: choice.ready && cid !== null && refusal === null,
  });
  const data = refusal ? undefined : query.data;
  const option = useMemo(
    () =>
      data
        ? salesChartOption(
            pairLabels(data.series),
            [
              {
                indicator,
                name: `${t('sales:consumption.rangeA')} ${t(`sales:indicators.${indicator}`)}`,
                values: data.series.map((day) => day.a[indicator]),
                axisName: t(`sales:indicators.${indicator}`),
              },
              {
                indicator,
                name: `${t('sales:consumption.rangeB')} ${t(`sales:indicators.${indicator}`)}`,
                values: data.series.map((day) => day.b[indicator]),
                axisName: t(`sales:indicators.${indicator}`),
              },
            ],
            locale,
            // Pairs whose POS data is still to come are faded, never read as a drop (issue 11).
            { categoryName: t('messages:export.date'), partial: data.series.map((day) => Boolean(day.partial)) },
          )
        : null,
    [data, indicator, t, locale],
  );
  return (
    <Card
      size="small"
      title={t('sales:consumption.comparison')}
      extra={
        <ExportButton
          fileName={t('messages:export.titlePeriodComparison')}
          download={() => exportSalesTable({ table: 'periodComparison', query: request })}
          disabled={!shops.ready || refusal !== null}
          testId="consumption-periodComparison-export"
        />
      }
      data-testid="consumption-comparison"
    >
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text>{t('sales:consumption.rangeA')}</Typography.Text>
        <DateRangePicker value={rangeA} onChange={setRangeA} testId="consumption-range-a" />
        <Typography.Text>
          {t('sales:consumption.rangeB')}: {range.startDate} ~ {range.endDate}
        </Typography.Text>
        <Select<SalesIndicator>
          style={{ minWidth: 220 }}
          value={indicator}
          onChange={setIndicator}
          aria-label={t('sales:consumption.indicator')}
          options={SALES_INDICATORS.map((value) => ({ value, label: t(`sales:indicators.${value}`) }))}
        />
        <ComparableSwitch value={comparableOnly} onChange={setComparableOnly} likeForLike={data?.likeForLike} testId="consumption-comparable" />
      </Space>
      {refusal ? (
        <RefusalAlert refusal={refusal} testId="consumption-refusal" />
      ) : (
        <>
          <Chart
            option={option ?? {}}
            empty={!data || !hasChartData([data.series.map((day) => day.a[indicator]), data.series.map((day) => day.b[indicator])])}
            loading={query.isFetching}
            height={280}
            testId="consumption-comparison-chart"
            label={t('sales:consumption.comparison')}
          />
          <Table
            rowKey="indicator"
            size="small"
            pagination={false}
            dataSource={SALES_INDICATORS.map((value) => ({ indicator: value }))}
            columns={[
              { key: 'indicator', title: t('sales:consumption.indicator'), render: (_, row) => t(`sales:indicators.${row.indicator}`) },
              {
                key: 'a',
                title: t('sales:consumption.rangeA'),
                align: 'right',
                render: (_, row) => formatSalesIndicator(row.indicator, data?.a[row.indicator], locale, data?.money.currency),
              },
              {
                key: 'b',
                title: t('sales:consumption.rangeB'),
                align: 'right',
                render: (_, row) => formatSalesIndicator(row.indicator, data?.b[row.indicator], locale, data?.money.currency),
              },
              {
                key: 'change',
                title: t('sales:sales.change'),
                align: 'right',
                render: (_, row) => formatIndicatorChange(row.indicator, data?.a[row.indicator], data?.b[row.indicator], data?.change[row.indicator], locale),
              },
            ]}
            data-testid="consumption-comparison-table"
          />
        </>
      )}
    </Card>
  );
}
