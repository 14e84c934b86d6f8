import type { Kysely } from 'kysely';

/**
 * Store video (issue 12): each camera's source, the index of recorded segments, the availability
 * rollup the playback axis reads (recorded milliseconds per camera and 10-minute bucket, kept with
 * the index so the axis never scans 30 days of segments), and the camera live log (who watched
 * what). Instants are epoch milliseconds. customer_id leads every key (DESIGN T3).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_sources')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('camera_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_sources_pk', ['customer_id', 'camera_id'])
    .execute();

  await db.schema
    .createTable('video_segments')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'text', (c) => c.notNull())
    .addColumn('start_ms', 'bigint', (c) => c.notNull())
    .addColumn('end_ms', 'bigint', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    // The fMP4 init part (ftyp + moov) is bytes [0, init_bytes); the media part follows for media_bytes.
    .addColumn('init_bytes', 'integer', (c) => c.notNull())
    .addColumn('media_bytes', 'bigint', (c) => c.notNull())
    // Segments of one recorder run share timestamps and init; a new run starts a discontinuity.
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_segments_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('video_segments_camera_start').on('video_segments').columns(['customer_id', 'camera_id', 'start_ms']).execute();
  await db.schema.createIndex('video_segments_location').on('video_segments').columns(['customer_id', 'location']).execute();

  await db.schema
    .createTable('video_availability')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('camera_id', 'text', (c) => c.notNull())
    .addColumn('bucket_ms', 'bigint', (c) => c.notNull())
    .addColumn('recorded_ms', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_availability_pk', ['customer_id', 'camera_id', 'bucket_ms'])
    .execute();

  await db.schema
    .createTable('video_watch_log')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_ms', 'bigint')
    .addColumn('to_ms', 'bigint')
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_watch_log_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('video_watch_log_at').on('video_watch_log').columns(['customer_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['video_watch_log', 'video_availability', 'video_segments', 'video_sources']) await db.schema.dropTable(table).ifExists().execute();
}
