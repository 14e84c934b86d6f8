import type { DateRange, Granularity, Locale, SalesIndicator, SalesSummaryResponse } from '@storelens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Segmented, Select, Space, Table, type TableColumnType, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsPage } from '../../../shared/analytics/AnalyticsPage.tsx';
import { AnalyticsToolbar } from '../../../shared/analytics/AnalyticsToolbar.tsx';
import { Chart } from '../../../shared/analytics/Chart.tsx';
import { ComparableSwitch } from '../../../shared/analytics/ComparableSwitch.tsx';
import { hasChartData } from '../../../shared/analytics/chartOption.ts';
import { rangeText } from '../../../shared/analytics/comparisonRanges.ts';
import { usePublishDataUpdateTime } from '../../../shared/analytics/dataUpdateTime.ts';
import { lastCompleteDaysRange } from '../../../shared/analytics/dateRange.ts';
import { ExportButton } from '../../../shared/analytics/ExportButton.tsx';
import { formatIndicatorChange, formatPercent } from '../../../shared/analytics/format.ts';
import { periodLabel } from '../../../shared/analytics/indicatorChart.ts';
import { partialLabel, partialNote } from '../../../shared/analytics/partial.ts';
import { StatCard } from '../../../shared/analytics/StatCard.tsx';
import { type ShopSelection, useShopSelection } from '../../../shared/analytics/useShopSelection.ts';
import { StackedCell } from '../../../shared/ui/TableCells.tsx';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { exportSalesTable, fetchCrossStore, fetchSalesRanking, fetchSalesSummary, fetchSalesTrend } from '../api.ts';
import { MoneyBar } from '../components/MoneyBar.tsx';
import { PosDataNote } from '../components/PosDataNote.tsx';
import { type CurrencyChoice, currencyField, useCurrencyChoice } from '../hooks/useCurrencyChoice.ts';
import { salesChartOption } from '../salesChart.ts';
import { formatSalesIndicator } from '../salesFormat.ts';

/** The headline figures of the spec (section 1), in its order. */
export const HEADLINE_INDICATORS: readonly SalesIndicator[] = [
  'netSales',
  'transactions',
  'avgTransactionValue',
  'unitsPerTransaction',
  'conversionRate',
  'salesPerVisitor',
  'netSalesPerSqm',
  'entriesPerSqm',
];
const TABLE_INDICATORS: readonly SalesIndicator[] = [...HEADLINE_INDICATORS.slice(0, 2), 'units', ...HEADLINE_INDICATORS.slice(2), 'entries'];

type Tab = 'trend' | 'ranking' | 'crossStore';

/**
 * Sales (/sales): the headline sales and conversion figures of the chosen shops and range against
 * the previous period of the same length, then the trend by hour, day, week or month, the shop
 * ranking and the cross-store table. The server has no sales export, so there is no export button.
 */
