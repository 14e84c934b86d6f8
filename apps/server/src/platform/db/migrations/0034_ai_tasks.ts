import type { Kysely } from 'kysely';

type Names = { zh: string; en: string; kr: string; jp: string };

/**
 * The standard AI inspection catalogue as of this migration: the event codes the boxes' algorithms
 * report. One catalogue for every customer (docs/decisions/ai-tasks.md); later additions come in
 * later migrations, never by editing this list.
 */
const CLASSES: { id: string; code: string; sort: number; names: Names }[] = [
  { id: 'aicls_service', code: 'service', sort: 1, names: { zh: '服务规范', en: 'Service standards', kr: '서비스 규범', jp: '接客基準' } },
  { id: 'aicls_safety', code: 'safety', sort: 2, names: { zh: '安全管理', en: 'Safety', kr: '안전 관리', jp: '安全管理' } },
  { id: 'aicls_hygiene', code: 'hygiene', sort: 3, names: { zh: '卫生管理', en: 'Hygiene', kr: '위생 관리', jp: '衛生管理' } },
  { id: 'aicls_display', code: 'display', sort: 4, names: { zh: '陈列管理', en: 'Merchandise display', kr: '진열 관리', jp: '陳列管理' } },
];

const ITEMS: { code: string; classId: string; priority: 'high' | 'low'; names: Names }[] = [
  {
    code: 'no_staff_at_counter',
    classId: 'aicls_service',
    priority: 'high',
    names: { zh: '收银台无人', en: 'No staff at the counter', kr: '계산대 직원 부재', jp: 'レジ無人' },
  },
  {
    code: 'staff_on_phone',
    classId: 'aicls_service',
    priority: 'low',
    names: { zh: '员工玩手机', en: 'Staff using a phone', kr: '직원 휴대폰 사용', jp: 'スタッフの携帯電話使用' },
  },
  { code: 'no_uniform', classId: 'aicls_service', priority: 'low', names: { zh: '未穿工服', en: 'Not in uniform', kr: '유니폼 미착용', jp: '制服未着用' } },
  { code: 'smoking', classId: 'aicls_safety', priority: 'high', names: { zh: '吸烟', en: 'Smoking', kr: '흡연', jp: '喫煙' } },
  {
    code: 'door_left_open',
    classId: 'aicls_safety',
    priority: 'high',
    names: { zh: '门未关', en: 'Door left open', kr: '문 열림 방치', jp: 'ドアの開けっ放し' },
  },
  {
    code: 'fire_exit_blocked',
    classId: 'aicls_safety',
    priority: 'high',
    names: { zh: '消防通道堵塞', en: 'Fire exit blocked', kr: '비상구 막힘', jp: '非常口の障害物' },
  },
  { code: 'rodent', classId: 'aicls_hygiene', priority: 'high', names: { zh: '老鼠出没', en: 'Rodent', kr: '쥐 출현', jp: 'ネズミの出没' } },
  { code: 'no_chef_hat', classId: 'aicls_hygiene', priority: 'low', names: { zh: '未戴厨师帽', en: 'No chef hat', kr: '위생모 미착용', jp: '衛生帽未着用' } },
  { code: 'no_mask', classId: 'aicls_hygiene', priority: 'low', names: { zh: '未戴口罩', en: 'No mask', kr: '마스크 미착용', jp: 'マスク未着用' } },
  { code: 'empty_shelf', classId: 'aicls_display', priority: 'low', names: { zh: '货架缺货', en: 'Empty shelf', kr: '빈 진열대', jp: '棚の欠品' } },
];

/**
 * AI tasks (issue 15 section 1): the global catalogue of AI inspection item classes and items, and
 * each customer's tasks (which items on which cameras, weekdays, hours, priority). customer_id leads
 * every key of the tasks (DESIGN T3). Created only if missing; the catalogue rows only if absent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_item_classes')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    // {"zh","en","kr","jp"}: the catalogue is the product's, so its names travel with it.
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ai_items')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('class_id', 'text', (c) => c.notNull().references('ai_item_classes.id'))
    .addColumn('event_code', 'text', (c) => c.notNull().unique())
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('default_priority', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ai_tasks')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // The name trimmed and lower-cased: names are unique per customer regardless of case.
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    // ISO weekdays, comma-separated in order ("1,2,3,4,5").
    .addColumn('weekdays', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ai_tasks_pk', ['customer_id', 'id'])
    .execute();
  await db.schema.createIndex('ai_tasks_name_key_idx').ifNotExists().on('ai_tasks').columns(['customer_id', 'name_key']).unique().execute();

  await db.schema
    .createTable('ai_task_items')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ai_task_items_pk', ['customer_id', 'task_id', 'item_id'])
    .execute();
  await db.schema.createIndex('ai_task_items_item_idx').ifNotExists().on('ai_task_items').columns(['customer_id', 'item_id']).execute();

  await db.schema
    .createTable('ai_task_cameras')
    .ifNotExists()
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'text', (c) => c.notNull())
    // The camera's shop when the task was saved: lists filter and scope by store without a join.
    .addColumn('shop_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ai_task_cameras_pk', ['customer_id', 'task_id', 'camera_id'])
    .execute();
  await db.schema.createIndex('ai_task_cameras_camera_idx').ifNotExists().on('ai_task_cameras').columns(['customer_id', 'camera_id']).execute();
  await db.schema.createIndex('ai_task_cameras_shop_idx').ifNotExists().on('ai_task_cameras').columns(['customer_id', 'shop_id']).execute();

  const seed = db as Kysely<{
    ai_item_classes: { id: string; code: string; names: string; sort: number };
    ai_items: { id: string; class_id: string; event_code: string; names: string; default_priority: string; sort: number };
  }>;
  const classes = new Set((await seed.selectFrom('ai_item_classes').select('id').execute()).map((row) => row.id));
  const missingClasses = CLASSES.filter((row) => !classes.has(row.id));
  if (missingClasses.length > 0) {
    await seed
      .insertInto('ai_item_classes')
      .values(missingClasses.map((row) => ({ id: row.id, code: row.code, names: JSON.stringify(row.names), sort: row.sort })))
      .execute();
  }
  const items = new Set((await seed.selectFrom('ai_items').select('event_code').execute()).map((row) => row.event_code));
  const missingItems = ITEMS.map((row, index) => ({ row, index })).filter(({ row }) => !items.has(row.code));
  if (missingItems.length > 0) {
    await seed
      .insertInto('ai_items')
      .values(
        missingItems.map(({ row, index }) => ({
          id: `aiitem_${row.code}`,
          class_id: row.classId,
          event_code: row.code,
          names: JSON.stringify(row.names),
          default_priority: row.priority,
          sort: index + 1,
        })),
      )
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ai_task_cameras', 'ai_task_items', 'ai_tasks', 'ai_items', 'ai_item_classes']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
