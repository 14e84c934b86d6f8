import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * Floor-plan data from the boxes (issue 13 section 3): the raw tracks with their projection onto
 * the plan (kept 30 days, so that a region edit can recompute them), the cameras' per-minute heat
 * grids (kept 30 days too), and the rollups the analysis reads: per plan element (region, halt
 * area, enter area) and per flow line by local hour and day, from-and-go by day, and per plan the
 * tracks and the heat grid by hour and day. Live occupancy keeps its thresholds and whether each
 * was last seen above it. customer_id leads every key (DESIGN T3). Plan and element ids are those of
 * migration 0017; rollups name the element's version that produced them.
 */
type Table = CreateTableBuilder<string, string>;

const customer = (table: CreateTableBuilder<string, never>): Table => table.addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'));

/** Counts of a region, halt area or enter area: visits, passes, dwell, deep dwell, and the visitors' gender and age. */
const elementMetrics = (table: Table): Table =>
  table
    .addColumn('entries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('passes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dwell_s', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deep_entries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gender_male', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gender_female', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gender_unknown', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('age_0', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('age_1', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('age_2', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('age_3', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('age_4', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('age_5', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('age_6', 'integer', (c) => c.notNull().defaultTo(0));

export async function up(db: Kysely<unknown>): Promise<void> {
  await customer(db.schema.createTable('fp_tracks').ifNotExists())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'text', (c) => c.notNull())
    .addColumn('track_key', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('visitor_id', 'text')
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('age_band', 'text', (c) => c.notNull())
    // [offset ms, x, y] in camera pixels, as the box sent them.
    .addColumn('points', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text')
    // [offset ms, x, y] on the plan; null while the camera has no calibration on a plan.
    .addColumn('plan_points', 'text')
    .addColumn('batch_ref', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fp_tracks_pk', ['customer_id', 'id'])
    .addUniqueConstraint('fp_tracks_key', ['customer_id', 'camera_id', 'track_key', 'started_at'])
    .execute();
  await db.schema.createIndex('fp_tracks_plan_idx').ifNotExists().on('fp_tracks').columns(['customer_id', 'plan_id', 'local_date']).execute();
  await db.schema.createIndex('fp_tracks_shop_idx').ifNotExists().on('fp_tracks').columns(['customer_id', 'shop_id', 'ended_at']).execute();
  await db.schema.createIndex('fp_tracks_started_idx').ifNotExists().on('fp_tracks').columns(['started_at']).execute();

  await customer(db.schema.createTable('fp_heat_minutes').ifNotExists())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('cols', 'integer', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('cells', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text')
    .addPrimaryKeyConstraint('fp_heat_minutes_pk', ['customer_id', 'camera_id', 'at'])
    .execute();
  await db.schema.createIndex('fp_heat_minutes_plan_idx').ifNotExists().on('fp_heat_minutes').columns(['customer_id', 'plan_id', 'local_date']).execute();
  await db.schema.createIndex('fp_heat_minutes_at_idx').ifNotExists().on('fp_heat_minutes').columns(['at']).execute();

  for (const [table, hourly] of [
    ['fp_element_hourly', true],
    ['fp_element_daily', false],
  ] as const) {
    let builder: Table = customer(db.schema.createTable(table).ifNotExists())
      .addColumn('shop_id', 'text', (c) => c.notNull())
      .addColumn('plan_id', 'text', (c) => c.notNull())
      .addColumn('element_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('local_date', 'text', (c) => c.notNull());
    if (hourly) builder = builder.addColumn('hour', 'integer', (c) => c.notNull());
    await elementMetrics(builder)
      .addPrimaryKeyConstraint(`${table}_pk`, ['customer_id', 'plan_id', 'element_id', 'version', 'local_date', ...(hourly ? ['hour'] : [])])
      .execute();
  }

  for (const [table, hourly] of [
    ['fp_flow_hourly', true],
    ['fp_flow_daily', false],
  ] as const) {
    let builder: Table = customer(db.schema.createTable(table).ifNotExists())
      .addColumn('shop_id', 'text', (c) => c.notNull())
      .addColumn('plan_id', 'text', (c) => c.notNull())
      .addColumn('line_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('local_date', 'text', (c) => c.notNull());
    if (hourly) builder = builder.addColumn('hour', 'integer', (c) => c.notNull());
    await builder
      .addColumn('forward', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('backward', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint(`${table}_pk`, ['customer_id', 'plan_id', 'line_id', 'version', 'local_date', ...(hourly ? ['hour'] : [])])
      .execute();
  }

  await customer(db.schema.createTable('fp_from_go_daily').ifNotExists())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('from_id', 'text', (c) => c.notNull())
    .addColumn('to_id', 'text', (c) => c.notNull())
    .addColumn('transitions', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('fp_from_go_daily_pk', ['customer_id', 'plan_id', 'local_date', 'from_id', 'to_id'])
    .execute();

  for (const [table, hourly] of [
    ['fp_plan_hourly', true],
    ['fp_plan_daily', false],
  ] as const) {
    let builder: Table = customer(db.schema.createTable(table).ifNotExists())
      .addColumn('shop_id', 'text', (c) => c.notNull())
      .addColumn('plan_id', 'text', (c) => c.notNull())
      .addColumn('local_date', 'text', (c) => c.notNull());
    if (hourly) builder = builder.addColumn('hour', 'integer', (c) => c.notNull());
    await builder
      .addColumn('tracks', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('heat_minutes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('heat_cols', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('heat_rows', 'integer', (c) => c.notNull().defaultTo(0))
      // Sparse cells: {"index": dwell milliseconds}, row by row from the plan's top left.
      .addColumn('heat', 'text', (c) => c.notNull().defaultTo('{}'))
      .addPrimaryKeyConstraint(`${table}_pk`, ['customer_id', 'plan_id', 'local_date', ...(hourly ? ['hour'] : [])])
      .execute();
  }

  // The element versions a plan's rollups were last computed with: a change starts the 30-day recompute.
  await customer(db.schema.createTable('fp_recompute_state').ifNotExists())
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fp_recompute_state_pk', ['customer_id', 'plan_id'])
    .execute();

  await customer(db.schema.createTable('fp_occupancy').ifNotExists())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    // '' for the whole store, else the region.
    .addColumn('zone_id', 'text', (c) => c.notNull())
    .addColumn('threshold', 'integer')
    .addColumn('above', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('people', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('checked_at', 'text')
    .addPrimaryKeyConstraint('fp_occupancy_pk', ['customer_id', 'shop_id', 'zone_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'fp_occupancy',
    'fp_recompute_state',
    'fp_plan_daily',
    'fp_plan_hourly',
    'fp_from_go_daily',
    'fp_flow_daily',
    'fp_flow_hourly',
    'fp_element_daily',
    'fp_element_hourly',
    'fp_heat_minutes',
    'fp_tracks',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