export function SalesPage() {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const cid = useSessionStore((state) => state.cid);
  const shops = useShopSelection('multiple');
  const [range, setRange] = useState<DateRange>(() => lastCompleteDaysRange());
  const [granularity, setGranularity] = useState<Granularity>('day');
  const [tab, setTab] = useState<Tab>('trend');
  const [comparableOnly, setComparableOnly] = useState(false);

  const choice = useCurrencyChoice(shops, range);
  const base = { shopIds: shops.shopIds, ...range, ...currencyField(choice) };
  const summaryRequest = { ...base, ...(comparableOnly ? { comparableOnly } : {}) };
  const summary = useQuery({
    queryKey: ['sales', 'summary', cid, summaryRequest],
    queryFn: () => fetchSalesSummary(summaryRequest),
    enabled: choice.ready && cid !== null,
    placeholderData: keepPreviousData,
  });
  usePublishDataUpdateTime(summary.data?.dataUpdatedAt);
  const data = shops.ready ? summary.data : undefined;
  const currency = data?.money.currency;

  return (
    <AnalyticsPage
      testId="sales-page"
      shops={shops}
      toolbar={
        <AnalyticsToolbar
          shops={shops}
          range={{ value: range, onChange: setRange }}
          granularity={tab === 'trend' ? { value: granularity, onChange: setGranularity } : undefined}
        >
          <ComparableSwitch value={comparableOnly} onChange={setComparableOnly} likeForLike={data?.likeForLike} testId="sales-comparable" />
        </AnalyticsToolbar>
      }
    >
      <MoneyBar choice={choice} money={data?.money} testId="sales-money" />
      <Row gutter={[12, 12]}>
        {HEADLINE_INDICATORS.map((indicator) => (
          <Col key={indicator} xs={24} sm={12} lg={6} xxl={3}>
            <StatCard
              title={t(`sales:indicators.${indicator}`)}
              value={formatSalesIndicator(indicator, data?.values[indicator], locale, currency)}
              loading={summary.isLoading}
              testId={`sales-${indicator}`}
              footer={data && summaryFooter(data, indicator, t, locale)}
            />
          </Col>
        ))}
      </Row>
      {data && (data.posData.missing > 0 || data.previousPosData.missing > 0) && (
        <Typography.Text type="warning" data-testid="sales-pos-data-summary">
          {t('sales:posData.summary', {
            current: String(data.posData.missing),
            currentTotal: String(data.posData.storeDays),
            previous: String(data.previousPosData.missing),
            previousTotal: String(data.previousPosData.storeDays),
          })}
        </Typography.Text>
      )}
      <Typography.Text type="secondary">{t('sales:sales.conversionNote')}</Typography.Text>
      <Card size="small">
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as Tab)}
          items={[
            {
              key: 'trend',
              label: t('sales:sales.tabTrend'),
              children: <TrendSection shops={shops} range={range} choice={choice} granularity={granularity} />,
            },
            {
              key: 'ranking',
              label: t('sales:sales.tabRanking'),
              children: <RankingSection shops={shops} range={range} choice={choice} comparableOnly={comparableOnly} />,
            },
            { key: 'crossStore', label: t('sales:sales.tabCrossStore'), children: <CrossStoreSection shops={shops} range={range} choice={choice} /> },
          ]}
        />
      </Card>
    </AnalyticsPage>
  );
}

/**
 * The comparison under a headline figure. Like for like (issue 11): when the range holds today,
 * the server compared its finished days with as many days of the previous range, and says which.
 */
function summaryFooter(data: SalesSummaryResponse, indicator: SalesIndicator, t: (key: string, params?: Record<string, string>) => string, locale: Locale) {
  const value = formatSalesIndicator(indicator, data.previous[indicator], locale, data.money.currency);
  const change = formatIndicatorChange(indicator, data.previous[indicator], data.values[indicator], data.change[indicator], locale);
  if (!data.likeForLike?.cut) return t('sales:sales.previous', { range: rangeText(data.previousRange), value, change });
  if (!data.comparedRange || !data.previousComparedRange) return t('sales:sales.nothingFinished');
  return t('sales:sales.previousLikeForLike', { current: rangeText(data.comparedRange), range: rangeText(data.previousComparedRange), value, change });
}

interface SectionProps {
  shops: ShopSelection;
  range: DateRange;
  choice: CurrencyChoice;
}

function indicatorColumns<Row>(
  indicators: readonly SalesIndicator[],
  t: (key: string) => string,
  locale: Parameters<typeof formatSalesIndicator>[2],
  read: (row: Row, indicator: SalesIndicator) => number | null | undefined,
  currency?: string,
): TableColumnType<Row>[] {
  return indicators.map((indicator) => ({
    key: indicator,
    title: t(`sales:indicators.${indicator}`),
    align: 'right' as const,
    sorter: (a: Row, b: Row) => (read(a, indicator) ?? -1) - (read(b, indicator) ?? -1),
    render: (_: unknown, row: Row) => formatSalesIndicator(indicator, read(row, indicator), locale, currency),
  }));
}

