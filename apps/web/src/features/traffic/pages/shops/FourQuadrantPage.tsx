import type { DateRange, ReportIndicator } from '@storelens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row, Space, type TableColumnType, Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsToolbar } from '../../../../shared/analytics/AnalyticsToolbar.tsx';
import { Chart } from '../../../../shared/analytics/Chart.tsx';
import { useDataUpdateTimeFeed } from '../../../../shared/analytics/dataUpdateTime.ts';
import { defaultRange } from '../../../../shared/analytics/dateRange.ts';
import { ExportButton } from '../../../../shared/analytics/ExportButton.tsx';
import { exportAnalyticsTable } from '../../../../shared/analytics/exports.ts';
import { formatIndicator, formatNumber } from '../../../../shared/analytics/format.ts';
import { indicatorTitle, useReportIndicators } from '../../../../shared/analytics/IndicatorSelect.tsx';
import { RefusalAlert } from '../../../../shared/analytics/RefusalAlert.tsx';
import { SelectShopsFirst } from '../../../../shared/analytics/SelectShopsFirst.tsx';
import { StatCard } from '../../../../shared/analytics/StatCard.tsx';
import { useAllShopsByDefault } from '../../../../shared/analytics/useAllShopsByDefault.ts';
import { useShopSelection } from '../../../../shared/analytics/useShopSelection.ts';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import { StoreDaysNote } from '../StoreDaysNote.tsx';
import { IncompleteDaysTag } from './IncompleteDaysTag.tsx';
import {
  isQuadrant,
  QUADRANT_COLOURS,
  QUADRANTS,
  type Quadrant,
  type QuadrantPoint,
  quadrantChartOption,
  quadrantCounts,
  sameIndicatorRefusal,
} from './quadrants.ts';
import { ShopTable } from './ShopTable.tsx';
import { SingleIndicatorSelect } from './SingleIndicatorSelect.tsx';
import { type FourQuadrantRequest, fetchFourQuadrant, shopsKeys } from './shopsApi.ts';
import { useCheckedChoice } from './useCheckedChoice.ts';

type Axes = { xIndicator: ReportIndicator; yIndicator: ReportIndicator };

/**
 * Four-quadrant analysis (/shops/fourQuadrantAnalysis): the selected shops placed by two
 * different indicators against the averages of the selection, with the count of each quadrant
 * and the list. The same indicator on both axes is refused here first with the server's message,
 * and nothing is asked until the axes differ.
 */
