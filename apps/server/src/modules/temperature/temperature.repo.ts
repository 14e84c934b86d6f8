import { sql } from 'kysely';
import type { DB } from '../../platform/db/database.ts';
import type { TemperatureAlertsTable, TemperatureReadingsTable, TemperatureRollupsTable, TemperatureSensorsTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

export type SensorStored = TemperatureSensorsTable;
export type AlertStored = TemperatureAlertsTable;
export type SensorWithShop = SensorStored & { shop_name: string; time_zone: string; business_hours: string };

/** Batched IN lists stay well under SQLite's variable limit. */
const CHUNK = 500;
const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
};

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
    async existingReadings(sensorId: string, ats: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (const part of chunks(ats)) {
        const rows = await scope.selectFrom('temperature_readings').select('at').where('sensor_id', '=', sensorId).where('at', 'in', part).execute();
        for (const row of rows) found.add(row.at);
      }
      return found;
    },
    async insertReadings(rows: readonly Omit<TemperatureReadingsTable, 'customer_id'>[]): Promise<void> {
      for (const part of chunks(rows)) await scope.insertInto('temperature_readings', part).execute();
    },
    /** Adds readings to their 5-minute buckets: counts and sums add up, min and max keep the extremes. */
    async addToRollups(rows: readonly Omit<TemperatureRollupsTable, 'customer_id'>[]): Promise<void> {
      for (const row of rows) {
        await scope
          .insertInto('temperature_rollups', [row])
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
     * Per sensor and UTC hour of the range: rollup buckets, and those within the business-hours
     * limits and within the off-hours ones (the business ones when it has none), counted in SQL.
     */
    complianceHours: async (sensorIds: readonly string[], from: string, to: string) => {
      if (sensorIds.length === 0) return [];
      const hour = sql<string>`substr(temperature_rollups.bucket, 1, 13)`;
      const onLimits = sql`temperature_rollups.min >= temperature_sensors.low and temperature_rollups.max <= temperature_sensors.high`;
      const offLimits = sql`case when temperature_sensors.off_low is null or temperature_sensors.off_high is null then ${onLimits}
        else temperature_rollups.min >= temperature_sensors.off_low and temperature_rollups.max <= temperature_sensors.off_high end`;
      const rows = await scope
        .selectFrom('temperature_rollups')
        .innerJoin('temperature_sensors', (join) =>
          join
            .onRef('temperature_sensors.customer_id', '=', 'temperature_rollups.customer_id')
            .onRef('temperature_sensors.id', '=', 'temperature_rollups.sensor_id'),
        )
        .select(['temperature_rollups.sensor_id'])
        .select([
          hour.as('hour'),
          sql<number | string>`count(*)`.as('n'),
          sql<number | string>`sum(case when ${onLimits} then 1 else 0 end)`.as('within_on'),
          sql<number | string>`sum(case when ${offLimits} then 1 else 0 end)`.as('within_off'),
        ])
        .where('temperature_rollups.sensor_id', 'in', [...sensorIds])
        .where('temperature_rollups.bucket', '>=', from)
        .where('temperature_rollups.bucket', '<', to)
        .groupBy(['temperature_rollups.sensor_id', hour])
        .execute();
      return rows.map((row) => ({
        sensorId: row.sensor_id,
        hour: row.hour,
        n: Number(row.n),
        withinOn: Number(row.within_on),
        withinOff: Number(row.within_off),
      }));
    },
    /** The rollups of one sensor's hour (the hours a business-hours change falls into). */
    rollupsOfHour: (sensorId: string, hourStart: string, hourEnd: string) =>
      scope
        .selectFrom('temperature_rollups')
        .select(['bucket', 'min', 'max'])
        .where('sensor_id', '=', sensorId)
        .where('bucket', '>=', hourStart)
        .where('bucket', '<', hourEnd)
        .execute(),
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

/** Retention (docs/decisions/temperature.md): raw readings and rollups older than their horizons, for every customer at once. */
export async function purgeOlderThan(db: DB, readingsBefore: string, rollupsBefore: string): Promise<{ readings: number; rollups: number }> {
  const readings = await db.deleteFrom('temperature_readings').where('at', '<', readingsBefore).executeTakeFirst();
  const rollups = await db.deleteFrom('temperature_rollups').where('bucket', '<', rollupsBefore).executeTakeFirst();
  return { readings: Number(readings.numDeletedRows), rollups: Number(rollups.numDeletedRows) };
}
