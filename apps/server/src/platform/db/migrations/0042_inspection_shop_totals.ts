import { type Kysely, sql } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
}

/**
 * Inspection analysis for a store filter (issue 14 section 6, docs/PERFORMANCE.md): a region
 * manager's scope, or the page's store picker, which always sends the stores chosen. Migration
 * 0038's item totals are per customer and cannot tell stores apart, so a filtered analysis read
 * every result of its stores (7.3 million for a year of 1,000 stores), and the per-store and
 * per-period sums read every assignment of the range (365,000 for a year).
 *
 * - inspection_shop_period_totals: per store and period, a store-local date 'YYYY-MM-DD' or a month
 *   'YYYY-MM' (both rows kept by every write), the assignments not cancelled, the completed ones and
 *   their item counts. A range is its whole months' rows plus the days at its ends (or a month's row
 *   less its days outside): about stores x (months + a few days) rows, 17,000 for a year of 1,000
 *   stores instead of 365,000 assignments.
 * - inspection_shop_item_month_totals: item results per store, month, item, recorded category and
 *   name (the name in the key as in 0038, so max(name) over totals is max(name) over results in
 *   either database's collation). Per store, item AND day would be as many rows as the results
 *   (one assignment per store and day): months only, 240,000 rows for a year of 1,000 stores x 20
 *   items; a filter of 50 stores reads 12,000 of them, and the days at the range's ends from the
 *   results.
 *
 * Written in the transactions that move 0038's totals (occurrence insert, submission, cancellations).
 * Existing assignments and results are summed in here once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  // Read by key range (period, then store): on SQLite a WITHOUT ROWID table keeps those rows together.
  const withoutRowid = <T extends { modifyEnd: (modifier: ReturnType<typeof sql>) => T }>(table: T) => (postgres ? table : table.modifyEnd(sql`without rowid`));

  await withoutRowid(
    db.schema
      .createTable('inspection_shop_period_totals')
      .ifNotExists()
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('shop_id', 'text', (c) => c.notNull())
      .addColumn('assignments', 'integer', (c) => c.notNull())
      .addColumn('completed', 'integer', (c) => c.notNull())
      .addColumn('passed', 'integer', (c) => c.notNull())
      .addColumn('failed', 'integer', (c) => c.notNull())
      .addColumn('invalid', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('inspection_shop_period_totals_pk', ['customer_id', 'period', 'shop_id']),
  ).execute();
  for (const period of [sql`batch_date`, sql`substr(batch_date, 1, 7)`])
    await sql`
      insert into inspection_shop_period_totals (customer_id, period, shop_id, assignments, completed, passed, failed, invalid)
      select customer_id, ${period}, shop_id, count(*),
        sum(case when status = 'completed' then 1 else 0 end),
        sum(case when status = 'completed' then passed else 0 end),
        sum(case when status = 'completed' then failed else 0 end),
        sum(case when status = 'completed' then invalid else 0 end)
      from inspection_assignments
      where status != 'cancelled'
      group by customer_id, ${period}, shop_id
    `.execute(db);

  await withoutRowid(
    db.schema
      .createTable('inspection_shop_item_month_totals')
      .ifNotExists()
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('shop_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('category_name', 'text', (c) => c.notNull())
      .addColumn('item_name', 'text', (c) => c.notNull())
      .addColumn('passed', 'integer', (c) => c.notNull())
      .addColumn('failed', 'integer', (c) => c.notNull())
      .addColumn('invalid', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('inspection_shop_item_month_totals_pk', ['customer_id', 'month', 'shop_id', 'item_id', 'category_name', 'item_name']),
  ).execute();
  await sql`
    insert into inspection_shop_item_month_totals (customer_id, month, shop_id, item_id, category_name, item_name, passed, failed, invalid)
    select a.customer_id, substr(a.batch_date, 1, 7), a.shop_id, ai.item_id, ai.category_name, ai.item_name,
      sum(case when ai.result = 'pass' then 1 else 0 end),
      sum(case when ai.result = 'fail' then 1 else 0 end),
      sum(case when ai.result = 'invalid' then 1 else 0 end)
    from inspection_assignments a
    join inspection_assignment_items ai on ai.customer_id = a.customer_id and ai.assignment_id = a.id
    where a.status = 'completed' and ai.result is not null
    group by a.customer_id, substr(a.batch_date, 1, 7), a.shop_id, ai.item_id, ai.category_name, ai.item_name
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inspection_shop_item_month_totals').ifExists().execute();
  await db.schema.dropTable('inspection_shop_period_totals').ifExists().execute();
}
