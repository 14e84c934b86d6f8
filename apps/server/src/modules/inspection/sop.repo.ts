import { type Selectable, sql } from 'kysely';
import { containsKeyword } from '../../platform/db/like-pattern.ts';
import type { InspectionCategoriesTable, InspectionItemsTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

export type CategoryRow = Omit<Selectable<InspectionCategoriesTable>, 'customer_id'>;
export type ItemRow = Omit<Selectable<InspectionItemsTable>, 'customer_id'>;
export type ItemWithCategory = ItemRow & { category_name: string };

export interface ItemFilter {
  keyword?: string | undefined;
  categoryId?: string | undefined;
  status?: 'available' | 'filed' | undefined;
}

/** What a name is compared by: trimmed, inner spaces folded, lower-cased (Unicode-aware). */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
}

const ITEM_COLUMNS = [
  'i.id',
  'i.category_id',
  'i.name',
  'i.name_key',
  'i.description',
  'i.status',
  'i.image_key',
  'i.image_sha256',
  'i.created_by',
  'i.created_at',
  'i.updated_at',
  'i.filed_at',
  'c.name as category_name',
] as const;

/** The SOP of a customer: inspection categories and items. */
export function sopRepo(scope: TenantScope) {
  function itemsQuery(filter: ItemFilter) {
    let query = scope
      .selectFrom('inspection_items as i')
      .innerJoin('inspection_categories as c', (join) => join.onRef('c.customer_id', '=', 'i.customer_id').onRef('c.id', '=', 'i.category_id'));
    if (filter.categoryId) query = query.where('i.category_id', '=', filter.categoryId);
    if (filter.status) query = query.where('i.status', '=', filter.status);
    if (filter.keyword) {
      const keyword = filter.keyword;
      query = query.where((eb) => eb.or([containsKeyword('i.name', keyword), containsKeyword('i.description', keyword)]));
    }
    return query;
  }

  return {
    async categories(keyword?: string): Promise<(CategoryRow & { item_num: number })[]> {
      let query = scope.selectFrom('inspection_categories').select(['id', 'name', 'name_key', 'created_by', 'created_at', 'updated_at']).orderBy('name');
      if (keyword) query = query.where(containsKeyword('name', keyword));
      const [rows, counts] = await Promise.all([
        query.execute(),
        scope
          .selectFrom('inspection_items')
          .select(['category_id', sql<number>`count(*)`.as('n')])
          .groupBy('category_id')
          .execute(),
      ]);
      const countOf = new Map(counts.map((row) => [row.category_id, Number(row.n)]));
      return rows.map((row) => ({ ...row, item_num: countOf.get(row.id) ?? 0 }));
    },

    category: (categoryId: string): Promise<CategoryRow | undefined> =>
      scope
        .selectFrom('inspection_categories')
        .select(['id', 'name', 'name_key', 'created_by', 'created_at', 'updated_at'])
        .where('id', '=', categoryId)
        .executeTakeFirst(),

    categoryNamed: (key: string) => scope.selectFrom('inspection_categories').select(['id', 'name']).where('name_key', '=', key).executeTakeFirst(),

    insertCategory: (row: CategoryRow) => scope.insertInto('inspection_categories', [row]).execute(),
    updateCategory: (categoryId: string, changes: Pick<CategoryRow, 'name' | 'name_key' | 'updated_at'>) =>
      scope.updateTable('inspection_categories').set(changes).where('id', '=', categoryId).execute(),
    deleteCategory: (categoryId: string) => scope.deleteFrom('inspection_categories').where('id', '=', categoryId).execute(),

    async itemCountOf(categoryId: string): Promise<number> {
      const row = await scope
        .selectFrom('inspection_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('category_id', '=', categoryId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async countItems(filter: ItemFilter): Promise<number> {
      const row = await itemsQuery(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    items: (filter: ItemFilter, page?: { offset: number; limit: number }): Promise<ItemWithCategory[]> => {
      let query = itemsQuery(filter).select(ITEM_COLUMNS).orderBy('c.name').orderBy('i.name').orderBy('i.id');
      if (page) query = query.offset(page.offset).limit(page.limit);
      return query.execute();
    },

    item: (itemId: string): Promise<ItemWithCategory | undefined> => itemsQuery({}).select(ITEM_COLUMNS).where('i.id', '=', itemId).executeTakeFirst(),

    itemsByIds: (itemIds: readonly string[]): Promise<ItemWithCategory[]> =>
      itemIds.length === 0
        ? Promise.resolve([])
        : itemsQuery({})
            .select(ITEM_COLUMNS)
            .where('i.id', 'in', [...itemIds])
            .execute(),

    itemNamed: (key: string) => scope.selectFrom('inspection_items').select(['id', 'name']).where('name_key', '=', key).executeTakeFirst(),
    itemKeys: async (): Promise<Map<string, string>> =>
      new Map((await scope.selectFrom('inspection_items').select(['id', 'name_key']).execute()).map((row) => [row.name_key, row.id])),

    insertItems: (rows: readonly ItemRow[]) => scope.insertInto('inspection_items', [...rows]).execute(),
    updateItem: (itemId: string, changes: Partial<Omit<ItemRow, 'id' | 'created_at' | 'created_by'>>) =>
      scope.updateTable('inspection_items').set(changes).where('id', '=', itemId).execute(),

    /** Plans that are not deleted and list each item. */
    async planCounts(itemIds: readonly string[]): Promise<Map<string, number>> {
      if (itemIds.length === 0) return new Map();
      const rows = await scope
        .selectFrom('inspection_plan_items as pi')
        .innerJoin('inspection_plans as p', (join) => join.onRef('p.customer_id', '=', 'pi.customer_id').onRef('p.id', '=', 'pi.plan_id'))
        .select(['pi.item_id', sql<number>`count(*)`.as('n')])
        .where('pi.item_id', 'in', [...itemIds])
        .where('p.lifecycle', '!=', 'deleted')
        .groupBy('pi.item_id')
        .execute();
      return new Map(rows.map((row) => [row.item_id, Number(row.n)]));
    },
  };
}
export type SopRepo = ReturnType<typeof sopRepo>;
