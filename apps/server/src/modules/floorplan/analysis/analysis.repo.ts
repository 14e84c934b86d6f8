import { sql } from 'kysely';
import type { TenantScope } from '../../../platform/tenancy/scoped.ts';

/** A plan, local dates and an hour range; the whole day reads the daily rollups. */
export interface PlanRange {
  planId: string;
  startDate: string;
  endDate: string;
  fromHour: number;
  toHour: number;
}

const wholeDay = (range: PlanRange) => range.fromHour <= 0 && range.toHour >= 23;
const total = (column: string) => sql<string | number>`coalesce(sum(${sql.ref(column)}), 0)`;
const firstDate = sql<string>`min(${sql.ref('local_date')})`.as('first_date');
const lastDate = sql<string>`max(${sql.ref('local_date')})`.as('last_date');

/** One element (or flow line) version with figures in a range: the first and last local day it has them on. */
export interface VersionDays {
  elementId: string;
  version: number;
  firstDate: string;
  lastDate: string;
}

/** The reads of the area analysis: the floor-plan rollups, the projected tracks of a day, occupancy settings. */
export function analysisRepo(scope: TenantScope) {
  /**
   * Element rollup rows of a range and hour range. The hourly rows answer every question: a plan
   * has a few dozen elements, so 90 days of their hours stay small; the daily rollup serves the heat.
   */
  function elements(range: PlanRange) {
    return scope
      .selectFrom('fp_element_hourly')
      .where('plan_id', '=', range.planId)
      .where('local_date', '>=', range.startDate)
      .where('local_date', '<=', range.endDate)
      .where('hour', '>=', range.fromHour)
      .where('hour', '<=', range.toHour);
  }
  function lines(range: PlanRange) {
    return scope
      .selectFrom('fp_flow_hourly')
      .where('plan_id', '=', range.planId)
      .where('hour', '>=', range.fromHour)
      .where('hour', '<=', range.toHour)
      .where('local_date', '>=', range.startDate)
      .where('local_date', '<=', range.endDate);
  }
  const elementFigures = [
    total('entries').as('entries'),
    total('passes').as('passes'),
    total('dwell_s').as('dwell_s'),
    total('deep_entries').as('deep_entries'),
  ] as const;

  return {
    /** Sums per element and version. */
    elementSums: (range: PlanRange) =>
      elements(range)
        .select([
          'element_id',
          'version',
          ...elementFigures,
          total('gender_male').as('gender_male'),
          total('gender_female').as('gender_female'),
          total('gender_unknown').as('gender_unknown'),
          total('age_0').as('age_0'),
          total('age_1').as('age_1'),
          total('age_2').as('age_2'),
          total('age_3').as('age_3'),
          total('age_4').as('age_4'),
          total('age_5').as('age_5'),
          total('age_6').as('age_6'),
        ])
        .groupBy(['element_id', 'version'])
        .execute(),

    /** One element's (or every element's) sums by local date. */
    elementByDay: (range: PlanRange, elementId?: string) => {
      let query = elements(range).select(['element_id', 'local_date', ...elementFigures]);
      if (elementId) query = query.where('element_id', '=', elementId);
      return query.groupBy(['element_id', 'local_date']).orderBy('local_date').execute();
    },

    /** One element's (or every element's) sums by hour of the day (or by date and hour). */
    elementByHour: (range: PlanRange, elementId?: string) => {
      let query = scope
        .selectFrom('fp_element_hourly')
        .select(['element_id', 'hour', ...elementFigures])
        .where('plan_id', '=', range.planId)
        .where('local_date', '>=', range.startDate)
        .where('local_date', '<=', range.endDate)
        .where('hour', '>=', range.fromHour)
        .where('hour', '<=', range.toHour);
      if (elementId) query = query.where('element_id', '=', elementId);
      return query.groupBy(['element_id', 'hour']).orderBy('hour').execute();
    },
    elementDateHours: (range: PlanRange) =>
      scope
        .selectFrom('fp_element_hourly')
        .select(['element_id', 'local_date', 'hour', total('entries').as('entries')])
        .where('plan_id', '=', range.planId)
        .where('local_date', '>=', range.startDate)
        .where('local_date', '<=', range.endDate)
        .where('hour', '>=', range.fromHour)
        .where('hour', '<=', range.toHour)
        .groupBy(['element_id', 'local_date', 'hour'])
        .execute(),

    /**
     * Per element and flow line, each version with figures in the range and its first and last day:
     * the rollups are keyed by version, so this is what produced a report's figures.
     */
    async versionDays(range: PlanRange): Promise<VersionDays[]> {
      const [elementRows, lineRows] = await Promise.all([
        elements(range).select(['element_id', 'version', firstDate, lastDate]).groupBy(['element_id', 'version']).execute(),
        lines(range).select(['line_id as element_id', 'version', firstDate, lastDate]).groupBy(['line_id', 'version']).execute(),
      ]);
      return [...elementRows, ...lineRows].map((row) => ({
        elementId: row.element_id,
        version: Number(row.version),
        firstDate: row.first_date,
        lastDate: row.last_date,
      }));
    },

    /** From-and-go is kept by day: the hour range does not apply. */
    fromGo: (range: PlanRange) =>
      scope
        .selectFrom('fp_from_go_daily')
        .select(['from_id', 'to_id', total('transitions').as('transitions')])
        .where('plan_id', '=', range.planId)
        .where('local_date', '>=', range.startDate)
        .where('local_date', '<=', range.endDate)
        .groupBy(['from_id', 'to_id'])
        .execute(),

    flows: (range: PlanRange) =>
      lines(range)
        .select(['line_id', total('forward').as('forward'), total('backward').as('backward')])
        .groupBy('line_id')
        .execute(),

    async tracks(range: PlanRange): Promise<number> {
      const row = await scope
        .selectFrom('fp_plan_hourly')
        .where('plan_id', '=', range.planId)
        .where('hour', '>=', range.fromHour)
        .where('hour', '<=', range.toHour)
        .where('local_date', '>=', range.startDate)
        .where('local_date', '<=', range.endDate)
        .select(total('tracks').as('tracks'))
        .executeTakeFirst();
      return Number(row?.tracks ?? 0);
    },

    /** The heat rows of a range (one per day, or per day and hour), each with the mask and camera point versions that made it. */
    heat: (range: PlanRange) =>
      wholeDay(range)
        ? scope
            .selectFrom('fp_plan_daily')
            .select(['local_date', 'heat', 'heat_cols', 'heat_rows', 'heat_minutes', 'heat_geometry'])
            .where('plan_id', '=', range.planId)
            .where('local_date', '>=', range.startDate)
            .where('local_date', '<=', range.endDate)
            .where('heat_minutes', '>', 0)
            .execute()
        : scope
            .selectFrom('fp_plan_hourly')
            .select(['local_date', 'heat', 'heat_cols', 'heat_rows', 'heat_minutes', 'heat_geometry'])
            .where('plan_id', '=', range.planId)
            .where('local_date', '>=', range.startDate)
            .where('local_date', '<=', range.endDate)
            .where('hour', '>=', range.fromHour)
            .where('hour', '<=', range.toHour)
            .where('heat_minutes', '>', 0)
            .execute(),

    /** A day's projected tracks of a plan, in the order they began. */
    trajectories: (planId: string, date: string, fromHour: number, toHour: number, limit: number) =>
      scope
        .selectFrom('fp_tracks')
        .select(['id', 'started_ms', 'points'])
        .where('plan_id', '=', planId)
        .where('local_date', '=', date)
        .where('hour', '>=', fromHour)
        .where('hour', '<=', toHour)
        .orderBy('started_ms')
        .orderBy('id')
        .limit(limit)
        .execute(),
    async trajectoryCount(planId: string, date: string, fromHour: number, toHour: number): Promise<number> {
      const row = await scope
        .selectFrom('fp_tracks')
        .select(sql<string | number>`count(*)`.as('n'))
        .where('plan_id', '=', planId)
        .where('local_date', '=', date)
        .where('hour', '>=', fromHour)
        .where('hour', '<=', toHour)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** A camera's tracks of a range of local days, counted by day and hour. */
    cameraTracks: (cameraId: string, startDate: string, endDate: string) =>
      scope
        .selectFrom('fp_tracks')
        .select(['local_date', 'hour', sql<string | number>`count(*)`.as('tracks')])
        .where('camera_id', '=', cameraId)
        .where('local_date', '>=', startDate)
        .where('local_date', '<=', endDate)
        .groupBy(['local_date', 'hour'])
        .execute(),

    /** Tracks of a shop that ended at or after `since`, with their points (the last plan point says where): who is in the store now. */
    recentTracks: (shopId: string, since: string) =>
      scope
        .selectFrom('fp_tracks')
        .select(['id', 'visitor_id', 'plan_id', 'points'])
        .where('ended_ms', '>=', Date.parse(since))
        .where('shop_id', '=', shopId)
        .execute(),

    occupancyRows: (shopId: string) => scope.selectFrom('fp_occupancy').selectAll().where('shop_id', '=', shopId).execute(),
    /** Shops with a store threshold (the occupancy check's list). */
    shopsWithThreshold: async () =>
      (await scope.selectFrom('fp_occupancy').select('shop_id').where('zone_id', '=', '').where('threshold', 'is not', null).execute()).map(
        (row) => row.shop_id,
      ),
    setThreshold: (shopId: string, threshold: number | null) =>
      scope
        .insertInto('fp_occupancy', [{ shop_id: shopId, zone_id: '', threshold, above: 0, people: 0, checked_at: null }])
        .onConflict((oc) => oc.columns(['customer_id', 'shop_id', 'zone_id']).doUpdateSet({ threshold }))
        .execute(),
    /** Records a check; answers whether the store or zone was above its threshold before. */
    async recordCheck(shopId: string, zoneId: string, people: number, above: boolean, at: string): Promise<boolean> {
      const before = await scope.selectFrom('fp_occupancy').select('above').where('shop_id', '=', shopId).where('zone_id', '=', zoneId).executeTakeFirst();
      await scope
        .insertInto('fp_occupancy', [{ shop_id: shopId, zone_id: zoneId, threshold: null, above: above ? 1 : 0, people, checked_at: at }])
        .onConflict((oc) => oc.columns(['customer_id', 'shop_id', 'zone_id']).doUpdateSet({ above: above ? 1 : 0, people, checked_at: at }))
        .execute();
      return before?.above === 1;
    },
    /** Shops whose cameras sent tracks that ended since an instant (the occupancy check's list). */
    activeShops: async (since: string) =>
      (await scope.selectFrom('fp_tracks').select('shop_id').distinct().where('ended_ms', '>=', Date.parse(since)).execute()).map((row) => row.shop_id),
    /** Shops last seen above a threshold: checked until they fall back below. */
    shopsAbove: async () => (await scope.selectFrom('fp_occupancy').select('shop_id').distinct().where('above', '=', 1).execute()).map((row) => row.shop_id),
    shopName: async (shopId: string) => (await scope.selectFrom('shops').select('name').where('id', '=', shopId).executeTakeFirst())?.name ?? shopId,
    /** Members who may receive a message, with their role's privileges and language. */
    messageAudience: () =>
      scope
        .selectFrom('memberships')
        .innerJoin('roles', (join) => join.onRef('roles.customer_id', '=', 'memberships.customer_id').onRef('roles.id', '=', 'memberships.role_id'))
        // Users are global; joined on the membership's user only.
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select(['memberships.user_id', 'memberships.org_id', 'roles.id as role_id', 'roles.privileges', 'users.locale'])
        .where('memberships.enabled', '=', 1)
        .where('users.enabled', '=', 1)
        .execute(),
  };
}
export type AnalysisRepo = ReturnType<typeof analysisRepo>;
