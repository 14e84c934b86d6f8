import type { Kysely } from 'kysely';

/**
 * Virtual store / panoramic tour (issue 12 section 5b): a store's panoramas (the image lives in
 * object storage under `storage_prefix`: the stored-size JPEG, the low-resolution base and the
 * tiles) and their hotspots (a camera's live view, or a link to another panorama of the store).
 * Angles are radians in double precision ('real' is single precision on PostgreSQL, which would
 * move a hotspot by up to a pixel on a large panorama). customer_id leads every key (DESIGN T3).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('panoramas')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('initial_yaw', 'double precision', (c) => c.notNull())
    .addColumn('initial_pitch', 'double precision', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('uploaded_width', 'integer', (c) => c.notNull())
    .addColumn('uploaded_height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_prefix', 'text', (c) => c.notNull())
    .addColumn('tile_cols', 'integer', (c) => c.notNull())
    .addColumn('tile_rows', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('panoramas_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('panoramas_shop_idx').on('panoramas').columns(['customer_id', 'shop_id', 'sort_order']).execute();

  await db.schema
    .createTable('panorama_hotspots')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('panorama_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('yaw', 'double precision', (c) => c.notNull())
    .addColumn('pitch', 'double precision', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'text')
    .addColumn('target_panorama_id', 'text')
    .addPrimaryKeyConstraint('panorama_hotspots_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('panorama_hotspots_panorama_idx').on('panorama_hotspots').columns(['customer_id', 'panorama_id', 'position']).execute();
  await db.schema.createIndex('panorama_hotspots_target_idx').on('panorama_hotspots').columns(['customer_id', 'target_panorama_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('panorama_hotspots').ifExists().execute();
  await db.schema.dropTable('panoramas').ifExists().execute();
}
