import { type InsertObject, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';
import { monthOf, weekStart } from '../../platform/time/local-time.ts';
import { ENTRANCE_METRIC_COLUMNS, SHOP_METRIC_COLUMNS, type Sums } from './metrics.ts';
import type { RollupDeltas } from './rollup-accumulator.ts';

/** Rows per statement: below SQLite's 32,766 bound parameters with every metric column. */
const CHUNK = 500;

/** A new row of a tenant table: the tenant scope adds the customer. */
export type NewRow<T extends keyof Database> = Omit<InsertObject<Database, T>, 'customer_id'>;
type RollupTable =
  | 'traffic_shop_hourly'
  | 'traffic_shop_daily'
  | 'traffic_shop_weekly'
  | 'traffic_shop_monthly'
  | 'traffic_entrance_hourly'
  | 'traffic_entrance_daily'
  | 'traffic_zone_daily';

/** Every rollup with the column that holds its period, and how a local date maps to that period. */
const ROLLUP_PERIODS: readonly { table: RollupTable; column: 'local_date' | 'week_start' | 'month'; periodOf: (date: string) => string }[] = [
  { table: 'traffic_shop_hourly', column: 'local_date', periodOf: (date) => date },
  { table: 'traffic_shop_daily', column: 'local_date', periodOf: (date) => date },
  { table: 'traffic_shop_weekly', column: 'week_start', periodOf: weekStart },
  { table: 'traffic_shop_monthly', column: 'month', periodOf: monthOf },
  { table: 'traffic_entrance_hourly', column: 'local_date', periodOf: (date) => date },
  { table: 'traffic_entrance_daily', column: 'local_date', periodOf: (date) => date },
  { table: 'traffic_zone_daily', column: 'local_date', periodOf: (date) => date },
];

function metricsOf(sums: Sums, columns: readonly string[]): Record<string, number> {
  const values: Record<string, number> = {};
  for (const column of columns) values[column] = sums[column as keyof Sums] ?? 0;
  return values;
}

export function rollupsRepo(scope: TenantScope) {
  /**
   * INSERT ... ON CONFLICT (key) DO UPDATE SET metric = metric + excluded.metric: the same
   * statement on SQLite and PostgreSQL. Kysely cannot type a column list chosen at run time; the
   * casts stay in this function.
   */
  async function upsertAdding(table: RollupTable, keys: readonly string[], metrics: readonly string[], rows: Record<string, string | number>[]) {
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK);
      await scope
        .insertInto(table, chunk as never[])
        .onConflict((oc) =>
          oc
            .columns(['customer_id', ...keys] as never[])
            .doUpdateSet(
              Object.fromEntries(metrics.map((column) => [column, sql`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`])) as never,
            ),
        )
        .execute();
    }
  }

  async function insertChunked<T extends 'traffic_line_events' | 'traffic_passerby_events' | 'traffic_zone_events' | 'traffic_visits'>(
    table: T,
    rows: NewRow<T>[],
  ) {
    // Wide rows (visits) leave fewer per statement under the parameter bound.
    for (let start = 0; start < rows.length; start += CHUNK) await scope.insertInto(table, rows.slice(start, start + CHUNK)).execute();
  }

  return {
    insertLineEvents: (rows: NewRow<'traffic_line_events'>[]) => insertChunked('traffic_line_events', rows),
    insertPasserbyEvents: (rows: NewRow<'traffic_passerby_events'>[]) => insertChunked('traffic_passerby_events', rows),
    insertZoneEvents: (rows: NewRow<'traffic_zone_events'>[]) => insertChunked('traffic_zone_events', rows),
    insertVisits: (rows: NewRow<'traffic_visits'>[]) => insertChunked('traffic_visits', rows),

    async applyDeltas(deltas: RollupDeltas): Promise<void> {
      await upsertAdding(
        'traffic_shop_hourly',
        ['shop_id', 'local_date', 'hour'],
        SHOP_METRIC_COLUMNS,
        [...deltas.shopHourly.values()].map((d) => ({ shop_id: d.shopId, local_date: d.date, hour: d.hour, ...metricsOf(d.sums, SHOP_METRIC_COLUMNS) })),
      );
      const days = deltas.shopDays();
      await upsertAdding(
        'traffic_shop_daily',
        ['shop_id', 'local_date'],
        SHOP_METRIC_COLUMNS,
        [...days.values()].map((d) => ({ shop_id: d.shopId, local_date: d.key, ...metricsOf(d.sums, SHOP_METRIC_COLUMNS) })),
      );
      const weeks = deltas.shopWeeks();
      await upsertAdding(
        'traffic_shop_weekly',
        ['shop_id', 'week_start'],
        SHOP_METRIC_COLUMNS,
        [...weeks.values()].map((d) => ({ shop_id: d.shopId, week_start: d.key, ...metricsOf(d.sums, SHOP_METRIC_COLUMNS) })),
      );
      const months = deltas.shopMonths();
      await upsertAdding(
        'traffic_shop_monthly',
        ['shop_id', 'month'],
        SHOP_METRIC_COLUMNS,
        [...months.values()].map((d) => ({ shop_id: d.shopId, month: d.key, ...metricsOf(d.sums, SHOP_METRIC_COLUMNS) })),
      );
      await upsertAdding(
        'traffic_entrance_hourly',
        ['shop_id', 'camera_id', 'local_date', 'hour'],
        ENTRANCE_METRIC_COLUMNS,
        [...deltas.entranceHourly.values()].map((d) => ({
          shop_id: d.shopId,
          camera_id: d.cameraId,
          local_date: d.date,
          hour: d.hour,
          ...metricsOf(d.sums, ENTRANCE_METRIC_COLUMNS),
        })),
      );
      await upsertAdding(
        'traffic_entrance_daily',
        ['shop_id', 'camera_id', 'local_date'],
        ENTRANCE_METRIC_COLUMNS,
        [...deltas.entranceDays().values()].map((d) => ({
          shop_id: d.shopId,
          camera_id: d.cameraId,
          local_date: d.date,
          ...metricsOf(d.sums, ENTRANCE_METRIC_COLUMNS),
        })),
      );
      await upsertAdding(
        'traffic_zone_daily',
        ['shop_id', 'camera_id', 'region_id', 'local_date'],
        ['stays', 'dwell_sum_s'],
        [...deltas.zoneDaily.values()].map((d) => ({
          shop_id: d.shopId,
          camera_id: d.cameraId,
          region_id: d.regionId,
          local_date: d.date,
          stays: d.stays,
          dwell_sum_s: d.dwell,
        })),
      );
    },

    /** Reports per shop-local hour (issue 11: whether devices reported); counts add up, a replayed batch never arrives here. */
    async addCoverage(rows: readonly { shop_id: string; local_date: string; hour: number; reports: number; utc_hour: string | null }[]): Promise<void> {
      for (let start = 0; start < rows.length; start += CHUNK) {
        await scope
          .insertInto('traffic_shop_coverage', rows.slice(start, start + CHUNK))
          .onConflict((oc) =>
            oc.columns(['customer_id', 'shop_id', 'local_date', 'hour']).doUpdateSet({
              reports: sql<number>`${sql.ref('traffic_shop_coverage.reports')} + ${sql.ref('excluded.reports')}`,
              utc_hour: sql<string | null>`coalesce(${sql.ref('traffic_shop_coverage.utc_hour')}, ${sql.ref('excluded.utc_hour')})`,
            }),
          )
          .execute();
      }
    },
    /** A shop's coverage hours that know their UTC hour (the rebuild moves them to the shop's current time zone). */
    coverageHours: (shopId: string) =>
      scope
        .selectFrom('traffic_shop_coverage')
        .select(['local_date', 'hour', 'reports', 'utc_hour'])
        .where('shop_id', '=', shopId)
        .where('utc_hour', 'is not', null)
        .execute(),
    async deleteCoverageHour(shopId: string, localDate: string, hour: number): Promise<void> {
      await scope.deleteFrom('traffic_shop_coverage').where('shop_id', '=', shopId).where('local_date', '=', localDate).where('hour', '=', hour).execute();
    },

    /** The last delivery and the newest event time of a shop: 'Data Update Time'. */
    async touchShop(shopId: string, ingestedAt: string, lastEventAt: string | null): Promise<void> {
      await scope
        .insertInto('traffic_shop_status', [{ shop_id: shopId, last_ingest_at: ingestedAt, last_event_at: lastEventAt }])
        .onConflict((oc) =>
          oc.columns(['customer_id', 'shop_id']).doUpdateSet({
            last_ingest_at: ingestedAt,
            // Late events never move the newest event time backwards.
            last_event_at: sql<
              string | null
            >`case when ${sql.ref('traffic_shop_status.last_event_at')} is null or ${sql.ref('traffic_shop_status.last_event_at')} < ${sql.ref('excluded.last_event_at')} then ${sql.ref('excluded.last_event_at')} else ${sql.ref('traffic_shop_status.last_event_at')} end`,
          }),
        )
        .execute();
    },

    // ------------------------------------------------------------ rebuild from raw events

    shopZones: (shopIds?: string[]) => {
      let query = scope.selectFrom('shops').select(['id', 'time_zone']).orderBy('id');
      if (shopIds && shopIds.length > 0) query = query.where('id', 'in', shopIds);
      return query.execute();
    },
    /**
     * A shop's rollups, all of them or (from a retention horizon on) those of that date and later:
     * hours and days from the date, and the weeks and months that contain it or come after.
     */
    async deleteShopRollups(shopId: string, from: string | null = null): Promise<void> {
      for (const { table, column, periodOf } of ROLLUP_PERIODS) {
        let query = scope.deleteFrom(table).where('shop_id', '=', shopId);
        if (from !== null) query = query.where(sql.ref(column), '>=', periodOf(from));
        await query.execute();
      }
    },
    /** Daily shop rollups of [from, before): the final days a rebuild carries into a week or month. */
    async dailySums(shopId: string, from: string, before: string): Promise<{ date: string; sums: Sums }[]> {
      const rows = await scope
        .selectFrom('traffic_shop_daily')
        .select(['local_date', ...SHOP_METRIC_COLUMNS])
        .where('shop_id', '=', shopId)
        .where('local_date', '>=', from)
        .where('local_date', '<', before)
        .execute();
      return rows.map((row) => ({ date: row.local_date, sums: metricsOf(row as Sums, SHOP_METRIC_COLUMNS) }));
    },
    /** Raw events of a shop, only those of `from` and later when a retention horizon is given. */
    rawLines: (shopId: string, from: string | null = null) =>
      scope
        .selectFrom('traffic_line_events')
        .select(['batch_ref', 'seq', 'camera_id', 'at', 'direction', 'count', 'is_staff', 'local_date', 'hour'])
        .where('shop_id', '=', shopId)
        .$if(from !== null, (query) => query.where('local_date', '>=', from as string))
        .execute(),
    rawPassersby: (shopId: string, from: string | null = null) =>
      scope
        .selectFrom('traffic_passerby_events')
        .select(['batch_ref', 'seq', 'camera_id', 'at', 'count', 'local_date', 'hour'])
        .where('shop_id', '=', shopId)
        .$if(from !== null, (query) => query.where('local_date', '>=', from as string))
        .execute(),
    rawZones: (shopId: string, from: string | null = null) =>
      scope
        .selectFrom('traffic_zone_events')
        .select(['batch_ref', 'seq', 'camera_id', 'region_id', 'entered_at', 'exited_at', 'dwell_s', 'local_date', 'hour'])
        .where('shop_id', '=', shopId)
        .$if(from !== null, (query) => query.where('local_date', '>=', from as string))
        .execute(),
    /** Every visit of a shop, each visitor's in time order. */
    rawVisits: (shopId: string) =>
      scope
        .selectFrom('traffic_visits')
        .select(['visitor_id', 'entered_at', 'exited_at', 'gender', 'age_band', 'is_staff', 'local_date', 'hour', 'dwell_s', 'is_new', 'revisit_gap_s'])
        .where('shop_id', '=', shopId)
        .orderBy('visitor_id')
        .orderBy('entered_at')
        .execute(),
    /** A raw event's local date and hour, when the shop's time zone changed since it was stored. */
    relocateRaw: (
      table: 'traffic_line_events' | 'traffic_passerby_events' | 'traffic_zone_events',
      batchRef: string,
      seq: number,
      date: string,
      hour: number,
    ) => scope.updateTable(table).set({ local_date: date, hour }).where('batch_ref', '=', batchRef).where('seq', '=', seq).execute(),
    relocateVisit: (shopId: string, visitorId: string, enteredAt: string, date: string, hour: number) =>
      scope
        .updateTable('traffic_visits')
        .set({ local_date: date, hour })
        .where('shop_id', '=', shopId)
        .where('visitor_id', '=', visitorId)
        .where('entered_at', '=', enteredAt)
        .execute(),

    // ------------------------------------------------------------ visit history (new vs repeat, revisit gaps)

    /** Per visitor: the latest visit of any kind (for duplicates) and the latest customer visit. */
    async lastVisits(shopId: string, visitorIds: string[]): Promise<Map<string, { lastAny: string; lastCustomer: string | null }>> {
      const result = new Map<string, { lastAny: string; lastCustomer: string | null }>();
      for (let start = 0; start < visitorIds.length; start += CHUNK) {
        const rows = await scope
          .selectFrom('traffic_visits')
          .select((eb) => [
            'visitor_id',
            eb.fn.max('entered_at').as('last_any'),
            eb.fn.max(eb.case().when('is_staff', '=', 0).then(eb.ref('entered_at')).end()).as('last_customer'),
          ])
          .where('shop_id', '=', shopId)
          .where('visitor_id', 'in', visitorIds.slice(start, start + CHUNK))
          .groupBy('visitor_id')
          .execute();
        for (const row of rows)
          result.set(row.visitor_id, { lastAny: String(row.last_any), lastCustomer: row.last_customer === null ? null : String(row.last_customer) });
      }
      return result;
    },
    visitExists: async (shopId: string, visitorId: string, enteredAt: string) =>
      (await scope
        .selectFrom('traffic_visits')
        .select('visitor_id')
        .where('shop_id', '=', shopId)
        .where('visitor_id', '=', visitorId)
        .where('entered_at', '=', enteredAt)
        .executeTakeFirst()) !== undefined,
    previousCustomerVisit: (shopId: string, visitorId: string, before: string) =>
      scope
        .selectFrom('traffic_visits')
        .select(['entered_at'])
        .where('shop_id', '=', shopId)
        .where('visitor_id', '=', visitorId)
        .where('is_staff', '=', 0)
        .where('entered_at', '<', before)
        .orderBy('entered_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
    nextCustomerVisit: (shopId: string, visitorId: string, after: string) =>
      scope
        .selectFrom('traffic_visits')
        .select(['entered_at', 'is_new', 'local_date', 'hour'])
        .where('shop_id', '=', shopId)
        .where('visitor_id', '=', visitorId)
        .where('is_staff', '=', 0)
        .where('entered_at', '>', after)
        .orderBy('entered_at', 'asc')
        .limit(1)
        .executeTakeFirst(),
    setVisitHistory: (shopId: string, visitorId: string, enteredAt: string, isNew: number, gapSeconds: number | null) =>
      scope
        .updateTable('traffic_visits')
        .set({ is_new: isNew, revisit_gap_s: gapSeconds })
        .where('shop_id', '=', shopId)
        .where('visitor_id', '=', visitorId)
        .where('entered_at', '=', enteredAt)
        .execute(),
  };
}
export type RollupsRepo = ReturnType<typeof rollupsRepo>;
