import { type InsertObject, sql } from 'kysely';
import type { DB } from '../../../platform/db/database.ts';
import { type Database, FP_ELEMENT_METRIC_COLUMNS } from '../../../platform/db/schema.ts';
import type { TenantScope } from '../../../platform/tenancy/scoped.ts';
import { addHeat, mergeHeatGeometry, parseHeat, serializeHeat } from './heat.ts';
import type { FloorplanDeltas, PlanDelta } from './track-rollups.ts';

/** Rows per statement: below SQLite's bound-parameter limit with the widest rows. */
const CHUNK = 400;

export type NewRow<T extends keyof Database> = Omit<InsertObject<Database, T>, 'customer_id'>;
type AddingTable = 'fp_element_hourly' | 'fp_element_daily' | 'fp_flow_hourly' | 'fp_flow_daily' | 'fp_from_go_daily' | 'fp_plan_hourly' | 'fp_plan_daily';
type Row = Record<string, string | number>;

/** Sums hourly rows into daily ones by dropping the hour from the key. */
function daily(rows: readonly Row[], metrics: readonly string[]): Row[] {
  const days = new Map<string, Row>();
  for (const { hour: _hour, ...rest } of rows) {
    const key = Object.entries(rest)
      .filter(([column]) => !metrics.includes(column))
      .map(([, value]) => value)
      .join('|');
    const day = days.get(key);
    if (!day) days.set(key, { ...rest });
    else for (const column of metrics) day[column] = Number(day[column] ?? 0) + Number(rest[column] ?? 0);
  }
  return [...days.values()];
}

