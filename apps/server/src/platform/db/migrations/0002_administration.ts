import type { Kysely } from 'kysely';

/**
 * Administration (issue 3): per-shop feature switches that closing turns off, the shop change log,
 * store groups, camera-offline alert settings, spreadsheet import error reports, and what the
 * device pages and alarms need on boxes, cameras and messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column per ALTER TABLE statement.
  for (const column of ['analytics_enabled', 'monitoring_enabled', 'inspections_enabled', 'live_video_enabled']) {
    await db.schema
      .alterTable('shops')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
  await db.schema.alterTable('boxes').addColumn('deployment_area', 'text').execute();
  await db.schema.alterTable('cameras').addColumn('mac', 'text').execute();
  await db.schema.alterTable('cameras').addColumn('last_alarm_at', 'text').execute();
  await db.schema.alterTable('messages').addColumn('source', 'text').execute();
  await db.schema.alterTable('messages').addColumn('ref_id', 'text').execute();

  await db.schema
    .createTable('shop_logs')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('shop_logs_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('shop_logs_shop_idx').on('shop_logs').columns(['customer_id', 'shop_id', 'created_at']).execute();

  await db.schema
    .createTable('shop_groups')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('score', 'real')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('shop_groups_pk', ['customer_id', 'id'])
    .execute();

  await db.schema
    .createTable('shop_group_shops')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('shop_group_shops_pk', ['customer_id', 'group_id', 'shop_id'])
    .execute();

  await db.schema
    .createTable('alert_settings')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('modes', 'text', (c) => c.notNull())
    .addColumn('recipient_ids', 'text', (c) => c.notNull())
    .addColumn('interval_minutes', 'integer', (c) => c.notNull())
    .addColumn('offline_after_minutes', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_settings_pk', ['customer_id'])
    .execute();

  await db.schema
    .createTable('import_reports')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('errors', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_reports_pk', ['customer_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['import_reports', 'alert_settings', 'shop_group_shops', 'shop_groups', 'shop_logs']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  for (const [table, column] of [
    ['messages', 'ref_id'],
    ['messages', 'source'],
    ['cameras', 'last_alarm_at'],
    ['cameras', 'mac'],
    ['boxes', 'deployment_area'],
    ['shops', 'live_video_enabled'],
    ['shops', 'inspections_enabled'],
    ['shops', 'monitoring_enabled'],
    ['shops', 'analytics_enabled'],
  ] as const) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
