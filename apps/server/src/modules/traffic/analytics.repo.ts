import { type Expression, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { EntranceMetricColumn, ShopMetricColumn, ShopsTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';
import type { Sums } from './metrics.ts';

/** What the analytics need of a shop: names, its time zone (local dates), status, and where it is (holidays, weather). */
export type ShopInfo = Pick<Selectable<ShopsTable>, 'id' | 'name' | 'number' | 'time_zone' | 'business_hours' | 'status' | 'closed_at' | 'province' | 'city'>;

type ShopRollup = 'traffic_shop_hourly' | 'traffic_shop_daily' | 'traffic_shop_weekly' | 'traffic_shop_monthly';
type EntranceRollup = 'traffic_entrance_hourly' | 'traffic_entrance_daily';

/** Rows of a grouped sum: the group columns as text or numbers, then the summed metrics. */
export interface SumRow {
  group: Record<string, string | number>;
  sums: Sums;
}

const KEY_OF: Record<ShopRollup, string> = {
  traffic_shop_hourly: 'local_date',
  traffic_shop_daily: 'local_date',
  traffic_shop_weekly: 'week_start',
  traffic_shop_monthly: 'month',
};

/**
 * Reads of the analytics screens. Every read is of rollups (DESIGN D2) except the visitor-level
 * facts (frequency, revisit interval, activity), which group the visits fact table, and the naive
 * baselines the benchmark compares with. Only the columns an answer needs are summed.
 */
export function analyticsRepo(scope: TenantScope) {
  function toRows(raw: Record<string, unknown>[], groupColumns: readonly string[], columns: readonly string[]): SumRow[] {
    return raw.map((row) => ({
      group: Object.fromEntries(groupColumns.map((column) => [column, typeof row[column] === 'number' ? (row[column] as number) : String(row[column])])),
      sums: Object.fromEntries(columns.map((column) => [column, Number(row[column] ?? 0)])) as Sums,
    }));
  }

  /**
   * SUM(metric) over a shop rollup for shops and a key range, grouped by the given columns.
   * Kysely cannot type columns chosen at run time; the casts stay here.
   */
  async function sumShopRollup(
    table: ShopRollup,
    columns: readonly ShopMetricColumn[],
    groupColumns: readonly string[],
    shopIds: readonly string[],
    from: string,
    to: string,
    extra?: (column: (name: string) => Expression<unknown>) => Expression<SqlBool>,
  ): Promise<SumRow[]> {
    if (shopIds.length === 0) return [];
    const key = KEY_OF[table];
    let query = scope
      .selectFrom(table as 'traffic_shop_daily')
      .where('shop_id', 'in', [...shopIds])
      .where(sql.ref(key), '>=', from)
      .where(sql.ref(key), '<=', to);
    if (extra) query = query.where(extra((name) => sql.ref(name)));
    const raw = await query
      .select([...groupColumns.map((column) => sql.ref(column).as(column)), ...columns.map((column) => sql<number>`sum(${sql.ref(column)})`.as(column))])
      .$if(groupColumns.length > 0, (q) => q.groupBy(groupColumns.map((column) => sql.ref(column))))
      .execute();
    return toRows(raw as Record<string, unknown>[], groupColumns, columns);
  }

  async function sumEntranceRollup(
    table: EntranceRollup,
    groupColumns: readonly string[],
    shopIds: readonly string[],
    from: string,
    to: string,
    cameraIds?: readonly string[],
  ): Promise<SumRow[]> {
    if (shopIds.length === 0) return [];
    const columns: EntranceMetricColumn[] = ['entries', 'exits', 'passersby', 'staff_entries'];
    let query = scope
      .selectFrom(table as 'traffic_entrance_daily')
      .where('shop_id', 'in', [...shopIds])
      .where('local_date', '>=', from)
      .where('local_date', '<=', to);
    if (cameraIds && cameraIds.length > 0) query = query.where('camera_id', 'in', [...cameraIds]);
    const raw = await query
      .select([...groupColumns.map((column) => sql.ref(column).as(column)), ...columns.map((column) => sql<number>`sum(${sql.ref(column)})`.as(column))])
      .groupBy(groupColumns.map((column) => sql.ref(column)))
      .execute();
    return toRows(raw as Record<string, unknown>[], groupColumns, columns);
  }

  /** Customer (non-staff) visits of the shops in a range of local dates: what every visitor-level read starts from. */
  function customerVisits(shopIds: readonly string[], from: string, to: string) {
    return scope
      .selectFrom('traffic_visits')
      .where('shop_id', 'in', [...shopIds])
      .where('local_date', '>=', from)
      .where('local_date', '<=', to)
      .where('is_staff', '=', 0);
  }

  /**
   * Customer visits in [from, to] summed per visitor (per shop: an id is anonymous per store) into
   * one measure, their number or the local date of the last one, then visitors counted per value.
   */
  async function visitorsBy(measure: 'visits' | 'lastDate', shopIds: readonly string[], from: string, to: string) {
    if (shopIds.length === 0) return [];
    const perVisitorMeasure: RawBuilder<number | string> = measure === 'visits' ? sql<number>`count(*)` : sql<string>`max(${sql.ref('local_date')})`;
    const perVisitor = customerVisits(shopIds, from, to).select(perVisitorMeasure.as('measure')).groupBy(['shop_id', 'visitor_id']).as('per_visitor');
    const rows = await scope.db
      .selectFrom(perVisitor)
      .select((eb) => ['per_visitor.measure', eb.fn.countAll<number>().as('visitors')])
      .groupBy('per_visitor.measure')
      .execute();
    return rows.map((row) => ({ measure: row.measure, visitors: Number(row.visitors) }));
  }

  return {
    sumShopRollup,
    sumEntranceRollup,

    /** The shop-local hours the shops' devices reported in over a range of dates (issue 11: data completeness). */
    coverage: (shopIds: readonly string[], from: string, to: string) =>
      shopIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('traffic_shop_coverage')
            .select(['shop_id', 'local_date', 'hour'])
            .where('shop_id', 'in', [...shopIds])
            .where('local_date', '>=', from)
            .where('local_date', '<=', to)
            .execute(),

    /** Shops of the customer, optionally only these ids. */
    shops: (shopIds: readonly string[] | null): Promise<ShopInfo[]> => {
      let query = scope.selectFrom('shops').select(['id', 'name', 'number', 'time_zone', 'business_hours', 'status', 'closed_at', 'province', 'city']);
      if (shopIds) query = shopIds.length === 0 ? query.where('id', 'is', null) : query.where('id', 'in', [...shopIds]);
      return query.orderBy('number').execute();
    },
    cameras: (shopIds: readonly string[]) =>
      shopIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('cameras')
            .select(['id', 'shop_id', 'name', 'number', 'deployment_area'])
            .where('shop_id', 'in', [...shopIds])
            .orderBy('number')
            .execute(),
    async lastIngest(shopIds: readonly string[]): Promise<string | null> {
      if (shopIds.length === 0) return null;
      const row = await scope
        .selectFrom('traffic_shop_status')
        .select((eb) => eb.fn.max('last_ingest_at').as('at'))
        .where('shop_id', 'in', [...shopIds])
        .executeTakeFirst();
      return row?.at ? String(row.at) : null;
    },
    /** The customer's default time zone: where a report over shops of several zones reads 'yesterday'. */
    customerTimeZone: async (): Promise<string | null> => {
      const row = await scope.db.selectFrom('customers').select('default_time_zone').where('id', '=', scope.customerId).executeTakeFirst();
      return row?.default_time_zone ?? null;
    },
    customerCountries: async (): Promise<string[]> => {
      // customers is not a tenant table: the customer is the tenant itself.
      const row = await scope.db.selectFrom('customers').select('countries').where('id', '=', scope.customerId).executeTakeFirst();
      return row ? (JSON.parse(row.countries) as string[]) : [];
    },

    // ------------------------------------------------------------ visitor-level facts (the visits table)

    /** How many visitors came n times within the range (per shop: an id is anonymous per store). */
    frequency: async (shopIds: readonly string[], from: string, to: string): Promise<{ visits: number; visitors: number }[]> =>
      (await visitorsBy('visits', shopIds, from, to)).map((row) => ({ visits: Number(row.measure), visitors: row.visitors })),

    /** Repeat visits in the range by whole days since the same visitor's previous visit to the same store. */
    async revisitGaps(shopIds: readonly string[], from: string, to: string): Promise<{ days: number; visits: number }[]> {
      if (shopIds.length === 0) return [];
      const days = sql<number>`cast(${sql.ref('revisit_gap_s')} / 86400 as integer)`;
      const rows = await customerVisits(shopIds, from, to)
        .select((eb) => [days.as('days'), eb.fn.countAll<number>().as('visits')])
        .where('revisit_gap_s', 'is not', null)
        .groupBy(days)
        .execute();
      return rows.map((row) => ({ days: Number(row.days), visits: Number(row.visits) }));
    },

    /** Visitors seen in [from, to] by the local date of their last visit in it. */
    lastVisitDates: async (shopIds: readonly string[], from: string, to: string): Promise<{ lastDate: string; visitors: number }[]> =>
      (await visitorsBy('lastDate', shopIds, from, to)).map((row) => ({ lastDate: String(row.measure), visitors: row.visitors })),

    // ------------------------------------------------------------ naive baselines (benchmark only)

    /** Entries and passers-by summed from raw line and passer-by events, grouped by a raw column. */
    async rawEntrySums(shopIds: readonly string[], from: string, to: string, group: 'local_date' | 'hour' | 'shop_id' | null) {
      const lines = scope
        .selectFrom('traffic_line_events')
        .where('shop_id', 'in', [...shopIds])
        .where('local_date', '>=', from)
        .where('local_date', '<=', to)
        .where('is_staff', '=', 0);
      const passers = scope
        .selectFrom('traffic_passerby_events')
        .where('shop_id', 'in', [...shopIds])
        .where('local_date', '>=', from)
        .where('local_date', '<=', to);
      const entries = sql<number>`sum(case when ${sql.ref('direction')} = 'in' then ${sql.ref('count')} else 0 end)`;
      const [lineRows, passerRows] = await Promise.all([
        (group
          ? lines.select([sql.ref(group).as('g'), entries.as('entries')]).groupBy(sql.ref(group))
          : lines.select([sql`''`.as('g'), entries.as('entries')])
        ).execute(),
        (group
          ? passers.select([sql.ref(group).as('g'), sql<number>`sum(${sql.ref('count')})`.as('passersby')]).groupBy(sql.ref(group))
          : passers.select([sql`''`.as('g'), sql<number>`sum(${sql.ref('count')})`.as('passersby')])
        ).execute(),
      ]);
      return { lines: lineRows as { g: unknown; entries: unknown }[], passers: passerRows as { g: unknown; passersby: unknown }[] };
    },

    /** Visits, stays and profile columns computed from the visits table, grouped by a column. */
    async rawVisitSums(shopIds: readonly string[], from: string, to: string, group: 'local_date' | 'hour' | 'shop_id' | 'gender' | 'age_band' | null) {
      let query = customerVisits(shopIds, from, to);
      const selections = [
        sql<number>`count(*)`.as('visits'),
        sql<number>`sum(${sql.ref('dwell_s')})`.as('dwell_sum_s'),
        sql<number>`sum(${sql.ref('is_new')})`.as('new_visits'),
      ];
      if (group) query = query.groupBy(sql.ref(group));
      const rows = await query.select([...(group ? [sql.ref(group).as('g')] : [sql`''`.as('g')]), ...selections]).execute();
      return rows as { g: unknown; visits: unknown; dwell_sum_s: unknown; new_visits: unknown }[];
    },

    /** The raw rows the two baselines above read (every date, staff included), for loading into another engine. */
    async rawEventRows(shopIds: readonly string[]) {
      const shops = [...shopIds];
      const lines = await scope
        .selectFrom('traffic_line_events')
        .select(['shop_id', 'local_date', 'hour', 'direction', 'count', 'is_staff'])
        .where('shop_id', 'in', shops)
        .execute();
      const passers = await scope
        .selectFrom('traffic_passerby_events')
        .select(['shop_id', 'local_date', 'hour', 'count'])
        .where('shop_id', 'in', shops)
        .execute();
      const visits = await scope
        .selectFrom('traffic_visits')
        .select(['shop_id', 'local_date', 'hour', 'gender', 'age_band', 'is_staff', 'dwell_s', 'is_new'])
        .where('shop_id', 'in', shops)
        .execute();
      return { lines, passers, visits };
    },
  };
}
export type AnalyticsRepo = ReturnType<typeof analyticsRepo>;
