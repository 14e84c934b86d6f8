import {
  AI_TASK_PRIORITIES,
  type AiItem,
  type AiItemClass,
  type AiTaskCreateRequest,
  type AiTaskDetail,
  type AiTaskFilter,
  type AiTaskPriority,
  type AiTaskRow,
  type AiTaskUpdateRequest,
  aiTaskCreateRequestSchema,
  aiTaskUpdateRequestSchema,
  type DeviceAiTask,
  type Locale,
  type Page,
} from '@storelens/contracts';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { type AiTaskStored, aiCatalogueRepo, aiTasksRepo } from './ai-tasks.repo.ts';

type Names = Partial<Record<Locale, string>>;

/** A catalogue name in the caller's language, English when that one is missing. */
function nameIn(names: string, locale: Locale): string {
  const parsed = JSON.parse(names) as Names;
  return parsed[locale] ?? parsed.en ?? '';
}

const nameKeyOf = (name: string) => name.trim().toLowerCase();
const weekdaysOf = (stored: string) => stored.split(',').filter(Boolean).map(Number);
const priorityOf = (stored: string): AiTaskPriority => ((AI_TASK_PRIORITIES as readonly string[]).includes(stored) ? (stored as AiTaskPriority) : 'low');

/**
 * The enabled AI tasks a box runs (its part of GET /api/device/v1/config): the tasks on the box's
 * cameras with those cameras and the items' event codes. None once the shop is closed: closing a
 * shop turns its security monitoring off (issue 15 section 1).
 */
export async function aiTasksOfBox(db: DB, customerId: string, boxId: string, shopClosed: boolean): Promise<DeviceAiTask[]> {
  if (shopClosed) return [];
  const { cameras, codes } = await aiTasksRepo(tenantScope(db, customerId)).enabledOfBox(boxId);
  const tasks = new Map<string, DeviceAiTask>();
  for (const row of cameras) {
    const task = tasks.get(row.id) ?? {
      taskId: row.id,
      name: row.name,
      priority: priorityOf(row.priority),
      weekdays: weekdaysOf(row.weekdays),
      startTime: row.start_time,
      endTime: row.end_time,
      cameraIds: [],
      eventCodes: [],
    };
    task.cameraIds.push(row.camera_id);
    tasks.set(row.id, task);
  }
  for (const code of codes) tasks.get(code.task_id)?.eventCodes.push(code.event_code);
  return [...tasks.values()];
}

/**
 * AI tasks (issue 15 section 1): the catalogue of AI inspection items, and the customer's tasks
 * saying which items run on which cameras, weekdays, hours and priority. A task lives in the stores
 * of its cameras: a caller reaches a task only when they see every one of its stores, and what lies
 * outside answers 'not found', exactly like another customer's ids. Boxes pick changes up on their
 * next configuration poll (the configuration's version is a hash of its content).
 */
