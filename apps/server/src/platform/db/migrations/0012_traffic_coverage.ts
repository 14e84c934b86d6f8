import { type Kysely, sql } from 'kysely';

/**
 * Data completeness (issue 11): per shop and local hour, whether its devices reported (an event
 * or a heartbeat arrived for that hour), so that no data is not read as zero. Ingest counts the
 * reports of each hour; `utc_hour` (the UTC instant the hour starts) lets a rebuild move an hour to
 * the shop's current time zone. Hours already rolled up before this migration are taken as
 * reported (they had traffic) with no UTC hour. customer_id leads the primary key (DESIGN T3).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('traffic_shop_coverage')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('reports', 'integer', (c) => c.notNull())
    .addColumn('utc_hour', 'text')
    .addPrimaryKeyConstraint('traffic_shop_coverage_pk', ['customer_id', 'shop_id', 'local_date', 'hour'])
    .execute();
  await sql`
    INSERT INTO traffic_shop_coverage (customer_id, shop_id, local_date, hour, reports, utc_hour)
    SELECT customer_id, shop_id, local_date, hour, 1, NULL FROM traffic_shop_hourly
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('traffic_shop_coverage').ifExists().execute();
}
