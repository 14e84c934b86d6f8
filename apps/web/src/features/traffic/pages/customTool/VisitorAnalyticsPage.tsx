import type { AgeBand, DateRange, Gender, Locale } from '@storelens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Col, Row, Space, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsToolbar } from '../../../../shared/analytics/AnalyticsToolbar.tsx';
import { hasChartData } from '../../../../shared/analytics/chartOption.ts';
import { useDataUpdateTimeFeed } from '../../../../shared/analytics/dataUpdateTime.ts';
import { defaultRange } from '../../../../shared/analytics/dateRange.ts';
import { ExportButton } from '../../../../shared/analytics/ExportButton.tsx';
import { exportAnalyticsTable } from '../../../../shared/analytics/exports.ts';
import { formatDuration, formatNumber, formatPercent } from '../../../../shared/analytics/format.ts';
import { GranularityPicker } from '../../../../shared/analytics/GranularityPicker.tsx';
import { indicatorLabel } from '../../../../shared/analytics/IndicatorSelect.tsx';
import { indicatorChartOption, periodLabel } from '../../../../shared/analytics/indicatorChart.ts';
import { CHART_PALETTE } from '../../../../shared/analytics/palette.ts';
import { SelectShopsFirst } from '../../../../shared/analytics/SelectShopsFirst.tsx';
import { StatCard } from '../../../../shared/analytics/StatCard.tsx';
import { useShopSelection } from '../../../../shared/analytics/useShopSelection.ts';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import {
  fetchActivity,
  fetchFrequency,
  fetchNewRepeat,
  fetchProfile,
  fetchRevisitInterval,
  fetchStayTime,
  type NewRepeatRequest,
  type VisitorRangeRequest,
} from '../../api.ts';
import { StoreDaysNote } from '../StoreDaysNote.tsx';
import { customToolKeys } from './customToolKeys.ts';
import { type SectionChart, VisitorSectionCard } from './VisitorSectionCard.tsx';
import { type ActivityRow, activityRows, distributionOption, type NewRepeatRow, newRepeatRows, pieOption, type Slice } from './visitorCharts.ts';

type NewRepeatGranularity = NewRepeatRequest['granularity'] & string;
type T = (key: string, params?: Record<string, unknown>) => string;

const genderLabel = (t: T, gender: Gender) => t(`messages:export.${gender}`);
const ageLabel = (t: T, band: AgeBand) => (band === 'unknown' ? t('messages:export.unknown') : band);

/** The count and share columns every distribution table ends with. */
function countShareColumns<Item extends { share: number | null }>(
  countTitle: string,
  countOf: (item: Item) => number,
  t: T,
  locale: Locale,
): TableColumnsType<Item> {
  return [
    { key: 'count', title: countTitle, align: 'right', render: (_, item) => formatNumber(countOf(item), locale) },
    { key: 'share', title: t('messages:export.share'), align: 'right', render: (_, item) => formatPercent(item.share, locale) },
  ];
}

const slices = <Item,>(items: readonly Item[] | undefined, name: (item: Item) => string, value: (item: Item) => number): Slice[] =>
  (items ?? []).map((item) => ({ name: name(item), value: value(item) }));

/**
 * Visitor analytics (/customTool/attributes, cusattr_show): who the visitors are (gender, age),
 * new against repeat, how often they come and how long between visits, how active they are
 * (bands from the customer's flow settings), how long they stay and how many visits are deep.
 * Every section has its chart, its table and, where the server writes one, its export.
 */
