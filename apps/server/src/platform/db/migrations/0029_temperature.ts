import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * Temperature monitoring (issue 16 section 1): sensors of boxes with their limits and their breach
 * state (kept on the sensor row so it survives a restart), raw readings (kept 35 days), 5-minute
 * rollups (min, sum, count, max; kept 400 days: a year of curves without the raw rows) and alerts
 * with their one corrective action. customer_id leads every key (DESIGN T3).
 */
type Table = CreateTableBuilder<string, string>;
const customer = (table: CreateTableBuilder<string, never>): Table => table.addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'));

export async function up(db: Kysely<unknown>): Promise<void> {
  await customer(db.schema.createTable('temperature_sensors').ifNotExists())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('box_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('low', 'double precision', (c) => c.notNull())
    .addColumn('high', 'double precision', (c) => c.notNull())
    .addColumn('off_low', 'double precision')
    .addColumn('off_high', 'double precision')
    .addColumn('delay_minutes', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_at', 'text')
    .addColumn('last_celsius', 'double precision')
    .addColumn('last_humidity', 'double precision')
    .addColumn('breach_state', 'text', (c) => c.notNull().defaultTo('normal'))
    .addColumn('breach_side', 'text')
    .addColumn('breach_since', 'text')
    .addColumn('breach_limit', 'double precision')
    .addColumn('breach_peak', 'double precision')
    .addColumn('open_alert_id', 'text')
    .addPrimaryKeyConstraint('temperature_sensors_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('temperature_sensors_shop_idx').ifNotExists().on('temperature_sensors').columns(['customer_id', 'shop_id']).execute();
  await db.schema.createIndex('temperature_sensors_box_idx').ifNotExists().on('temperature_sensors').columns(['customer_id', 'box_id']).execute();
  await db.schema.createIndex('temperature_sensors_state_idx').ifNotExists().on('temperature_sensors').columns(['breach_state', 'breach_since']).execute();

  await customer(db.schema.createTable('temperature_readings').ifNotExists())
    .addColumn('sensor_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('celsius', 'double precision', (c) => c.notNull())
    .addColumn('humidity', 'double precision')
    .addPrimaryKeyConstraint('temperature_readings_pk', ['customer_id', 'sensor_id', 'at'])
    .execute();
  await db.schema.createIndex('temperature_readings_at_idx').ifNotExists().on('temperature_readings').columns(['at']).execute();

  await customer(db.schema.createTable('temperature_rollups').ifNotExists())
    .addColumn('sensor_id', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('sum', 'double precision', (c) => c.notNull())
    .addColumn('min', 'double precision', (c) => c.notNull())
    .addColumn('max', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('temperature_rollups_pk', ['customer_id', 'sensor_id', 'bucket'])
    .execute();
  await db.schema.createIndex('temperature_rollups_bucket_idx').ifNotExists().on('temperature_rollups').columns(['bucket']).execute();

  await customer(db.schema.createTable('temperature_alerts').ifNotExists())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('sensor_id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('limit_value', 'double precision', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('raised_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('duration_s', 'integer')
    .addColumn('peak', 'double precision', (c) => c.notNull())
    .addColumn('notified_at', 'text')
    .addColumn('action_text', 'text')
    .addColumn('action_by', 'text')
    .addColumn('action_at', 'text')
    .addPrimaryKeyConstraint('temperature_alerts_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('temperature_alerts_shop_idx').ifNotExists().on('temperature_alerts').columns(['customer_id', 'shop_id', 'raised_at']).execute();
  await db.schema
    .createIndex('temperature_alerts_sensor_idx')
    .ifNotExists()
    .on('temperature_alerts')
    .columns(['customer_id', 'sensor_id', 'raised_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['temperature_alerts', 'temperature_rollups', 'temperature_readings', 'temperature_sensors']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
