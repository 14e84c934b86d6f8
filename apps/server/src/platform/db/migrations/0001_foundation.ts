import type { Kysely } from 'kysely';

/**
 * The foundation: customers, users and their memberships, roles, the organisation tree, shops,
 * boxes and cameras, sessions and the recovery machinery. Runs on SQLite and PostgreSQL alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('countries', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('default_time_zone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('login_name', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('surname', 'text', (c) => c.notNull())
    .addColumn('given_name', 'text', (c) => c.notNull())
    .addColumn('employee_no', 'text')
    .addColumn('mobile', 'text', (c) => c.unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('signup_type', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('org_id', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['customer_id', 'user_id'])
    .execute();
  await db.schema.createIndex('memberships_user_idx').on('memberships').columns(['user_id']).execute();

  await db.schema
    .createTable('membership_shops')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('membership_shops_pk', ['customer_id', 'user_id', 'shop_id'])
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('privileges', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('roles_pk', ['customer_id', 'id'])
    .execute();

  await db.schema
    .createTable('orgs')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('orgcode', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('orgs_pk', ['customer_id', 'id'])
    .addUniqueConstraint('orgs_orgcode_uq', ['customer_id', 'orgcode'])
    .execute();

  await db.schema
    .createTable('shops')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('province', 'text')
    .addColumn('city', 'text')
    .addColumn('district', 'text')
    .addColumn('address', 'text')
    .addColumn('latitude', 'real')
    .addColumn('longitude', 'real')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('closed_at', 'text')
    .addColumn('shop_type', 'text', (c) => c.notNull().defaultTo('direct'))
    .addColumn('floor_area', 'real')
    .addColumn('staff_count', 'integer')
    .addColumn('business_hours', 'text', (c) => c.notNull())
    .addColumn('video_playback_hours', 'text', (c) => c.notNull())
    .addColumn('traffic_display_hours', 'text', (c) => c.notNull())
    .addColumn('visit_interval_minutes', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('indoor_positioning', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('positioning_engine', 'text')
    .addColumn('campus', 'text')
    .addColumn('building', 'text')
    .addColumn('labels', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('shops_pk', ['customer_id', 'id'])
    .addUniqueConstraint('shops_number_uq', ['customer_id', 'number'])
    .execute();
  await db.schema.createIndex('shops_org_idx').on('shops').columns(['customer_id', 'org_id']).execute();

  await db.schema
    .createTable('boxes')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('mac', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text')
    .addColumn('activated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_report_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('boxes_pk', ['customer_id', 'id'])
    .addUniqueConstraint('boxes_mac_uq', ['customer_id', 'mac'])
    .execute();

  await db.schema
    .createTable('cameras')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('box_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('deployment_area', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_report_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cameras_pk', ['customer_id', 'id'])
    .addUniqueConstraint('cameras_number_uq', ['customer_id', 'number'])
    .execute();
  await db.schema.createIndex('cameras_shop_idx').on('cameras').columns(['customer_id', 'shop_id']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id']).execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('account', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('verification_codes_target_idx').on('verification_codes').columns(['target', 'sent_at']).execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', (c) => (isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('messages_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('messages_user_idx').on('messages').columns(['customer_id', 'user_id', 'kind', 'read_at']).execute();
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'messages',
    'outbox',
    'verification_codes',
    'captchas',
    'login_throttle',
    'sessions',
    'cameras',
    'boxes',
    'shops',
    'orgs',
    'roles',
    'membership_shops',
    'memberships',
    'users',
    'customers',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