export function createAiTasksService(deps: { db: DB }) {
  const { db } = deps;
  const catalogue = aiCatalogueRepo(db);
  const repoOf = (customerId: string, on: DB = db) => aiTasksRepo(tenantScope(on, customerId));

  async function visibleTask(actor: CustomerActor, taskId: string): Promise<AiTaskStored> {
    const repo = repoOf(actor.customerId);
    const task = await repo.task(taskId);
    if (!task) throw notFound();
    const scope = await accessOf(db, actor).scope();
    if ((await repo.taskShopIds(taskId)).some((shopId) => !scope.canSeeShop(shopId))) throw notFound();
    return task;
  }

  async function requireFreeName(actor: CustomerActor, name: string, exceptTaskId?: string): Promise<void> {
    const holder = await repoOf(actor.customerId).taskIdByNameKey(nameKeyOf(name));
    if (holder !== null && holder !== exceptTaskId) throw badRequest('aiTasks.nameTaken', {}, { field: 'name' });
  }

  /** The cameras (each in a store the caller sees) and items of a task, checked. */
  async function checkedLinks(actor: CustomerActor, cameraIds: readonly string[], itemIds: readonly string[]) {
    const shopOf = await accessOf(db, actor).cameras(cameraIds);
    const items = [...new Set(itemIds)];
    const known = await catalogue.existingItemIds(items);
    if (items.some((itemId) => !known.has(itemId))) throw badRequest('aiTasks.unknownItem', {}, { field: 'itemIds' });
    const cameras = [...new Set(cameraIds)].map((cameraId) => ({ cameraId, shopId: shopOf.get(cameraId) as string }));
    return { cameras, items };
  }

  async function present(actor: CustomerActor, rows: readonly AiTaskStored[], locale: Locale): Promise<AiTaskDetail[]> {
    const repo = repoOf(actor.customerId);
    const ids = rows.map((row) => row.id);
    const [cameras, items] = await Promise.all([repo.camerasOf(ids), repo.itemsOf(ids)]);
    return rows.map((row) => {
      const own = cameras.filter((camera) => camera.task_id === row.id);
      const shops = new Map<string, { shopId: string; name: string; closed: boolean }>();
      for (const camera of own) shops.set(camera.shop_id, { shopId: camera.shop_id, name: camera.shop_name, closed: camera.closed_at !== null });
      return {
        taskId: row.id,
        name: row.name,
        priority: priorityOf(row.priority),
        enabled: row.enabled === 1,
        weekdays: weekdaysOf(row.weekdays),
        startTime: row.start_time,
        endTime: row.end_time,
        shops: [...shops.values()],
        cameraCount: own.length,
        items: items
          .filter((item) => item.task_id === row.id)
          .map((item) => ({ itemId: item.item_id, eventCode: item.event_code, name: nameIn(item.names, locale) })),
        updatedAt: row.updated_at,
        cameras: own.map((camera) => ({
          cameraId: camera.camera_id,
          name: camera.name,
          number: camera.number,
          shopId: camera.shop_id,
          shopName: camera.shop_name,
        })),
        createdAt: row.created_at,
        createdBy: row.created_by,
        updatedBy: row.updated_by,
      };
    });
  }

  /** Saves in one transaction; two saves of one name at once: the loser is told the name is taken. */
  async function save(work: (trx: DB) => Promise<void>): Promise<void> {
    try {
      await db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest('aiTasks.nameTaken', {}, { field: 'name' });
      throw error;
    }
  }

  return {
    async itemClasses(locale: Locale): Promise<AiItemClass[]> {
      return (await catalogue.classes()).map((row) => ({ classId: row.id, code: row.code, name: nameIn(row.names, locale), itemNum: Number(row.item_num) }));
    },

    async items(filter: { classId?: string; keyword?: string }, locale: Locale): Promise<AiItem[]> {
      const keyword = filter.keyword?.trim().toLowerCase() ?? '';
      // A class that does not exist is 'not found', never an empty list.
      if (filter.classId && !(await catalogue.classes()).some((row) => row.id === filter.classId)) throw notFound();
      return (await catalogue.items(filter.classId))
        .map((row) => ({
          itemId: row.id,
          classId: row.class_id,
          className: nameIn(row.class_names, locale),
          eventCode: row.event_code,
          name: nameIn(row.names, locale),
          defaultPriority: priorityOf(row.default_priority),
        }))
        .filter((item) => keyword === '' || item.name.toLowerCase().includes(keyword) || item.eventCode.includes(keyword));
    },

    async page(actor: CustomerActor, request: AiTaskFilter & { page: number; pageSize: number }, locale: Locale): Promise<Page<AiTaskRow>> {
      const access = accessOf(db, actor);
      const scope = await access.scope();
      // Named stores outside the caller's scope answer 'not found', like another customer's.
      const shopIds = request.shopIds && request.shopIds.length > 0 ? await access.shopIds(request.shopIds) : undefined;
      const { total, rows } = await repoOf(actor.customerId).page(
        {
          visibleShopIds: scope.shopIds === null ? null : scope.visibleShopIds,
          shopIds,
          keyword: request.keyword,
          itemId: request.itemId,
          priority: request.priority,
          enabled: request.enabled,
        },
        (request.page - 1) * request.pageSize,
        request.pageSize,
      );
      const list = (await present(actor, rows, locale)).map(({ cameras: _cameras, createdAt: _c, createdBy: _cb, updatedBy: _ub, ...row }) => row);
      return { total, page: request.page, pageSize: request.pageSize, list };
    },

    async info(actor: CustomerActor, taskId: string, locale: Locale): Promise<AiTaskDetail> {
      const task = await visibleTask(actor, taskId);
      const [detail] = await present(actor, [task], locale);
      if (!detail) throw notFound();
      return detail;
    },

    async isNameExist(actor: CustomerActor, name: string, taskId?: string): Promise<{ exists: boolean }> {
      // The task being edited must be one the caller reaches.
      if (taskId) await visibleTask(actor, taskId);
      const holder = await repoOf(actor.customerId).taskIdByNameKey(nameKeyOf(name));
      return { exists: holder !== null && holder !== taskId };
    },

    async add(actor: CustomerActor, input: AiTaskCreateRequest): Promise<{ taskId: string }> {
      const request = aiTaskCreateRequestSchema.parse(input);
      await requireFreeName(actor, request.name);
      const { cameras, items } = await checkedLinks(actor, request.cameraIds, request.itemIds);
      const taskId = newId();
      const at = nowIso();
      await save(async (trx) => {
        const repo = repoOf(actor.customerId, trx);
        await repo.insert({
          id: taskId,
          name: request.name,
          name_key: nameKeyOf(request.name),
          priority: request.priority,
          weekdays: request.weekdays.join(','),
          start_time: request.startTime,
          end_time: request.endTime,
          enabled: request.enabled ? 1 : 0,
          created_by: actor.userId,
          updated_by: actor.userId,
          created_at: at,
          updated_at: at,
        });
        await repo.replaceLinks(taskId, cameras, items);
      });
      return { taskId };
    },

    async update(actor: CustomerActor, input: AiTaskUpdateRequest): Promise<{ taskId: string }> {
      const request = aiTaskUpdateRequestSchema.parse(input);
      await visibleTask(actor, request.taskId);
      await requireFreeName(actor, request.name, request.taskId);
      const { cameras, items } = await checkedLinks(actor, request.cameraIds, request.itemIds);
      await save(async (trx) => {
        const repo = repoOf(actor.customerId, trx);
        await repo.update(request.taskId, {
          name: request.name,
          name_key: nameKeyOf(request.name),
          priority: request.priority,
          weekdays: request.weekdays.join(','),
          start_time: request.startTime,
          end_time: request.endTime,
          updated_by: actor.userId,
          updated_at: nowIso(),
        });
        await repo.replaceLinks(request.taskId, cameras, items);
      });
      return { taskId: request.taskId };
    },

    async setEnabled(actor: CustomerActor, taskId: string, enabled: boolean): Promise<{ taskId: string }> {
      await visibleTask(actor, taskId);
      await repoOf(actor.customerId).update(taskId, { enabled: enabled ? 1 : 0, updated_by: actor.userId, updated_at: nowIso() });
      return { taskId };
    },

    async remove(actor: CustomerActor, taskId: string): Promise<{ taskId: string }> {
      await visibleTask(actor, taskId);
      await db.transaction().execute((trx) => repoOf(actor.customerId, trx).remove(taskId));
      return { taskId };
    },
  };
}
export type AiTasksService = ReturnType<typeof createAiTasksService>;
