import type { Kysely } from 'kysely';

/**
 * Privacy retention (issue 4): per shop, the first shop-local date whose visit-level data is still
 * kept. The daily purge deletes raw device events and visits of earlier dates and moves this date
 * forward (never back: a longer retention cannot bring purged data back). The rollups of earlier
 * dates are final from then on: ingest no longer collects events dated before it and a rebuild
 * leaves those rollups as they are. customer_id leads the primary key (DESIGN T3).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('traffic_retention')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('retained_from', 'text', (c) => c.notNull())
    .addColumn('purged_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('traffic_retention_pk', ['customer_id', 'shop_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('traffic_retention').ifExists().execute();
}
