import { type DateRange, DEMO_WEATHER_SOURCE, type Granularity, type Indicator, type Locale } from '@storelens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Space, Table, type TableColumnType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyticsPage } from '../../../shared/analytics/AnalyticsPage.tsx';
import { AnalyticsToolbar } from '../../../shared/analytics/AnalyticsToolbar.tsx';
import { Chart } from '../../../shared/analytics/Chart.tsx';
import { CoverageNote, incompleteMarks } from '../../../shared/analytics/CoverageNote.tsx';
import { hasChartData } from '../../../shared/analytics/chartOption.ts';
import { useDataUpdateTimeFeed } from '../../../shared/analytics/dataUpdateTime.ts';
import { defaultRange } from '../../../shared/analytics/dateRange.ts';
import { ExportButton } from '../../../shared/analytics/ExportButton.tsx';
import { exportAnalyticsTable } from '../../../shared/analytics/exports.ts';
import { IndicatorSelect, indicatorTitle } from '../../../shared/analytics/IndicatorSelect.tsx';
import { type ChartMark, indicatorChartOption, periodKeyOf, periodLabel } from '../../../shared/analytics/indicatorChart.ts';
import { indicatorColumns } from '../../../shared/analytics/indicatorColumns.tsx';
import { EVENT_MARK_COLOUR, HOLIDAY_MARK_COLOUR, WET_WEATHER_MARK_COLOUR } from '../../../shared/analytics/palette.ts';
import { partialLabel, partialMarks, partialNote } from '../../../shared/analytics/partial.ts';
import { useShopSelection } from '../../../shared/analytics/useShopSelection.ts';
import { weatherByCity, wetDates } from '../../../shared/analytics/weather.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { fetchTrend, type TrendRequest, type TrendResponse } from '../api.ts';
import { trafficKeys } from '../hooks/trafficKeys.ts';
import { trendNotes } from './trendNotes.ts';

type Point = TrendResponse['points'][number];

/**
 * Holidays and calendar events as shaded periods on the chart. An event that starts before the
 * range or ends after it is cut to the range's first and last period.
 */
function calendarMarks(data: TrendResponse, categories: readonly string[]): ChartMark[] {
  const { granularity } = data;
  const keys = data.points.map((point) => point.key);
  // The chart's own category of a key (a partial bucket's label carries its 'partial' mark).
  const label = (key: string) => categories[keys.indexOf(key)] ?? periodLabel(key, granularity);
  const clamp = (key: string) => (key < (keys[0] ?? key) ? (keys[0] ?? key) : key > (keys.at(-1) ?? key) ? (keys.at(-1) ?? key) : key);
  // Shaded only: the tooltip names what a period holds and the list under the chart names them all
  // (names written on the chart piled up unreadably over a range of several countries' holidays).
  const marks: ChartMark[] = [];
  const holidayPeriods = new Set(data.holidays.map((holiday) => periodKeyOf(holiday.date, granularity).join('|')));
  for (const id of holidayPeriods) {
    const [from = '', to = from] = id.split('|');
    marks.push({ from: label(clamp(from)), to: label(clamp(to)), colour: HOLIDAY_MARK_COLOUR });
  }
  for (const event of data.calendarEvents) {
    const from = periodKeyOf(event.startDate, granularity)[0] ?? '';
    const to = periodKeyOf(event.endDate, granularity).at(-1) ?? '';
    marks.push({ from: label(clamp(from)), to: label(clamp(to)), colour: EVENT_MARK_COLOUR });
  }
  // Wet days by day and by hour; a week or a month is not one weather.
  if (granularity === 'day' || granularity === 'hour') {
    for (const date of wetDates(data.weather)) {
      const [from = '', to = from] = periodKeyOf(date, granularity);
      marks.push({ from: label(from), to: label(to), colour: WET_WEATHER_MARK_COLOUR });
    }
  }
  // A mark only shows when both its ends are on the axis.
  return marks.filter((mark) => categories.includes(mark.from) && categories.includes(mark.to));
}

