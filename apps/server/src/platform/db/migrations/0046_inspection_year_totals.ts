import { type Kysely, sql } from 'kysely';

/**
 * A year of inspection analysis at 1,000 stores within 100 ms (issue 14 section 6,
 * docs/PERFORMANCE.md "Inspection"). After migration 0042 the year still read every store's twelve
 * month rows and four edge days (16,000 store-period rows twice, 96,000 store-item-month rows for
 * a large filter), and the rectifications' on-time rate walked every assignment of the range (365,000)
 * looking each one's rectifications up by customer and source alone.
 *
 * - Year rows 'YYYY' beside the month and day rows of both store totals of 0042, kept by the same
 *   writes: the last 365 days read a year row less a month and a few days, plus the first month's
 *   days (`periodPlan`), 5 to 7 periods a store instead of 16. Summed here from the month rows.
 * - inspection_shop_item_month_totals.month becomes `period`: it holds a month or a year.
 * - rectifications.batch_date: the store-local date of the assignment an inspection's rectification
 *   came from (null for other sources), so the on-time rate reads the range's rectifications from an
 *   index instead of joining the range's assignments. Filled here from the assignments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into inspection_shop_period_totals (customer_id, period, shop_id, assignments, completed, passed, failed, invalid)
    select customer_id, substr(period, 1, 4), shop_id, sum(assignments), sum(completed), sum(passed), sum(failed), sum(invalid)
    from inspection_shop_period_totals
    where length(period) = 7
    group by customer_id, substr(period, 1, 4), shop_id
  `.execute(db);

  await db.schema.alterTable('inspection_shop_item_month_totals').renameColumn('month', 'period').execute();
  await sql`
    insert into inspection_shop_item_month_totals (customer_id, period, shop_id, item_id, category_name, item_name, passed, failed, invalid)
    select customer_id, substr(period, 1, 4), shop_id, item_id, category_name, item_name, sum(passed), sum(failed), sum(invalid)
    from inspection_shop_item_month_totals
    where length(period) = 7
    group by customer_id, substr(period, 1, 4), shop_id, item_id, category_name, item_name
  `.execute(db);

  await db.schema.alterTable('rectifications').addColumn('batch_date', 'text').execute();
  await sql`
    update rectifications set batch_date = (
      select a.batch_date from inspection_assignments a where a.customer_id = rectifications.customer_id and a.id = rectifications.assignment_id
    )
    where source = 'inspection' and assignment_id is not null
  `.execute(db);
  // The analysis's range of an inspection's rectifications, and what it counts of them, from the index alone.
  await db.schema
    .createIndex('rectifications_batch_date_idx')
    .on('rectifications')
    .columns(['customer_id', 'source', 'batch_date', 'shop_id', 'state', 'deadline', 'submitted_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rectifications_batch_date_idx').ifExists().execute();
  await db.schema.alterTable('rectifications').dropColumn('batch_date').execute();
  await db.schema.alterTable('inspection_shop_item_month_totals').renameColumn('period', 'month').execute();
  await sql`delete from inspection_shop_item_month_totals where length(month) = 4`.execute(db);
  await sql`delete from inspection_shop_period_totals where length(period) = 4`.execute(db);
}
