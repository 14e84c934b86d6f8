import type { DB } from '../../platform/db/database.ts';
import { containsKeyword } from '../../platform/db/like-pattern.ts';
import type { AiTasksTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

export type AiTaskStored = Omit<AiTasksTable, 'customer_id'>;

export interface AiTaskQuery {
  /** Null: the caller sees every store, so no task is out of reach. */
  visibleShopIds: readonly string[] | null;
  shopIds?: readonly string[];
  keyword?: string;
  itemId?: string;
  priority?: string;
  enabled?: boolean;
}

/** The catalogue of AI inspection items: global rows, read by everyone. */
export function aiCatalogueRepo(db: DB) {
  return {
    classes: () =>
      db
        .selectFrom('ai_item_classes as c')
        .leftJoin('ai_items as i', 'i.class_id', 'c.id')
        .select(['c.id', 'c.code', 'c.names', 'c.sort', (eb) => eb.fn.count<number>('i.id').as('item_num')])
        .groupBy(['c.id', 'c.code', 'c.names', 'c.sort'])
        .orderBy('c.sort')
        .execute(),
    items: (classId?: string) => {
      let query = db
        .selectFrom('ai_items as i')
        .innerJoin('ai_item_classes as c', 'c.id', 'i.class_id')
        .select(['i.id', 'i.class_id', 'i.event_code', 'i.names', 'i.default_priority', 'c.names as class_names']);
      if (classId) query = query.where('i.class_id', '=', classId);
      return query.orderBy('c.sort').orderBy('i.sort').execute();
    },
    existingItemIds: async (itemIds: readonly string[]) =>
      itemIds.length === 0
        ? new Set<string>()
        : new Set(
            (
              await db
                .selectFrom('ai_items')
                .select('id')
                .where('id', 'in', [...itemIds])
                .execute()
            ).map((row) => row.id),
          ),
  };
}

/** A customer's AI tasks, their items and cameras. */
export function aiTasksRepo(scope: TenantScope) {
  return {
    task: (taskId: string) => scope.selectFrom('ai_tasks').selectAll().where('id', '=', taskId).executeTakeFirst() as Promise<AiTaskStored | undefined>,
    taskIdByNameKey: async (nameKey: string) =>
      (await scope.selectFrom('ai_tasks').select('id').where('name_key', '=', nameKey).executeTakeFirst())?.id ?? null,
    taskShopIds: async (taskId: string) => [
      ...new Set((await scope.selectFrom('ai_task_cameras').select('shop_id').where('task_id', '=', taskId).execute()).map((row) => row.shop_id)),
    ],

    /**
     * One page of tasks, newest change first. A task is in reach when every one of its stores is
     * (a task spanning a store the caller does not see is another person's to change).
     */
    async page(query: AiTaskQuery, offset: number, limit: number): Promise<{ total: number; rows: AiTaskStored[] }> {
      let base = scope.selectFrom('ai_tasks as t');
      const { visibleShopIds, shopIds, keyword, itemId, priority, enabled } = query;
      // Uncorrelated subqueries through the scope: every one is filtered to the customer.
      if (visibleShopIds !== null) {
        const visible = visibleShopIds.length > 0 ? [...visibleShopIds] : [''];
        base = base.where('t.id', 'not in', scope.selectFrom('ai_task_cameras').select('task_id').where('shop_id', 'not in', visible));
      }
      if (shopIds && shopIds.length > 0) {
        base = base.where(
          't.id',
          'in',
          scope
            .selectFrom('ai_task_cameras')
            .select('task_id')
            .where('shop_id', 'in', [...shopIds]),
        );
      }
      if (itemId) base = base.where('t.id', 'in', scope.selectFrom('ai_task_items').select('task_id').where('item_id', '=', itemId));
      if (keyword) base = base.where(containsKeyword('t.name', keyword));
      if (priority) base = base.where('t.priority', '=', priority);
      if (enabled !== undefined) base = base.where('t.enabled', '=', enabled ? 1 : 0);
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        base
          .select([
            't.id',
            't.name',
            't.name_key',
            't.priority',
            't.weekdays',
            't.start_time',
            't.end_time',
            't.enabled',
            't.created_by',
            't.updated_by',
            't.created_at',
            't.updated_at',
          ])
          .orderBy('t.updated_at', 'desc')
          .orderBy('t.id')
          .offset(offset)
          .limit(limit)
          .execute(),
      ]);
      return { total: Number(count.n), rows };
    },

    /** The cameras of these tasks, with their names and stores (cameras deleted since drop out). */
    camerasOf: (taskIds: readonly string[]) =>
      taskIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('ai_task_cameras as tc')
            .innerJoin('cameras as c', (join) => join.onRef('c.customer_id', '=', 'tc.customer_id').onRef('c.id', '=', 'tc.camera_id'))
            .innerJoin('shops as s', (join) => join.onRef('s.customer_id', '=', 'c.customer_id').onRef('s.id', '=', 'c.shop_id'))
            .select(['tc.task_id', 'c.id as camera_id', 'c.name', 'c.number', 's.id as shop_id', 's.name as shop_name', 's.closed_at'])
            .where('tc.task_id', 'in', [...taskIds])
            .orderBy('s.name')
            .orderBy('c.number')
            .execute(),
    itemsOf: (taskIds: readonly string[]) =>
      taskIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('ai_task_items as ti')
            .innerJoin('ai_items as i', 'i.id', 'ti.item_id')
            .select(['ti.task_id', 'i.id as item_id', 'i.event_code', 'i.names'])
            .where('ti.task_id', 'in', [...taskIds])
            .orderBy('i.sort')
            .execute(),

    insert: (row: AiTaskStored) => scope.insertInto('ai_tasks', [row]).execute(),
    update: (taskId: string, row: Partial<AiTaskStored>) => scope.updateTable('ai_tasks').set(row).where('id', '=', taskId).executeTakeFirst(),
    async replaceLinks(taskId: string, cameras: readonly { cameraId: string; shopId: string }[], itemIds: readonly string[]): Promise<void> {
      await scope.deleteFrom('ai_task_cameras').where('task_id', '=', taskId).execute();
      await scope.deleteFrom('ai_task_items').where('task_id', '=', taskId).execute();
      if (cameras.length > 0) {
        await scope
          .insertInto(
            'ai_task_cameras',
            cameras.map((camera) => ({ task_id: taskId, camera_id: camera.cameraId, shop_id: camera.shopId })),
          )
          .execute();
      }
      if (itemIds.length > 0)
        await scope
          .insertInto(
            'ai_task_items',
            itemIds.map((itemId) => ({ task_id: taskId, item_id: itemId })),
          )
          .execute();
    },
    async remove(taskId: string): Promise<void> {
      await scope.deleteFrom('ai_task_cameras').where('task_id', '=', taskId).execute();
      await scope.deleteFrom('ai_task_items').where('task_id', '=', taskId).execute();
      await scope.deleteFrom('ai_tasks').where('id', '=', taskId).execute();
    },

    /** The enabled tasks on a box's cameras, with those cameras and the tasks' event codes (the device configuration). */
    async enabledOfBox(boxId: string) {
      const cameras = await scope
        .selectFrom('ai_task_cameras as tc')
        .innerJoin('ai_tasks as t', (join) => join.onRef('t.customer_id', '=', 'tc.customer_id').onRef('t.id', '=', 'tc.task_id'))
        .innerJoin('cameras as c', (join) => join.onRef('c.customer_id', '=', 'tc.customer_id').onRef('c.id', '=', 'tc.camera_id'))
        .select(['t.id', 't.name', 't.priority', 't.weekdays', 't.start_time', 't.end_time', 'c.id as camera_id'])
        .where('c.box_id', '=', boxId)
        .where('t.enabled', '=', 1)
        .orderBy('t.name')
        .orderBy('t.id')
        .orderBy('c.id')
        .execute();
      const taskIds = [...new Set(cameras.map((row) => row.id))];
      const codes =
        taskIds.length === 0
          ? []
          : await scope
              .selectFrom('ai_task_items as ti')
              .innerJoin('ai_items as i', 'i.id', 'ti.item_id')
              .select(['ti.task_id', 'i.event_code'])
              .where('ti.task_id', 'in', taskIds)
              .orderBy('i.event_code')
              .execute();
      return { cameras, codes };
    },
  };
}
export type AiTasksRepo = ReturnType<typeof aiTasksRepo>;
