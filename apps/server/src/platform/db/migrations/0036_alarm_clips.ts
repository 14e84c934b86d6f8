import type { Kysely } from 'kysely';

/**
 * An alarm's clip (issue 15 section 2): the MP4 a box cut around the alarm and posted in a second
 * call, checked as a video and kept under 'alarm-media/' for a year (spec section 9). One clip per
 * alarm: the first any of its reports brought.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alarm_clips')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('alarm_id', 'text', (c) => c.notNull())
    .addColumn('report_id', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('alarm_clips_pk', ['customer_id', 'alarm_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alarm_clips').ifExists().execute();
}
