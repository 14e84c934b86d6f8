import { type Kysely, sql } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
}

/**
 * PostgreSQL only: how many results an assignment has, told to the planner (issue 14 section 6,
 * docs/PERFORMANCE.md "Inspection").
 *
 * ANALYZE samples 30,000 of a year's 7.3 million item results and guessed 87,000 assignments among
 * them (there are 365,000): 84 results an assignment, not 20. Looking up a few hundred assignments'
 * results then looked dearer than scanning every assignment in parallel, and the analysis of 50
 * stores' week took 225 ms p50 instead of 14 (EXPLAIN ANALYZE on the bench's database). An
 * assignment holds its plan's items, tens of them: a fixed share of one distinct assignment per 20
 * rows keeps the estimate right as the table grows. SQLite plans by its own rules (and a CROSS JOIN's
 * order): nothing to do there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table inspection_assignment_items alter column assignment_id set (n_distinct = -0.05)`.execute(db);
  await sql`analyze inspection_assignment_items`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table inspection_assignment_items alter column assignment_id reset (n_distinct)`.execute(db);
}
