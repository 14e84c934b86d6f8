import '@fastify/multipart';
import { INSPECTION_LIMITS, type OperationInput, type Page, type SiClassRow, type SiItemGroup, type SiItemRow, type sopOperations } from '@storelens/contracts';
import type { FastifyRequest } from 'fastify';
import type { DB } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { DownloadStream } from '../../platform/http/download.ts';
import { badRequest, notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { ItemImageRefused, itemImageKey, prepareItemImage } from './item-image.ts';
import { type ItemFilter, type ItemWithCategory, nameKey, sopRepo } from './sop.repo.ts';

type ItemListInput = OperationInput<typeof sopOperations.siItemList>;
type ItemAddInput = { categoryId: string; name: string; description: string };
type ItemUpdateInput = OperationInput<typeof sopOperations.siItemUpdate>;

const IMAGE_MB = INSPECTION_LIMITS.imageMaxBytes / 1024 / 1024;

export function presentItem(row: ItemWithCategory, planCount: number): SiItemRow {
  return {
    itemId: row.id,
    categoryId: row.category_id,
    categoryName: row.category_name,
    name: row.name,
    description: row.description,
    status: row.status,
    imageVersion: row.image_sha256 ? row.image_sha256.slice(0, 16) : null,
    planCount,
    updatedAt: row.updated_at,
  };
}

/**
 * The SOP (issue 14 section 1): inspection categories and items of a customer. Names are unique per
 * customer (compared trimmed and without case); a category with items cannot be deleted; a filed
 * item stays in the plans that list it and cannot be chosen for new ones until it is restored.
 * Reference images are checked and resized with sharp and kept in object storage.
 */
export function createSopService(deps: { db: DB; storage: ObjectStorage }) {
  const { db, storage } = deps;
  const repoOf = (customerId: string, on: DB = db) => sopRepo(tenantScope(on, customerId));

  async function requireItem(actor: CustomerActor, itemId: string): Promise<ItemWithCategory> {
    const item = await repoOf(actor.customerId).item(itemId);
    if (!item) throw notFound();
    return item;
  }

  async function requireCategory(actor: CustomerActor, categoryId: string) {
    const category = await repoOf(actor.customerId).category(categoryId);
    if (!category) throw notFound();
    return category;
  }

  async function itemRow(actor: CustomerActor, itemId: string): Promise<SiItemRow> {
    const item = await requireItem(actor, itemId);
    const counts = await repoOf(actor.customerId).planCounts([item.id]);
    return presentItem(item, counts.get(item.id) ?? 0);
  }

  /** Runs a write that may lose a race on a unique name: answered as the duplicate it is. */
  async function uniquely<T>(message: 'errors.classificationExists' | 'errors.itemNameDuplicated', write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw refused(message);
      throw error;
    }
  }

  /** The one file part and the fields of a multipart upload, the file at most imageMaxBytes. */
  async function receiveImage(request: FastifyRequest): Promise<{ fields: Record<string, string>; content: Buffer }> {
    if (!request.isMultipart()) throw badRequest('inspection.noImageFile');
    const fields: Record<string, string> = {};
    let content: Buffer | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file' || content) throw badRequest('inspection.noImageFile');
        content = await part.toBuffer();
        if (part.file.truncated) throw refused('inspection.imageTooLarge', { mb: IMAGE_MB });
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw refused('inspection.imageTooLarge', { mb: IMAGE_MB });
      if (code === 'FST_FILES_LIMIT') throw badRequest('inspection.noImageFile');
      throw error;
    }
    if (!content) throw badRequest('inspection.noImageFile');
    return { fields, content };
  }

  async function setImage(actor: CustomerActor, itemId: string, content: Buffer): Promise<SiItemRow> {
    const item = await requireItem(actor, itemId);
    let prepared: Awaited<ReturnType<typeof prepareItemImage>>;
    try {
      prepared = await prepareItemImage(content);
    } catch (error) {
      if (error instanceof ItemImageRefused) throw refused('inspection.imageInvalid');
      throw error;
    }
    const key = itemImageKey(actor.customerId, item.id, prepared.sha256);
    await storage.putBuffer(key, prepared.jpeg);
    try {
      await repoOf(actor.customerId).updateItem(item.id, { image_key: key, image_sha256: prepared.sha256, updated_at: nowIso() });
    } catch (error) {
      // Nothing half-written (DESIGN R1): the new image without its row goes.
      if (key !== item.image_key) await storage.delete([key]);
      throw error;
    }
    if (item.image_key && item.image_key !== key) await storage.delete([item.image_key]);
    return itemRow(actor, item.id);
  }

  return {
    // ---------------------------------------------------------------- categories
    async classList(actor: CustomerActor, keyword?: string): Promise<SiClassRow[]> {
      const rows = await repoOf(actor.customerId).categories(keyword);
      return rows.map((row) => ({ categoryId: row.id, name: row.name, itemNum: row.item_num, updatedAt: row.updated_at }));
    },

    async addClass(actor: CustomerActor, input: { name: string }): Promise<{ categoryId: string }> {
      const key = nameKey(input.name);
      const repo = repoOf(actor.customerId);
      if (await repo.categoryNamed(key)) throw refused('errors.classificationExists');
      const categoryId = newId();
      const at = nowIso();
      await uniquely('errors.classificationExists', () =>
        repo.insertCategory({ id: categoryId, name: input.name, name_key: key, created_by: actor.userId, created_at: at, updated_at: at }),
      );
      return { categoryId };
    },

    async updateClass(actor: CustomerActor, input: { categoryId: string; name: string }): Promise<{ categoryId: string }> {
      const category = await requireCategory(actor, input.categoryId);
      const key = nameKey(input.name);
      const repo = repoOf(actor.customerId);
      const named = await repo.categoryNamed(key);
      if (named && named.id !== category.id) throw refused('errors.classificationExists');
      await uniquely('errors.classificationExists', () => repo.updateCategory(category.id, { name: input.name, name_key: key, updated_at: nowIso() }));
      return { categoryId: category.id };
    },

    async deleteClass(actor: CustomerActor, input: { categoryId: string }): Promise<{ categoryId: string }> {
      const category = await requireCategory(actor, input.categoryId);
      await db.transaction().execute(async (trx) => {
        const repo = repoOf(actor.customerId, trx);
        if ((await repo.itemCountOf(category.id)) > 0) throw refused('inspection.categoryHasItems');
        await repo.deleteCategory(category.id);
      });
      return { categoryId: category.id };
    },

    // ---------------------------------------------------------------- items
    async itemList(actor: CustomerActor, input: ItemListInput & { page: number; pageSize: number }): Promise<Page<SiItemRow>> {
      if (input.categoryId) await requireCategory(actor, input.categoryId);
      const repo = repoOf(actor.customerId);
      const filter: ItemFilter = { keyword: input.keyword, categoryId: input.categoryId, status: input.status };
      const [total, rows] = await Promise.all([
        repo.countItems(filter),
        repo.items(filter, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize }),
      ]);
      const counts = await repo.planCounts(rows.map((row) => row.id));
      return { total, page: input.page, pageSize: input.pageSize, list: rows.map((row) => presentItem(row, counts.get(row.id) ?? 0)) };
    },

    itemDetail: (actor: CustomerActor, itemId: string) => itemRow(actor, itemId),

    /** A list filter naming a category must name one of the customer's. */
    async checkFilter(actor: CustomerActor, filter: ItemFilter): Promise<ItemFilter> {
      if (filter.categoryId) await requireCategory(actor, filter.categoryId);
      return filter;
    },

    /** Categories with their item counts and the items matching the keyword (every category is listed, so an empty one can be seen). */
    async groupedItems(actor: CustomerActor, input: { keyword?: string | undefined; includeFiled: boolean }): Promise<SiItemGroup[]> {
      const repo = repoOf(actor.customerId);
      const [categories, items] = await Promise.all([
        repo.categories(),
        repo.items({ keyword: input.keyword, ...(input.includeFiled ? {} : { status: 'available' as const }) }),
      ]);
      return categories
        .map((category) => {
          const mine = items.filter((item) => item.category_id === category.id);
          return {
            categoryId: category.id,
            name: category.name,
            itemNum: mine.length,
            items: mine.map((item) => ({ itemId: item.id, name: item.name, status: item.status })),
          };
        })
        .filter((group) => !input.keyword || group.itemNum > 0);
    },

    async addItem(actor: CustomerActor, input: ItemAddInput): Promise<{ itemId: string }> {
      await requireCategory(actor, input.categoryId);
      const key = nameKey(input.name);
      const repo = repoOf(actor.customerId);
      if (await repo.itemNamed(key)) throw refused('errors.itemNameDuplicated');
      const itemId = newId();
      const at = nowIso();
      await uniquely('errors.itemNameDuplicated', () =>
        repo.insertItems([
          {
            id: itemId,
            category_id: input.categoryId,
            name: input.name,
            name_key: key,
            description: input.description,
            status: 'available',
            image_key: null,
            image_sha256: null,
            created_by: actor.userId,
            created_at: at,
            updated_at: at,
            filed_at: null,
          },
        ]),
      );
      return { itemId };
    },

    async updateItem(actor: CustomerActor, input: ItemUpdateInput): Promise<{ itemId: string }> {
      const item = await requireItem(actor, input.itemId);
      if (input.categoryId !== undefined) await requireCategory(actor, input.categoryId);
      const repo = repoOf(actor.customerId);
      const key = input.name !== undefined ? nameKey(input.name) : undefined;
      if (key !== undefined) {
        const named = await repo.itemNamed(key);
        if (named && named.id !== item.id) throw refused('errors.itemNameDuplicated');
      }
      await uniquely('errors.itemNameDuplicated', () =>
        repo.updateItem(item.id, {
          ...(input.categoryId !== undefined ? { category_id: input.categoryId } : {}),
          ...(input.name !== undefined && key !== undefined ? { name: input.name, name_key: key } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.removeImage ? { image_key: null, image_sha256: null } : {}),
          updated_at: nowIso(),
        }),
      );
      if (input.removeImage && item.image_key) await storage.delete([item.image_key]);
      return { itemId: item.id };
    },

    async updateItemStatus(actor: CustomerActor, input: { itemId: string; status: 'available' | 'filed' }): Promise<{ itemId: string }> {
      const item = await requireItem(actor, input.itemId);
      if (item.status !== input.status) {
        const at = nowIso();
        await repoOf(actor.customerId).updateItem(item.id, { status: input.status, filed_at: input.status === 'filed' ? at : null, updated_at: at });
      }
      return { itemId: item.id };
    },

    async isPlanExistByItem(actor: CustomerActor, itemId: string): Promise<{ exists: boolean; planCount: number }> {
      const item = await requireItem(actor, itemId);
      const planCount = (await repoOf(actor.customerId).planCounts([item.id])).get(item.id) ?? 0;
      return { exists: planCount > 0, planCount };
    },

    /** Checks and keeps a picture as an item's reference image (the upload's and the demo seed's one path). */
    setImage,

    async uploadImage(actor: CustomerActor, request: FastifyRequest): Promise<SiItemRow> {
      const { fields, content } = await receiveImage(request);
      return setImage(actor, String(fields.itemId ?? ''), content);
    },

    async image(actor: CustomerActor, itemId: string): Promise<DownloadStream> {
      const item = await requireItem(actor, itemId);
      if (!item.image_key) throw notFound();
      const key = item.image_key;
      const size = await storage.size(key);
      if (size === null) throw notFound();
      // The URL carries the image's version, so a browser may keep it; a new image is a new URL.
      return {
        fileName: `${item.id}.jpg`,
        contentType: 'image/jpeg',
        size,
        inline: true,
        cacheControl: 'private, max-age=86400',
        open: (range) => storage.read(key, range),
      };
    },
  };
}
export type SopService = ReturnType<typeof createSopService>;