function TrendSection({ shops, range, choice, granularity }: SectionProps & { granularity: Granularity }) {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const cid = useSessionStore((state) => state.cid);
  const [shown, setShown] = useState<SalesIndicator[]>(['netSales', 'conversionRate']);
  const request = { shopIds: shops.shopIds, ...range, ...currencyField(choice), granularity, indicators: [...TABLE_INDICATORS] };
  const trend = useQuery({
    queryKey: ['sales', 'trend', cid, request],
    queryFn: () => fetchSalesTrend(request),
    enabled: choice.ready && cid !== null,
    placeholderData: keepPreviousData,
  });
  const data = trend.data;
  type Point = NonNullable<typeof data>['points'][number];
  const option = useMemo(() => {
    if (!data) return null;
    const categories = data.points.map((point) => partialLabel(periodLabel(point.key, data.granularity), point.partial, t));
    return salesChartOption(
      categories,
      shown.map((indicator) => ({
        indicator,
        name: t(`sales:indicators.${indicator}`),
        values: data.points.map((point) => point.values[indicator] ?? null),
        type: indicator === 'conversionRate' ? 'line' : 'bar',
      })),
      locale,
      {
        categoryName: t(`messages:export.${data.granularity === 'day' ? 'date' : data.granularity}`),
        partial: data.points.map((point) => Boolean(point.partial)),
      },
    );
  }, [data, shown, t, locale]);
  const period = data?.granularity ?? granularity;
  const columns: TableColumnType<Point>[] = [
    {
      key: 'period',
      title: t(`messages:export.${period === 'day' ? 'date' : period}`),
      render: (_, point) => (
        <span data-partial={point.partial ?? undefined}>
          {periodLabel(point.key, period, 'long')}
          {point.partial && <Typography.Text type="secondary">{` (${partialNote(point.partial, t)})`}</Typography.Text>}
          <PosDataNote posData={point.posData} />
        </span>
      ),
    },
    ...indicatorColumns<Point>(TABLE_INDICATORS, t, locale, (point, indicator) => point.values[indicator], data?.money.currency),
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select<SalesIndicator[]>
          mode="multiple"
          style={{ minWidth: 320 }}
          value={shown}
          maxCount={3}
          onChange={setShown}
          aria-label={t('analytics:indicators')}
          options={TABLE_INDICATORS.map((indicator) => ({ value: indicator, label: t(`sales:indicators.${indicator}`) }))}
          data-testid="sales-trend-indicators"
        />
        <ExportButton
          fileName={t('messages:export.titleSalesTrend')}
          download={() => exportSalesTable({ table: 'trend', query: request })}
          disabled={!shops.ready}
          testId="sales-trend-export"
        />
      </Space>
      <Chart
        option={option ?? {}}
        empty={!data || !hasChartData(shown.map((indicator) => data.points.map((point) => point.values[indicator] ?? null)))}
        loading={trend.isFetching}
        height={340}
        testId="sales-trend-chart"
        label={t('sales:sales.tabTrend')}
      />
      <Table<Point>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={data?.points ?? []}
        loading={trend.isFetching}
        pagination={{ pageSize: 31, hideOnSinglePage: true, showSizeChanger: false }}
        // Every indicator in view at 1440 px (issue 11): headers wrap rather than push columns off screen.
        data-testid="sales-trend-table"
      />
    </Space>
  );
}

