import { type Kysely, sql } from 'kysely';

/**
 * The store-days each POS upload imported, and which later upload replaced each one (issue 11: a
 * replaced upload must not keep reading "Completed, 3 rows"). The import writes its store-days and
 * marks the earlier uploads' same store-days replaced, in its one transaction. Store-days imported
 * before this migration are known only where their upload still provides them (the daily rollup
 * names the upload): those are taken over; earlier replacements cannot be told any more.
 * customer_id leads the primary key (DESIGN T3); the second index finds a store-day's uploads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pos_upload_days')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('upload_id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('replaced_by', 'text')
    .addPrimaryKeyConstraint('pos_upload_days_pk', ['customer_id', 'upload_id', 'shop_id', 'local_date'])
    .execute();
  await db.schema.createIndex('pos_upload_days_day_idx').on('pos_upload_days').columns(['customer_id', 'shop_id', 'local_date']).execute();
  await sql`
    INSERT INTO pos_upload_days (customer_id, upload_id, shop_id, local_date, replaced_by)
    SELECT customer_id, upload_id, shop_id, local_date, NULL FROM sales_shop_daily
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pos_upload_days').ifExists().execute();
}
