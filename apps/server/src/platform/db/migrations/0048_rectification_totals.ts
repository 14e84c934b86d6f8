import { type Kysely, sql } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
}

/** The periods a rectification counts in: its assignment's date, that month and that year. */
const PERIODS = [sql`batch_date`, sql`substr(batch_date, 1, 7)`, sql`substr(batch_date, 1, 4)`];

/**
 * The inspection analysis's on-time rate over a year of the chain within 100 ms (issue 14 section
 * 6, docs/PERFORMANCE.md "Inspection"). After 0046 it still read every rectification of the range
 * from an index (439,000 for a year of 1,000 stores: 470 ms on PostgreSQL), because "due" depends
 * on the time of the call.
 *
 * - rectification_shop_period_totals: per store and period (the inspection's date, its month, its
 *   year: the periods of inspection_shop_period_totals, read with the same `yearPlan`), the
 *   rectifications inspections raised, those answered (submitted or approved) and those answered
 *   by their deadline (the latest answer's time). Kept by the rectification module's transitions in
 *   their transactions: a raise adds one raised; an answer adds one answered (and on time if by the
 *   deadline); a rejection takes its answer back; approval and referral change neither (the
 *   deadline never moves). Manual and alarm rectifications have no inspection date: not counted.
 * - The unanswered past their deadline at the time of the call are counted live from a new index
 *   led by the state: the open states are a few percent of the rows.
 *
 * Existing rectifications are summed in here once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const table = db.schema
    .createTable('rectification_shop_period_totals')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('raised', 'integer', (c) => c.notNull())
    .addColumn('answered', 'integer', (c) => c.notNull())
    .addColumn('answered_on_time', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rectification_shop_period_totals_pk', ['customer_id', 'period', 'shop_id']);
  // Read by key range (period, then store): on SQLite a WITHOUT ROWID table keeps those rows together.
  await (postgres ? table : table.modifyEnd(sql`without rowid`)).execute();
  for (const period of PERIODS)
    await sql`
      insert into rectification_shop_period_totals (customer_id, period, shop_id, raised, answered, answered_on_time)
      select customer_id, ${period}, shop_id, count(*),
        sum(case when state in ('submitted', 'approved') then 1 else 0 end),
        sum(case when state in ('submitted', 'approved') and submitted_at <= deadline then 1 else 0 end)
      from rectifications
      where source = 'inspection' and batch_date is not null
      group by customer_id, ${period}, shop_id
    `.execute(db);
  await db.schema
    .createIndex('rectifications_open_deadline_idx')
    .on('rectifications')
    .columns(['customer_id', 'source', 'state', 'batch_date', 'shop_id', 'deadline'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rectifications_open_deadline_idx').ifExists().execute();
  await db.schema.dropTable('rectification_shop_period_totals').ifExists().execute();
}
