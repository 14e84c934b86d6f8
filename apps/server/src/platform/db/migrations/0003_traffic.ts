import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

/**
 * Traffic (issue 4): device batches (idempotency), raw events per kind, the visits fact table,
 * rollups per shop and per entrance by local hour, day, week and month, the flow configuration,
 * calendar events, privacy settings and saved custom reports. Every table carries customer_id in
 * its primary key (DESIGN T3). The metric columns are written out here, not imported, so this
 * migration stays what it was when it ran.
 */
const SHOP_METRICS = [
  'entries',
  'exits',
  'passersby',
  'staff_entries',
  'visits',
  'new_visits',
  'repeat_visits',
  'staff_visits',
  'dwell_sum_s',
  'deep_visits',
  'depth_light',
  'depth_moderate',
  'depth_deep',
  'dwell_b0',
  'dwell_b1',
  'dwell_b2',
  'dwell_b3',
  'dwell_b4',
  'dwell_b5',
  'dwell_b6',
  'gender_male',
  'gender_female',
  'gender_unknown',
  'age_0',
  'age_1',
  'age_2',
  'age_3',
  'age_4',
  'age_5',
  'age_6',
];
const ENTRANCE_METRICS = ['entries', 'exits', 'passersby', 'staff_entries'];

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
}

type Builder = CreateTableBuilder<string, string>;

