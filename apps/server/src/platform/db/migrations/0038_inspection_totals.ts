import { type Kysely, sql } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
}

/**
 * Reads that grew with a year of history (issue 14 section 6, `npm run bench -- inspection`,
 * docs/PERFORMANCE.md).
 *
 * A plan's phases: a year of a daily plan in 1,000 stores is 365,000 assignments, and the phase
 * list summed them all. Its counts per plan and date are now kept as assignments are made,
 * submitted and cancelled (a row per phase). A caller who sees only some stores still sums their
 * assignments: the plan index now carries every column those sums read, so they come from the
 * index alone instead of one table lookup per assignment (it replaces the plan index of 0019).
 *
 * Item results summed per customer, store-local date, item, recorded category and recorded name
 * (issue 14 section 6, docs/PERFORMANCE.md): the inspection analysis of a customer's whole chain
 * read every item result of its range (140,000 for a week of 1,000 stores, 7.3 million for a
 * year); with these totals it reads items x days rows (140 and 7,300). Written by the submission in
 * its transaction; the name is part of the key so max(name) over the totals is max(name) over the
 * results in either database's collation. Existing results are summed in here once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  // The analysis's per-store and per-period sums read a range's assignments by date: with the
  // columns they sum in the index (it replaces 0035's date index), from the index alone.
  await db.schema.dropIndex('inspection_assignments_date_idx').ifExists().execute();
  await db.schema
    .createIndex('inspection_assignments_date_sums_idx')
    .ifNotExists()
    .on('inspection_assignments')
    .columns(['customer_id', 'batch_date', 'status', 'shop_id', 'passed', 'failed', 'invalid', 'id'])
    .execute();
  // The to-do's open work: the columns its count joins on in 0035's open index, so that index
  // covers it. Without them SQLite took the wider plan index below (it covers the count, with only
  // customer_id to seek on) and walked every assignment of the customer (0.1-0.4 s at a year).
  await db.schema.dropIndex('inspection_assignments_open_idx').ifExists().execute();
  await db.schema
    .createIndex('inspection_assignments_open_idx')
    .ifNotExists()
    .on('inspection_assignments')
    .columns(['customer_id', 'status', 'window_end', 'plan_id', 'shop_id'])
    .execute();
  await db.schema.dropIndex('inspection_assignments_plan_idx').ifExists().execute();
  await db.schema
    .createIndex('inspection_assignments_plan_sums_idx')
    .ifNotExists()
    .on('inspection_assignments')
    .columns(['customer_id', 'plan_id', 'batch_date', 'shop_id', 'status', 'passed', 'failed', 'completed_at', 'window_end'])
    .execute();
  let planTotals = db.schema
    .createTable('inspection_plan_day_totals')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('batch_date', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('late', 'integer', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('inspection_plan_day_totals_pk', ['customer_id', 'plan_id', 'batch_date']);
  if (!postgres) planTotals = planTotals.modifyEnd(sql`without rowid`);
  await planTotals.execute();
  await sql`
    insert into inspection_plan_day_totals (customer_id, plan_id, batch_date, total, done, late, passed, failed)
    select customer_id, plan_id, batch_date, count(*),
      sum(case when status = 'completed' then 1 else 0 end),
      sum(case when status = 'completed' and completed_at > window_end then 1 else 0 end),
      sum(passed), sum(failed)
    from inspection_assignments
    where status != 'cancelled'
    group by customer_id, plan_id, batch_date
  `.execute(db);

  let table = db.schema
    .createTable('inspection_item_day_totals')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('batch_date', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('category_name', 'text', (c) => c.notNull())
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('invalid', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('inspection_item_day_totals_pk', ['customer_id', 'batch_date', 'item_id', 'category_name', 'item_name']);
  // Read by date range: on SQLite a WITHOUT ROWID table keeps a range's rows together.
  if (!postgres) table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  await sql`
    insert into inspection_item_day_totals (customer_id, batch_date, item_id, category_name, item_name, passed, failed, invalid)
    select a.customer_id, a.batch_date, ai.item_id, ai.category_name, ai.item_name,
      sum(case when ai.result = 'pass' then 1 else 0 end),
      sum(case when ai.result = 'fail' then 1 else 0 end),
      sum(case when ai.result = 'invalid' then 1 else 0 end)
    from inspection_assignments a
    join inspection_assignment_items ai on ai.customer_id = a.customer_id and ai.assignment_id = a.id
    where a.status = 'completed'
    group by a.customer_id, a.batch_date, ai.item_id, ai.category_name, ai.item_name
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inspection_item_day_totals').ifExists().execute();
  await db.schema.dropTable('inspection_plan_day_totals').ifExists().execute();
  await db.schema.dropIndex('inspection_assignments_open_idx').ifExists().execute();
  await db.schema
    .createIndex('inspection_assignments_open_idx')
    .ifNotExists()
    .on('inspection_assignments')
    .columns(['customer_id', 'status', 'window_end'])
    .execute();
  await db.schema.dropIndex('inspection_assignments_date_sums_idx').ifExists().execute();
  await db.schema
    .createIndex('inspection_assignments_date_idx')
    .ifNotExists()
    .on('inspection_assignments')
    .columns(['customer_id', 'batch_date', 'status'])
    .execute();
  await db.schema.dropIndex('inspection_assignments_plan_sums_idx').ifExists().execute();
  await db.schema
    .createIndex('inspection_assignments_plan_idx')
    .ifNotExists()
    .on('inspection_assignments')
    .columns(['customer_id', 'plan_id', 'batch_date'])
    .execute();
}