export function tracksRepo(scope: TenantScope) {
  /** INSERT ... ON CONFLICT (key) DO UPDATE SET metric = metric + excluded.metric, on both databases; casts stay here. */
  async function upsertAdding(table: AddingTable, keys: readonly string[], metrics: readonly string[], rows: readonly Row[]) {
    for (let start = 0; start < rows.length; start += CHUNK) {
      await scope
        .insertInto(table, rows.slice(start, start + CHUNK) as never[])
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

  /**
   * Adds heat cells, and the mask and camera point versions that made them, to plan rows already
   * upserted in this transaction. The upsert took the row's lock (PostgreSQL) or the database's
   * (SQLite), so reading, adding and writing the cells back cannot interleave with another batch's.
   * A minute whose cells were all masked still records the versions: they made that (empty) heat.
   */
  async function mergeHeat(table: 'fp_plan_hourly' | 'fp_plan_daily', rows: readonly PlanDelta[], hourly: boolean) {
    for (const row of rows) {
      if (row.heatMinutes === 0 || !row.shape) continue;
      let select = scope.selectFrom(table).select(['heat', 'heat_geometry']).where('plan_id', '=', row.planId).where('local_date', '=', row.date);
      if (hourly) select = select.where(sql.ref('hour'), '=', row.hour);
      const stored = await select.executeTakeFirst();
      const merged = addHeat(parseHeat(stored?.heat ?? '{}'), row.heat);
      let update = scope
        .updateTable(table)
        .set({
          heat: serializeHeat(merged),
          heat_cols: row.shape.cols,
          heat_rows: row.shape.rows,
          heat_geometry: mergeHeatGeometry(stored?.heat_geometry ?? '', row.geometry),
        })
        .where('plan_id', '=', row.planId)
        .where('local_date', '=', row.date);
      if (hourly) update = update.where(sql.ref('hour'), '=', row.hour);
      await update.execute();
    }
  }

  return {
    /** Tracks not stored before (the unique key is camera, track id and start): returns the keys inserted now. */
    async insertTracks(rows: readonly NewRow<'fp_tracks'>[]): Promise<Set<string>> {
      const inserted = new Set<string>();
      for (let start = 0; start < rows.length; start += CHUNK) {
        const done = await scope
          .insertInto('fp_tracks', rows.slice(start, start + CHUNK))
          .onConflict((oc) => oc.columns(['customer_id', 'camera_id', 'track_key', 'started_ms']).doNothing())
          .returning(['id'])
          .execute();
        for (const row of done) inserted.add(row.id);
      }
      return inserted;
    },

    /** Heat minutes not stored before (one per camera and minute): returns 'camera|at' of those inserted now. */
    async insertHeatMinutes(rows: readonly NewRow<'fp_heat_minutes'>[]): Promise<Set<string>> {
      const inserted = new Set<string>();
      for (let start = 0; start < rows.length; start += CHUNK) {
        const done = await scope
          .insertInto('fp_heat_minutes', rows.slice(start, start + CHUNK))
          .onConflict((oc) => oc.columns(['customer_id', 'camera_id', 'at']).doNothing())
          .returning(['camera_id', 'at'])
          .execute();
        for (const row of done) inserted.add(`${row.camera_id}|${row.at}`);
      }
      return inserted;
    },

    async applyDeltas(deltas: FloorplanDeltas): Promise<void> {
      const metrics = FP_ELEMENT_METRIC_COLUMNS;
      const elementRows = [...deltas.elements.values()].map((d) => ({
        shop_id: d.shopId,
        plan_id: d.planId,
        element_id: d.elementId,
        version: d.version,
        local_date: d.date,
        hour: d.hour,
        ...Object.fromEntries(metrics.map((column) => [column, d.sums[column] ?? 0])),
      }));
      const elementKey = ['plan_id', 'element_id', 'version', 'local_date'];
      await upsertAdding('fp_element_hourly', [...elementKey, 'hour'], metrics, elementRows);
      await upsertAdding('fp_element_daily', elementKey, metrics, daily(elementRows, metrics));

      const flowRows = [...deltas.flows.values()].map((d) => ({
        shop_id: d.shopId,
        plan_id: d.planId,
        line_id: d.lineId,
        version: d.version,
        local_date: d.date,
        hour: d.hour,
        forward: d.forward,
        backward: d.backward,
      }));
      const flowKey = ['plan_id', 'line_id', 'version', 'local_date'];
      await upsertAdding('fp_flow_hourly', [...flowKey, 'hour'], ['forward', 'backward'], flowRows);
      await upsertAdding('fp_flow_daily', flowKey, ['forward', 'backward'], daily(flowRows, ['forward', 'backward']));

      await upsertAdding(
        'fp_from_go_daily',
        ['plan_id', 'local_date', 'from_id', 'to_id'],
        ['transitions'],
        [...deltas.fromGo.values()].map((d) => ({
          shop_id: d.shopId,
          plan_id: d.planId,
          local_date: d.date,
          from_id: d.fromId,
          to_id: d.toId,
          transitions: d.transitions,
        })),
      );

      const planHours = [...deltas.plans.values()];
      const planRows = planHours.map((d) => ({
        shop_id: d.shopId,
        plan_id: d.planId,
        local_date: d.date,
        hour: d.hour,
        tracks: d.tracks,
        heat_minutes: d.heatMinutes,
      }));
      await upsertAdding('fp_plan_hourly', ['plan_id', 'local_date', 'hour'], ['tracks', 'heat_minutes'], planRows);
      await upsertAdding('fp_plan_daily', ['plan_id', 'local_date'], ['tracks', 'heat_minutes'], daily(planRows, ['tracks', 'heat_minutes']));
      await mergeHeat('fp_plan_hourly', planHours, true);
      const planDays = new Map<string, PlanDelta>();
      for (const hour of planHours) {
        if (hour.heatMinutes === 0) continue;
        const day = planDays.get(`${hour.planId}|${hour.date}`) ?? { ...hour, heatMinutes: 0, heat: new Map(), geometry: new Set<string>() };
        addHeat(day.heat, hour.heat);
        day.heatMinutes += hour.heatMinutes;
        day.shape = hour.shape;
        for (const token of hour.geometry) day.geometry.add(token);
        planDays.set(`${hour.planId}|${hour.date}`, day);
      }
      await mergeHeat('fp_plan_daily', [...planDays.values()], false);
    },

    /**
     * The floor-plan bench's volume (`npm run bench -- floorplan`): one plan's raw tracks copied to
     * another plan at the database's speed, as if that plan's store had sent the same days (200 plans
     * x 30 days are some 13 million tracks: the device API could not take them in a bench run). The
     * copy gets its own plan, shop and cameras; `tag` is put before the ids, which keeps the primary
     * keys apart and each copy's keys together (written in key order). Dates stay.
     */
    async copyPlanTracks(fromPlanId: string, copy: { planId: string; shopId: string; tag: string }): Promise<void> {
      await sql`insert into fp_tracks (customer_id, camera_id, track_key, started_ms, ended_ms, id, shop_id, local_date, hour, visitor_id, gender, age_band, plan_id, points, batch_ref)
        select t.customer_id, cast(${copy.tag} as text) || t.camera_id, t.track_key, t.started_ms, t.ended_ms, cast(${copy.tag} as text) || t.id, cast(${copy.shopId} as text),
          t.local_date, t.hour, t.visitor_id, t.gender, t.age_band, cast(${copy.planId} as text), t.points, t.batch_ref
        from fp_tracks t where t.customer_id = ${scope.customerId} and t.plan_id = ${fromPlanId} order by t.camera_id, t.track_key, t.started_ms`.execute(
        scope.db,
      );
    },

    /** Raw rows (tracks, heat minutes) the database holds for the customer: what the bench prints beside its reads. */
    async rawRowCounts(): Promise<{ tracks: number; heatMinutes: number }> {
      const [tracks, heatMinutes] = await Promise.all([
        scope.selectFrom('fp_tracks').select(sql<string | number>`count(*)`.as('n')).executeTakeFirst(),
        scope.selectFrom('fp_heat_minutes').select(sql<string | number>`count(*)`.as('n')).executeTakeFirst(),
      ]);
      return { tracks: Number(tracks?.n ?? 0), heatMinutes: Number(heatMinutes?.n ?? 0) };
    },

    /** A plan's stored tracks whose start falls in [fromDate, toDate] (local dates), in pages by id. */
    tracksOfPlan: (planId: string, fromDate: string, toDate: string, afterId: string, limit: number) =>
      scope
        .selectFrom('fp_tracks')
        .select(['id', 'shop_id', 'camera_id', 'started_ms', 'gender', 'age_band', 'points'])
        .where('plan_id', '=', planId)
        .where('local_date', '>=', fromDate)
        .where('local_date', '<=', toDate)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute(),

    /**
     * A plan's rollups of [fromDate, toDate], removed before they are computed again. The heat stays
     * (with the mask and camera point versions that made it): only a heat rebuild (clearHeat) redoes it.
     */
    async clearElementRollups(planId: string, fromDate: string, toDate: string): Promise<void> {
      for (const table of ['fp_element_hourly', 'fp_element_daily', 'fp_flow_hourly', 'fp_flow_daily', 'fp_from_go_daily'] as const) {
        await scope.deleteFrom(table).where('plan_id', '=', planId).where('local_date', '>=', fromDate).where('local_date', '<=', toDate).execute();
      }
      for (const table of ['fp_plan_hourly', 'fp_plan_daily'] as const) {
        await scope
          .updateTable(table)
          .set({ tracks: 0 })
          .where('plan_id', '=', planId)
          .where('local_date', '>=', fromDate)
          .where('local_date', '<=', toDate)
          .execute();
      }
    },

    /** The element versions that produced a plan's rollups since a date. */
    rolledUpVersions: (planId: string, fromDate: string) =>
      scope
        .selectFrom('fp_element_daily')
        .select(['element_id', 'version'])
        .distinct()
        .where('plan_id', '=', planId)
        .where('local_date', '>=', fromDate)
        .execute(),
    rolledUpLineVersions: (planId: string, fromDate: string) =>
      scope.selectFrom('fp_flow_daily').select(['line_id', 'version']).distinct().where('plan_id', '=', planId).where('local_date', '>=', fromDate).execute(),
    /** Plans with tracks since a date: the ones a recompute watch looks at. */
    plansWithTracks: async (fromDate: string) =>
      (await scope.selectFrom('fp_plan_daily').select('plan_id').distinct().where('local_date', '>=', fromDate).where('tracks', '>', 0).execute()).map(
        (row) => row.plan_id,
      ),

    /** The shop a plan's data belongs to, with its time zone (null: no data for the plan). */
    shopOfPlan: (planId: string) =>
      scope
        .selectFrom('fp_plan_daily')
        .innerJoin('shops', (join) => join.onRef('shops.customer_id', '=', 'fp_plan_daily.customer_id').onRef('shops.id', '=', 'fp_plan_daily.shop_id'))
        .select(['shops.id', 'shops.time_zone'])
        .where('fp_plan_daily.plan_id', '=', planId)
        .limit(1)
        .executeTakeFirst(),

    /** A plan's heat minutes of one local date, for a rebuild of its heat. */
    heatMinutesOfPlan: (planId: string, date: string) =>
      scope
        .selectFrom('fp_heat_minutes')
        .select(['camera_id', 'at', 'cols', 'rows', 'cells'])
        .where('plan_id', '=', planId)
        .where('local_date', '=', date)
        .execute(),
    /** The shop's cameras (their views decide which camera answers for which part of a plan). */
    cameraIdsOfShop: async (shopId: string) => (await scope.selectFrom('cameras').select('id').where('shop_id', '=', shopId).execute()).map((row) => row.id),
    async clearHeat(planId: string, date: string): Promise<void> {
      for (const table of ['fp_plan_hourly', 'fp_plan_daily'] as const) {
        await scope
          .updateTable(table)
          .set({ heat: '{}', heat_minutes: 0, heat_geometry: '' })
          .where('plan_id', '=', planId)
          .where('local_date', '=', date)
          .execute();
      }
    },

    recomputeSignature: async (planId: string) =>
      (await scope.selectFrom('fp_recompute_state').select('signature').where('plan_id', '=', planId).executeTakeFirst())?.signature ?? null,
    /** The element versions a plan's first rollups were made with, unless some are recorded already. */
    recordFirstSignature: (planId: string, signature: string, at: string) =>
      scope
        .insertInto('fp_recompute_state', [{ plan_id: planId, signature, updated_at: at }])
        .onConflict((oc) => oc.columns(['customer_id', 'plan_id']).doNothing())
        .execute(),
    setRecomputeSignature: (planId: string, signature: string, at: string) =>
      scope
        .insertInto('fp_recompute_state', [{ plan_id: planId, signature, updated_at: at }])
        .onConflict((oc) => oc.columns(['customer_id', 'plan_id']).doUpdateSet({ signature, updated_at: at }))
        .execute(),

    /** Raw rows past the 30 days: tracks by start, heat minutes by minute. */
    async purgeBefore(cutoff: string): Promise<{ tracks: number; heatMinutes: number }> {
      const tracks = await scope.deleteFrom('fp_tracks').where('started_ms', '<', Date.parse(cutoff)).executeTakeFirst();
      const heat = await scope.deleteFrom('fp_heat_minutes').where('at', '<', cutoff).executeTakeFirst();
      return { tracks: Number(tracks.numDeletedRows), heatMinutes: Number(heat.numDeletedRows) };
    },
  };
}
export type TracksRepo = ReturnType<typeof tracksRepo>;

/** Every customer, for the purge (customers is no tenant table: it lists the tenants). */
export async function allCustomerIds(db: DB): Promise<string[]> {
  return (await db.selectFrom('customers').select('id').orderBy('id').execute()).map((row) => row.id);
}
