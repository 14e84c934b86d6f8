import type { Kysely } from 'kysely';

/**
 * Warehouse patrol (issue 16 section 2): a plan of the inspection engine of type 'warehouse'
 * (`inspection_plans.plan_type`, 'patrol' for every plan made before) with its check times and
 * cameras, and one check per camera and set time of each assignment the scheduler makes of it.
 * A check keeps its screenshot from the recording (or that none covered the instant) and its
 * result, the box's AI's or a person's; 'missed' is not stored, it is a check without a result
 * past its window's end. The unique key (assignment, camera, time) makes a check once however
 * many scans race.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('inspection_plans')
    .addColumn('plan_type', 'text', (c) => c.notNull().defaultTo('patrol'))
    .execute();

  await db.schema
    .createTable('warehouse_plan_settings')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('plan_id', 'text', (c) => c.notNull())
    // JSON array of store-local HH:mm, ascending.
    .addColumn('check_times', 'text', (c) => c.notNull())
    .addColumn('window_minutes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('warehouse_plan_settings_pk', ['customer_id', 'plan_id'])
    .execute();

  await db.schema
    .createTable('warehouse_plan_cameras')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('warehouse_plan_cameras_pk', ['customer_id', 'plan_id', 'camera_id'])
    .execute();

  await db.schema
    .createTable('warehouse_checks')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('assignment_id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'text', (c) => c.notNull())
    // The store-local date and set time of the check.
    .addColumn('check_date', 'text', (c) => c.notNull())
    .addColumn('check_time', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('window_end', 'text', (c) => c.notNull())
    // 'pending' until the frame is taken ('captured') or no recording covered the instant ('noVideo').
    .addColumn('capture_status', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text')
    .addColumn('sha256', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('result', 'text')
    // 'ai' (the box) or 'person'.
    .addColumn('result_source', 'text')
    .addColumn('remark', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('warehouse_checks_pk', ['customer_id', 'id'])
    .addUniqueConstraint('warehouse_checks_slot_uq', ['customer_id', 'assignment_id', 'camera_id', 'check_time'])
    .execute();
  await db.schema.createIndex('warehouse_checks_day_idx').ifNotExists().on('warehouse_checks').columns(['customer_id', 'shop_id', 'check_date']).execute();
  await db.schema.createIndex('warehouse_checks_capture_idx').ifNotExists().on('warehouse_checks').columns(['capture_status', 'due_at']).execute();
  await db.schema.createIndex('warehouse_checks_camera_idx').ifNotExists().on('warehouse_checks').columns(['customer_id', 'camera_id', 'due_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['warehouse_checks', 'warehouse_plan_cameras', 'warehouse_plan_settings']) await db.schema.dropTable(table).ifExists().execute();
  await db.schema.alterTable('inspection_plans').dropColumn('plan_type').execute();
}