function trendOption(data: TrendResponse, indicators: readonly Indicator[], t: TFunction, locale: Locale) {
  const categories = data.points.map((point) => partialLabel(periodLabel(point.key, data.granularity), point.partial, t));
  // The notes name a period by its plain label; the chart's category of a partial bucket carries its mark.
  const categoryOf = new Map(data.points.map((point, index) => [periodLabel(point.key, data.granularity), categories[index] ?? '']));
  const notes = trendNotes(data, {
    holiday: (names) => t('traffic:trend.tooltip.holiday', { names }),
    event: (names) => t('traffic:trend.tooltip.event', { names }),
    weather: (cities) => t('traffic:trend.tooltip.weather', { cities }),
    condition: (condition) => t(`traffic:trend.weatherCondition.${condition}`),
    precipitation: (mm) => t('traffic:trend.precipitation', { mm }),
    more: (count) => t('traffic:trend.tooltip.more', { count }),
  });
  return indicatorChartOption({
    categories,
    partial: data.points.map((point) => Boolean(point.partial)),
    series: indicators.map((indicator) => ({
      indicator,
      name: indicatorTitle(t, indicator),
      values: data.points.map((point) => point.values[indicator] ?? null),
    })),
    locale,
    marks: [
      ...partialMarks(
        categories,
        data.points.map((point) => point.partial),
      ),
      ...incompleteMarks(categories, data.points),
      ...calendarMarks(data, categories),
    ],
    notes: new Map([...notes].map(([label, lines]) => [categoryOf.get(label) ?? label, lines])),
    zoom: categories.length > 62,
  });
}

/**
 * Traffic trend (/trend): any indicators over a range by hour, day, week (from Monday) or month,
 * with public holidays, the customer's calendar events and wet days (rain or snow where most of the
 * shops are) marked on the chart, the weather per city listed under it, and the same numbers as a table.
 */
export function TrendPage() {
  const { t } = useTranslation();
  const locale = useSessionStore((state) => state.locale);
  const cid = useSessionStore((state) => state.cid);
  const shops = useShopSelection('multiple');
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const [granularity, setGranularity] = useState<Granularity>('day');
  const [indicators, setIndicators] = useState<Indicator[]>(['entries', 'captureRate']);
  useDataUpdateTimeFeed(shops.shopIds, shops.ready);

  const request: TrendRequest = { shopIds: shops.shopIds, ...range, granularity, indicators };
  const trend = useQuery({
    queryKey: trafficKeys.trend(cid, request),
    queryFn: () => fetchTrend(request),
    enabled: shops.ready && cid !== null,
    placeholderData: keepPreviousData,
  });
  const data = shops.ready ? trend.data : undefined;
  // The chart and table show what the answer holds (a new request may still be on its way).
  const shown = useMemo(
    () => (data ? { data, indicators: indicators.filter((indicator) => indicator in (data.points[0]?.values ?? {})) } : null),
    [data, indicators],
  );
  const option = useMemo(() => (shown ? trendOption(shown.data, shown.indicators, t, locale) : null), [shown, t, locale]);

  const shownGranularity = shown?.data.granularity ?? granularity;
  const columns: TableColumnType<Point>[] = [
    {
      key: 'period',
      // The export's period headers: Date, Hour, Week (from Monday), Month.
      title: t(`messages:export.${shownGranularity === 'day' ? 'date' : shownGranularity}`),
      render: (_, point) => (
        <span data-partial={point.partial ?? undefined}>
          {periodLabel(point.key, shownGranularity, 'long')}
          {point.partial && <Typography.Text type="secondary">{` (${partialNote(point.partial, t)})`}</Typography.Text>}
          <CoverageNote coverage={point.coverage} />
        </span>
      ),
    },
    ...indicatorColumns<Point>(shown?.indicators ?? [], t, locale, (point, indicator) => point.values[indicator]),
  ];

  return (
    <AnalyticsPage
      testId="traffic-trend"
      shops={shops}
      toolbar={
        <AnalyticsToolbar
          shops={shops}
          range={{ value: range, onChange: setRange }}
          granularity={{ value: granularity, onChange: setGranularity }}
          actions={
            <ExportButton
              fileName={t('messages:export.titleTrend')}
              download={() => exportAnalyticsTable({ table: 'trend', query: request })}
              disabled={!shops.ready}
              testId="trend-export"
            />
          }
        >
          <IndicatorSelect value={indicators} onChange={setIndicators} testId="trend-indicators" />
        </AnalyticsToolbar>
      }
    >
      <Card size="small" title={t('traffic:trend.chartTitle')}>
        <Chart
          option={option ?? {}}
          empty={!shown || !hasChartData(shown.indicators.map((indicator) => shown.data.points.map((point) => point.values[indicator] ?? null)))}
          loading={trend.isFetching}
          height={360}
          testId="trend-chart"
          label={t('traffic:trend.chartTitle')}
        />
        {shown && <CalendarMarksLegend data={shown.data} />}
      </Card>
      <Card size="small" title={t('traffic:trend.tableTitle')}>
        <Table<Point>
          rowKey="key"
          size="small"
          columns={columns}
          dataSource={shown?.data.points ?? []}
          loading={trend.isFetching}
          pagination={{ pageSize: 31, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 'max-content' }}
          data-testid="trend-table"
        />
      </Card>
    </AnalyticsPage>
  );
}

