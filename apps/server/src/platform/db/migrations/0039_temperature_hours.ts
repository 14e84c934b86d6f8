import { type Kysely, sql } from 'kysely';

/**
 * Temperature at the scale (issue 16 section 5, docs/decisions/temperature.md): 1,000
 * stores x 10 sensors reading every minute is 14.4 million readings a day. A row per sensor and UTC
 * hour ('YYYY-MM-DDTHH') keeps what the long reads need and is kept 400 days while raw readings and
 * 5-minute rollups go sooner:
 * - the hour's curve point: count, sum, min and max of its readings (a curve past the 5-minute
 *   rollups' retention, and a year of curves in 8,760 rows per sensor);
 * - the compliance tallies as 12-bit masks, bit i the hour's i-th 5-minute bucket: buckets with
 *   readings, and those whose min and max lie within the business-hours limits and within the
 *   off-hours ones (the business ones when the sensor has none). Masks, not counts, because the
 *   store's business hours are applied when reading (they may change inside an hour and may be
 *   edited later), and because a bucket's readings can arrive over several batches: a bucket stays
 *   within only while every batch's part of it was within, which a mask updates without reading.
 * Each mask's count of buckets is kept beside it, so a store's 90-day compliance sums counts per
 * UTC hour of the day in SQL wherever the store's business hours are the same for that
 * hour on every day of the range, and reads masks only for the hours where they change (an opening
 * at 10:30, a daylight-saving shift). On SQLite the table is clustered by its key (WITHOUT ROWID):
 * a sensor's quarter is 2,160 neighbouring rows, not 2,160 lookups across the table.
 * Existing rollups are summed in here once, judged by the sensors' limits of today.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
  const table = db.schema
    .createTable('temperature_hours')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('sensor_id', 'text', (c) => c.notNull())
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('sum', 'double precision', (c) => c.notNull())
    .addColumn('min', 'double precision', (c) => c.notNull())
    .addColumn('max', 'double precision', (c) => c.notNull())
    .addColumn('buckets', 'integer', (c) => c.notNull())
    .addColumn('within_on', 'integer', (c) => c.notNull())
    .addColumn('within_off', 'integer', (c) => c.notNull())
    .addColumn('buckets_n', 'integer', (c) => c.notNull())
    .addColumn('within_on_n', 'integer', (c) => c.notNull())
    .addColumn('within_off_n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('temperature_hours_pk', ['customer_id', 'sensor_id', 'hour']);
  await (postgres ? table : table.modifyEnd(sql`without rowid`)).execute();
  // The retention job deletes by age across customers.
  await db.schema.createIndex('temperature_hours_hour_idx').ifNotExists().on('temperature_hours').columns(['hour']).execute();

  const bit = sql`(1 << (cast(substr(r.bucket, 15, 2) as integer) / 5))`;
  const on = sql`r.min >= s.low and r.max <= s.high`;
  const off = sql`case when s.off_low is null or s.off_high is null then ${on} else r.min >= s.off_low and r.max <= s.off_high end`;
  await sql`insert into temperature_hours (customer_id, sensor_id, hour, n, sum, min, max, buckets, within_on, within_off, buckets_n, within_on_n, within_off_n)
    select r.customer_id, r.sensor_id, substr(r.bucket, 1, 13), sum(r.n), sum(r.sum), min(r.min), max(r.max),
      sum(${bit}), sum(case when ${on} then ${bit} else 0 end), sum(case when ${off} then ${bit} else 0 end),
      count(*), sum(case when ${on} then 1 else 0 end), sum(case when ${off} then 1 else 0 end)
    from temperature_rollups r
    join temperature_sensors s on s.customer_id = r.customer_id and s.id = r.sensor_id
    group by r.customer_id, r.sensor_id, substr(r.bucket, 1, 13)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('temperature_hours').ifExists().execute();
}
