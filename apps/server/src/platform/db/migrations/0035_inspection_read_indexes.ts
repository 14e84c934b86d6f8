import type { Kysely } from 'kysely';

/**
 * Two reads of inspection that grew with history (npm run bench -- inspection, docs/PERFORMANCE.md):
 * - the analysis reads a range of store-local dates across every plan (issue 14 section 5): its
 *   assignments by date, then their item results by assignment. Without the date index a range was
 *   found by walking all of the customer's assignments, and on SQLite all of its item results
 *   (0.9 s for a week of 1,000 stores);
 * - the to-do list reads the open assignments: without the status index, every assignment of the
 *   handler's plans was read to find today's (0.27 s at a year of 1,000 stores; about 1 ms with it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('inspection_assignments_date_idx')
    .ifNotExists()
    .on('inspection_assignments')
    .columns(['customer_id', 'batch_date', 'status'])
    .execute();
  await db.schema
    .createIndex('inspection_assignments_open_idx')
    .ifNotExists()
    .on('inspection_assignments')
    .columns(['customer_id', 'status', 'window_end'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('inspection_assignments_open_idx').ifExists().execute();
  await db.schema.dropIndex('inspection_assignments_date_idx').ifExists().execute();
}
