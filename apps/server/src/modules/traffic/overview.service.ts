import type { DashboardResponse, DateRange, Locale, TrendRequest, TrendResponse, WeatherListRequest, WeatherMark } from '@storelens/contracts';
import { bucketKeys } from '../../platform/analytics/buckets.ts';
import { checkRange, maxDaysFor } from '../../platform/analytics/date-ranges.ts';
import { partialBuckets } from '../../platform/analytics/like-for-like.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now } from '../../platform/time/clock.ts';
import { addDays, localParts, utcOfLocal } from '../../platform/time/local-time.ts';
import type { CalendarService } from '../calendar/calendar.service.ts';
import { countryOfProvince } from '../org/city-tree.ts';
import { holidaysByDate } from '../session/holidays.ts';
import { createWeatherService } from '../weather/weather.service.ts';
import { analyticsRepo } from './analytics.repo.ts';
import type { TrafficCompleteness } from './completeness.ts';
import { addInto, allIndicatorValues, columnsFor, indicatorValues, type Sums } from './metrics.ts';
import { type ShopInfo, type ShopsInScope, shopIdsOf } from './shops-in-scope.ts';
import type { TrafficSums } from './traffic-sums.ts';

const DASHBOARD_COLUMNS = columnsFor(['entries', 'exits', 'passersby', 'visits', 'newVisitors', 'repeatVisitors', 'avgDwellMinutes', 'deepVisits']);

/**
 * Holidays by country, year and language, computed once per process: the holiday rules take
 * tens of milliseconds to evaluate and never change while it runs.
 */
const holidayCache = new Map<string, ReturnType<typeof holidaysByDate>>();
function cachedHolidays(country: string, year: number, locale: Locale): ReturnType<typeof holidaysByDate> {
  const key = `${country}|${year}|${locale}`;
  let holidays = holidayCache.get(key);
  if (!holidays) {
    holidays = holidaysByDate([country], [year], locale);
    holidayCache.set(key, holidays);
  }
  return holidays;
}

/**
 * The dashboard (today by shop and hour, against the same weekday last week) and the trend with
 * its marks (holidays, calendar events, weather). Dates are shop-local: '2026-03-01' means each
 * shop's own 1 March, whatever its time zone.
 */