function withMetrics(builder: Builder, columns: string[]): Builder {
  let next = builder;
  for (const column of columns) {
    next = next.addColumn(column, column === 'dwell_sum_s' ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0));
  }
  return next;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  // Rollups are read by key range; on SQLite a WITHOUT ROWID table keeps rows clustered by the key.
  const clustered = (builder: Builder): Builder => (postgres ? builder : builder.modifyEnd(sql`without rowid`));

  // Device tokens are looked up by their hash before the customer is known.
  await db.schema.createIndex('boxes_token_hash_idx').on('boxes').column('token_hash').execute();

  await db.schema
    .createTable('traffic_batches')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('box_id', 'text', (c) => c.notNull())
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('event_count', 'integer', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('traffic_batches_pk', ['customer_id', 'box_id', 'batch_id'])
    .execute();

  await db.schema
    .createTable('traffic_line_events')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('batch_ref', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('is_staff', 'integer', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('traffic_line_events_pk', ['customer_id', 'batch_ref', 'seq'])
    .execute();
  await db.schema.createIndex('traffic_line_events_shop_idx').on('traffic_line_events').columns(['customer_id', 'shop_id', 'local_date']).execute();

  await db.schema
    .createTable('traffic_passerby_events')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('batch_ref', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('traffic_passerby_events_pk', ['customer_id', 'batch_ref', 'seq'])
    .execute();
  await db.schema.createIndex('traffic_passerby_events_shop_idx').on('traffic_passerby_events').columns(['customer_id', 'shop_id', 'local_date']).execute();

  await db.schema
    .createTable('traffic_zone_events')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('batch_ref', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'text', (c) => c.notNull())
    .addColumn('region_id', 'text', (c) => c.notNull())
    .addColumn('visitor_id', 'text')
    .addColumn('entered_at', 'text', (c) => c.notNull())
    .addColumn('exited_at', 'text', (c) => c.notNull())
    .addColumn('dwell_s', 'integer', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('traffic_zone_events_pk', ['customer_id', 'batch_ref', 'seq'])
    .execute();
  await db.schema.createIndex('traffic_zone_events_shop_idx').on('traffic_zone_events').columns(['customer_id', 'shop_id', 'local_date']).execute();

  // The visits fact table (DESIGN D2): one row per completed visit, keyed by the anonymous visitor,
  // with what ingest derived (local date and hour, stay, new or repeat, gap since the previous visit).
  await db.schema
    .createTable('traffic_visits')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('entered_at', 'text', (c) => c.notNull())
    .addColumn('exited_at', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'text')
    .addColumn('batch_ref', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('age_band', 'text', (c) => c.notNull())
    .addColumn('is_staff', 'integer', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('dwell_s', 'integer', (c) => c.notNull())
    .addColumn('is_new', 'integer', (c) => c.notNull())
    .addColumn('revisit_gap_s', 'integer')
    .addPrimaryKeyConstraint('traffic_visits_pk', ['customer_id', 'shop_id', 'visitor_id', 'entered_at'])
    .execute();
  await db.schema.createIndex('traffic_visits_date_idx').on('traffic_visits').columns(['customer_id', 'shop_id', 'local_date']).execute();

  const shopRollup = (name: string, keys: [string, string][]) => {
    let builder: Builder = db.schema
      .createTable(name)
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('shop_id', 'text', (c) => c.notNull());
    for (const [column, type] of keys) builder = builder.addColumn(column, type === 'integer' ? 'integer' : 'text', (c) => c.notNull());
    builder = withMetrics(builder, SHOP_METRICS);
    return clustered(builder.addPrimaryKeyConstraint(`${name}_pk`, ['customer_id', 'shop_id', ...keys.map(([column]) => column)])).execute();
  };
  await shopRollup('traffic_shop_hourly', [
    ['local_date', 'text'],
    ['hour', 'integer'],
  ]);
  await shopRollup('traffic_shop_daily', [['local_date', 'text']]);
  // Narrow covering indexes for the hot reads (entries, passers-by, visits, stays over many shops):
  // a range read touches a third of the bytes it would in the full rollup rows.
  const CORE = ['entries', 'exits', 'passersby', 'visits', 'new_visits', 'repeat_visits', 'dwell_sum_s', 'deep_visits'];
  await db.schema
    .createIndex('traffic_shop_hourly_core_idx')
    .on('traffic_shop_hourly')
    .columns(['customer_id', 'shop_id', 'local_date', 'hour', ...CORE])
    .execute();
  await db.schema
    .createIndex('traffic_shop_daily_core_idx')
    .on('traffic_shop_daily')
    .columns(['customer_id', 'shop_id', 'local_date', ...CORE])
    .execute();
  await shopRollup('traffic_shop_weekly', [['week_start', 'text']]);
  await shopRollup('traffic_shop_monthly', [['month', 'text']]);

  const entranceRollup = (name: string, keys: [string, string][]) => {
    let builder: Builder = db.schema
      .createTable(name)
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('shop_id', 'text', (c) => c.notNull())
      .addColumn('camera_id', 'text', (c) => c.notNull());
    for (const [column, type] of keys) builder = builder.addColumn(column, type === 'integer' ? 'integer' : 'text', (c) => c.notNull());
    builder = withMetrics(builder, ENTRANCE_METRICS);
    return clustered(builder.addPrimaryKeyConstraint(`${name}_pk`, ['customer_id', 'shop_id', 'camera_id', ...keys.map(([column]) => column)])).execute();
  };
  await entranceRollup('traffic_entrance_hourly', [
    ['local_date', 'text'],
    ['hour', 'integer'],
  ]);
  await entranceRollup('traffic_entrance_daily', [['local_date', 'text']]);

  await clustered(
    db.schema
      .createTable('traffic_zone_daily')
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('shop_id', 'text', (c) => c.notNull())
      .addColumn('camera_id', 'text', (c) => c.notNull())
      .addColumn('region_id', 'text', (c) => c.notNull())
      .addColumn('local_date', 'text', (c) => c.notNull())
      .addColumn('stays', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('dwell_sum_s', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('traffic_zone_daily_pk', ['customer_id', 'shop_id', 'camera_id', 'region_id', 'local_date']),
  ).execute();

  await db.schema
    .createTable('traffic_shop_status')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('last_ingest_at', 'text', (c) => c.notNull())
    .addColumn('last_event_at', 'text')
    .addPrimaryKeyConstraint('traffic_shop_status_pk', ['customer_id', 'shop_id'])
    .execute();

  await db.schema
    .createTable('flow_settings')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('flow_settings_pk', ['customer_id'])
    .execute();

  await db.schema
    .createTable('privacy_settings')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('blur_faces', 'integer', (c) => c.notNull())
    .addColumn('retention_days', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('privacy_settings_pk', ['customer_id'])
    .execute();

  await db.schema
    .createTable('calendar_events')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('all_shops', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendar_events_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('calendar_events_dates_idx').on('calendar_events').columns(['customer_id', 'start_date', 'end_date']).execute();
  await db.schema
    .createTable('calendar_event_shops')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendar_event_shops_pk', ['customer_id', 'event_id', 'shop_id'])
    .execute();

  await db.schema
    .createTable('custom_reports')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('custom_reports_pk', ['customer_id', 'id'])
    .addUniqueConstraint('custom_reports_name_uq', ['customer_id', 'user_id', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'custom_reports',
    'calendar_event_shops',
    'calendar_events',
    'privacy_settings',
    'flow_settings',
    'traffic_shop_status',
    'traffic_zone_daily',
    'traffic_entrance_daily',
    'traffic_entrance_hourly',
    'traffic_shop_monthly',
    'traffic_shop_weekly',
    'traffic_shop_daily',
    'traffic_shop_hourly',
    'traffic_visits',
    'traffic_zone_events',
    'traffic_passerby_events',
    'traffic_line_events',
    'traffic_batches',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('boxes_token_hash_idx').ifExists().execute();
}
