import {
  AGE_BANDS,
  type DashboardResponse,
  type DateRange,
  DWELL_BUCKETS,
  type FourQuadrantWithSalesResponse,
  FREQUENCY_BUCKETS,
  type GateListResponse,
  GENDERS,
  type Granularity,
  type Indicator,
  type Locale,
  type PartialIndicatorValues,
  type ProfileResponse,
  RANGE_LIMITS,
  type RankingResponse,
  REVISIT_BUCKETS,
  type ReportIndicator,
  type ReportWithSalesDefinition,
  type ReportWithSalesTable,
  type SalesReportIndicator,
  type StayTimeResponse,
  type TimeIntervalResponse,
  type TrendRequest,
  type TrendResponse,
  type WeatherListRequest,
  type WeatherMark,
} from '@storelens/contracts';
import { bucketKeys } from '../../platform/analytics/buckets.ts';
import { checkComparisonRanges, checkRange, maxDaysFor, pairedDays, previousRangeOf } from '../../platform/analytics/date-ranges.ts';
import { rankByValue } from '../../platform/analytics/ranking.ts';
import { changeOf, ratio } from '../../platform/analytics/ratios.ts';
import { visibleShopIds } from '../../platform/authz/actor.ts';
import type { DB } from '../../platform/db/database.ts';
import type { ShopMetricColumn } from '../../platform/db/schema.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now } from '../../platform/time/clock.ts';
import { addDays, daysBetween, localParts, monthEnd, monthOf, monthStart, utcOfLocal, weekStart } from '../../platform/time/local-time.ts';
import type { CalendarService } from '../calendar/calendar.service.ts';
import { countryOfProvince } from '../org/city-tree.ts';
import { holidaysByDate } from '../session/holidays.ts';
import { createWeatherService } from '../weather/weather.service.ts';
import { analyticsRepo, type SumRow } from './analytics.repo.ts';
import { type ExtraFigures, type ExtraIndicatorSource, type FigureGrouping, NO_EXTRA_FIGURES, reportValues, splitIndicators } from './extra-indicators.ts';
import {
  AGE_COLUMNS,
  addInto,
  allIndicatorValues,
  columnsFor,
  DWELL_BUCKET_COLUMNS,
  GENDER_COLUMNS,
  INDICATOR_COLUMNS,
  indicatorValue,
  indicatorValues,
  isCount,
  type Sums,
} from './metrics.ts';