export function createOverviewService(deps: { db: DB; calendar: CalendarService; shops: ShopsInScope; sums: TrafficSums; completeness: TrafficCompleteness }) {
  const { calendar } = deps;
  const weather = createWeatherService({ db: deps.db });
  const repoOf = (customerId: string) => analyticsRepo(tenantScope(deps.db, customerId));
  const { resolveShops } = deps.shops;
  const { periodSums } = deps.sums;

  /** The customer's countries, for shops without a province (the holidays and weather of a trend share one read). */
  const customerCountriesOf = (customerId: string) => repoOf(customerId).customerCountries();

  function holidayMarks(customerCountries: readonly string[], shops: readonly ShopInfo[], range: DateRange, locale: Locale) {
    // A shop's country is its province code's prefix (CN-SH); shops without one take the customer's.
    const fromShops = new Set(shops.flatMap((shop) => countryOfProvince(shop.province) ?? customerCountries));
    const countries = [...fromShops].filter((country) => customerCountries.includes(country));
    const marks: { date: string; name: string; country: string }[] = [];
    for (let year = Number(range.startDate.slice(0, 4)); year <= Number(range.endDate.slice(0, 4)); year += 1) {
      for (const country of countries) {
        for (const [date, entries] of Object.entries(cachedHolidays(country, year, locale))) {
          if (date >= range.startDate && date <= range.endDate)
            marks.push(...entries.map((entry) => ({ date: entry.date, name: entry.name, country: entry.country })));
        }
      }
    }
    return marks.sort((a, b) => a.date.localeCompare(b.date) || a.country.localeCompare(b.country));
  }

  /** The weather of the shops' cities; a shop's country is its province code's prefix, or the customer's only country. */
  function weatherMarks(customerCountries: readonly string[], shops: readonly ShopInfo[], range: DateRange) {
    const fallback = customerCountries.length === 1 ? (customerCountries[0] ?? null) : null;
    return weather.marksFor(
      shops.map((shop) => ({ country: countryOfProvince(shop.province) ?? fallback, city: shop.city })),
      range,
    );
  }

  async function trend(actor: CustomerActor, input: TrendRequest, locale: Locale): Promise<TrendResponse> {
    checkRange(input, maxDaysFor(input.granularity));
    const shops = await resolveShops(actor, input.shopIds);
    const [sums, customerCountries] = await Promise.all([
      periodSums(actor.customerId, shopIdsOf(shops), columnsFor(input.indicators), input.granularity, input),
      customerCountriesOf(actor.customerId),
    ]);
    const [calendarEvents, weatherOfShops] = await Promise.all([
      calendar.marksFor(actor.customerId, shopIdsOf(shops), input.startDate, input.endDate),
      weatherMarks(customerCountries, shops, input),
    ]);
    const holidays = holidayMarks(customerCountries, shops, input, locale);
    // The hour, day, week or month in progress in a shop, and edge weeks and months, are partial (issue 11).
    const at = now();
    const partial = partialBuckets(
      input.granularity,
      input,
      shops.map((shop) => localParts(shop.time_zone, at.getTime())),
    );
    // No data is not zero: a bucket in which no selected shop's devices reported has no values.
    const storeDays = await deps.completeness.storeDays(actor.customerId, shops, input, at);
    const noData = Object.fromEntries(input.indicators.map((indicator) => [indicator, null]));
    return {
      granularity: input.granularity,
      points: bucketKeys(input.granularity, input.startDate, input.endDate).map((key) => {
        const reason = partial.get(key);
        const coverage = storeDays.bucketCoverage(input.granularity, key, input);
        const bucket = sums.get(key);
        const values = coverage.reporting === 0 && !bucket ? noData : indicatorValues(input.indicators, bucket ?? {});
        return { key, values, ...(reason ? { partial: reason } : {}), coverage };
      }),
      holidays,
      calendarEvents,
      weather: weatherOfShops,
    };
  }

  /** The weather of the selected shops' cities over a range (what the trend marks, on its own). */
  async function weatherList(actor: CustomerActor, input: WeatherListRequest): Promise<WeatherMark[]> {
    checkRange(input, maxDaysFor('month'));
    const [shops, customerCountries] = await Promise.all([resolveShops(actor, input.shopIds), customerCountriesOf(actor.customerId)]);
    return weatherMarks(customerCountries, shops, input);
  }

  async function dashboard(actor: CustomerActor, input: { shopIds?: string[] | undefined }): Promise<DashboardResponse> {
    const shops = await resolveShops(actor, input.shopIds);
    const repo = repoOf(actor.customerId);
    const at = now();
    // Shops in different time zones have different todays: each group is read on its own date.
    const groups = new Map<string, { date: string; hour: number; timeZone: string; shopIds: string[] }>();
    for (const shop of shops) {
      const { date, hour } = localParts(shop.time_zone, at.getTime());
      // Grouped by time zone: the shops of a group share their today and the hour that is passing.
      const group = groups.get(shop.time_zone) ?? { date, hour, timeZone: shop.time_zone, shopIds: [] };
      group.shopIds.push(shop.id);
      groups.set(shop.time_zone, group);
    }
    const today = new Map<string, Sums>();
    const lastWeek = new Map<string, Sums>();
    const hourly = Array.from({ length: 24 }, (_, hour) => ({ hour, entries: 0, lastWeekEntries: 0 }));
    let lastWeekEntriesSoFar = 0;
    // Per shop too: the table's 'same weekday last week' is like for like with today so far (issue 11).
    const lastWeekSoFarByShop = new Map<string, number>();
    for (const group of groups.values()) {
      const before = addDays(group.date, -7);
      const [todayRows, lastWeekRows, todayHours, lastWeekHours] = await Promise.all([
        repo.sumShopRollup('traffic_shop_daily', DASHBOARD_COLUMNS, ['shop_id'], group.shopIds, group.date, group.date),
        repo.sumShopRollup('traffic_shop_daily', ['entries'], ['shop_id'], group.shopIds, before, before),
        repo.sumShopRollup('traffic_shop_hourly', ['entries'], ['hour'], group.shopIds, group.date, group.date),
        repo.sumShopRollup('traffic_shop_hourly', ['entries'], ['shop_id', 'hour'], group.shopIds, before, before),
      ]);
      for (const row of todayRows) today.set(String(row.group.shop_id), row.sums);
      for (const row of lastWeekRows) lastWeek.set(String(row.group.shop_id), row.sums);
      for (const row of todayHours) {
        const slot = hourly[Number(row.group.hour)];
        if (slot) slot.entries += row.sums.entries ?? 0;
      }
      // Last week 'so far': its hours before the current one, and of the current hour the share
      // that has passed today (the rollups are hourly), so a comparison at 10:05 is not against all of 10:00-11:00.
      const hourStart = utcOfLocal(group.timeZone, group.date, group.hour, 0);
      const hourPassed = Math.min(1, Math.max(0, (at.getTime() - hourStart) / 3_600_000));
      for (const row of lastWeekHours) {
        const hour = Number(row.group.hour);
        const entries = row.sums.entries ?? 0;
        const slot = hourly[hour];
        if (slot) slot.lastWeekEntries += entries;
        const soFar = hour < group.hour ? entries : hour === group.hour ? entries * hourPassed : 0;
        lastWeekEntriesSoFar += soFar;
        const shopId = String(row.group.shop_id);
        lastWeekSoFarByShop.set(shopId, (lastWeekSoFarByShop.get(shopId) ?? 0) + soFar);
      }
    }
    const totals: Sums = {};
    for (const sums of today.values()) addInto(totals, sums);
    // Whether each shop's devices reported through today's passed business hours (issue 11).
    const todays = [...groups.values()].map((group) => group.date).sort();
    const storeDays = await deps.completeness.storeDays(actor.customerId, shops, { startDate: todays[0] ?? '', endDate: todays.at(-1) ?? '' }, at);
    return {
      dataUpdatedAt: await repo.lastIngest(shopIdsOf(shops)),
      generatedAt: at.toISOString(),
      totals: allIndicatorValues(totals),
      lastWeekEntriesSoFar: Math.round(lastWeekEntriesSoFar),
      hourly,
      shops: shops.map((shop) => ({
        shopId: shop.id,
        shopName: shop.name,
        shopNumber: shop.number,
        localDate: localParts(shop.time_zone, at.getTime()).date,
        timeZone: shop.time_zone,
        isClosed: shop.status === 'closed',
        values: allIndicatorValues(today.get(shop.id) ?? {}),
        lastWeekEntries: lastWeek.get(shop.id)?.entries ?? 0,
        lastWeekEntriesSoFar: Math.round(lastWeekSoFarByShop.get(shop.id) ?? 0),
        complete: storeDays.status(shop.id, localParts(shop.time_zone, at.getTime()).date) === 'complete',
      })),
    };
  }

  return {
    dashboard,
    async dataUpdateTime(actor: CustomerActor, input: { shopIds?: string[] | undefined }) {
      const shops = await resolveShops(actor, input.shopIds);
      return { dataUpdatedAt: await repoOf(actor.customerId).lastIngest(shopIdsOf(shops)) };
    },
    trend,
    weatherList,
  };
}
export type OverviewService = ReturnType<typeof createOverviewService>;
