import { type Kysely, sql } from 'kysely';

/**
 * Jobs (issue 10): the durable queue of platform/jobs. A platform table like the weather: a job may
 * name the customer it works for, but the queue is read across customers by the workers (the one
 * place that finds the tenant, like the device token lookup), so customer_id is a column, not a key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('unique_key', 'text')
    .addColumn('concurrency_key', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('heartbeat_at', 'text')
    // Enqueue order (time in microseconds-ish, strictly rising within a process): ids and times tie within a millisecond.
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  // Workers take the oldest due job of the names they run.
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();
  // One job per occurrence of a schedule (or per idempotency key), however many schedulers race.
  await db.schema.createIndex('jobs_unique_key_idx').on('jobs').column('unique_key').unique().execute();
  // At most one running job per concurrency key (one POS import per customer at a time): a second
  // claim loses on this index instead of on a read-then-write race.
  await db.schema.createIndex('jobs_one_running_per_key_idx').on('jobs').column('concurrency_key').unique().where(sql.ref('status'), '=', 'running').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').ifExists().execute();
}
