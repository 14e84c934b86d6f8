import { type Kysely, sql } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
}

/**
 * Alarm totals kept by the writes (issue 15 section 6, docs/decisions/alarms.md): the analysis of
 * 90 days read every alarm of the range (one GROUP BY, 0.7 s at 200,000 alarms); with these it
 * reads at most days x items x priorities x states x tags rows for the totals, items and trend, and
 * a row per store or camera per month (plus edge days) for the stores and cameras views.
 *
 * - alarm_day_totals: per customer, UTC day, item (code and the name the box sent: max(name) over
 *   totals equals max(name) over alarms in either collation), priority, state and tag, the alarms and
 *   the reports folded into them. Every state is kept, deleted too, so a state change is a move
 *   between two keys.
 * - alarm_shop_day_totals: the same per store, for a caller who filters stores or sees only some.
 * - alarm_shop_period_totals / alarm_camera_period_totals: per store (camera) and period, a UTC day
 *   'YYYY-MM-DD' or a UTC month 'YYYY-MM', the counted alarms (not ignored, not deleted), false
 *   alarms (stores) and those judged right or wrong (cameras): what the top stores and the least
 *   precise cameras sum over every store.
 *
 * Existing alarms are summed in here once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const withoutRowid = <T extends { modifyEnd: (modifier: ReturnType<typeof sql>) => T }>(table: T) =>
    // Read by range of the key: on SQLite a WITHOUT ROWID table keeps a range's rows together.
    postgres ? table : table.modifyEnd(sql`without rowid`);

  await withoutRowid(
    db.schema
      .createTable('alarm_day_totals')
      .ifNotExists()
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('event_code', 'text', (c) => c.notNull())
      .addColumn('event_name', 'text', (c) => c.notNull())
      .addColumn('priority', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('tag', 'text', (c) => c.notNull())
      .addColumn('alarms', 'integer', (c) => c.notNull())
      .addColumn('reports', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('alarm_day_totals_pk', ['customer_id', 'day', 'event_code', 'event_name', 'priority', 'state', 'tag']),
  ).execute();
  await withoutRowid(
    db.schema
      .createTable('alarm_shop_day_totals')
      .ifNotExists()
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('shop_id', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('event_code', 'text', (c) => c.notNull())
      .addColumn('event_name', 'text', (c) => c.notNull())
      .addColumn('priority', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('tag', 'text', (c) => c.notNull())
      .addColumn('alarms', 'integer', (c) => c.notNull())
      .addColumn('reports', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('alarm_shop_day_totals_pk', ['customer_id', 'shop_id', 'day', 'event_code', 'event_name', 'priority', 'state', 'tag']),
  ).execute();
  await withoutRowid(
    db.schema
      .createTable('alarm_shop_period_totals')
      .ifNotExists()
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('shop_id', 'text', (c) => c.notNull())
      .addColumn('alarms', 'integer', (c) => c.notNull())
      .addColumn('false_alarms', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('alarm_shop_period_totals_pk', ['customer_id', 'period', 'shop_id']),
  ).execute();
  await withoutRowid(
    db.schema
      .createTable('alarm_camera_period_totals')
      .ifNotExists()
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('shop_id', 'text', (c) => c.notNull())
      .addColumn('camera_id', 'text', (c) => c.notNull())
      .addColumn('alarms', 'integer', (c) => c.notNull())
      .addColumn('correct', 'integer', (c) => c.notNull())
      .addColumn('wrong', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('alarm_camera_period_totals_pk', ['customer_id', 'period', 'shop_id', 'camera_id']),
  ).execute();

  await sql`
    insert into alarm_day_totals (customer_id, day, event_code, event_name, priority, state, tag, alarms, reports)
    select customer_id, substr(occurred_at, 1, 10), event_code, event_name, priority, state, tag, count(*), sum(count)
    from alarms
    group by customer_id, substr(occurred_at, 1, 10), event_code, event_name, priority, state, tag
  `.execute(db);
  await sql`
    insert into alarm_shop_day_totals (customer_id, shop_id, day, event_code, event_name, priority, state, tag, alarms, reports)
    select customer_id, shop_id, substr(occurred_at, 1, 10), event_code, event_name, priority, state, tag, count(*), sum(count)
    from alarms
    group by customer_id, shop_id, substr(occurred_at, 1, 10), event_code, event_name, priority, state, tag
  `.execute(db);
  for (const length of [10, 7]) {
    await sql`
      insert into alarm_shop_period_totals (customer_id, period, shop_id, alarms, false_alarms)
      select customer_id, substr(occurred_at, 1, ${sql.lit(length)}), shop_id, count(*), sum(case when state = 'falseAlarm' then 1 else 0 end)
      from alarms
      where state not in ('ignored', 'deleted')
      group by customer_id, substr(occurred_at, 1, ${sql.lit(length)}), shop_id
    `.execute(db);
    // The judgement of alarm-analysis.service.ts's judgementOf: a tag says it, untagged the state.
    await sql`
      insert into alarm_camera_period_totals (customer_id, period, shop_id, camera_id, alarms, correct, wrong)
      select customer_id, substr(occurred_at, 1, ${sql.lit(length)}), shop_id, camera_id, count(*),
        sum(case when tag = 'algorithmCorrect' or (tag = 'none' and state = 'confirmed') then 1 else 0 end),
        sum(case when tag = 'algorithmWrong' or (tag = 'none' and state = 'falseAlarm') then 1 else 0 end)
      from alarms
      where state not in ('ignored', 'deleted') and camera_id is not null
      group by customer_id, substr(occurred_at, 1, ${sql.lit(length)}), shop_id, camera_id
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['alarm_camera_period_totals', 'alarm_shop_period_totals', 'alarm_shop_day_totals', 'alarm_day_totals']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
