import type { Kysely } from 'kysely';

/**
 * Weather (issue 4): daily weather per country and city, from a weather source (`import-weather`)
 * or, in the demo, from the simulator. Weather is public and the same for every customer, so this
 * table has no customer_id (like the holiday calendars): nothing in it belongs to a tenant, and a
 * shop reaches it only through its own country and city.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('weather_daily')
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('high_c', 'real', (c) => c.notNull())
    .addColumn('low_c', 'real', (c) => c.notNull())
    .addColumn('precipitation_mm', 'real', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('weather_daily_pk', ['country', 'city', 'local_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('weather_daily').ifExists().execute();
}
