import { type Kysely, sql } from 'kysely';

/**
 * The alarm item totals per UTC month (issue 15 section 6, docs/PERFORMANCE.md "Alarms"): the
 * analysis' items and totals summed 90 days of alarm_day_totals (migration 0040), days x items x 2
 * priorities x 5 states x 4 tags rows (about 18,000 for the bench's 7 items, ten milliseconds of
 * grouping, the largest part of the analysis). With a row per month a quarter is three month rows
 * per key plus the few edge days the period plan adds or takes away (alarm-analysis.repo.ts), as
 * the stores and cameras views already read. Same key as the day totals with the month 'YYYY-MM';
 * kept by the same writes. Existing alarms are summed in here once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
  const table = db.schema
    .createTable('alarm_month_totals')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('event_code', 'text', (c) => c.notNull())
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('alarms', 'integer', (c) => c.notNull())
    .addColumn('reports', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('alarm_month_totals_pk', ['customer_id', 'month', 'event_code', 'event_name', 'priority', 'state', 'tag']);
  // Read by range of the key: on SQLite a WITHOUT ROWID table keeps a month's rows together.
  await (postgres ? table : table.modifyEnd(sql`without rowid`)).execute();
  await sql`
    insert into alarm_month_totals (customer_id, month, event_code, event_name, priority, state, tag, alarms, reports)
    select customer_id, substr(occurred_at, 1, 7), event_code, event_name, priority, state, tag, count(*), sum(count)
    from alarms
    group by customer_id, substr(occurred_at, 1, 7), event_code, event_name, priority, state, tag
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alarm_month_totals').ifExists().execute();
}
