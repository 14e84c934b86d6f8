import type { ComparisonResponse, DateRange, Indicator } from '@storelens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row, Space, type TableColumnType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsToolbar } from '../../../../shared/analytics/AnalyticsToolbar.tsx';
import { Chart } from '../../../../shared/analytics/Chart.tsx';
import { ComparableSwitch } from '../../../../shared/analytics/ComparableSwitch.tsx';
import { hasChartData } from '../../../../shared/analytics/chartOption.ts';
import { comparisonRefusal, previousPeriod, rangeText } from '../../../../shared/analytics/comparisonRanges.ts';
import { DateRangePicker } from '../../../../shared/analytics/DateRangePicker.tsx';
import { useDataUpdateTimeFeed } from '../../../../shared/analytics/dataUpdateTime.ts';
import { defaultRange } from '../../../../shared/analytics/dateRange.ts';
import { ExportButton } from '../../../../shared/analytics/ExportButton.tsx';
import { exportAnalyticsTable } from '../../../../shared/analytics/exports.ts';
import { formatIndicator, formatIndicatorChange } from '../../../../shared/analytics/format.ts';
import { IndicatorSelect, indicatorTitle } from '../../../../shared/analytics/IndicatorSelect.tsx';
import { indicatorChartOption } from '../../../../shared/analytics/indicatorChart.ts';
import { CHART_PALETTE } from '../../../../shared/analytics/palette.ts';
import { RefusalAlert } from '../../../../shared/analytics/RefusalAlert.tsx';
import { SelectShopsFirst } from '../../../../shared/analytics/SelectShopsFirst.tsx';
import { StatCard } from '../../../../shared/analytics/StatCard.tsx';
import { useAllShopsByDefault } from '../../../../shared/analytics/useAllShopsByDefault.ts';
import { useShopSelection } from '../../../../shared/analytics/useShopSelection.ts';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import { comparisonPairs } from './comparisonChart.ts';
import { ShopTable } from './ShopTable.tsx';
import { type ComparisonRequest, fetchStoreComparison, shopsKeys } from './shopsApi.ts';
import { useCheckedChoice } from './useCheckedChoice.ts';

type ShopRow = ComparisonResponse['shops'][number];
type Ranges = { rangeA: DateRange; rangeB: DateRange };

const RANGE_A_COLOUR = CHART_PALETTE[0];
const RANGE_B_COLOUR = CHART_PALETTE[2];

/**
 * Store comparison (/shops/storeComparison): the selected shops in two ranges of equal length
 * that share no day. A pair the server would refuse (the same range twice, unequal lengths,
 * overlapping) is refused here first with the server's message, and nothing is asked; the
 * figures come back once the pair is valid. Range B defaults to the last 7 days, A to the 7
 * days before; the change is B against A.
 */