/** The marks of the chart spelled out: holidays, calendar events, and the weather of the shops' cities. */
function CalendarMarksLegend({ data }: { data: TrendResponse }) {
  const { t } = useTranslation();
  // The same holiday in several of the shops' countries is listed once, with its countries.
  const holidays = useMemo(() => {
    const byDateAndName = new Map<string, { date: string; name: string; countries: string[] }>();
    for (const holiday of data.holidays) {
      const id = `${holiday.date}|${holiday.name}`;
      const entry = byDateAndName.get(id) ?? { date: holiday.date, name: holiday.name, countries: [] };
      if (!entry.countries.includes(holiday.country)) entry.countries.push(holiday.country);
      byDateAndName.set(id, entry);
    }
    return [...byDateAndName.values()];
  }, [data.holidays]);
  return (
    <Space orientation="vertical" size={4} style={{ marginTop: 8 }} data-testid="trend-marks">
      <Space wrap size={4}>
        <Typography.Text type="secondary">{t('traffic:trend.holidays')}:</Typography.Text>
        {holidays.length === 0 ? (
          <Typography.Text type="secondary">{t('traffic:trend.none')}</Typography.Text>
        ) : (
          holidays.map((holiday) => (
            <Tag key={`${holiday.date}-${holiday.name}`} color="red" data-testid="trend-holiday">
              {holiday.date} {holiday.name} ({holiday.countries.join(', ')})
            </Tag>
          ))
        )}
      </Space>
      <Space wrap size={4}>
        <Typography.Text type="secondary">{t('traffic:trend.calendarEvents')}:</Typography.Text>
        {data.calendarEvents.length === 0 ? (
          <Typography.Text type="secondary">{t('traffic:trend.none')}</Typography.Text>
        ) : (
          data.calendarEvents.map((event) => (
            <Tag key={event.eventId} color="orange" data-testid="trend-calendar-event">
              {event.startDate === event.endDate ? event.startDate : `${event.startDate} ~ ${event.endDate}`} {event.name}
            </Tag>
          ))
        )}
      </Space>
      <WeatherList weather={data.weather} />
    </Space>
  );
}

/** The list stays readable for a chain in a hundred cities over 90 days: the biggest cities, the first wet days. */
const LISTED_CITIES = 8;
const LISTED_WET_DAYS = 12;

/** The weather of the range per city: the span of temperatures and the wet days, named. */
function WeatherList({ weather }: { weather: TrendResponse['weather'] }) {
  const { t } = useTranslation();
  const cities = useMemo(() => weatherByCity(weather), [weather]);
  const simulated = weather.some((mark) => mark.source === DEMO_WEATHER_SOURCE);
  return (
    <Space orientation="vertical" size={2} data-testid="trend-weather">
      <Space wrap size={4}>
        <Typography.Text type="secondary">{t('traffic:trend.weather')}:</Typography.Text>
        {cities.length === 0 ? (
          <Typography.Text type="secondary">{t('traffic:trend.noWeather')}</Typography.Text>
        ) : (
          <>
            <Typography.Text type="secondary">{t('traffic:trend.wetShaded')}</Typography.Text>
            {simulated && <Tag data-testid="trend-weather-demo">{t('traffic:trend.demoWeather')}</Tag>}
          </>
        )}
      </Space>
      {cities.slice(0, LISTED_CITIES).map((city) => (
        <Space key={`${city.country}-${city.city}`} wrap size={4} data-testid="trend-weather-city">
          <Typography.Text>
            {t('traffic:trend.weatherCity', { city: city.cityName, count: city.shopCount, low: city.lowestC, high: city.highestC })}
          </Typography.Text>
          <Typography.Text type="secondary">
            {city.wet.length === 0 ? t('traffic:trend.dry') : t('traffic:trend.wetDays', { wet: city.wet.length, days: city.days })}
          </Typography.Text>
          {city.wet.slice(0, LISTED_WET_DAYS).map((day) => (
            <Tag key={day.date} color="blue" data-testid="trend-weather-wet-day">
              {day.date} {t(`traffic:trend.weatherCondition.${day.condition}`)} {t('traffic:trend.precipitation', { mm: day.precipitationMm })}
            </Tag>
          ))}
          {city.wet.length > LISTED_WET_DAYS && (
            <Typography.Text type="secondary">{t('traffic:trend.moreDays', { count: city.wet.length - LISTED_WET_DAYS })}</Typography.Text>
          )}
        </Space>
      ))}
      {cities.length > LISTED_CITIES && (
        <Typography.Text type="secondary" data-testid="trend-weather-more">
          {t('traffic:trend.moreCities', { count: cities.length - LISTED_CITIES })}
        </Typography.Text>
      )}
    </Space>
  );
}