function RankingSection({ shops, range, choice, comparableOnly }: SectionProps & { comparableOnly: boolean }) {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const cid = useSessionStore((state) => state.cid);
  const [indicator, setIndicator] = useState<SalesIndicator>('netSales');
  const [order, setOrder] = useState<'desc' | 'asc'>('desc');
  const request = { shopIds: shops.shopIds, ...range, ...currencyField(choice), indicator, order, ...(comparableOnly ? { comparableOnly } : {}) };
  const ranking = useQuery({
    queryKey: ['sales', 'ranking', cid, request],
    queryFn: () => fetchSalesRanking(request),
    enabled: choice.ready && cid !== null,
    placeholderData: keepPreviousData,
  });
  const data = ranking.data;
  type RankRow = NonNullable<typeof data>['rows'][number];
  const shownIndicator = data?.indicator ?? indicator;
  const option = useMemo(
    () =>
      data
        ? salesChartOption(
            data.rows.map((row) => row.shopName),
            [{ indicator: data.indicator, name: t(`sales:indicators.${data.indicator}`), values: data.rows.map((row) => row.value), type: 'bar' }],
            locale,
            { horizontal: true },
          )
        : null,
    [data, t, locale],
  );
  const columns: TableColumnType<RankRow>[] = [
    { key: 'rank', title: t('sales:sales.rank'), dataIndex: 'rank', width: 64 },
    {
      key: 'shop',
      title: t('sales:sales.shop'),
      // Tagged as on the traffic ranking: days without POS data in the compared days, and not comparable.
      render: (_, row) => (
        <Space size={4} wrap>
          {row.shopName}
          {(row.incompleteDays ?? 0) > 0 && (
            <Tooltip title={t('sales:posData.rankingMissing', { n: row.incompleteDays })}>
              <Tag color="warning" data-testid="sales-ranking-incomplete">
                {t('sales:posData.incomplete')}
              </Tag>
            </Tooltip>
          )}
          {row.comparable === false && <Tag>{t('analytics:comparable.notComparable')}</Tag>}
        </Space>
      ),
    },
    { key: 'shopNumber', title: t('sales:sales.shopNumber'), dataIndex: 'shopNumber' },
    {
      key: 'value',
      title: t(`sales:indicators.${shownIndicator}`),
      align: 'right',
      render: (_, row) => formatSalesIndicator(shownIndicator, row.value, locale, data?.money.currency),
    },
    {
      key: 'previous',
      title: `${t('sales:sales.previousValue')}${data ? ` (${rangeText(data.previousRange)})` : ''}`,
      align: 'right',
      render: (_, row) => formatSalesIndicator(shownIndicator, row.previousValue, locale, data?.money.currency),
    },
    {
      key: 'change',
      title: t('sales:sales.change'),
      align: 'right',
      render: (_, row) => formatIndicatorChange(shownIndicator, row.previousValue, row.value, row.change, locale),
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text>{t('sales:sales.rankingBy')}</Typography.Text>
        <Select<SalesIndicator>
          style={{ minWidth: 220 }}
          value={indicator}
          onChange={setIndicator}
          aria-label={t('sales:sales.rankingBy')}
          options={TABLE_INDICATORS.map((value) => ({ value, label: t(`sales:indicators.${value}`) }))}
          data-testid="sales-ranking-indicator"
        />
        <Segmented<'desc' | 'asc'>
          value={order}
          onChange={setOrder}
          options={[
            { value: 'desc', label: t('sales:sales.orderDesc') },
            { value: 'asc', label: t('sales:sales.orderAsc') },
          ]}
        />
        <ExportButton
          fileName={t('messages:export.titleSalesRanking')}
          download={() => exportSalesTable({ table: 'ranking', query: request })}
          disabled={!shops.ready}
          testId="sales-ranking-export"
        />
      </Space>
      <Chart
        option={option ?? {}}
        empty={!data || !hasChartData([data.rows.map((row) => row.value)])}
        loading={ranking.isFetching}
        // A line per shop, so every shop is named.
        height={Math.max(300, (data?.rows.length ?? 0) * 28 + 90)}
        testId="sales-ranking-chart"
        label={t('sales:sales.tabRanking')}
      />
      <Table<RankRow>
        rowKey="shopId"
        size="small"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={ranking.isFetching}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        data-testid="sales-ranking-table"
      />
    </Space>
  );
}

function CrossStoreSection({ shops, range, choice }: SectionProps) {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const cid = useSessionStore((state) => state.cid);
  const request = { shopIds: shops.shopIds, ...range, ...currencyField(choice), indicators: [...TABLE_INDICATORS] };
  const crossStore = useQuery({
    queryKey: ['sales', 'crossStore', cid, request],
    queryFn: () => fetchCrossStore(request),
    enabled: choice.ready && cid !== null,
    placeholderData: keepPreviousData,
  });
  const data = crossStore.data;
  type ShopRow = { key: string; shopName: string; shopNumber: string; values: Partial<Record<SalesIndicator, number | null>>; shareOfNetSales: number | null };
  const rows: ShopRow[] = (data?.shops ?? []).map((shop) => ({ key: shop.shopId, ...shop }));
  const summaryRows: ShopRow[] = data
    ? [
        { key: 'total', shopName: t('sales:sales.total'), shopNumber: '', values: data.totals, shareOfNetSales: data.totals.netSales ? 1 : null },
        { key: 'average', shopName: t('sales:sales.shopAverage'), shopNumber: '', values: data.shopAverage, shareOfNetSales: null },
      ]
    : [];
  const columns: TableColumnType<ShopRow>[] = [
    // The store number under the name: one column fewer, so every indicator stays in view at 1440 px.
    { key: 'shop', title: t('sales:sales.shop'), render: (_, row) => <StackedCell primary={row.shopName} secondary={row.shopNumber} /> },
    ...indicatorColumns<ShopRow>(TABLE_INDICATORS, t, locale, (row, indicator) => row.values[indicator], data?.money.currency),
    { key: 'share', title: t('sales:sales.share'), align: 'right', render: (_, row) => formatPercent(row.shareOfNetSales, locale) },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ExportButton
        fileName={t('messages:export.titleCrossStore')}
        download={() => exportSalesTable({ table: 'crossStore', query: request })}
        disabled={!shops.ready}
        testId="sales-cross-store-export"
      />
      <Table<ShopRow>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={[...rows, ...summaryRows]}
        loading={crossStore.isFetching}
        pagination={false}
        data-testid="sales-cross-store-table"
      />
    </Space>
  );
}
