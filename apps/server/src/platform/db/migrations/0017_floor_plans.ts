import type { Kysely } from 'kysely';

/**
 * Floor plans, camera calibration and the store-plan drawing tools (issue 13 part A).
 *
 * - floor_plans: a shop's plans (several floors; one active plan per shop and floor). The image
 *   lives in object storage under image_key. Geometry never uses image pixels: every coordinate is
 *   in METRES on the plan, origin at the image's top-left corner, x to the right, y downwards;
 *   width_m × height_m is the plan's extent (image pixels / pixels_per_metre when the image came).
 * - floor_plan_cameras: a camera's point on a plan (spec section 3 camera point) and, optionally, a
 *   four-point homography. Versioned: a change inserts a new row (version + 1) and retires the old
 *   one (retired_at), so reports can name the calibration that produced them.
 * - floor_plan_elements: masks, display areas, halt (dwell) areas, enter areas, flow lines and
 *   regions, versioned the same way: element_id is stable, each version is a row of its own.
 *
 * Doubles are 'double precision' ('real' is single precision on PostgreSQL). customer_id leads
 * every key (DESIGN T3). Name rules (plan name per shop, region name per plan) are enforced by the
 * service: versioned rows cannot carry a plain unique index on the name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('floor_plans')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('floor', 'integer', (c) => c.notNull())
    .addColumn('pixels_per_metre', 'double precision', (c) => c.notNull())
    .addColumn('width_m', 'double precision', (c) => c.notNull())
    .addColumn('height_m', 'double precision', (c) => c.notNull())
    .addColumn('image_key', 'text', (c) => c.notNull())
    .addColumn('image_type', 'text', (c) => c.notNull())
    .addColumn('image_width', 'integer', (c) => c.notNull())
    .addColumn('image_height', 'integer', (c) => c.notNull())
    .addColumn('image_bytes', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('geometry_version', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('floor_plans_pk', ['customer_id', 'id'])
    .execute();
  // Plan names are unique per shop (two stores of a chain both have a 'Ground floor').
  await db.schema.createIndex('floor_plans_name_uq').on('floor_plans').columns(['customer_id', 'shop_id', 'name']).unique().execute();

  await db.schema
    .createTable('floor_plan_cameras')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('plan_version', 'integer', (c) => c.notNull())
    .addColumn('install_position', 'text', (c) => c.notNull())
    .addColumn('camera_number', 'text', (c) => c.notNull())
    .addColumn('focal_x', 'double precision', (c) => c.notNull())
    .addColumn('focal_y', 'double precision', (c) => c.notNull())
    .addColumn('calib_width', 'integer', (c) => c.notNull())
    .addColumn('calib_height', 'integer', (c) => c.notNull())
    .addColumn('tilt_deg', 'double precision', (c) => c.notNull())
    .addColumn('install_height_m', 'double precision', (c) => c.notNull())
    .addColumn('install_x_m', 'double precision', (c) => c.notNull())
    .addColumn('install_y_m', 'double precision', (c) => c.notNull())
    .addColumn('toward_x_m', 'double precision', (c) => c.notNull())
    .addColumn('toward_y_m', 'double precision', (c) => c.notNull())
    .addColumn('plan_number', 'text', (c) => c.notNull())
    .addColumn('homography', 'text')
    .addColumn('homography_error_m', 'double precision')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .addPrimaryKeyConstraint('floor_plan_cameras_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('floor_plan_cameras_version_uq').on('floor_plan_cameras').columns(['customer_id', 'camera_id', 'version']).unique().execute();
  await db.schema.createIndex('floor_plan_cameras_plan_idx').on('floor_plan_cameras').columns(['customer_id', 'plan_id', 'retired_at']).execute();

  await db.schema
    .createTable('floor_plan_elements')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('element_id', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('plan_version', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('colour', 'text', (c) => c.notNull())
    .addColumn('region_type', 'text')
    .addColumn('linked_element_id', 'text')
    .addColumn('occupancy_threshold', 'integer')
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('min_dwell_seconds', 'integer', (c) => c.notNull())
    .addColumn('flow_mode', 'text')
    .addColumn('hidden', 'integer', (c) => c.notNull())
    .addColumn('points', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .addPrimaryKeyConstraint('floor_plan_elements_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('floor_plan_elements_version_uq').on('floor_plan_elements').columns(['customer_id', 'element_id', 'version']).unique().execute();
  await db.schema.createIndex('floor_plan_elements_plan_idx').on('floor_plan_elements').columns(['customer_id', 'plan_id', 'retired_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('floor_plan_elements').ifExists().execute();
  await db.schema.dropTable('floor_plan_cameras').ifExists().execute();
  await db.schema.dropTable('floor_plans').ifExists().execute();
}
