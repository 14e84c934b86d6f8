import type { Kysely } from 'kysely';

/**
 * On-site inspection offline (issue 14 section 3): the phone sends its queued work when the
 * connection returns, and may send it again when an answer was lost on the way. A submission
 * carries a client-generated key kept on the assignment (a resend with the same key answers the
 * first result); a photo carries one kept on its media row, unique per assignment, so a resent
 * upload answers the picture already kept instead of adding a second.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inspection_assignments').addColumn('submission_key', 'text').execute();
  await db.schema.alterTable('inspection_result_media').addColumn('client_key', 'text').execute();
  // Nulls never collide (both databases): pictures taken online need no key.
  await db.schema
    .createIndex('inspection_result_media_client_key_uq')
    .ifNotExists()
    .unique()
    .on('inspection_result_media')
    .columns(['customer_id', 'assignment_id', 'client_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('inspection_result_media_client_key_uq').ifExists().execute();
  await db.schema.alterTable('inspection_result_media').dropColumn('client_key').execute();
  await db.schema.alterTable('inspection_assignments').dropColumn('submission_key').execute();
}