export function FourQuadrantPage() {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const cid = useSessionStore((state) => state.cid);
  const shops = useShopSelection('multiple');
  const indicatorChoices = useReportIndicators();
  const { settling } = useAllShopsByDefault(shops);
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const {
    choice: axes,
    change: changeAxes,
    refusal,
  } = useCheckedChoice<Axes>(
    () => ({ xIndicator: 'entries', yIndicator: 'captureRate' }),
    (next) => sameIndicatorRefusal(next.xIndicator, next.yIndicator),
    'four-quadrant-refusal',
  );
  useDataUpdateTimeFeed(shops.shopIds, shops.ready && !settling);

  const request: FourQuadrantRequest = { shopIds: shops.shopIds, ...range, ...axes };
  const answer = useQuery({
    queryKey: shopsKeys.fourQuadrant(cid, request),
    queryFn: () => fetchFourQuadrant(request),
    enabled: shops.ready && !settling && cid !== null && refusal === null,
    placeholderData: keepPreviousData,
  });
  const data = shops.ready && refusal === null ? answer.data : undefined;
  const counts = useMemo(() => quadrantCounts(data?.points ?? []), [data]);
  const xName = indicatorTitle(t, data?.xIndicator ?? axes.xIndicator);
  const yName = indicatorTitle(t, data?.yIndicator ?? axes.yIndicator);
  const quadrantName = useCallback((quadrant: Quadrant) => t(`traffic:shops.quadrant.q${quadrant}`, { x: xName, y: yName }), [t, xName, yName]);
  const option = useMemo(
    () =>
      data ? quadrantChartOption({ data, locale, xName, yName, quadrantName, averageLabel: (value) => t('traffic:shops.quadrant.average', { value }) }) : null,
    [data, locale, xName, yName, quadrantName, t],
  );

  const columns: TableColumnType<QuadrantPoint>[] = data
    ? [
        { key: 'shopNumber', title: t('messages:export.shopNumber'), dataIndex: 'shopNumber' },
        {
          key: 'shop',
          title: t('messages:export.shop'),
          render: (_: unknown, point: QuadrantPoint) => (
            <Space size={4} wrap>
              {point.shopName}
              <IncompleteDaysTag days={point.incompleteDays} testId="quadrant-incomplete" />
            </Space>
          ),
        },
        {
          key: 'x',
          title: `${xName} (X)`,
          align: 'right',
          sorter: (a, b) => (a.x ?? -1) - (b.x ?? -1),
          render: (_, point) => formatIndicator(data.xIndicator, point.x, locale),
        },
        {
          key: 'y',
          title: `${yName} (Y)`,
          align: 'right',
          sorter: (a, b) => (a.y ?? -1) - (b.y ?? -1),
          render: (_, point) => formatIndicator(data.yIndicator, point.y, locale),
        },
        {
          key: 'quadrant',
          title: t('messages:export.quadrant'),
          filters: QUADRANTS.map((quadrant) => ({ text: quadrantName(quadrant), value: quadrant })),
          onFilter: (value, point) => point.quadrant === value,
          sorter: (a, b) => (a.quadrant ?? 9) - (b.quadrant ?? 9),
          render: (_, point) =>
            isQuadrant(point.quadrant) ? (
              // The quadrant's colour as a swatch: its colour as text on its own tint read 2.1:1 (green).
              <Tag>
                <span className="sl-swatch" style={{ background: QUADRANT_COLOURS[point.quadrant] }} aria-hidden="true" />
                {quadrantName(point.quadrant)}
              </Tag>
            ) : (
              <Typography.Text type="secondary">{t('traffic:shops.quadrant.unplaced')}</Typography.Text>
            ),
        },
      ]
    : [];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="sl-page" data-testid="four-quadrant">
      <AnalyticsToolbar
        shops={shops}
        range={{ value: range, onChange: setRange }}
        actions={
          <ExportButton
            fileName={t('messages:export.titleFourQuadrant')}
            download={() => exportAnalyticsTable({ table: 'fourQuadrant', query: request })}
            disabled={!shops.ready || refusal !== null}
            testId="four-quadrant-export"
          />
        }
      >
        <SingleIndicatorSelect
          label={t('traffic:shops.quadrant.xAxis')}
          value={axes.xIndicator}
          onChange={(xIndicator) => changeAxes({ ...axes, xIndicator })}
          options={indicatorChoices}
          testId="four-quadrant-x"
        />
        <SingleIndicatorSelect
          label={t('traffic:shops.quadrant.yAxis')}
          value={axes.yIndicator}
          onChange={(yIndicator) => changeAxes({ ...axes, yIndicator })}
          options={indicatorChoices}
          testId="four-quadrant-y"
        />
        <Button size="small" onClick={() => changeAxes({ xIndicator: axes.yIndicator, yIndicator: axes.xIndicator })} data-testid="four-quadrant-swap">
          {t('traffic:shops.quadrant.swap')}
        </Button>
      </AnalyticsToolbar>
      {!shops.ready && shops.tree ? (
        <SelectShopsFirst />
      ) : refusal ? (
        <RefusalAlert refusal={refusal} testId="four-quadrant-refusal" />
      ) : (
        <>
          <StoreDaysNote storeDays={data?.storeDays} />
          <Row gutter={[16, 16]} className="sl-stat-grid">
            {QUADRANTS.map((quadrant) => (
              <Col key={quadrant} xs={24} sm={12} xl={6}>
                <StatCard
                  title={quadrantName(quadrant)}
                  value={formatNumber(data ? counts[quadrant] : null, locale)}
                  loading={!data}
                  testId={`four-quadrant-count-${quadrant}`}
                  footer={<span style={{ display: 'inline-block', width: 24, height: 4, background: QUADRANT_COLOURS[quadrant] }} />}
                />
              </Col>
            ))}
          </Row>
          <Card
            size="small"
            title={t('traffic:shops.quadrant.chartTitle')}
            extra={<Typography.Text type="secondary">{t('traffic:shops.quadrant.rule')}</Typography.Text>}
          >
            <Chart
              label={t('traffic:shops.quadrant.chartTitle')}
              option={option ?? {}}
              empty={!data || data.points.every((point) => point.quadrant === null)}
              loading={answer.isFetching}
              height={420}
              testId="four-quadrant-chart"
            />
            {data && counts.unplaced > 0 && (
              <Typography.Text type="secondary" data-testid="four-quadrant-unplaced">
                {t('traffic:shops.quadrant.unplacedCount', { n: counts.unplaced })}
              </Typography.Text>
            )}
          </Card>
          <Card size="small" title={t('traffic:shops.quadrant.tableTitle')}>
            <ShopTable<QuadrantPoint> columns={columns} rows={data?.points ?? []} loading={answer.isFetching} testId="four-quadrant-table" />
          </Card>
        </>
      )}
    </Space>
  );
}
