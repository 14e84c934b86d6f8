import type { Kysely } from 'kysely';

/**
 * Issue 15 section 5: the real-time channel and webhooks.
 *
 * - `realtime_events`: the append-only event log every web process follows with a cursor (the
 *   identity id), whichever process published the event. A platform table like `jobs`: one global
 *   sequence read across customers by every web process, so customer_id is a column (each event is
 *   delivered only to its customer's connections), not part of the key. Kept 24 hours for replays.
 * - `realtime_tickets`: single-use tickets of the event stream, by their hash; redeeming deletes the row.
 * - `webhook_endpoints`, `webhook_deliveries` (one per event and endpoint, unique on the event id, so
 *   an emitter run twice sends once) and `webhook_attempts` (the log: response codes and durations).
 *
 * customer_id leads every key of the tenant tables (DESIGN T3). Created only if missing, so a second
 * run changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('realtime_events')
    .ifNotExists()
    .addColumn('id', isPostgres(db) ? 'bigint' : 'integer', (c) =>
      isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('customer_id', 'text')
    // Null: every person of the customer (as the type's permission allows); else this person only.
    .addColumn('user_id', 'text')
    // Null: any shop; else only connections whose data scope holds this shop.
    .addColumn('shop_id', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Replays after a reconnect read one customer's events after an id.
  await db.schema.createIndex('realtime_events_customer_idx').ifNotExists().on('realtime_events').columns(['customer_id', 'id']).execute();
  await db.schema.createIndex('realtime_events_created_idx').ifNotExists().on('realtime_events').column('created_at').execute();

  await db.schema
    .createTable('realtime_tickets')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    // SHA-256 of the ticket: a leaked table cannot be redeemed.
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('realtime_tickets_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('realtime_tickets_expires_idx').ifNotExists().on('realtime_tickets').column('expires_at').execute();

  await db.schema
    .createTable('webhook_endpoints')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // JSON array of event types.
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', 'text')
    .addColumn('secret_rotated_at', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('webhook_endpoints_pk', ['customer_id', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('endpoint_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    // The JSON body as sent, the same in every attempt.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('error', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('test', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addPrimaryKeyConstraint('webhook_deliveries_pk', ['customer_id', 'id'])
    .addUniqueConstraint('webhook_deliveries_event_uq', ['customer_id', 'endpoint_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_log_idx')
    .ifNotExists()
    .on('webhook_deliveries')
    .columns(['customer_id', 'endpoint_id', 'created_at'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_created_idx').ifNotExists().on('webhook_deliveries').column('created_at').execute();

  await db.schema
    .createTable('webhook_attempts')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('response_excerpt', 'text')
    .addPrimaryKeyConstraint('webhook_attempts_pk', ['customer_id', 'delivery_id', 'attempt'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['webhook_attempts', 'webhook_deliveries', 'webhook_endpoints', 'realtime_tickets', 'realtime_events']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
}
