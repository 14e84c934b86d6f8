import type { Kysely } from 'kysely';

/**
 * Throttle counters (issue 10): attempts per key (an account, a client address, a recovery target)
 * in a window, counted by one atomic upsert so that parallel attempts cannot all read "below the
 * limit" before any of them writes. Replaces login_throttle, whose read-then-write let a burst of
 * parallel sign-ins through and which counted per typed name (e-mail and mobile apart).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('throttle_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.dropTable('login_throttle').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('throttle_counters').ifExists().execute();
  await db.schema
    .createTable('login_throttle')
    .addColumn('account', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'text', (c) => c.notNull())
    .execute();
}
