import { sql } from 'kysely';
import type { DB } from '../../platform/db/database.ts';
import type { TemperatureAlertsTable, TemperatureReadingsTable, TemperatureSensorsTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';
import type { HourRow, RollupRow } from './temperature-rollup.ts';

export type SensorStored = TemperatureSensorsTable;
export type AlertStored = TemperatureAlertsTable;
export type SensorWithShop = SensorStored & { shop_name: string; time_zone: string; business_hours: string };

/** Batched IN lists stay well under SQLite's variable limit. */
const CHUNK = 500;
const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};
/**
 * Rows per multi-row insert of the ingest: 5 to 10 values a row stay far below both databases'
 * limits on bound values (SQLite 32,766, PostgreSQL 65,535), and a statement this size costs
 * Kysely's compiling less than the database's work.
 */
const WRITE_CHUNK = 1000;
/** Rows per delete of the retention job: each delete is its own short write, so ingest batches get in between. */
export const PURGE_CHUNK = 5000;

export interface AlertQuery {
  shopIds: readonly string[];
  sensorId?: string | undefined;
  status?: 'open' | 'closed' | undefined;
  page: number;
  pageSize: number;
}

/** The temperature module's data: sensors (with their breach state), readings, 5-minute rollups and alerts. */
export function temperatureRepo(scope: TenantScope) {
  const sensorsWithShop = () =>
    scope
      .selectFrom('temperature_sensors')
      .innerJoin('shops', (join) =>
        join.onRef('shops.customer_id', '=', 'temperature_sensors.customer_id').onRef('shops.id', '=', 'temperature_sensors.shop_id'),
      )
      .selectAll('temperature_sensors')
      .select(['shops.name as shop_name', 'shops.time_zone', 'shops.business_hours']);

  return {
    // ------------------------------------------------------------ sensors
    sensorIdsOfBox: async (boxId: string) =>
      new Set((await scope.selectFrom('temperature_sensors').select('id').where('box_id', '=', boxId).execute()).map((row) => row.id)),
    sensor: (sensorId: string): Promise<SensorWithShop | undefined> => sensorsWithShop().where('temperature_sensors.id', '=', sensorId).executeTakeFirst(),
    sensorsByIds: async (ids: readonly string[]): Promise<SensorWithShop[]> => {
      const rows: SensorWithShop[] = [];
      for (const part of chunks(ids)) rows.push(...(await sensorsWithShop().where('temperature_sensors.id', 'in', part).execute()));
      return rows;
    },
    sensorsOfShops: async (shopIds: readonly string[]): Promise<SensorWithShop[]> => {
      const rows: SensorWithShop[] = [];
      for (const part of chunks(shopIds)) {
        rows.push(
          ...(await sensorsWithShop().where('temperature_sensors.shop_id', 'in', part).orderBy('shops.name').orderBy('temperature_sensors.name').execute()),
        );
      }
      return rows;
    },
    allSensors: () => scope.selectFrom('temperature_sensors').selectAll().orderBy('shop_id').orderBy('name').execute(),
    pendingSensors: (): Promise<SensorWithShop[]> => sensorsWithShop().where('temperature_sensors.breach_state', '=', 'pending').execute(),
    boxesOfShops: async (shopIds: readonly string[]) => {
      const rows: { id: string; name: string; mac: string; shop_id: string }[] = [];
      for (const part of chunks(shopIds)) {
        rows.push(
          ...(await scope.selectFrom('boxes').select(['id', 'name', 'mac', 'shop_id']).where('shop_id', 'in', part).orderBy('name').orderBy('id').execute()),
        );
      }
      return rows;
    },
    box: (boxId: string) => scope.selectFrom('boxes').select(['id', 'shop_id']).where('id', '=', boxId).executeTakeFirst(),
    insertSensor: (row: Omit<SensorStored, 'customer_id'>) => scope.insertInto('temperature_sensors', [row]).execute(),
    updateSensor: (sensorId: string, values: Partial<Omit<SensorStored, 'customer_id' | 'id'>>) =>
      scope.updateTable('temperature_sensors').set(values).where('id', '=', sensorId).execute(),
    /**
     * Writes a breach state only if the row still holds the one read (the latest reading evaluated and
     * the state): a second writer (another batch, the clock job) that got there first wins, this one retries.
     */
    async compareAndSetState(
      sensorId: string,
      expected: { lastAt: string | null; state: SensorStored['breach_state']; since: string | null },
      values: Partial<Omit<SensorStored, 'customer_id' | 'id'>>,
    ): Promise<boolean> {
      let query = scope.updateTable('temperature_sensors').set(values).where('id', '=', sensorId).where('breach_state', '=', expected.state);
      query = expected.lastAt === null ? query.where('last_at', 'is', null) : query.where('last_at', '=', expected.lastAt);
      query = expected.since === null ? query.where('breach_since', 'is', null) : query.where('breach_since', '=', expected.since);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    // ------------------------------------------------------------ readings and rollups
    /**
     * Stores the readings not stored yet and answers which ones they were (a resend's are left as
     * they are): multi-row inserts that skip the (sensor, instant) keys already there.
     */
    async insertNewReadings(rows: readonly Omit<TemperatureReadingsTable, 'customer_id'>[]): Promise<{ sensor_id: string; at: string }[]> {
      const inserted: { sensor_id: string; at: string }[] = [];
      for (const part of chunks(rows, WRITE_CHUNK)) {
        const found = await scope
          .insertInto('temperature_readings', part)
          .onConflict((oc) => oc.columns(['customer_id', 'sensor_id', 'at']).doNothing())
          .returning(['sensor_id', 'at'])
          .execute();
        for (const row of found) inserted.push(row);
      }
      return inserted;
    },
    /** Adds a batch's 5-minute buckets (one row per sensor and bucket): counts and sums add up, min and max keep the extremes. */
    async addToRollups(rows: readonly RollupRow[]): Promise<void> {
      for (const part of chunks(rows, WRITE_CHUNK)) {
        await scope
          .insertInto('temperature_rollups', part)
          .onConflict((oc) =>
            oc.columns(['customer_id', 'sensor_id', 'bucket']).doUpdateSet({
              n: sql`temperature_rollups.n + excluded.n`,
              sum: sql`temperature_rollups.sum + excluded.sum`,
              min: sql`case when excluded.min < temperature_rollups.min then excluded.min else temperature_rollups.min end`,
              max: sql`case when excluded.max > temperature_rollups.max then excluded.max else temperature_rollups.max end`,
            }),
          )
          .execute();
      }
    },
    /**
     * Adds a batch's hours (one row per sensor and hour, temperature-rollup aggregateReadings): sums
     * as the rollups; bucket masks OR'd; a within bit is kept for a bucket already stored only if
     * the batch's part of it was within too, and taken from the batch for a bucket new to the hour.
     */
    async addToHours(rows: readonly HourRow[]): Promise<void> {
      const within = (column: 'within_on' | 'within_off') =>
        `((temperature_hours.${column} & ~(excluded.buckets & ~excluded.${column})) | (excluded.${column} & ~temperature_hours.buckets))`;
      const buckets = '(temperature_hours.buckets | excluded.buckets)';
      // The new mask's set bits, bit by bit (neither database counts bits the same way).
      const bitsOf = (mask: string) => sql<number>`(${sql.raw(Array.from({ length: 12 }, (_, bit) => `((${mask} >> ${bit}) & 1)`).join(' + '))})`;
      for (const part of chunks(rows, WRITE_CHUNK)) {
        await scope
          .insertInto('temperature_hours', part)
          .onConflict((oc) =>
            oc.columns(['customer_id', 'sensor_id', 'hour']).doUpdateSet({
              n: sql`temperature_hours.n + excluded.n`,
              sum: sql`temperature_hours.sum + excluded.sum`,
              min: sql`case when excluded.min < temperature_hours.min then excluded.min else temperature_hours.min end`,
              max: sql`case when excluded.max > temperature_hours.max then excluded.max else temperature_hours.max end`,
              buckets: sql<number>`${sql.raw(buckets)}`,
              within_on: sql<number>`${sql.raw(within('within_on'))}`,
              within_off: sql<number>`${sql.raw(within('within_off'))}`,
              buckets_n: bitsOf(buckets),
              within_on_n: bitsOf(within('within_on')),
              within_off_n: bitsOf(within('within_off')),
            }),
          )
          .execute();
      }
    },
    /**
     * The extensions bench's history (`npm run bench -- extensions`): the hours, and the 5-minute
     * rollups since an instant, that the ingest wrote for some sensors copied to others, at the
     * database's speed: 21.6 million hours for 10,000 sensors could not go through the ingest in a
     * bench run. Pairs of (sensor copied, sensor written).
     */
    async copyHistory(pairs: readonly { from: string; to: string }[], rollupsSince: string): Promise<void> {
      if (pairs.length === 0) return;
      const map = sql.join(pairs.map((pair) => sql`(cast(${pair.from} as text), cast(${pair.to} as text))`));
      await sql`with m(from_id, to_id) as (values ${map})
        insert into temperature_hours (customer_id, sensor_id, hour, n, sum, min, max, buckets, within_on, within_off, buckets_n, within_on_n, within_off_n)
        select h.customer_id, m.to_id, h.hour, h.n, h.sum, h.min, h.max, h.buckets, h.within_on, h.within_off, h.buckets_n, h.within_on_n, h.within_off_n
        from temperature_hours h join m on h.sensor_id = m.from_id where h.customer_id = ${scope.customerId}`.execute(scope.db);
      await sql`with m(from_id, to_id) as (values ${map})
        insert into temperature_rollups (customer_id, sensor_id, bucket, n, sum, min, max)
        select r.customer_id, m.to_id, r.bucket, r.n, r.sum, r.min, r.max
        from temperature_rollups r join m on r.sensor_id = m.from_id where r.customer_id = ${scope.customerId} and r.bucket >= ${rollupsSince}`.execute(
        scope.db,
      );
    },
    rollups: (sensorId: string, from: string, to: string) =>
      scope
        .selectFrom('temperature_rollups')
        .select(['bucket', 'n', 'sum', 'min', 'max'])
        .where('sensor_id', '=', sensorId)
        .where('bucket', '>=', from)
        .where('bucket', '<', to)
        .orderBy('bucket')
        .execute(),
    /**
     * The sensors' hours from one 'YYYY-MM-DDTHH' to another (excluded) of the given UTC hours of
     * the day ('00' to '23') summed into one row: buckets measured, and those within the
     * business-hours limits in the hours of the day given as open, within the off-hours ones in the
     * others. One row, no grouping: the database only adds up.
     */
    complianceSums: async (
      sensorIds: readonly string[],
      fromHour: string,
      toHour: string,
      hoursOfDay: readonly string[],
      openHoursOfDay: readonly string[],
    ) => {
      const sums = { measured: 0, within: 0 };
      if (sensorIds.length === 0 || hoursOfDay.length === 0) return sums;
      const hourOfDay = sql<string>`substr(hour, 12, 2)`;
      const open = openHoursOfDay.length > 0 ? sql`${hourOfDay} in (${sql.join([...openHoursOfDay])})` : sql`1 = 0`;
      for (const part of chunks(sensorIds)) {
        let query = scope
          .selectFrom('temperature_hours')
          .select([
            sql<number | string | null>`sum(buckets_n)`.as('measured'),
            sql<number | string | null>`sum(case when ${open} then within_on_n else within_off_n end)`.as('within'),
          ])
          .where('sensor_id', 'in', part)
          .where('hour', '>=', fromHour)
          .where('hour', '<', toHour);
        // Every hour of the day (the usual case): no filter to evaluate on each row.
        if (hoursOfDay.length < 24) query = query.where(hourOfDay, 'in', [...hoursOfDay]);
        const row = await query.executeTakeFirst();
        sums.measured += Number(row?.measured ?? 0);
        sums.within += Number(row?.within ?? 0);
      }
      return sums;
    },
    /** The masks of the sensors' hours in the range, of the UTC hours of the day given (where the business hours change). */
    complianceHours: async (sensorIds: readonly string[], fromHour: string, toHour: string, hoursOfDay: readonly string[]) => {
      const rows: { sensor_id: string; hour: string; buckets: number; within_on: number; within_off: number }[] = [];
      if (hoursOfDay.length === 0) return rows;
      for (const part of chunks(sensorIds)) {
        const found = await scope
          .selectFrom('temperature_hours')
          .select(['sensor_id', 'hour', 'buckets', 'within_on', 'within_off'])
          .where('sensor_id', 'in', part)
          .where('hour', '>=', fromHour)
          .where('hour', '<', toHour)
          .where(sql<string>`substr(hour, 12, 2)`, 'in', [...hoursOfDay])
          .execute();
        for (const row of found) rows.push(row);
      }
      return rows;
    },
    /** A sensor's hourly points (curves past the 5-minute rollups' retention). */
    hours: (sensorId: string, fromHour: string, toHour: string) =>
      scope
        .selectFrom('temperature_hours')
        .select(['hour', 'n', 'sum', 'min', 'max'])
        .where('sensor_id', '=', sensorId)
        .where('hour', '>=', fromHour)
        .where('hour', '<', toHour)
        .orderBy('hour')
        .execute(),
    /**
     * How many rows an export of the sensors would write: raw readings in one range, 5-minute
     * rollups in another, hours ('YYYY-MM-DDTHH') in a third; counted before anything is read, so
     * an export too large to write is refused without loading it.
     */
    exportRowCount: async (
      sensorIds: readonly string[],
      ranges: { readings: { from: string; to: string }; rollups: { from: string; to: string }; hours: { from: string; to: string } },
    ): Promise<number> => {
      // The three detail levels' rows of the range, each counted by its own time column.
      const levels = [
        { table: 'temperature_readings', column: 'at', range: ranges.readings },
        { table: 'temperature_rollups', column: 'bucket', range: ranges.rollups },
        { table: 'temperature_hours', column: 'hour', range: ranges.hours },
      ] as const;
      let total = 0;
      for (const part of chunks(sensorIds)) {
        const counts = await Promise.all(
          levels.map(({ table, column, range }) =>
            scope
              .selectFrom(table)
              .select(sql<number | string>`count(*)`.as('n'))
              .where('sensor_id', 'in', part)
              .where(sql.ref(column), '>=', range.from)
              .where(sql.ref(column), '<', range.to)
              .executeTakeFirst(),
          ),
        );
        total += counts.reduce((sum, row) => sum + Number(row?.n ?? 0), 0);
      }
      return total;
    },
    readings: async (sensorIds: readonly string[], from: string, to: string) => {
      const rows: Omit<TemperatureReadingsTable, 'customer_id'>[] = [];
      for (const part of chunks(sensorIds)) {
        const found = await scope
          .selectFrom('temperature_readings')
          .select(['sensor_id', 'at', 'celsius', 'humidity'])
          .where('sensor_id', 'in', part)
          .where('at', '>=', from)
          .where('at', '<', to)
          .orderBy('sensor_id')
          .orderBy('at')
          .execute();
        // One push per row: spreading hundreds of thousands of readings as arguments overflows the stack.
        for (const row of found) rows.push(row);
      }
      return rows;
    },

    // ------------------------------------------------------------ alerts
    insertAlert: (row: Omit<AlertStored, 'customer_id'>) => scope.insertInto('temperature_alerts', [row]).execute(),
    closeAlert: (alertId: string, values: { ended_at: string; duration_s: number; peak: number }) =>
      scope.updateTable('temperature_alerts').set(values).where('id', '=', alertId).where('ended_at', 'is', null).execute(),
    updateAlertPeak: (alertId: string, peak: number) => scope.updateTable('temperature_alerts').set({ peak }).where('id', '=', alertId).execute(),
    alertsToRemind: (notifiedBefore: string) =>
      scope.selectFrom('temperature_alerts').selectAll().where('ended_at', 'is', null).where('notified_at', '<=', notifiedBefore).execute(),
    async claimReminder(alertId: string, previous: string, at: string): Promise<boolean> {
      const result = await scope
        .updateTable('temperature_alerts')
        .set({ notified_at: at })
        .where('id', '=', alertId)
        .where('notified_at', '=', previous)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    alert: (alertId: string) => scope.selectFrom('temperature_alerts').selectAll().where('id', '=', alertId).executeTakeFirst(),
    /** The one corrective action: written only while the alert has none. */
    async setAction(alertId: string, values: { action_text: string; action_by: string; action_at: string }): Promise<boolean> {
      const result = await scope.updateTable('temperature_alerts').set(values).where('id', '=', alertId).where('action_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async alertPage(query: AlertQuery) {
      if (query.shopIds.length === 0) return { total: 0, rows: [] };
      let base = scope.selectFrom('temperature_alerts').where('shop_id', 'in', [...query.shopIds]);
      if (query.sensorId) base = base.where('sensor_id', '=', query.sensorId);
      if (query.status === 'open') base = base.where('ended_at', 'is', null);
      if (query.status === 'closed') base = base.where('ended_at', 'is not', null);
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
        base
          .selectAll()
          .orderBy('raised_at', 'desc')
          .orderBy('id')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
      ]);
      return { total: Number(count?.n ?? 0), rows };
    },
    /** Open alerts per store of the list (stores without any are left out). */
    openAlertCountsByShop: async (shopIds: readonly string[]) => {
      if (shopIds.length === 0) return new Map<string, number>();
      const rows = await scope
        .selectFrom('temperature_alerts')
        .select(['shop_id'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('shop_id', 'in', [...shopIds])
        .where('ended_at', 'is', null)
        .groupBy('shop_id')
        .execute();
      return new Map(rows.map((row) => [row.shop_id, Number(row.n)]));
    },
    openAlertCount: async (shopIds: readonly string[]) => {
      if (shopIds.length === 0) return 0;
      const row = await scope
        .selectFrom('temperature_alerts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('shop_id', 'in', [...shopIds])
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    userNames: async (userIds: readonly string[]) => {
      if (userIds.length === 0) return new Map<string, string>();
      const rows = await scope
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select(['users.id', 'users.surname', 'users.given_name', 'users.login_name'])
        .where('memberships.user_id', 'in', [...userIds])
        .execute();
      return new Map(rows.map((row) => [row.id, `${row.surname} ${row.given_name}`.trim() || row.login_name]));
    },

    // ------------------------------------------------------------ who is told
    alertSetting: () => scope.selectFrom('alert_settings').select(['enabled', 'recipient_ids', 'interval_minutes', 'offline_after_minutes']).executeTakeFirst(),
    audience: () =>
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
export type TemperatureRepo = ReturnType<typeof temperatureRepo>;

/** The customers with a pending breach (the clock job then works inside each customer). */
export async function customersWithPendingBreaches(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('temperature_sensors').select('customer_id').distinct().where('breach_state', '=', 'pending').execute();
  return rows.map((row) => row.customer_id);
}

/** The customers with an open alert (the reminders then work inside each customer). */
export async function customersWithOpenAlerts(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('temperature_alerts').select('customer_id').distinct().where('ended_at', 'is', null).execute();
  return rows.map((row) => row.customer_id);
}

/**
 * Retention (docs/decisions/temperature.md): one chunk of the rows of `table` older than `before`,
 * for every customer at once. The chunk ends at the PURGE_CHUNK-th oldest row's instant, so a
 * delete removes at most that many rows plus the others of that same instant (one per sensor), each
 * a short write of its own. Answers the rows deleted (0: nothing older is left).
 */
export async function purgeChunk(db: DB, table: 'temperature_readings' | 'temperature_rollups' | 'temperature_hours', before: string): Promise<number> {
  const column = table === 'temperature_readings' ? 'at' : table === 'temperature_rollups' ? 'bucket' : 'hour';
  const edge = await db
    .selectFrom(table)
    .select(sql<string>`${sql.ref(column)}`.as('edge'))
    .where(sql.ref(column), '<', before)
    .orderBy(sql.ref(column))
    .offset(PURGE_CHUNK - 1)
    .limit(1)
    .executeTakeFirst();
  const result = await db
    .deleteFrom(table)
    .where(sql.ref(column), edge ? '<=' : '<', edge ? edge.edge : before)
    .where(sql.ref(column), '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
