import type { Kysely } from 'kysely';

/**
 * Patrol inspection, part 1 (issue 14): the SOP (categories, items), plans with their stores,
 * groups, items, handlers and update log, and the assignments the scheduler makes of them (one per
 * plan occurrence and store, unique, so a restart or a second worker never makes one twice) with
 * their items and, for part 2, results and media. Names are unique per customer through a folded
 * `name_key` (a deleted plan's key is cleared, so its name may be used again). A failed item result
 * names the rectification it raised (`rectification_id`, filled by the rectification domain).
 * customer_id leads every key (DESIGN T3). Created only if missing, so a second run changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inspection_categories')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('inspection_categories_pk', ['customer_id', 'id'])
    .addUniqueConstraint('inspection_categories_name_uq', ['customer_id', 'name_key'])
    .execute();

  await db.schema
    .createTable('inspection_items')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('image_key', 'text')
    .addColumn('image_sha256', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('filed_at', 'text')
    .addPrimaryKeyConstraint('inspection_items_pk', ['customer_id', 'id'])
    .addUniqueConstraint('inspection_items_name_uq', ['customer_id', 'name_key'])
    .execute();
  await db.schema.createIndex('inspection_items_category_idx').ifNotExists().on('inspection_items').columns(['customer_id', 'category_id']).execute();

  await db.schema
    .createTable('inspection_plans')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // Null once deleted: unique keys allow many nulls on both databases.
    .addColumn('name_key', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('lifecycle', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'text', (c) => c.notNull())
    .addColumn('valid_to', 'text', (c) => c.notNull())
    .addColumn('rrule', 'text')
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    // The validity as instants: from its first day's start in the earliest store zone to its last day's end in the latest.
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('inspection_plans_pk', ['customer_id', 'id'])
    .addUniqueConstraint('inspection_plans_name_uq', ['customer_id', 'name_key'])
    .execute();
  await db.schema.createIndex('inspection_plans_lifecycle_idx').ifNotExists().on('inspection_plans').columns(['lifecycle', 'ends_at']).execute();

  for (const [table, column] of [
    ['inspection_plan_shops', 'shop_id'],
    ['inspection_plan_groups', 'group_id'],
    ['inspection_plan_handlers', 'user_id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .ifNotExists()
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('plan_id', 'text', (c) => c.notNull())
      .addColumn(column, 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['customer_id', 'plan_id', column])
      .execute();
  }
  await db.schema.createIndex('inspection_plan_shops_shop_idx').ifNotExists().on('inspection_plan_shops').columns(['customer_id', 'shop_id']).execute();

  await db.schema
    .createTable('inspection_plan_items')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('inspection_plan_items_pk', ['customer_id', 'plan_id', 'item_id'])
    .execute();
  await db.schema.createIndex('inspection_plan_items_item_idx').ifNotExists().on('inspection_plan_items').columns(['customer_id', 'item_id']).execute();

  await db.schema
    .createTable('inspection_plan_logs')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('inspection_plan_logs_pk', ['customer_id', 'id'])
    .execute();
  await db.schema
    .createIndex('inspection_plan_logs_plan_idx')
    .ifNotExists()
    .on('inspection_plan_logs')
    .columns(['customer_id', 'plan_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('inspection_assignments')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    // The occurrence: the store-local date of the cycle (the phase, 'batch').
    .addColumn('batch_date', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('window_end', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('method', 'text')
    .addColumn('item_count', 'integer', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('invalid', 'integer', (c) => c.notNull())
    .addColumn('completed_by', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('inspection_assignments_pk', ['customer_id', 'id'])
    .addUniqueConstraint('inspection_assignments_occurrence_uq', ['customer_id', 'plan_id', 'shop_id', 'batch_date'])
    .execute();
  await db.schema
    .createIndex('inspection_assignments_plan_idx')
    .ifNotExists()
    .on('inspection_assignments')
    .columns(['customer_id', 'plan_id', 'batch_date'])
    .execute();
  await db.schema
    .createIndex('inspection_assignments_shop_idx')
    .ifNotExists()
    .on('inspection_assignments')
    .columns(['customer_id', 'shop_id', 'status', 'window_end'])
    .execute();

  await db.schema
    .createTable('inspection_assignment_items')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('assignment_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    // What the item was called when the occurrence was made: later renames do not rewrite results.
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('category_name', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('remark', 'text')
    .addColumn('rectification_id', 'text')
    .addColumn('recorded_by', 'text')
    .addColumn('recorded_at', 'text')
    .addPrimaryKeyConstraint('inspection_assignment_items_pk', ['customer_id', 'assignment_id', 'item_id'])
    .execute();
  await db.schema
    .createIndex('inspection_assignment_items_item_idx')
    .ifNotExists()
    .on('inspection_assignment_items')
    .columns(['customer_id', 'item_id', 'result'])
    .execute();

  await db.schema
    .createTable('inspection_result_media')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('assignment_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    // 'image' (a photo or upload, up to 9 per item) or 'screenshot' (a frame of the store's video).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('camera_id', 'text')
    .addColumn('captured_at', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('inspection_result_media_pk', ['customer_id', 'id'])
    .execute();
  await db.schema
    .createIndex('inspection_result_media_item_idx')
    .ifNotExists()
    .on('inspection_result_media')
    .columns(['customer_id', 'assignment_id', 'item_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'inspection_result_media',
    'inspection_assignment_items',
    'inspection_assignments',
    'inspection_plan_logs',
    'inspection_plan_items',
    'inspection_plan_handlers',
    'inspection_plan_groups',
    'inspection_plan_shops',
    'inspection_plans',
    'inspection_items',
    'inspection_categories',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
