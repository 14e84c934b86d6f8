import { type Kysely, sql } from 'kysely';

/**
 * PostgreSQL only: a store's compliance reads 2,160 hours per sensor (a quarter), and the table's
 * heap keeps rows in arrival order, an hour of every sensor beside each other, so one sensor's quarter
 * lay on some 2,000 pages: 58 ms at p95 for a store whose pages were not cached (extensions bench,
 * 2026-11-29), over the 50 ms asked. This index holds what the compliance sums, in the key's order,
 * so the read is an index-only scan of neighbouring entries. SQLite needs none: its table is
 * `without rowid` (migration 0039), stored in the key's order already.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres')) return;
  await sql`create index if not exists temperature_hours_sums_idx on temperature_hours (customer_id, sensor_id, hour)
    include (buckets_n, within_on_n, within_off_n)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists temperature_hours_sums_idx`.execute(db);
}
