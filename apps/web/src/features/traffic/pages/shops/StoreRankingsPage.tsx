import type { DateRange, Indicator } from '@storelens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Segmented, Space, type TableColumnType, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsToolbar } from '../../../../shared/analytics/AnalyticsToolbar.tsx';
import { Chart } from '../../../../shared/analytics/Chart.tsx';
import { ComparableSwitch } from '../../../../shared/analytics/ComparableSwitch.tsx';
import { hasChartData } from '../../../../shared/analytics/chartOption.ts';
import { rangeText } from '../../../../shared/analytics/comparisonRanges.ts';
import { useDataUpdateTimeFeed } from '../../../../shared/analytics/dataUpdateTime.ts';
import { defaultRange } from '../../../../shared/analytics/dateRange.ts';
import { ExportButton } from '../../../../shared/analytics/ExportButton.tsx';
import { exportAnalyticsTable } from '../../../../shared/analytics/exports.ts';
import { formatIndicator, formatNumber, indicatorChangeValue } from '../../../../shared/analytics/format.ts';
import { indicatorTitle } from '../../../../shared/analytics/IndicatorSelect.tsx';
import { MaybeMissing } from '../../../../shared/analytics/MaybeMissing.tsx';
import { SelectShopsFirst } from '../../../../shared/analytics/SelectShopsFirst.tsx';
import { useAllShopsByDefault } from '../../../../shared/analytics/useAllShopsByDefault.ts';
import { useShopSelection } from '../../../../shared/analytics/useShopSelection.ts';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import { ChangeText } from './ChangeText.tsx';
import { IncompleteDaysTag } from './IncompleteDaysTag.tsx';
import { RANKING_CHART_TOP, type RankingRow, rankingChartOption, topRankedShops } from './rankingChart.ts';
import { ShopTable } from './ShopTable.tsx';
import { SingleIndicatorSelect } from './SingleIndicatorSelect.tsx';
import { fetchStoreRanking, type RankingRequest, shopsKeys } from './shopsApi.ts';

type Order = 'desc' | 'asc';

/**
 * Store ranking (/shops/storeRankings): the selected shops ranked by one indicator over a range,
 * each beside its value in the previous range of equal length and the change; the first ten as
 * bars. Shops without a value (a rate with no traffic) come last whatever the order.
 */
export function StoreRankingsPage() {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const cid = useSessionStore((state) => state.cid);
  const shops = useShopSelection('multiple');
  const { settling } = useAllShopsByDefault(shops);
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const [indicator, setIndicator] = useState<Indicator>('entries');
  const [order, setOrder] = useState<Order>('desc');
  const [comparableOnly, setComparableOnly] = useState(false);
  useDataUpdateTimeFeed(shops.shopIds, shops.ready && !settling);

  const request: RankingRequest = { shopIds: shops.shopIds, ...range, indicator, order, ...(comparableOnly ? { comparableOnly } : {}) };
  const answer = useQuery({
    queryKey: shopsKeys.ranking(cid, request),
    queryFn: () => fetchStoreRanking(request),
    enabled: shops.ready && !settling && cid !== null,
    placeholderData: keepPreviousData,
  });
  const data = shops.ready ? answer.data : undefined;
  const top = useMemo(() => (data ? topRankedShops(data.rows) : []), [data]);
  const currentName = rangeText(range);
  const previousName = data ? `${t('messages:export.previous')} (${rangeText(data.previousRange)})` : '';
  const option = useMemo(
    () => (data ? rankingChartOption({ rows: top, indicator: data.indicator, locale, currentName, previousName }) : null),
    [data, top, locale, currentName, previousName],
  );

  const shownIndicator = data?.indicator ?? indicator;
  const columns: TableColumnType<RankingRow>[] = [
    { key: 'rank', title: t('messages:export.rank'), dataIndex: 'rank', width: 72, align: 'right' },
    { key: 'shopNumber', title: t('messages:export.shopNumber'), dataIndex: 'shopNumber' },
    {
      key: 'shop',
      title: t('messages:export.shop'),
      render: (_, row) => (
        <Space size={4} wrap>
          {row.shopName}
          <IncompleteDaysTag days={row.incompleteDays} testId="rankings-incomplete" />
          {row.comparable === false && <Tag>{t('analytics:comparable.notComparable')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'value',
      title: indicatorTitle(t, shownIndicator),
      align: 'right',
      render: (_, row) => <MaybeMissing value={row.value} text={formatIndicator(shownIndicator, row.value, locale)} />,
    },
    {
      key: 'previous',
      title: data ? `${t('messages:export.previous')} (${rangeText(data.previousRange)})` : t('messages:export.previous'),
      align: 'right',
      render: (_, row) => <MaybeMissing value={row.previousValue} text={formatIndicator(shownIndicator, row.previousValue, locale)} />,
    },
    {
      key: 'change',
      title: t('messages:export.change'),
      align: 'right',
      sorter: (a, b) =>
        (indicatorChangeValue(shownIndicator, a.previousValue, a.value, a.change) ?? Number.NEGATIVE_INFINITY) -
        (indicatorChangeValue(shownIndicator, b.previousValue, b.value, b.change) ?? Number.NEGATIVE_INFINITY),
      render: (_, row) => <ChangeText indicator={shownIndicator} previous={row.previousValue} current={row.value} relative={row.change} locale={locale} />,
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="sl-page" data-testid="store-rankings">
      <AnalyticsToolbar
        shops={shops}
        range={{ value: range, onChange: setRange }}
        actions={
          <ExportButton
            fileName={t('messages:export.titleRanking')}
            download={() => exportAnalyticsTable({ table: 'ranking', query: request })}
            disabled={!shops.ready}
            testId="rankings-export"
          />
        }
      >
        <SingleIndicatorSelect label={t('traffic:shops.rankings.indicator')} value={indicator} onChange={setIndicator} testId="rankings-indicator" />
        <Segmented<Order>
          value={order}
          onChange={setOrder}
          options={[
            { value: 'desc', label: <span data-testid="rankings-order-desc">{t('traffic:shops.rankings.desc')}</span> },
            { value: 'asc', label: <span data-testid="rankings-order-asc">{t('traffic:shops.rankings.asc')}</span> },
          ]}
        />
        <ComparableSwitch value={comparableOnly} onChange={setComparableOnly} likeForLike={data?.likeForLike} testId="rankings-comparable" />
      </AnalyticsToolbar>
      {!shops.ready && shops.tree ? (
        <SelectShopsFirst />
      ) : (
        <>
          <Card size="small" title={t('traffic:shops.rankings.chartTitle', { n: top.length || RANKING_CHART_TOP })}>
            <Chart
              label={t('traffic:shops.rankings.chartTitle', { n: top.length || RANKING_CHART_TOP })}
              option={option ?? {}}
              empty={!data || !hasChartData([top.map((row) => row.value)])}
              loading={answer.isFetching}
              height={Math.max(240, 40 + top.length * 36)}
              testId="rankings-chart"
            />
          </Card>
          <Card
            size="small"
            title={t('traffic:shops.rankings.tableTitle')}
            extra={
              data && <Typography.Text type="secondary">{t('traffic:shops.rankings.shops', { n: formatNumber(data.rows.length, locale) })}</Typography.Text>
            }
          >
            <ShopTable<RankingRow> columns={columns} rows={data?.rows ?? []} loading={answer.isFetching} testId="rankings-table" />
          </Card>
        </>
      )}
    </Space>
  );
}
