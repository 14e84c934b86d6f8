import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * Visitor batches (issue 17 section 2): each batch a box reported, its screenshots (objects in
 * storage), and the rollup per store and local day the day view reads (tested against a rebuild);
 * and the embedded data boards' settings per customer (section 3: address, signing, the secret kept
 * server-side). customer_id leads every key (DESIGN T3).
 */
type Table = CreateTableBuilder<string, string>;
const customer = (table: CreateTableBuilder<string, never>): Table => table.addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'));
const counter = (table: Table, name: string): Table => table.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0));

export const BATCH_DAILY_COUNTERS = [
  'batches',
  'people',
  'type_single',
  'type_pair',
  'type_family',
  'type_group',
  'received',
  'stay_s',
  'reception_s',
  'band_none',
  'band_under1',
  'band_from1to3',
  'band_from3to5',
  'band_over5',
  'people_none',
  'people_under1',
  'people_from1to3',
  'people_from3to5',
  'people_over5',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await customer(db.schema.createTable('batch_visits').ifNotExists())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('batch_key', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('entered_at', 'text', (c) => c.notNull())
    .addColumn('exited_at', 'text', (c) => c.notNull())
    .addColumn('stay_s', 'integer', (c) => c.notNull())
    .addColumn('reception_started_at', 'text')
    .addColumn('reception_s', 'integer')
    .addColumn('visitor_type', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'text')
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('screenshots', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('batch_ref', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('batch_visits_pk', ['customer_id', 'id'])
    .addUniqueConstraint('batch_visits_key', ['customer_id', 'shop_id', 'batch_key'])
    .execute();
  await db.schema.createIndex('batch_visits_day_idx').ifNotExists().on('batch_visits').columns(['customer_id', 'shop_id', 'local_date']).execute();
  await db.schema.createIndex('batch_visits_received_idx').ifNotExists().on('batch_visits').columns(['customer_id', 'received_at', 'id']).execute();

  await customer(db.schema.createTable('batch_screenshots').ifNotExists())
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('at', 'text')
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('batch_screenshots_pk', ['customer_id', 'batch_id', 'idx'])
    .execute();

  let daily: Table = customer(db.schema.createTable('batch_shop_daily').ifNotExists())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull());
  for (const name of BATCH_DAILY_COUNTERS) daily = counter(daily, name);
  await daily.addPrimaryKeyConstraint('batch_shop_daily_pk', ['customer_id', 'shop_id', 'local_date']).execute();

  await customer(db.schema.createTable('board_settings').ifNotExists())
    .addColumn('board', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('signing', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('secret', 'text')
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('board_settings_pk', ['customer_id', 'board'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['board_settings', 'batch_shop_daily', 'batch_screenshots', 'batch_visits']) await db.schema.dropTable(table).ifExists().execute();
}
