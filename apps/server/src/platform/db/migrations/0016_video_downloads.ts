import type { Kysely } from 'kysely';

/**
 * Video download tasks (issue 12 section 3): one row per camera and range, what a person watches
 * (status, progress, failure) while a platform job cuts the clip. `location` names the MP4 in video
 * storage under 'downloads/' once generated; instants of the range are epoch milliseconds like the
 * segment index. customer_id leads every key (DESIGN T3).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_downloads')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'text', (c) => c.notNull())
    .addColumn('start_ms', 'bigint', (c) => c.notNull())
    .addColumn('end_ms', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull())
    .addColumn('failure', 'text')
    .addColumn('location', 'text')
    .addColumn('bytes', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addPrimaryKeyConstraint('video_downloads_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('video_downloads_created_idx').on('video_downloads').columns(['customer_id', 'created_at']).execute();
  await db.schema.createIndex('video_downloads_status_idx').on('video_downloads').columns(['status', 'completed_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_downloads').execute();
}
