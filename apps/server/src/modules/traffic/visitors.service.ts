import {
  AGE_BANDS,
  type DateRange,
  DWELL_BUCKETS,
  FREQUENCY_BUCKETS,
  GENDERS,
  type ProfileResponse,
  RANGE_LIMITS,
  REVISIT_BUCKETS,
  type StayTimeResponse,
} from '@storelens/contracts';
import { bucketKeys } from '../../platform/analytics/buckets.ts';
import { checkRange, maxDaysFor } from '../../platform/analytics/date-ranges.ts';
import { ratio } from '../../platform/analytics/ratios.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now } from '../../platform/time/clock.ts';
import { addDays, daysBetween } from '../../platform/time/local-time.ts';
import type { CalendarService } from '../calendar/calendar.service.ts';
import { analyticsRepo } from './analytics.repo.ts';
import type { TrafficCompleteness } from './completeness.ts';
import { AGE_COLUMNS, addInto, DWELL_BUCKET_COLUMNS, GENDER_COLUMNS, indicatorValue, type Sums } from './metrics.ts';
import { type ShopInfo, type ShopsInScope, shopIdsOf } from './shops-in-scope.ts';
import type { TrafficSums } from './traffic-sums.ts';

/** Visitor attributes: profile, new and repeat, stay time, visit frequency, revisit interval and activity. */
export function createVisitorsService(deps: { db: DB; calendar: CalendarService; shops: ShopsInScope; sums: TrafficSums; completeness: TrafficCompleteness }) {
  const { calendar } = deps;
  const repoOf = (customerId: string) => analyticsRepo(tenantScope(deps.db, customerId));
  const { resolveShops } = deps.shops;
  const { totalSums, periodSums } = deps.sums;
  // Every visitor figure says how many of its store-days reported (issue 11): a quiet range and a dead box look different.
  const tallyOf = (customerId: string, shops: readonly ShopInfo[], range: DateRange) => deps.completeness.tallyOf(customerId, shops, range);

  async function profile(actor: CustomerActor, input: DateRange & { shopIds?: string[] | undefined }): Promise<ProfileResponse> {
    checkRange(input, RANGE_LIMITS.days);
    const shops = await resolveShops(actor, input.shopIds);
    const [sums, storeDays] = await Promise.all([
      totalSums(actor.customerId, shopIdsOf(shops), ['visits', ...Object.values(GENDER_COLUMNS), ...AGE_COLUMNS], input),
      tallyOf(actor.customerId, shops, input),
    ]);
    const visits = sums.visits ?? 0;
    return {
      visits,
      storeDays,
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
    const [sums, reported] = await Promise.all([
      periodSums(actor.customerId, shopIdsOf(shops), ['new_visits', 'repeat_visits'], input.granularity, input),
      deps.completeness.storeDays(actor.customerId, shops, input, now()),
    ]);
    const storeDays = reported.tally(shopIdsOf(shops), input.startDate, input.endDate);
    const total: Sums = {};
    for (const value of sums.values()) addInto(total, value);
    return {
      newVisitors: total.new_visits ?? 0,
      storeDays,
      repeatVisitors: total.repeat_visits ?? 0,
      repeatRate: indicatorValue('repeatRate', total),
      points: bucketKeys(input.granularity, input.startDate, input.endDate).map((key) => {
        const coverage = reported.bucketCoverage(input.granularity, key, input);
        // No shop reported in this bucket: no data, not 0.
        if (coverage.reporting === 0) return { key, newVisitors: null, repeatVisitors: null, coverage };
        return { key, newVisitors: sums.get(key)?.new_visits ?? 0, repeatVisitors: sums.get(key)?.repeat_visits ?? 0, coverage };
      }),
    };
  }

  async function stayTime(actor: CustomerActor, input: DateRange & { shopIds?: string[] | undefined }): Promise<StayTimeResponse> {
    checkRange(input, RANGE_LIMITS.days);
    const shops = await resolveShops(actor, input.shopIds);
    const sums = await totalSums(
      actor.customerId,
      shopIdsOf(shops),
      ['visits', 'dwell_sum_s', 'deep_visits', 'depth_light', 'depth_moderate', 'depth_deep', ...DWELL_BUCKET_COLUMNS],
      input,
    );
    const visits = sums.visits ?? 0;
    const [flow, storeDays] = await Promise.all([calendar.flowSettings(actor.customerId), tallyOf(actor.customerId, shops, input)]);
    return {
      visits,
      storeDays,
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
    const [rows, storeDays] = await Promise.all([
      repoOf(actor.customerId).frequency(shopIdsOf(shops), input.startDate, input.endDate),
      tallyOf(actor.customerId, shops, input),
    ]);
    const visitors = rows.reduce((sum, row) => sum + row.visitors, 0);
    const visits = rows.reduce((sum, row) => sum + row.visits * row.visitors, 0);
    const counts = new Map<string, number>();
    for (const row of rows) {
      const bucket = row.visits >= 5 ? '5+' : String(row.visits);
      counts.set(bucket, (counts.get(bucket) ?? 0) + row.visitors);
    }
    return {
      visitors,
      storeDays,
      averageVisits: visitors > 0 ? visits / visitors : null,
      buckets: FREQUENCY_BUCKETS.map((bucket) => ({ bucket, visitors: counts.get(bucket) ?? 0, share: ratio(counts.get(bucket) ?? 0, visitors) })),
    };
  }

  async function revisitInterval(actor: CustomerActor, input: DateRange & { shopIds?: string[] | undefined }) {
    checkRange(input, RANGE_LIMITS.days);
    const shops = await resolveShops(actor, input.shopIds);
    const [gaps, storeDays] = await Promise.all([
      repoOf(actor.customerId).revisitGaps(shopIdsOf(shops), input.startDate, input.endDate),
      tallyOf(actor.customerId, shops, input),
    ]);
    const repeatVisits = gaps.reduce((sum, row) => sum + row.visits, 0);
    const dayTotal = gaps.reduce((sum, row) => sum + row.days * row.visits, 0);
    return {
      repeatVisits,
      storeDays,
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
    const rows = await repoOf(actor.customerId).lastVisitDates(shopIdsOf(shops), from, input.endDate);
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

  return { profile, newRepeat, stayTime, frequency, revisitInterval, activity };
}
export type VisitorsService = ReturnType<typeof createVisitorsService>;
