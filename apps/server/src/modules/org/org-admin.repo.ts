import type { ShopStatus } from '@storelens/contracts';
import { containsKeyword } from '../../platform/db/like-pattern.ts';
import type { ShopLogsTable, ShopsTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

export type NewShopRow = Omit<ShopsTable, 'customer_id'>;
const INSERT_CHUNK = 200;
export type StoredShop = NewShopRow;
export type ShopChanges = Partial<Omit<NewShopRow, 'id' | 'created_at'>>;

export interface ShopFilter {
  /** Null: every shop; an empty set matches nothing. */
  shopIds: Set<string> | null;
  /** Organisations whose shops are listed; null: any. */
  orgIds: Set<string> | null;
  keyword?: string | undefined;
  hideClosed?: boolean | undefined;
  status?: ShopStatus | undefined;
}

export function orgAdminRepo(scope: TenantScope) {
  function filtered(filter: ShopFilter) {
    let query = scope.selectFrom('shops');
    if (filter.shopIds) query = query.where('shops.id', 'in', [...filter.shopIds]);
    if (filter.orgIds) query = query.where('shops.org_id', 'in', [...filter.orgIds]);
    if (filter.hideClosed) query = query.where('shops.status', '!=', 'closed');
    if (filter.status) query = query.where('shops.status', '=', filter.status);
    if (filter.keyword) {
      const keyword = filter.keyword;
      query = query.where((eb) => eb.or([containsKeyword('shops.name', keyword), containsKeyword('shops.number', keyword)]));
    }
    return query;
  }
  const matchesNothing = (filter: ShopFilter) => filter.shopIds?.size === 0 || filter.orgIds?.size === 0;

  return {
    findOrg: (orgId: string) => scope.selectFrom('orgs').select(['id', 'parent_id', 'level', 'orgcode', 'name']).where('id', '=', orgId).executeTakeFirst(),
    orgcodeTaken: async (orgcode: string) => (await scope.selectFrom('orgs').select('id').where('orgcode', '=', orgcode).executeTakeFirst()) !== undefined,
    siblingNamed: (parentId: string, name: string, exceptId?: string) => {
      let query = scope
        .selectFrom('orgs')
        .select('id')
        .where('parent_id', '=', parentId)
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
      if (exceptId) query = query.where('id', '!=', exceptId);
      return query.executeTakeFirst();
    },
    insertOrg: (row: { id: string; parent_id: string; name: string; level: number; orgcode: string; created_at: string }) =>
      scope.insertInto('orgs', [row]).execute(),
    renameOrg: (orgId: string, name: string) => scope.updateTable('orgs').set({ name }).where('id', '=', orgId).execute(),
    deleteOrg: (orgId: string) => scope.deleteFrom('orgs').where('id', '=', orgId).execute(),
    hasChildOrgs: async (orgId: string) => (await scope.selectFrom('orgs').select('id').where('parent_id', '=', orgId).executeTakeFirst()) !== undefined,
    hasShops: async (orgId: string) => (await scope.selectFrom('shops').select('id').where('org_id', '=', orgId).executeTakeFirst()) !== undefined,
    hasMembers: async (orgId: string) => (await scope.selectFrom('memberships').select('user_id').where('org_id', '=', orgId).executeTakeFirst()) !== undefined,

    findShop: (shopId: string): Promise<StoredShop | undefined> =>
      scope
        .selectFrom('shops')
        .selectAll()
        .where('id', '=', shopId)
        .executeTakeFirst()
        .then((row) => (row ? stripCustomer(row) : undefined)),
    shopWithNumber: (number: string) => scope.selectFrom('shops').select('id').where('number', '=', number).executeTakeFirst(),
    shopNumbersIn: async (numbers: string[]) =>
      numbers.length === 0
        ? new Set<string>()
        : new Set((await scope.selectFrom('shops').select('number').where('number', 'in', numbers).execute()).map((row) => row.number)),
    async insertShops(rows: NewShopRow[]): Promise<void> {
      // Chunks keep a statement under the bound-parameter limits of both dialects.
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) await scope.insertInto('shops', rows.slice(start, start + INSERT_CHUNK)).execute();
    },
    updateShop: (shopId: string, changes: ShopChanges) => scope.updateTable('shops').set(changes).where('id', '=', shopId).execute(),

    async countShops(filter: ShopFilter): Promise<number> {
      if (matchesNothing(filter)) return 0;
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async pageShops(filter: ShopFilter, offset: number, limit: number): Promise<StoredShop[]> {
      if (matchesNothing(filter)) return [];
      const rows = await filtered(filter).selectAll().orderBy('shops.number').offset(offset).limit(limit).execute();
      return rows.map(stripCustomer);
    },
    async lightShops(filter: ShopFilter) {
      if (matchesNothing(filter)) return [];
      return filtered(filter).select(['shops.id', 'shops.number', 'shops.name', 'shops.org_id', 'shops.status']).orderBy('shops.number').execute();
    },
    labelsOfShops: async (filter: ShopFilter) => (matchesNothing(filter) ? [] : filtered(filter).select('shops.labels').execute()),

    async insertLogs(rows: Omit<ShopLogsTable, 'customer_id'>[]): Promise<void> {
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) await scope.insertInto('shop_logs', rows.slice(start, start + INSERT_CHUNK)).execute();
    },
    async customerCountries(): Promise<string[]> {
      // Customers are not a tenant table; this reads the caller's own customer row only.
      const row = await scope.db.selectFrom('customers').select('countries').where('id', '=', scope.customerId).executeTakeFirst();
      return row ? (JSON.parse(row.countries) as string[]) : [];
    },
    async customerTimeZone(): Promise<string> {
      // Customers are not a tenant table; this reads the caller's own customer row only.
      const row = await scope.db.selectFrom('customers').select('default_time_zone').where('id', '=', scope.customerId).executeTakeFirst();
      return row?.default_time_zone ?? 'UTC';
    },
    async countLogs(shopId: string): Promise<number> {
      const row = await scope
        .selectFrom('shop_logs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('shop_id', '=', shopId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    pageLogs: (shopId: string, offset: number, limit: number) =>
      scope
        .selectFrom('shop_logs')
        // Users are global (not a tenant table); the join only reads the author's name.
        .leftJoin('users', 'users.id', 'shop_logs.user_id')
        .select([
          'shop_logs.id',
          'shop_logs.shop_id',
          'shop_logs.user_id',
          'shop_logs.action',
          'shop_logs.changes',
          'shop_logs.created_at',
          'users.surname',
          'users.given_name',
        ])
        .where('shop_logs.shop_id', '=', shopId)
        .orderBy('shop_logs.created_at', 'desc')
        .orderBy('shop_logs.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
  };
}
export type OrgAdminRepo = ReturnType<typeof orgAdminRepo>;

function stripCustomer<T extends { customer_id: string }>(row: T): Omit<T, 'customer_id'> {
  const { customer_id: _customer, ...rest } = row;
  return rest;
}
