import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

/**
 * Sales (issue 5): the customer's POS file template, the POS uploads (durable import jobs), the
 * imported orders, and the sales rollups by shop and local day and hour. Every table carries
 * customer_id in its primary key (DESIGN T3). Money is in cents and quantities in thousandths,
 * both integers, so sums are exact.
 */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
}

type Builder = CreateTableBuilder<string, string>;

const BASKET_COLUMNS = ['basket_b0', 'basket_b1', 'basket_b2', 'basket_b3', 'basket_b4', 'basket_b5', 'basket_b6'];

function withSalesMetrics(builder: Builder): Builder {
  return builder
    .addColumn('net_sales_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transactions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('returns', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('units_milli', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('items', 'bigint', (c) => c.notNull().defaultTo(0));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const clustered = (builder: Builder): Builder => (postgres ? builder : builder.modifyEnd(sql`without rowid`));

  await db.schema
    .createTable('sales_templates')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sales_templates_pk', ['customer_id'])
    .execute();

  await db.schema
    .createTable('pos_uploads')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('stored_name', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_total', 'integer')
    .addColumn('imported_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'text', (c) => c.notNull())
    .addColumn('failure', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('worker_id', 'text')
    .addColumn('heartbeat_at', 'text')
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('first_date', 'text')
    .addColumn('last_date', 'text')
    .addColumn('shop_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('audit_state', 'text', (c) => c.notNull())
    .addColumn('audited_by', 'text')
    .addColumn('audited_at', 'text')
    .addPrimaryKeyConstraint('pos_uploads_pk', ['customer_id', 'id'])
    .execute();
  // The worker looks for the oldest waiting job of any customer (the one cross-tenant read, like
  // the device token lookup: it finds the tenant); the list pages by upload time.
  await db.schema.createIndex('pos_uploads_queue_idx').on('pos_uploads').columns(['status', 'uploaded_at']).execute();
  await db.schema.createIndex('pos_uploads_list_idx').on('pos_uploads').columns(['customer_id', 'uploaded_at']).execute();

  // Clustered by (customer, order number) on SQLite: the uniqueness check and the insert use the
  // table's own b-tree, one structure fewer to write for each of an import's orders.
  await clustered(
    db.schema
      .createTable('pos_orders')
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('order_number', 'text', (c) => c.notNull())
      .addColumn('shop_id', 'text', (c) => c.notNull())
      .addColumn('local_date', 'text', (c) => c.notNull())
      .addColumn('minute_of_day', 'integer')
      .addColumn('quantity_milli', 'bigint', (c) => c.notNull())
      .addColumn('amount_cents', 'bigint', (c) => c.notNull())
      .addColumn('item_count', 'integer')
      .addColumn('payment_type', 'text')
      .addColumn('upload_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('pos_orders_pk', ['customer_id', 'order_number']),
  ).execute();
  await db.schema.createIndex('pos_orders_shop_date_idx').on('pos_orders').columns(['customer_id', 'shop_id', 'local_date']).execute();

  let daily: Builder = db.schema
    .createTable('sales_shop_daily')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull());
  daily = withSalesMetrics(daily);
  for (const column of BASKET_COLUMNS) daily = daily.addColumn(column, 'integer', (c) => c.notNull().defaultTo(0));
  daily = daily
    .addColumn('upload_id', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sales_shop_daily_pk', ['customer_id', 'shop_id', 'local_date']);
  await clustered(daily).execute();

  // hour -1 holds the orders whose file gave no time: in the day, in no hour.
  const hourly: Builder = withSalesMetrics(
    db.schema
      .createTable('sales_shop_hourly')
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('shop_id', 'text', (c) => c.notNull())
      .addColumn('local_date', 'text', (c) => c.notNull())
      .addColumn('hour', 'integer', (c) => c.notNull()),
  ).addPrimaryKeyConstraint('sales_shop_hourly_pk', ['customer_id', 'shop_id', 'local_date', 'hour']);
  await clustered(hourly).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sales_shop_hourly', 'sales_shop_daily', 'pos_orders', 'pos_uploads', 'sales_templates']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
