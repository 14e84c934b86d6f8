import type { Kysely } from 'kysely';

/**
 * AI alarms (issue 15 sections 2 and 3): the alarms people review, every report a box posted (the
 * raw payload, for event debugging; its box and event id make a retry a duplicate), the alarms'
 * images and their append-only history. customer_id leads every key (DESIGN T3). Created only if
 * missing, so a second run changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alarms')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'text')
    .addColumn('box_id', 'text')
    .addColumn('event_code', 'text', (c) => c.notNull())
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('delete_reason', 'text')
    // Reports folded into this alarm (repeats of the item on the camera within the fold window).
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('last_occurred_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('read_by', 'text')
    .addColumn('rectification_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('alarms_pk', ['customer_id', 'id'])
    .execute();
  // The list: a customer's or a store's alarms newest first; folding: the camera's latest of an item.
  await db.schema.createIndex('alarms_occurred_idx').ifNotExists().on('alarms').columns(['customer_id', 'occurred_at']).execute();
  await db.schema.createIndex('alarms_shop_idx').ifNotExists().on('alarms').columns(['customer_id', 'shop_id', 'occurred_at']).execute();
  await db.schema.createIndex('alarms_fold_idx').ifNotExists().on('alarms').columns(['customer_id', 'camera_id', 'event_code', 'last_occurred_at']).execute();

  await db.schema
    .createTable('alarm_reports')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('box_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('alarm_id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    // raised: made the alarm; folded: counted on an alarm raised before.
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    // The event as posted, each image replaced by its size and digest (the image is in alarm_images).
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('batch_ref', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('alarm_reports_pk', ['customer_id', 'id'])
    .addUniqueConstraint('alarm_reports_event_uq', ['customer_id', 'box_id', 'event_id'])
    .execute();
  await db.schema.createIndex('alarm_reports_alarm_idx').ifNotExists().on('alarm_reports').columns(['customer_id', 'alarm_id']).execute();

  await db.schema
    .createTable('alarm_images')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('alarm_id', 'text', (c) => c.notNull())
    .addColumn('report_id', 'text', (c) => c.notNull())
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('captured_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('alarm_images_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('alarm_images_alarm_idx').ifNotExists().on('alarm_images').columns(['customer_id', 'alarm_id', 'created_at']).execute();

  await db.schema
    .createTable('alarm_history')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('alarm_id', 'text', (c) => c.notNull())
    // Order within an alarm: rising in the writing process (the clock may stand still in tests).
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text')
    .addColumn('user_id', 'text')
    .addColumn('reason', 'text')
    .addColumn('tag', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('alarm_history_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('alarm_history_alarm_idx').ifNotExists().on('alarm_history').columns(['customer_id', 'alarm_id', 'seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['alarm_history', 'alarm_images', 'alarm_reports', 'alarms']) await db.schema.dropTable(table).ifExists().execute();
}