export function VisitorAnalyticsPage() {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const cid = useSessionStore((state) => state.cid);
  const shops = useShopSelection('multiple');
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const [granularity, setGranularity] = useState<NewRepeatGranularity>('day');
  useDataUpdateTimeFeed(shops.shopIds, shops.ready);

  const request: VisitorRangeRequest = { shopIds: shops.shopIds, ...range };
  const enabled = shops.ready && cid !== null;
  const common = { enabled, placeholderData: keepPreviousData } as const;
  const profile = useQuery({ queryKey: customToolKeys.visitors(cid, 'profile', request), queryFn: () => fetchProfile(request), ...common });
  const newRepeatRequest: NewRepeatRequest = { ...request, granularity };
  const newRepeat = useQuery({
    queryKey: customToolKeys.visitors(cid, 'newRepeat', newRepeatRequest),
    queryFn: () => fetchNewRepeat(newRepeatRequest),
    ...common,
  });
  const frequency = useQuery({ queryKey: customToolKeys.visitors(cid, 'frequency', request), queryFn: () => fetchFrequency(request), ...common });
  const revisit = useQuery({
    queryKey: customToolKeys.visitors(cid, 'revisitInterval', request),
    queryFn: () => fetchRevisitInterval(request),
    ...common,
  });
  const activityRequest = { shopIds: shops.shopIds, endDate: range.endDate };
  const activity = useQuery({
    queryKey: customToolKeys.visitors(cid, 'activity', activityRequest),
    queryFn: () => fetchActivity(activityRequest),
    ...common,
  });
  const stayTime = useQuery({ queryKey: customToolKeys.visitors(cid, 'stayTime', request), queryFn: () => fetchStayTime(request), ...common });

  const shown = <Data,>(query: { data?: Data }) => (shops.ready ? query.data : undefined);
  const profileData = shown(profile);
  const newRepeatData = shown(newRepeat);
  const frequencyData = shown(frequency);
  const revisitData = shown(revisit);
  const activityData = shown(activity);
  const stayData = shown(stayTime);

  const exportButton = (table: 'profile' | 'frequency' | 'revisitInterval' | 'stayTime', title: string, testId: string) => (
    <ExportButton fileName={title} download={() => exportAnalyticsTable({ table, query: request })} disabled={!shops.ready} testId={testId} />
  );

  // ---------------------------------------------------------------- profile
  type ProfileRow = { key: string; attribute: string; value: string; visits: number; share: number | null };
  const profileRows: ProfileRow[] = [
    ...(profileData?.gender ?? []).map((row) => ({
      key: `gender-${row.gender}`,
      attribute: t('messages:export.gender'),
      value: genderLabel(t, row.gender),
      visits: row.visits,
      share: row.share,
    })),
    ...(profileData?.age ?? []).map((row) => ({
      key: `age-${row.band}`,
      attribute: t('messages:export.ageBand'),
      value: ageLabel(t, row.band),
      visits: row.visits,
      share: row.share,
    })),
  ];
  const genderSlices = slices(
    profileData?.gender,
    (row) => genderLabel(t, row.gender),
    (row) => row.visits,
  );
  const ageSlices = slices(
    profileData?.age,
    (row) => ageLabel(t, row.band),
    (row) => row.visits,
  );

  // ---------------------------------------------------------------- new and repeat
  const newRepeatTable = useMemo(() => newRepeatRows(newRepeatData?.points ?? []), [newRepeatData]);
  const newRepeatOption = useMemo(
    () =>
      indicatorChartOption({
        categories: newRepeatTable.map((row) => periodLabel(row.key, granularity)),
        series: [
          { indicator: 'newVisitors', name: indicatorLabel(t, 'newVisitors'), type: 'bar', values: newRepeatTable.map((row) => row.newVisitors) },
          { indicator: 'repeatVisitors', name: indicatorLabel(t, 'repeatVisitors'), type: 'bar', values: newRepeatTable.map((row) => row.repeatVisitors) },
          { indicator: 'repeatRate', name: indicatorLabel(t, 'repeatRate'), values: newRepeatTable.map((row) => row.repeatRate) },
        ],
        locale,
      }),
    [newRepeatTable, granularity, t, locale],
  );
  const periodTitle = t(`messages:export.${granularity === 'day' ? 'date' : granularity}`);
  const newRepeatColumns: TableColumnsType<NewRepeatRow> = [
    { key: 'period', title: periodTitle, render: (_, row) => periodLabel(row.key, granularity, 'long') },
    { key: 'new', title: indicatorLabel(t, 'newVisitors'), align: 'right', render: (_, row) => formatNumber(row.newVisitors, locale) },
    { key: 'repeat', title: indicatorLabel(t, 'repeatVisitors'), align: 'right', render: (_, row) => formatNumber(row.repeatVisitors, locale) },
    { key: 'rate', title: indicatorLabel(t, 'repeatRate'), align: 'right', render: (_, row) => formatPercent(row.repeatRate, locale) },
  ];

  // ---------------------------------------------------------------- frequency, revisit interval, activity, stay time
  type FrequencyRow = NonNullable<typeof frequencyData>['buckets'][number];
  type BucketRow = NonNullable<typeof revisitData>['buckets'][number];
  const frequencySlices = slices(
    frequencyData?.buckets,
    (row) => row.bucket,
    (row) => row.visitors,
  );
  const revisitSlices = slices(
    revisitData?.buckets,
    (row) => row.bucket,
    (row) => row.visits,
  );
  const stayTimeSlices = slices(
    stayData?.buckets,
    (row) => row.bucket,
    (row) => row.visits,
  );
  const activityTable = activityData ? activityRows(activityData) : [];
  const bandName = (row: ActivityRow) => t(`traffic:customTool.attributes.activity.${row.band}`);
  const activitySlices = slices(activityTable, bandName, (row) => row.visitors);
  // Visits shorter than the light band count in no depth: they are the pie's 'short' slice, so the pie is of every visit.
  const depthSlices: Slice[] = stayData
    ? [
        {
          name: t('traffic:customTool.attributes.stayTime.short'),
          value: Math.max(0, stayData.visits - stayData.depth.light - stayData.depth.moderate - stayData.depth.deep),
        },
        ...(['light', 'moderate', 'deep'] as const).map((depth) => ({
          name: t(`traffic:customTool.attributes.stayTime.${depth}`),
          value: stayData.depth[depth],
        })),
      ]
    : [];

  const bucketColumn = <Item extends { bucket: string }>(title: string): TableColumnsType<Item>[number] => ({ key: 'bucket', title, dataIndex: 'bucket' });
  const frequencyColumns: TableColumnsType<FrequencyRow> = [
    bucketColumn<FrequencyRow>(t('traffic:customTool.attributes.frequency.bucket')),
    ...countShareColumns<FrequencyRow>(t('messages:export.visitors'), (row) => row.visitors, t, locale),
  ];
  const revisitColumns: TableColumnsType<BucketRow> = [
    bucketColumn<BucketRow>(t('traffic:customTool.attributes.revisit.bucket')),
    ...countShareColumns<BucketRow>(indicatorLabel(t, 'visits'), (row) => row.visits, t, locale),
  ];
  const stayColumns: TableColumnsType<BucketRow> = [
    bucketColumn<BucketRow>(t('traffic:customTool.attributes.stayTime.bucket')),
    ...countShareColumns<BucketRow>(indicatorLabel(t, 'visits'), (row) => row.visits, t, locale),
  ];
  const activityColumns: TableColumnsType<ActivityRow> = [
    { key: 'band', title: t('traffic:customTool.attributes.activity.band'), render: (_, row) => bandName(row) },
    {
      key: 'weeks',
      title: t('traffic:customTool.attributes.activity.sinceLastVisit'),
      render: (_, row) => t('traffic:customTool.attributes.activity.weeks', { from: row.fromWeeks, to: row.toWeeks }),
    },
    ...countShareColumns<ActivityRow>(t('messages:export.visitors'), (row) => row.visitors, t, locale),
  ];
  const profileColumns: TableColumnsType<ProfileRow> = [
    { key: 'attribute', title: t('traffic:customTool.attributes.profile.attribute'), dataIndex: 'attribute' },
    { key: 'value', title: t('traffic:customTool.attributes.profile.value'), dataIndex: 'value' },
    ...countShareColumns<ProfileRow>(indicatorLabel(t, 'visits'), (row) => row.visits, t, locale),
  ];

  const loading = (query: { isFetching: boolean }) => query.isFetching;
  const statLoading = (query: { isPending: boolean }) => shops.ready && query.isPending;
  const footerText = (text: string, testId: string) => (
    <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }} data-testid={testId}>
      {text}
    </Typography.Paragraph>
  );

  const barChart = (buckets: Slice[], seriesName: string, colour: string, testId: string): SectionChart => ({
    option: distributionOption(buckets, seriesName, locale, colour),
    empty: !hasChartData([buckets.map((bucket) => bucket.value)]),
    testId,
  });
  const pieChart = (parts: Slice[], testId: string): SectionChart => ({
    option: pieOption(parts, locale),
    empty: !hasChartData([parts.map((part) => part.value)]),
    testId,
  });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="sl-page" data-testid="visitor-analytics">
      <AnalyticsToolbar shops={shops} range={{ value: range, onChange: setRange }} />
      {!shops.ready && shops.tree ? (
        <SelectShopsFirst />
      ) : (
        <>
          <StoreDaysNote storeDays={stayTime.data?.storeDays} />
          <Row gutter={[16, 16]} className="sl-stat-grid">
            <Col xs={12} md={8} xl={4}>
              <StatCard
                title={indicatorLabel(t, 'visits')}
                value={formatNumber(stayData?.visits, locale)}
                loading={statLoading(stayTime)}
                testId="visitors-visits"
              />
            </Col>
            <Col xs={12} md={8} xl={4}>
              <StatCard
                title={indicatorLabel(t, 'repeatRate')}
                value={formatPercent(newRepeatData?.repeatRate, locale)}
                footer={
                  newRepeatData
                    ? `${indicatorLabel(t, 'newVisitors')} ${formatNumber(newRepeatData.newVisitors, locale)} · ${indicatorLabel(t, 'repeatVisitors')} ${formatNumber(newRepeatData.repeatVisitors, locale)}`
                    : undefined
                }
                loading={statLoading(newRepeat)}
                testId="visitors-repeat-rate"
              />
            </Col>
            <Col xs={12} md={8} xl={4}>
              <StatCard
                title={t('traffic:customTool.attributes.averageVisits')}
                value={formatNumber(frequencyData?.averageVisits, locale, 2)}
                loading={statLoading(frequency)}
                testId="visitors-average-visits"
              />
            </Col>
            <Col xs={12} md={8} xl={4}>
              <StatCard
                title={t('traffic:customTool.attributes.averageRevisit')}
                value={
                  revisitData?.averageDays === null || revisitData?.averageDays === undefined
                    ? formatNumber(null, locale)
                    : t('traffic:customTool.attributes.days', { n: formatNumber(revisitData.averageDays, locale, 1) })
                }
                loading={statLoading(revisit)}
                testId="visitors-average-revisit"
              />
            </Col>
            <Col xs={12} md={8} xl={4}>
              <StatCard
                title={t('traffic:customTool.attributes.averageStay')}
                value={formatDuration(
                  stayData?.avgDwellMinutes === null || stayData?.avgDwellMinutes === undefined ? null : stayData.avgDwellMinutes * 60,
                  locale,
                )}
                loading={statLoading(stayTime)}
                testId="visitors-average-stay"
              />
            </Col>
            <Col xs={12} md={8} xl={4}>
              <StatCard
                title={indicatorLabel(t, 'deepVisitRate')}
                value={formatPercent(stayData?.deepVisitRate, locale)}
                footer={stayData ? t('traffic:customTool.attributes.deepThreshold', { n: stayData.deepVisitMinutes }) : undefined}
                loading={statLoading(stayTime)}
                testId="visitors-deep-rate"
              />
            </Col>
          </Row>

          <VisitorSectionCard<ProfileRow>
            title={t('traffic:customTool.attributes.profile.title')}
            extra={exportButton('profile', t('messages:export.titleProfile'), 'profile-export')}
            charts={[pieChart(genderSlices, 'profile-gender-chart'), barChart(ageSlices, indicatorLabel(t, 'visits'), CHART_PALETTE[1], 'profile-age-chart')]}
            columns={profileColumns}
            rows={profileRows}
            rowKey="key"
            loading={loading(profile)}
            testId="profile"
          />

          <VisitorSectionCard<NewRepeatRow>
            title={t('traffic:customTool.attributes.newRepeat.title')}
            extra={
              <Space>
                <GranularityPicker
                  value={granularity}
                  onChange={(next) => next !== 'hour' && setGranularity(next)}
                  options={['day', 'week', 'month']}
                  testId="new-repeat-granularity"
                />
                <ExportButton
                  fileName={t('traffic:customTool.attributes.newRepeat.title')}
                  download={() =>
                    exportAnalyticsTable({ table: 'trend', query: { ...request, granularity, indicators: ['newVisitors', 'repeatVisitors', 'repeatRate'] } })
                  }
                  disabled={!shops.ready}
                  testId="new-repeat-export"
                />
              </Space>
            }
            charts={[
              {
                option: newRepeatOption,
                empty: !hasChartData(newRepeatTable.map((row) => [row.newVisitors, row.repeatVisitors])),
                testId: 'new-repeat-chart',
              },
            ]}
            columns={newRepeatColumns}
            rows={newRepeatTable}
            rowKey="key"
            loading={loading(newRepeat)}
            testId="new-repeat"
          />

          <VisitorSectionCard<FrequencyRow>
            title={t('traffic:customTool.attributes.frequency.title')}
            hint={t('traffic:customTool.attributes.frequency.hint')}
            extra={exportButton('frequency', t('messages:export.titleFrequency'), 'frequency-export')}
            charts={[barChart(frequencySlices, t('messages:export.visitors'), CHART_PALETTE[2], 'frequency-chart')]}
            columns={frequencyColumns}
            rows={frequencyData?.buckets ?? []}
            rowKey="bucket"
            loading={loading(frequency)}
            testId="frequency"
            footer={
              frequencyData &&
              footerText(
                t('traffic:customTool.attributes.frequency.summary', {
                  visitors: formatNumber(frequencyData.visitors, locale),
                  average: formatNumber(frequencyData.averageVisits, locale, 2),
                }),
                'frequency-summary',
              )
            }
          />

          <VisitorSectionCard<BucketRow>
            title={t('traffic:customTool.attributes.revisit.title')}
            hint={t('traffic:customTool.attributes.revisit.hint')}
            extra={exportButton('revisitInterval', t('messages:export.titleRevisit'), 'revisit-export')}
            charts={[barChart(revisitSlices, indicatorLabel(t, 'visits'), CHART_PALETTE[3], 'revisit-chart')]}
            columns={revisitColumns}
            rows={revisitData?.buckets ?? []}
            rowKey="bucket"
            loading={loading(revisit)}
            testId="revisit"
            footer={
              revisitData &&
              footerText(
                t('traffic:customTool.attributes.revisit.summary', {
                  visits: formatNumber(revisitData.repeatVisits, locale),
                  average: formatNumber(revisitData.averageDays, locale, 1),
                }),
                'revisit-summary',
              )
            }
          />

          <VisitorSectionCard<ActivityRow>
            title={t('traffic:customTool.attributes.activity.title')}
            hint={activityData ? t('traffic:customTool.attributes.activity.hint', { weeks: activityData.bandsWeeks.low, date: range.endDate }) : undefined}
            charts={[pieChart(activitySlices, 'activity-chart')]}
            columns={activityColumns}
            rows={activityTable}
            rowKey="band"
            loading={loading(activity)}
            testId="activity"
            extra={
              <ExportButton
                fileName={t('messages:export.titleActivity')}
                download={() => exportAnalyticsTable({ table: 'activity', query: activityRequest })}
                disabled={!shops.ready}
                testId="activity-export"
              />
            }
            footer={
              activityData &&
              footerText(t('traffic:customTool.attributes.activity.summary', { visitors: formatNumber(activityData.visitors, locale) }), 'activity-summary')
            }
          />

          <VisitorSectionCard<BucketRow>
            title={t('traffic:customTool.attributes.stayTime.title')}
            extra={exportButton('stayTime', t('messages:export.titleStayTime'), 'stay-time-export')}
            charts={[barChart(stayTimeSlices, indicatorLabel(t, 'visits'), CHART_PALETTE[4], 'stay-time-chart'), pieChart(depthSlices, 'stay-depth-chart')]}
            columns={stayColumns}
            rows={stayData?.buckets ?? []}
            rowKey="bucket"
            loading={loading(stayTime)}
            testId="stay-time"
            footer={
              stayData &&
              footerText(
                t('traffic:customTool.attributes.stayTime.summary', {
                  deep: formatNumber(stayData.deepVisits, locale),
                  rate: formatPercent(stayData.deepVisitRate, locale),
                  n: stayData.deepVisitMinutes,
                }),
                'stay-time-summary',
              )
            }
          />
        </>
      )}
    </Space>
  );
}