export interface ShopInfo {
  id: string;
  name: string;
  number: string;
  time_zone: string;
  status: string;
  closed_at: string | null;
  province: string | null;
  city: string | null;
}

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
 * Traffic analytics over the rollups, limited to the caller's data scope and to the shops they
 * name (an id outside it answers not found, like another customer's). Dates are shop-local:
 * '2026-03-01' means each shop's own 1 March, whatever its time zone.
 */
export function createAnalyticsService(deps: { db: DB; calendar: CalendarService; extraIndicators: ExtraIndicatorSource }) {
  const { db, calendar, extraIndicators } = deps;
  const weather = createWeatherService({ db });
  const repoOf = (customerId: string) => analyticsRepo(tenantScope(db, customerId));

  async function resolveShops(actor: CustomerActor, shopIds: readonly string[] | undefined): Promise<ShopInfo[]> {
    const visible = await visibleShopIds(db, actor);
    const repo = repoOf(actor.customerId);
    if (shopIds && shopIds.length > 0) {
      const wanted = [...new Set(shopIds)];
      if (visible !== null && wanted.some((id) => !visible.has(id))) throw notFound();
      const shops = await repo.shops(wanted);
      if (shops.length !== wanted.length) throw notFound();
      return shops;
    }
    return repo.shops(visible === null ? null : [...visible]);
  }

  async function resolveShop(actor: CustomerActor, shopId: string): Promise<ShopInfo> {
    const [shop] = await resolveShops(actor, [shopId]);
    if (!shop) throw notFound();
    return shop;
  }

  const ids = (shops: readonly ShopInfo[]) => shops.map((shop) => shop.id);

  async function totalSums(customerId: string, shopIds: readonly string[], columns: readonly ShopMetricColumn[], range: DateRange): Promise<Sums> {
    const [row] = await repoOf(customerId).sumShopRollup('traffic_shop_daily', columns, [], shopIds, range.startDate, range.endDate);
    return row?.sums ?? {};
  }

  async function sumsByShop(
    customerId: string,
    shopIds: readonly string[],
    columns: readonly ShopMetricColumn[],
    range: DateRange,
  ): Promise<Map<string, Sums>> {
    const rows = await repoOf(customerId).sumShopRollup('traffic_shop_daily', columns, ['shop_id'], shopIds, range.startDate, range.endDate);
    return new Map(rows.map((row) => [String(row.group.shop_id), row.sums]));
  }

  /**
   * Sums per bucket of a granularity. Whole weeks and months come from their own rollups; a
   * range that starts or ends inside a week or month adds its edge days from the daily rollup,
   * so a bucket never counts a day outside the range.
   */
  async function periodSums(
    customerId: string,
    shopIds: readonly string[],
    columns: readonly ShopMetricColumn[],
    granularity: Granularity,
    range: DateRange,
  ): Promise<Map<string, Sums>> {
    const repo = repoOf(customerId);
    const result = new Map<string, Sums>();
    const add = (key: string, sums: Sums) => {
      const target = result.get(key) ?? {};
      addInto(target, sums);
      result.set(key, target);
    };
    const { startDate, endDate } = range;
    if (granularity === 'hour') {
      for (const row of await repo.sumShopRollup('traffic_shop_hourly', columns, ['local_date', 'hour'], shopIds, startDate, endDate)) {
        add(`${row.group.local_date}T${String(row.group.hour).padStart(2, '0')}`, row.sums);
      }
      return result;
    }
    if (granularity === 'day') {
      for (const row of await repo.sumShopRollup('traffic_shop_daily', columns, ['local_date'], shopIds, startDate, endDate))
        add(String(row.group.local_date), row.sums);
      return result;
    }
    const periodOf = granularity === 'week' ? weekStart : monthOf;
    const periodStart = (key: string) => (granularity === 'week' ? key : monthStart(key));
    const periodEnd = (key: string) => (granularity === 'week' ? addDays(key, 6) : monthEnd(key));
    const keys = bucketKeys(granularity, startDate, endDate);
    const whole = keys.filter((key) => periodStart(key) >= startDate && periodEnd(key) <= endDate);
    const edgeDays: DateRange[] = keys
      .filter((key) => !whole.includes(key))
      .map((key) => ({ startDate: periodStart(key) < startDate ? startDate : periodStart(key), endDate: periodEnd(key) > endDate ? endDate : periodEnd(key) }));
    if (whole.length > 0) {
      const table = granularity === 'week' ? 'traffic_shop_weekly' : 'traffic_shop_monthly';
      const group = granularity === 'week' ? 'week_start' : 'month';
      for (const row of await repo.sumShopRollup(table, columns, [group], shopIds, whole[0] ?? '', whole.at(-1) ?? '')) add(String(row.group[group]), row.sums);
    }
    for (const edge of edgeDays) {
      for (const row of await repo.sumShopRollup('traffic_shop_daily', columns, ['local_date'], shopIds, edge.startDate, edge.endDate)) {
        add(periodOf(String(row.group.local_date)), row.sums);
      }
    }
    return result;
  }

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
      periodSums(actor.customerId, ids(shops), columnsFor(input.indicators), input.granularity, input),
      customerCountriesOf(actor.customerId),
    ]);
    const [calendarEvents, weatherOfShops] = await Promise.all([
      calendar.marksFor(actor.customerId, ids(shops), input.startDate, input.endDate),
      weatherMarks(customerCountries, shops, input),
    ]);
    const holidays = holidayMarks(customerCountries, shops, input, locale);
    return {
      granularity: input.granularity,
      points: bucketKeys(input.granularity, input.startDate, input.endDate).map((key) => ({
        key,
        values: indicatorValues(input.indicators, sums.get(key) ?? {}),
      })),
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
    for (const group of groups.values()) {
      const before = addDays(group.date, -7);
      const [todayRows, lastWeekRows, todayHours, lastWeekHours] = await Promise.all([
        repo.sumShopRollup('traffic_shop_daily', DASHBOARD_COLUMNS, ['shop_id'], group.shopIds, group.date, group.date),
        repo.sumShopRollup('traffic_shop_daily', ['entries'], ['shop_id'], group.shopIds, before, before),
        repo.sumShopRollup('traffic_shop_hourly', ['entries'], ['hour'], group.shopIds, group.date, group.date),
        repo.sumShopRollup('traffic_shop_hourly', ['entries'], ['hour'], group.shopIds, before, before),
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
        if (hour < group.hour) lastWeekEntriesSoFar += entries;
        else if (hour === group.hour) lastWeekEntriesSoFar += entries * hourPassed;
      }
    }
    const totals: Sums = {};
    for (const sums of today.values()) addInto(totals, sums);
    return {
      dataUpdatedAt: await repo.lastIngest(ids(shops)),
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
      })),
    };
  }

  async function ranking(
    actor: CustomerActor,
    input: DateRange & { shopIds?: string[] | undefined; indicator: Indicator; order: 'asc' | 'desc' },
  ): Promise<RankingResponse> {
    const days = checkRange(input, RANGE_LIMITS.days);
    const shops = await resolveShops(actor, input.shopIds);
    const previousRange = previousRangeOf(input, days);
    const columns = INDICATOR_COLUMNS[input.indicator];
    const [current, previous] = await Promise.all([
      sumsByShop(actor.customerId, ids(shops), columns, input),
      sumsByShop(actor.customerId, ids(shops), columns, previousRange),
    ]);
    const rows = shops.map((shop) => {
      const value = indicatorValue(input.indicator, current.get(shop.id) ?? {});
      const previousValue = indicatorValue(input.indicator, previous.get(shop.id) ?? {});
      const change = changeOf(previousValue, value);
      return { shopId: shop.id, shopName: shop.name, shopNumber: shop.number, value, previousValue, change };
    });
    return { indicator: input.indicator, previousRange, rows: rankByValue(rows, input.order) };
  }

  async function comparison(actor: CustomerActor, input: { shopIds?: string[] | undefined; rangeA: DateRange; rangeB: DateRange; indicators: Indicator[] }) {
    const { rangeA, rangeB } = input;
    const days = checkComparisonRanges(rangeA, rangeB);
    const shops = await resolveShops(actor, input.shopIds);
    const columns = columnsFor(input.indicators);
    const shopIds = ids(shops);
    const [byShopA, byShopB, daysA, daysB] = await Promise.all([
      sumsByShop(actor.customerId, shopIds, columns, rangeA),
      sumsByShop(actor.customerId, shopIds, columns, rangeB),
      periodSums(actor.customerId, shopIds, columns, 'day', rangeA),
      periodSums(actor.customerId, shopIds, columns, 'day', rangeB),
    ]);
    const totalA: Sums = {};
    const totalB: Sums = {};
    for (const sums of byShopA.values()) addInto(totalA, sums);
    for (const sums of byShopB.values()) addInto(totalB, sums);
    const totalsA = indicatorValues(input.indicators, totalA);
    const totalsB = indicatorValues(input.indicators, totalB);
    const change: PartialIndicatorValues = Object.fromEntries(
      input.indicators.map((indicator) => {
        return [indicator, changeOf(totalsA[indicator] ?? null, totalsB[indicator] ?? null)];
      }),
    );
    return {
      days,
      totalsA,
      totalsB,
      change,
      shops: shops.map((shop) => ({
        shopId: shop.id,
        shopName: shop.name,
        shopNumber: shop.number,
        a: indicatorValues(input.indicators, byShopA.get(shop.id) ?? {}),
        b: indicatorValues(input.indicators, byShopB.get(shop.id) ?? {}),
      })),
      series: pairedDays(rangeA, rangeB, days, (dateA, dateB) => ({
        a: indicatorValues(input.indicators, daysA.get(dateA) ?? {}),
        b: indicatorValues(input.indicators, daysB.get(dateB) ?? {}),
      })),
    };
  }

  /** The extra (sales) indicators' figures, read only when a question asks for some, after their access check. */
  function extraFiguresBy(
    actor: CustomerActor,
    shopIds: readonly string[],
    range: DateRange,
    extra: readonly SalesReportIndicator[],
    grouping: FigureGrouping,
  ): Promise<ExtraFigures> {
    return extra.length > 0 ? extraIndicators.figuresBy(actor.customerId, shopIds, range, extra, grouping) : Promise.resolve(NO_EXTRA_FIGURES);
  }

  async function fourQuadrant(
    actor: CustomerActor,
    input: DateRange & { shopIds?: string[] | undefined; xIndicator: ReportIndicator; yIndicator: ReportIndicator },
  ): Promise<FourQuadrantWithSalesResponse> {
    if (input.xIndicator === input.yIndicator) throw badRequest('traffic.sameIndicator');
    checkRange(input, RANGE_LIMITS.days);
    const shops = await resolveShops(actor, input.shopIds);
    const axes = [input.xIndicator, input.yIndicator];
    const { traffic, extra } = splitIndicators(axes);
    if (extra.length > 0) extraIndicators.authorize(actor);
    const [byShop, extraByShop] = await Promise.all([
      traffic.length > 0 ? sumsByShop(actor.customerId, ids(shops), columnsFor(traffic), input) : new Map<string, Sums>(),
      extraFiguresBy(actor, ids(shops), input, extra, 'shop'),
    ]);
    const values = shops.map((shop) => {
      const value = reportValues(axes, byShop.get(shop.id) ?? {}, extraByShop, shop.id);
      return { shop, x: value[input.xIndicator] ?? null, y: value[input.yIndicator] ?? null };
    });
    const mean = (list: (number | null)[]) => {
      const known = list.filter((value): value is number => value !== null);
      return known.length > 0 ? known.reduce((sum, value) => sum + value, 0) / known.length : null;
    };
    const xAverage = mean(values.map((value) => value.x));
    const yAverage = mean(values.map((value) => value.y));
    return {
      xIndicator: input.xIndicator,
      yIndicator: input.yIndicator,
      xAverage,
      yAverage,
      points: values.map(({ shop, x, y }) => ({
        shopId: shop.id,
        shopName: shop.name,
        shopNumber: shop.number,
        x,
        y,
        quadrant: x === null || y === null || xAverage === null || yAverage === null ? null : x >= xAverage ? (y >= yAverage ? 1 : 4) : y >= yAverage ? 2 : 3,
      })),
    };
  }

  async function timeInterval(
    actor: CustomerActor,
    input: DateRange & { shopIds?: string[] | undefined; indicators: Indicator[] },
  ): Promise<TimeIntervalResponse> {
    const days = checkRange(input, RANGE_LIMITS.days);
    const shops = await resolveShops(actor, input.shopIds);
    const rows = await repoOf(actor.customerId).sumShopRollup(
      'traffic_shop_hourly',
      columnsFor(input.indicators),
      ['hour'],
      ids(shops),
      input.startDate,
      input.endDate,
    );
    const byHour = new Map(rows.map((row) => [Number(row.group.hour), row.sums]));
    return {
      days,
      hours: Array.from({ length: 24 }, (_, hour) => {
        const sums = byHour.get(hour) ?? {};
        const total = indicatorValues(input.indicators, sums);
        const dailyAverage: PartialIndicatorValues = Object.fromEntries(
          input.indicators.map((indicator) => {
            const value = total[indicator] ?? null;
            return [indicator, value !== null && isCount(indicator) ? value / days : value];
          }),
        );
        return { hour, total, dailyAverage };
      }),
    };
  }

  // ------------------------------------------------------------ gates (entrances)

  async function gateList(actor: CustomerActor, input: DateRange & { shopId: string }): Promise<GateListResponse> {
    checkRange(input, RANGE_LIMITS.days);
    const shop = await resolveShop(actor, input.shopId);
    const repo = repoOf(actor.customerId);
    const [cameras, rows] = await Promise.all([
      repo.cameras([shop.id]),
      repo.sumEntranceRollup('traffic_entrance_daily', ['camera_id'], [shop.id], input.startDate, input.endDate),
    ]);
    const byCamera = new Map(rows.map((row) => [String(row.group.camera_id), row.sums]));
    const shopEntries = rows.reduce((sum, row) => sum + (row.sums.entries ?? 0), 0);
    // Entrances: cameras deployed at one, and any camera that counted people in the range.
    const gates = cameras.filter((camera) => camera.deployment_area === 'entrance' || byCamera.has(camera.id));
    return {
      shopId: shop.id,
      rows: gates.map((camera) => {
        const sums = byCamera.get(camera.id) ?? {};
        const entries = sums.entries ?? 0;
        return {
          cameraId: camera.id,
          cameraName: camera.name,
          cameraNumber: camera.number,
          entries,
          exits: sums.exits ?? 0,
          passersby: sums.passersby ?? 0,
          captureRate: indicatorValue('captureRate', sums),
          share: ratio(entries, shopEntries),
        };
      }),
    };
  }

  async function gateSummary(actor: CustomerActor, input: DateRange & { shopIds?: string[] | undefined }) {
    checkRange(input, RANGE_LIMITS.days);
    const shops = await resolveShops(actor, input.shopIds);
    const repo = repoOf(actor.customerId);
    const [cameras, rows] = await Promise.all([
      repo.cameras(ids(shops)),
      repo.sumEntranceRollup('traffic_entrance_daily', ['shop_id', 'camera_id'], ids(shops), input.startDate, input.endDate),
    ]);
    const totals: Sums = {};
    for (const row of rows) addInto(totals, row.sums);
    const top = [...rows].sort((a, b) => (b.sums.entries ?? 0) - (a.sums.entries ?? 0))[0];
    const topCamera = top ? cameras.find((camera) => camera.id === top.group.camera_id) : undefined;
    const gateIds = new Set([
      ...cameras.filter((camera) => camera.deployment_area === 'entrance').map((camera) => camera.id),
      ...rows.map((row) => String(row.group.camera_id)),
    ]);
    return {
      entries: totals.entries ?? 0,
      exits: totals.exits ?? 0,
      passersby: totals.passersby ?? 0,
      captureRate: indicatorValue('captureRate', totals),
      gates: gateIds.size,
      busiest:
        top && topCamera && (top.sums.entries ?? 0) > 0
          ? { cameraId: topCamera.id, cameraName: topCamera.name, shopId: topCamera.shop_id, entries: top.sums.entries ?? 0 }
          : null,
    };
  }

  async function gateTrend(actor: CustomerActor, input: DateRange & { shopId: string; cameraIds?: string[] | undefined; granularity: 'hour' | 'day' }) {
    checkRange(input, maxDaysFor(input.granularity));
    const shop = await resolveShop(actor, input.shopId);
    const repo = repoOf(actor.customerId);
    const cameras = await repo.cameras([shop.id]);
    if (input.cameraIds?.some((id) => !cameras.some((camera) => camera.id === id))) throw notFound();
    const picked = input.cameraIds && input.cameraIds.length > 0 ? cameras.filter((camera) => input.cameraIds?.includes(camera.id)) : null;
    const hourly = input.granularity === 'hour';
    const rows = await repo.sumEntranceRollup(
      hourly ? 'traffic_entrance_hourly' : 'traffic_entrance_daily',
      hourly ? ['camera_id', 'local_date', 'hour'] : ['camera_id', 'local_date'],
      [shop.id],
      input.startDate,
      input.endDate,
      (picked ?? cameras).map((camera) => camera.id),
    );
    // Without a choice, the shop's entrances as the gate list has them: cameras deployed at an
    // entrance and any camera that counted people in the range (not the zone cameras' empty lines).
    const counted = new Set(rows.map((row) => String(row.group.camera_id)));
    const chosen = picked ?? cameras.filter((camera) => camera.deployment_area === 'entrance' || counted.has(camera.id));
    const keyOf = (row: SumRow) => (hourly ? `${row.group.local_date}T${String(row.group.hour).padStart(2, '0')}` : String(row.group.local_date));
    const byKey = new Map(rows.map((row) => [`${row.group.camera_id}|${keyOf(row)}`, row.sums]));
    const keys = bucketKeys(input.granularity, input.startDate, input.endDate);
    return {
      granularity: input.granularity,
      series: chosen.map((camera) => ({
        cameraId: camera.id,
        cameraName: camera.name,
        points: keys.map((key) => {
          const sums = byKey.get(`${camera.id}|${key}`) ?? {};
          return { key, entries: sums.entries ?? 0, exits: sums.exits ?? 0, passersby: sums.passersby ?? 0 };
        }),
      })),
    };
  }

  // ------------------------------------------------------------ visitors

  async function profile(actor: CustomerActor, input: DateRange & { shopIds?: string[] | undefined }): Promise<ProfileResponse> {
    checkRange(input, RANGE_LIMITS.days);
    const shops = await resolveShops(actor, input.shopIds);
    const sums = await totalSums(actor.customerId, ids(shops), ['visits', ...Object.values(GENDER_COLUMNS), ...AGE_COLUMNS], input);
    const visits = sums.visits ?? 0;
    return {
      visits,
      gender: GENDERS.map((gender) => ({ gender, visits: sums[GENDER_COLUMNS[gender]] ?? 0, share: ratio(sums[GENDER_COLUMNS[gender]] ?? 0, visits) })),
      age: AGE_BANDS.map((band, index) => {
        const count = sums[AGE_COLUMNS[index] ?? 'age_6'] ?? 0;
        return { band, visits: count, share: ratio(count, visits) };
      }),
    };
  }

  async function newRepeat(actor: CustomerActor, input: DateRange & { shopIds?: string[] | undefined; granularity: 'day' | 'week' | 'month' }) {
    checkRange(input, maxDaysFor(input.granularity));
    const shops = await resolveShops(actor, input.shopIds);
    const sums = await periodSums(actor.customerId, ids(shops), ['new_visits', 'repeat_visits'], input.granularity, input);
    const total: Sums = {};
    for (const value of sums.values()) addInto(total, value);
    return {
      newVisitors: total.new_visits ?? 0,
      repeatVisitors: total.repeat_visits ?? 0,
      repeatRate: indicatorValue('repeatRate', total),
      points: bucketKeys(input.granularity, input.startDate, input.endDate).map((key) => ({
        key,
        newVisitors: sums.get(key)?.new_visits ?? 0,
        repeatVisitors: sums.get(key)?.repeat_visits ?? 0,
      })),
    };
  }

  async function stayTime(actor: CustomerActor, input: DateRange & { shopIds?: string[] | undefined }): Promise<StayTimeResponse> {
    checkRange(input, RANGE_LIMITS.days);
    const shops = await resolveShops(actor, input.shopIds);
    const sums = await totalSums(
      actor.customerId,
      ids(shops),
      ['visits', 'dwell_sum_s', 'deep_visits', 'depth_light', 'depth_moderate', 'depth_deep', ...DWELL_BUCKET_COLUMNS],
      input,
    );
    const visits = sums.visits ?? 0;
    const flow = await calendar.flowSettings(actor.customerId);
    return {
      visits,
      avgDwellMinutes: indicatorValue('avgDwellMinutes', sums),
      buckets: DWELL_BUCKETS.map((bucket, index) => {
        const count = sums[DWELL_BUCKET_COLUMNS[index] ?? 'dwell_b6'] ?? 0;
        return { bucket: bucket.key, visits: count, share: ratio(count, visits) };
      }),
      deepVisits: sums.deep_visits ?? 0,
      deepVisitRate: indicatorValue('deepVisitRate', sums),
      deepVisitMinutes: flow.deepVisitMinutes,
      depth: { light: sums.depth_light ?? 0, moderate: sums.depth_moderate ?? 0, deep: sums.depth_deep ?? 0 },
    };
  }

  async function frequency(actor: CustomerActor, input: DateRange & { shopIds?: string[] | undefined }) {
    checkRange(input, RANGE_LIMITS.days);
    const shops = await resolveShops(actor, input.shopIds);
    const rows = await repoOf(actor.customerId).frequency(ids(shops), input.startDate, input.endDate);
    const visitors = rows.reduce((sum, row) => sum + row.visitors, 0);
    const visits = rows.reduce((sum, row) => sum + row.visits * row.visitors, 0);
    const counts = new Map<string, number>();
    for (const row of rows) {
      const bucket = row.visits >= 5 ? '5+' : String(row.visits);
      counts.set(bucket, (counts.get(bucket) ?? 0) + row.visitors);
    }
    return {
      visitors,
      averageVisits: visitors > 0 ? visits / visitors : null,
      buckets: FREQUENCY_BUCKETS.map((bucket) => ({ bucket, visitors: counts.get(bucket) ?? 0, share: ratio(counts.get(bucket) ?? 0, visitors) })),
    };
  }

  async function revisitInterval(actor: CustomerActor, input: DateRange & { shopIds?: string[] | undefined }) {
    checkRange(input, RANGE_LIMITS.days);
    const shops = await resolveShops(actor, input.shopIds);
    const gaps = await repoOf(actor.customerId).revisitGaps(ids(shops), input.startDate, input.endDate);
    const repeatVisits = gaps.reduce((sum, row) => sum + row.visits, 0);
    const dayTotal = gaps.reduce((sum, row) => sum + row.days * row.visits, 0);
    return {
      repeatVisits,
      averageDays: repeatVisits > 0 ? dayTotal / repeatVisits : null,
      buckets: REVISIT_BUCKETS.map((bucket) => {
        const count = gaps.filter((row) => row.days >= bucket.min && row.days <= bucket.max).reduce((sum, row) => sum + row.visits, 0);
        return { bucket: bucket.key, visits: count, share: ratio(count, repeatVisits) };
      }),
    };
  }

  async function activity(actor: CustomerActor, input: { shopIds?: string[] | undefined; endDate: string }) {
    const shops = await resolveShops(actor, input.shopIds);
    const bands = (await calendar.flowSettings(actor.customerId)).activityBands;
    const from = addDays(input.endDate, -(bands.lowWeeks * 7 - 1));
    const rows = await repoOf(actor.customerId).lastVisitDates(ids(shops), from, input.endDate);
    const result = { visitors: 0, high: 0, moderate: 0, low: 0, bandsWeeks: { high: bands.highWeeks, moderate: bands.moderateWeeks, low: bands.lowWeeks } };
    for (const row of rows) {
      // Days since the last visit, counted from the end date: 0-6 is within the first week.
      const since = daysBetween(row.lastDate, input.endDate);
      result.visitors += row.visitors;
      if (since < bands.highWeeks * 7) result.high += row.visitors;
      else if (since < bands.moderateWeeks * 7) result.moderate += row.visitors;
      else result.low += row.visitors;
    }
    return result;
  }

  // ------------------------------------------------------------ custom reports

  async function report(actor: CustomerActor, definition: ReportWithSalesDefinition): Promise<ReportWithSalesTable> {
    const granularity: Granularity = definition.dimension === 'shop' || definition.dimension === 'shopDay' ? 'day' : definition.dimension;
    checkRange(definition, maxDaysFor(granularity));
    const shops = await resolveShops(actor, definition.shopIds);
    const { traffic, extra } = splitIndicators(definition.indicators);
    if (extra.length > 0) extraIndicators.authorize(actor);
    // A report of sales indicators only still reads one traffic column: the queries need one.
    const columns = columnsFor(traffic.length > 0 ? traffic : ['entries']);
    const shopIds = ids(shops);
    const extraBy = (grouping: FigureGrouping) => extraFiguresBy(actor, shopIds, definition, extra, grouping);
    const [totals, extraTotals] = await Promise.all([totalSums(actor.customerId, shopIds, columns, definition), extraBy('total')]);
    const values = (trafficSums: Sums, extraFigures: ExtraFigures, key: string) => reportValues(definition.indicators, trafficSums, extraFigures, key);
    const base = { dimension: definition.dimension, indicators: definition.indicators, totals: values(totals, extraTotals, '') };
    if (definition.dimension === 'shop') {
      const [byShop, extraByShop] = await Promise.all([sumsByShop(actor.customerId, shopIds, columns, definition), extraBy('shop')]);
      return {
        ...base,
        rows: shops.map((shop) => ({
          key: shop.id,
          shopId: shop.id,
          shopName: shop.name,
          shopNumber: shop.number,
          values: values(byShop.get(shop.id) ?? {}, extraByShop, shop.id),
        })),
      };
    }
    if (definition.dimension === 'shopDay') {
      const [rows, extraByKey] = await Promise.all([
        repoOf(actor.customerId).sumShopRollup('traffic_shop_daily', columns, ['shop_id', 'local_date'], shopIds, definition.startDate, definition.endDate),
        extraBy('shopDay'),
      ]);
      const byKey = new Map(rows.map((row) => [`${row.group.shop_id}|${row.group.local_date}`, row.sums]));
      return {
        ...base,
        rows: shops.flatMap((shop) =>
          bucketKeys('day', definition.startDate, definition.endDate).map((date) => ({
            key: `${shop.id}|${date}`,
            shopId: shop.id,
            shopName: shop.name,
            shopNumber: shop.number,
            period: date,
            values: values(byKey.get(`${shop.id}|${date}`) ?? {}, extraByKey, `${shop.id}|${date}`),
          })),
        ),
      };
    }
    const [sums, extraByPeriod] = await Promise.all([periodSums(actor.customerId, shopIds, columns, granularity, definition), extraBy(granularity)]);
    return {
      ...base,
      rows: bucketKeys(granularity, definition.startDate, definition.endDate).map((key) => ({
        key,
        period: key,
        values: values(sums.get(key) ?? {}, extraByPeriod, key),
      })),
    };
  }

  return {
    resolveShops,
    dashboard,
    async dataUpdateTime(actor: CustomerActor, input: { shopIds?: string[] | undefined }) {
      const shops = await resolveShops(actor, input.shopIds);
      return { dataUpdatedAt: await repoOf(actor.customerId).lastIngest(ids(shops)) };
    },
    trend,
    weatherList,
    ranking,
    comparison,
    fourQuadrant,
    timeInterval,
    gateList,
    gateSummary,
    gateTrend,
    profile,
    newRepeat,
    stayTime,
    frequency,
    revisitInterval,
    activity,
    report,
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
