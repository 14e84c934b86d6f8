import type { Kysely } from 'kysely';

/**
 * Rectification (issue 14 section 4): the items, their pictures and their append-only history.
 * An item is unique per source and source key (an inspection's assignment item, an alarm), so a
 * failure raised twice makes one item. Pictures uploaded for an answer or a new item wait with no
 * item (`rectification_id` null) until the answer or the item takes them. customer_id leads every
 * key (DESIGN T3). Created only if missing, so a second run changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rectifications')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    // inspection: the assignment item; alarm: the alarm; manual: the item's own id.
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text')
    // Names as they were when the failure was found: later renames do not rewrite the item.
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('category_name', 'text', (c) => c.notNull())
    .addColumn('problem', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text')
    .addColumn('plan_name', 'text')
    .addColumn('assignment_id', 'text')
    .addColumn('alarm_id', 'text')
    .addColumn('event_code', 'text')
    .addColumn('event_name', 'text')
    .addColumn('inspector_id', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('handler_id', 'text', (c) => c.notNull())
    // When the current handler got the item: escalation waits a day after this too.
    .addColumn('assigned_at', 'text', (c) => c.notNull())
    .addColumn('founder_id', 'text')
    .addColumn('reviewer_id', 'text')
    .addColumn('deadline', 'text', (c) => c.notNull())
    .addColumn('found_at', 'text', (c) => c.notNull())
    // The camera of the evidence: its frame at evidence_at (manual items) and at the deadline (every item).
    .addColumn('camera_id', 'text')
    .addColumn('evidence_at', 'text')
    .addColumn('evidence_frame_status', 'text', (c) => c.notNull())
    .addColumn('evidence_frame_note', 'text')
    .addColumn('frame_status', 'text', (c) => c.notNull())
    .addColumn('frame_note', 'text')
    .addColumn('feedback', 'text')
    .addColumn('feedback_round', 'integer', (c) => c.notNull())
    .addColumn('submitted_at', 'text')
    .addColumn('reject_reason', 'text')
    .addColumn('reviewed_by', 'text')
    .addColumn('reviewed_at', 'text')
    // When each notice went out: each is claimed by a conditional update, so it goes out once.
    .addColumn('due_soon_at', 'text')
    .addColumn('overdue_at', 'text')
    .addColumn('escalated_at', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rectifications_pk', ['customer_id', 'id'])
    .addUniqueConstraint('rectifications_source_uq', ['customer_id', 'source', 'source_key'])
    .execute();
  // The lists: a handler's to-do by deadline, every item newest first, a store's items newest first.
  await db.schema.createIndex('rectifications_handler_idx').ifNotExists().on('rectifications').columns(['customer_id', 'handler_id', 'deadline']).execute();
  await db.schema.createIndex('rectifications_created_idx').ifNotExists().on('rectifications').columns(['customer_id', 'created_at']).execute();
  await db.schema.createIndex('rectifications_shop_idx').ifNotExists().on('rectifications').columns(['customer_id', 'shop_id', 'created_at']).execute();
  await db.schema.createIndex('rectifications_founder_idx').ifNotExists().on('rectifications').columns(['customer_id', 'founder_id']).execute();
  // The deadline scan looks across customers for open items by deadline.
  await db.schema.createIndex('rectifications_deadline_idx').ifNotExists().on('rectifications').columns(['state', 'deadline']).execute();

  await db.schema
    .createTable('rectification_media')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    // Null while an upload waits for the answer or the item that takes it.
    .addColumn('rectification_id', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('camera_id', 'text')
    .addColumn('captured_at', 'text')
    // The inspection's or alarm's own id of a picture it handed over (its object stays its own).
    .addColumn('source_media_id', 'text')
    .addColumn('round', 'integer', (c) => c.notNull())
    // The order its uploader or source gave (several pictures of one answer share their instant).
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rectification_media_pk', ['customer_id', 'id'])
    .execute();
  await db.schema
    .createIndex('rectification_media_item_idx')
    .ifNotExists()
    .on('rectification_media')
    .columns(['customer_id', 'rectification_id', 'role'])
    .execute();
  await db.schema.createIndex('rectification_media_staged_idx').ifNotExists().on('rectification_media').columns(['rectification_id', 'created_at']).execute();

  await db.schema
    .createTable('rectification_history')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('rectification_id', 'text', (c) => c.notNull())
    // Order within an item: rising in the writing process (the clock may stand still in tests).
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('reason', 'text')
    .addColumn('text', 'text')
    .addColumn('from_user_id', 'text')
    // JSON arrays: the people told or given the item, the pictures the action brought.
    .addColumn('to_user_ids', 'text', (c) => c.notNull())
    .addColumn('media_ids', 'text', (c) => c.notNull())
    // A message key (a frame that could not be taken), translated for the reader.
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rectification_history_pk', ['customer_id', 'id'])
    .execute();
  await db.schema
    .createIndex('rectification_history_item_idx')
    .ifNotExists()
    .on('rectification_history')
    .columns(['customer_id', 'rectification_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rectification_history', 'rectification_media', 'rectifications']) await db.schema.dropTable(table).ifExists().execute();
}
