import type { Kysely } from 'kysely';

/**
 * Hygiene logs (issue 16 section 3): the stores' staff, their health certificates, the training,
 * disinfection and waste records (one table, a column group per kind), who attended each training,
 * and the pictures. A picture uploaded before its certificate or record waits with no owner
 * (`owner_id` null). customer_id leads every key (DESIGN T3). Created only if missing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('hygiene_employees')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('hygiene_employees_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('hygiene_employees_shop_idx').ifNotExists().on('hygiene_employees').columns(['customer_id', 'shop_id', 'name']).execute();

  await db.schema
    .createTable('hygiene_certificates')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('employee_id', 'text', (c) => c.notNull())
    // The employee's store, kept here so lists and the reminder scan need no join to filter by store.
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    // Calendar dates (YYYY-MM-DD) of the store: a certificate is valid through its expiry day.
    .addColumn('issued_on', 'text', (c) => c.notNull())
    .addColumn('expires_on', 'text', (c) => c.notNull())
    .addColumn('image_id', 'text')
    // When each reminder went out: each is claimed by a conditional update, so it goes out once.
    .addColumn('remind30_at', 'text')
    .addColumn('remind7_at', 'text')
    .addColumn('expired_at', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('hygiene_certificates_pk', ['customer_id', 'id'])
    .execute();
  await db.schema
    .createIndex('hygiene_certificates_shop_idx')
    .ifNotExists()
    .on('hygiene_certificates')
    .columns(['customer_id', 'shop_id', 'expires_on'])
    .execute();
  await db.schema.createIndex('hygiene_certificates_employee_idx').ifNotExists().on('hygiene_certificates').columns(['customer_id', 'employee_id']).execute();
  await db.schema.createIndex('hygiene_certificates_expiry_idx').ifNotExists().on('hygiene_certificates').columns(['customer_id', 'expires_on']).execute();

  await db.schema
    .createTable('hygiene_records')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    // The store's calendar day of occurred_at, fixed when written: lists and statistics go by it.
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('topic', 'text')
    .addColumn('trainer', 'text')
    .addColumn('area', 'text')
    .addColumn('method', 'text')
    .addColumn('agent', 'text')
    .addColumn('person', 'text')
    .addColumn('waste_type', 'text')
    .addColumn('weight_kg', 'double precision')
    .addColumn('collector', 'text')
    .addColumn('image_id', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('hygiene_records_pk', ['customer_id', 'id'])
    .execute();
  await db.schema
    .createIndex('hygiene_records_shop_idx')
    .ifNotExists()
    .on('hygiene_records')
    .columns(['customer_id', 'kind', 'shop_id', 'local_date'])
    .execute();

  await db.schema
    .createTable('hygiene_attendees')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('employee_id', 'text', (c) => c.notNull())
    // The name when the training happened: an employee who later left still reads in the record.
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('hygiene_attendees_pk', ['customer_id', 'record_id', 'employee_id'])
    .execute();
  await db.schema.createIndex('hygiene_attendees_employee_idx').ifNotExists().on('hygiene_attendees').columns(['customer_id', 'employee_id']).execute();

  await db.schema
    .createTable('hygiene_media')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    // The certificate or record that took it; null while the upload waits.
    .addColumn('owner_id', 'text')
    .addColumn('shop_id', 'text')
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('hygiene_media_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('hygiene_media_owner_idx').ifNotExists().on('hygiene_media').columns(['customer_id', 'owner_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['hygiene_media', 'hygiene_attendees', 'hygiene_records', 'hygiene_certificates', 'hygiene_employees'])
    await db.schema.dropTable(table).ifExists().execute();
}
