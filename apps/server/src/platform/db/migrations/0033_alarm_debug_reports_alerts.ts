import type { Kysely } from 'kysely';

/**
 * AI alarms, issue 15 sections 3 to 5: the reports a box sent that the system filtered before they
 * became alarms (a closed store's: event debugging shows them), the people's AI error reports on
 * alarms (incident reports) and the alarm alert settings (text message, phone, e-mail) with each
 * channel's last notice (the interval and what was already told). Created only if missing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alarm_filtered_reports')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('box_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'text')
    .addColumn('event_code', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    // Why the system kept it from the alarms: ignoredClosed (the store was closed).
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('batch_ref', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('alarm_filtered_reports_pk', ['customer_id', 'id'])
    .addUniqueConstraint('alarm_filtered_reports_event_uq', ['customer_id', 'box_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('alarm_filtered_reports_received_idx')
    .ifNotExists()
    .on('alarm_filtered_reports')
    .columns(['customer_id', 'received_at'])
    .execute();
  await db.schema.createIndex('alarm_reports_received_idx').ifNotExists().on('alarm_reports').columns(['customer_id', 'received_at']).execute();

  await db.schema
    .createTable('alarm_error_reports')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('alarm_id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('reporter_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    // pending, then accepted or rejected by an operator.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('outcome_note', 'text')
    .addColumn('handled_by', 'text')
    .addColumn('handled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('alarm_error_reports_pk', ['customer_id', 'id'])
    // One report per person and alarm: a second one answers the first.
    .addUniqueConstraint('alarm_error_reports_uq', ['customer_id', 'alarm_id', 'reporter_id'])
    .execute();
  await db.schema.createIndex('alarm_error_reports_created_idx').ifNotExists().on('alarm_error_reports').columns(['customer_id', 'created_at']).execute();

  await db.schema
    .createTable('alarm_alert_settings')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    // JSON arrays: channels (sms, phone, email), priorities (high, low), recipient user ids.
    .addColumn('channels', 'text', (c) => c.notNull())
    .addColumn('priorities', 'text', (c) => c.notNull())
    .addColumn('recipient_ids', 'text', (c) => c.notNull())
    .addColumn('interval_minutes', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('alarm_alert_settings_pk', ['customer_id'])
    .execute();

  await db.schema
    .createTable('alarm_alert_channels')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('channel', 'text', (c) => c.notNull())
    // Alarms created up to this instant were told (or were before the channel was switched on).
    .addColumn('told_through', 'text', (c) => c.notNull())
    .addColumn('last_sent_at', 'text')
    .addPrimaryKeyConstraint('alarm_alert_channels_pk', ['customer_id', 'channel'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['alarm_alert_channels', 'alarm_alert_settings', 'alarm_error_reports', 'alarm_filtered_reports'])
    await db.schema.dropTable(table).ifExists().execute();
  await db.schema.dropIndex('alarm_reports_received_idx').ifExists().execute();
}
