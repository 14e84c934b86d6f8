import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * Audiences (issue 17 section 1): the boxes' Wi-Fi sightings (pseudonymised identifiers only; the
 * randomised ones as counts per store, day and presence), audiences with their conditions, state,
 * evaluation and members, the combined audiences' sources, uploaded identifier lists, advertising
 * channels and the export log, promotions and their material images. The customer's privacy
 * settings gain `collect_wifi` (off: the sightings are not collected at all). customer_id leads
 * every key (DESIGN T3).
 */
type Table = CreateTableBuilder<string, string>;
const customer = (table: CreateTableBuilder<string, never>): Table => table.addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'));

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('privacy_settings')
    .addColumn('collect_wifi', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await customer(db.schema.createTable('crowd_sightings').ifNotExists())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('wifi_id', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('dwell_s', 'integer', (c) => c.notNull())
    .addColumn('presence', 'text', (c) => c.notNull())
    .addColumn('batch_ref', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('crowd_sightings_pk', ['customer_id', 'shop_id', 'wifi_id', 'first_seen_at'])
    .execute();
  await db.schema.createIndex('crowd_sightings_day_idx').ifNotExists().on('crowd_sightings').columns(['customer_id', 'shop_id', 'local_date']).execute();
  await db.schema.createIndex('crowd_sightings_id_idx').ifNotExists().on('crowd_sightings').columns(['customer_id', 'wifi_id']).execute();

  await customer(db.schema.createTable('crowd_random_daily').ifNotExists())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('presence', 'text', (c) => c.notNull())
    .addColumn('sightings', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('crowd_random_daily_pk', ['customer_id', 'shop_id', 'local_date', 'presence'])
    .execute();

  await customer(db.schema.createTable('crowd_audiences').ifNotExists())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('strategy', 'text', (c) => c.notNull())
    .addColumn('conditions', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure', 'text')
    .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mac_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('randomized_count', 'integer', (c) => c.notNull().defaultTo(0))
    // Bumped by every change and every request to generate: a job of an older version stands down.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('evaluation_status', 'text', (c) => c.notNull())
    .addColumn('evaluation', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('generated_at', 'text')
    .addPrimaryKeyConstraint('crowd_audiences_pk', ['customer_id', 'id'])
    .addUniqueConstraint('crowd_audiences_name', ['customer_id', 'name_key'])
    .execute();

  await customer(db.schema.createTable('crowd_audience_shops').ifNotExists())
    .addColumn('audience_id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('crowd_audience_shops_pk', ['customer_id', 'audience_id', 'shop_id'])
    .execute();
  await customer(db.schema.createTable('crowd_audience_sources').ifNotExists())
    .addColumn('audience_id', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('crowd_audience_sources_pk', ['customer_id', 'audience_id', 'source_id'])
    .execute();
  await db.schema.createIndex('crowd_audience_sources_src_idx').ifNotExists().on('crowd_audience_sources').columns(['customer_id', 'source_id']).execute();
  await customer(db.schema.createTable('crowd_audience_members').ifNotExists())
    .addColumn('audience_id', 'text', (c) => c.notNull())
    .addColumn('wifi_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('crowd_audience_members_pk', ['customer_id', 'audience_id', 'wifi_id'])
    .execute();
  await customer(db.schema.createTable('crowd_uploaded_ids').ifNotExists())
    .addColumn('audience_id', 'text', (c) => c.notNull())
    .addColumn('wifi_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('crowd_uploaded_ids_pk', ['customer_id', 'audience_id', 'wifi_id'])
    .execute();

  await customer(db.schema.createTable('crowd_channels').ifNotExists())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('crowd_channels_pk', ['customer_id', 'id'])
    .addUniqueConstraint('crowd_channels_name', ['customer_id', 'name_key'])
    .execute();
  await customer(db.schema.createTable('crowd_exports').ifNotExists())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('audience_id', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('channel_name', 'text', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('exported_by', 'text', (c) => c.notNull())
    .addColumn('exported_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('crowd_exports_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('crowd_exports_audience_idx').ifNotExists().on('crowd_exports').columns(['customer_id', 'audience_id']).execute();

  await customer(db.schema.createTable('crowd_promotions').ifNotExists())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('audience_id', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('landing_url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('crowd_promotions_pk', ['customer_id', 'id'])
    .execute();
  await customer(db.schema.createTable('crowd_materials').ifNotExists())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('promotion_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('crowd_materials_pk', ['customer_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'crowd_materials',
    'crowd_promotions',
    'crowd_exports',
    'crowd_channels',
    'crowd_uploaded_ids',
    'crowd_audience_members',
    'crowd_audience_sources',
    'crowd_audience_shops',
    'crowd_audiences',
    'crowd_random_daily',
    'crowd_sightings',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('privacy_settings').dropColumn('collect_wifi').execute();
}