export function StoreComparisonPage() {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const cid = useSessionStore((state) => state.cid);
  const shops = useShopSelection('multiple');
  const { settling } = useAllShopsByDefault(shops);
  const {
    choice: ranges,
    change: changeRanges,
    refusal,
  } = useCheckedChoice<Ranges>(
    () => {
      const rangeB = defaultRange();
      return { rangeA: previousPeriod(rangeB), rangeB };
    },
    (next) => comparisonRefusal(next.rangeA, next.rangeB),
    'comparison-refusal',
  );
  const [indicators, setIndicators] = useState<Indicator[]>(['entries', 'captureRate']);
  const [comparableOnly, setComparableOnly] = useState(false);
  useDataUpdateTimeFeed(shops.shopIds, shops.ready && !settling);

  const request: ComparisonRequest = { shopIds: shops.shopIds, ...ranges, indicators, ...(comparableOnly ? { comparableOnly } : {}) };
  const answer = useQuery({
    queryKey: shopsKeys.comparison(cid, request),
    queryFn: () => fetchStoreComparison(request),
    enabled: shops.ready && !settling && cid !== null && refusal === null,
    placeholderData: keepPreviousData,
  });
  const data = shops.ready && refusal === null ? answer.data : undefined;
  // What the answer holds (a new request may still be on its way).
  const shown = useMemo(() => (data ? indicators.filter((indicator) => indicator in data.totalsA) : []), [data, indicators]);
  const nameA = `${t('messages:export.rangeA')} (${rangeText(ranges.rangeA)})`;
  const nameB = `${t('messages:export.rangeB')} (${rangeText(ranges.rangeB)})`;
  const charts = useMemo(() => {
    if (!data) return [];
    const { categories, partial, marks } = comparisonPairs(data.series, t);
    return shown.map((indicator) => {
      const valuesA = data.series.map((day) => day.a[indicator] ?? null);
      const valuesB = data.series.map((day) => day.b[indicator] ?? null);
      return {
        indicator,
        empty: !hasChartData([valuesA, valuesB]),
        option: indicatorChartOption({
          categories,
          series: [
            { indicator, name: nameA, values: valuesA, colour: RANGE_A_COLOUR },
            { indicator, name: nameB, values: valuesB, colour: RANGE_B_COLOUR },
          ],
          locale,
          partial,
          marks,
          zoom: categories.length > 31,
        }),
      };
    });
  }, [data, shown, nameA, nameB, locale, t]);

  const columns: TableColumnType<ShopRow>[] = [
    { key: 'shopNumber', title: t('messages:export.shopNumber'), dataIndex: 'shopNumber', fixed: 'left' },
    { key: 'shop', title: t('messages:export.shop'), dataIndex: 'shopName', fixed: 'left' },
    ...shown.map((indicator) => ({
      key: indicator,
      title: indicatorTitle(t, indicator),
      children: (['a', 'b'] as const).map((side) => ({
        key: `${indicator}-${side}`,
        title: t(side === 'a' ? 'messages:export.rangeA' : 'messages:export.rangeB'),
        align: 'right' as const,
        sorter: (first: ShopRow, second: ShopRow) => (first[side][indicator] ?? -1) - (second[side][indicator] ?? -1),
        render: (_: unknown, row: ShopRow) => formatIndicator(indicator, row[side][indicator], locale),
      })),
    })),
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="sl-page" data-testid="store-comparison">
      <AnalyticsToolbar
        shops={shops}
        actions={
          <ExportButton
            fileName={t('messages:export.titleComparison')}
            download={() => exportAnalyticsTable({ table: 'comparison', query: request })}
            disabled={!shops.ready || refusal !== null}
            testId="comparison-export"
          />
        }
      >
        <Space size={4}>
          <Typography.Text type="secondary">{t('messages:export.rangeA')}</Typography.Text>
          <DateRangePicker value={ranges.rangeA} onChange={(rangeA) => changeRanges({ ...ranges, rangeA })} testId="comparison-range-a" />
          <Button
            type="link"
            size="small"
            onClick={() => changeRanges({ ...ranges, rangeA: previousPeriod(ranges.rangeB) })}
            data-testid="comparison-previous-period"
          >
            {t('traffic:shops.comparison.previousPeriod')}
          </Button>
        </Space>
        <Space size={4}>
          <Typography.Text type="secondary">{t('messages:export.rangeB')}</Typography.Text>
          <DateRangePicker value={ranges.rangeB} onChange={(rangeB) => changeRanges({ ...ranges, rangeB })} testId="comparison-range-b" />
        </Space>
        <IndicatorSelect value={indicators} onChange={setIndicators} testId="comparison-indicators" />
        <ComparableSwitch value={comparableOnly} onChange={setComparableOnly} likeForLike={data?.likeForLike} testId="comparison-comparable" />
      </AnalyticsToolbar>
      {!shops.ready && shops.tree ? (
        <SelectShopsFirst />
      ) : refusal ? (
        <RefusalAlert refusal={refusal} testId="comparison-refusal" />
      ) : (
        <>
          <Row gutter={[16, 16]} className="sl-stat-grid">
            {shown.map((indicator) => (
              <Col key={indicator} xs={24} sm={12} xl={6}>
                <StatCard
                  title={indicatorTitle(t, indicator)}
                  value={formatIndicatorChange(indicator, data?.totalsA[indicator], data?.totalsB[indicator], data?.change[indicator], locale)}
                  loading={!data}
                  testId={`comparison-change-${indicator}`}
                  footer={t('traffic:shops.comparison.aToB', {
                    a: formatIndicator(indicator, data?.totalsA[indicator], locale),
                    b: formatIndicator(indicator, data?.totalsB[indicator], locale),
                  })}
                />
              </Col>
            ))}
          </Row>
          <Row gutter={[16, 16]}>
            {(charts.length > 0 ? charts : indicators.map((indicator) => ({ indicator, empty: true, option: {} }))).map((chart) => (
              <Col key={chart.indicator} xs={24} xl={charts.length > 1 ? 12 : 24}>
                <Card size="small" title={t('traffic:shops.comparison.chartTitle', { indicator: indicatorTitle(t, chart.indicator) })}>
                  <Chart
                    label={t('traffic:shops.comparison.chartTitle', { indicator: indicatorTitle(t, chart.indicator) })}
                    option={chart.option}
                    empty={chart.empty}
                    loading={answer.isFetching}
                    height={300}
                    testId={`comparison-chart-${chart.indicator}`}
                  />
                </Card>
              </Col>
            ))}
          </Row>
          {data?.series.some((pair) => pair.partial || pair.incomplete) && (
            <Typography.Text type="secondary" data-testid="comparison-pair-note">
              {t('traffic:shops.comparison.pairNote')}
            </Typography.Text>
          )}
          <Card
            size="small"
            title={t('traffic:shops.comparison.tableTitle')}
            extra={data && <Typography.Text type="secondary">{t('traffic:shops.comparison.days', { n: data.days })}</Typography.Text>}
          >
            <ShopTable<ShopRow> columns={columns} rows={data?.shops ?? []} loading={answer.isFetching} bordered testId="comparison-table" />
          </Card>
        </>
      )}
    </Space>
  );
}
