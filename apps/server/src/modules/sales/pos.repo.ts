import type { PosAuditState, PosStatus } from '@storelens/contracts';
import { CompiledQuery, type Insertable, PostgresAdapter, type Selectable, type Updateable } from 'kysely';
import type { PosOrdersTable, PosUploadsTable, SalesShopDailyTable, SalesShopHourlyTable, SalesTemplatesTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

/** Rows per INSERT: 1,000 orders of 10 columns stay under both dialects' bound-parameter limits. */
const INSERT_CHUNK = 1000;
/** Values per IN list of a lookup. */
const LOOKUP_CHUNK = 2000;

export function* chunksOf<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** One order as INSERT values: order number, shop, local date, minute, quantity, amount, items, payment type, upload. */
export type OrderValues = [string, string, string, number | null, number, number, number | null, string | null, string];
const ORDER_COLUMNS = 'customer_id, order_number, shop_id, local_date, minute_of_day, quantity_milli, amount_cents, item_count, payment_type, upload_id';
const ORDER_WIDTH = 10;

/** An upload as stored: the durable import job's row. */
export type UploadRow = Selectable<PosUploadsTable>;
/** New rows of tenant tables: the tenant scope adds the customer. */
export type NewUpload = Omit<Insertable<PosUploadsTable>, 'customer_id'>;
export type NewSalesDay = Omit<Insertable<SalesShopDailyTable>, 'customer_id'>;
export type NewSalesHour = Omit<Insertable<SalesShopHourlyTable>, 'customer_id'>;
export type UploadPatch = Omit<Updateable<PosUploadsTable>, 'customer_id' | 'id'>;
type StoredOrder = Pick<Selectable<PosOrdersTable>, 'order_number' | 'shop_id' | 'local_date'>;

export interface UploadFilter {
  /** Only this uploader's files (callers limited to part of the customer see their own). */
  userId: string | null;
  status?: PosStatus | undefined;
  auditState?: PosAuditState | undefined;
  keyword?: string | undefined;
  uploadIds?: readonly string[] | undefined;
}

/** Templates, uploads (the job rows), orders and the sales rollups of one customer. */
export function posRepo(scope: TenantScope) {
  const filtered = (filter: UploadFilter) => {
    let query = scope.selectFrom('pos_uploads');
    if (filter.userId) query = query.where('user_id', '=', filter.userId);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.auditState) query = query.where('audit_state', '=', filter.auditState);
    if (filter.keyword) query = query.where('file_name', 'like', `%${filter.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
    if (filter.uploadIds) query = filter.uploadIds.length > 0 ? query.where('id', 'in', [...filter.uploadIds]) : query.where('id', 'is', null);
    return query;
  };

  return {
    // ------------------------------------------------------------ template
    template: () => scope.selectFrom('sales_templates').selectAll().executeTakeFirst(),
    saveTemplate: (row: Omit<Insertable<SalesTemplatesTable>, 'customer_id'>) =>
      scope
        .insertInto('sales_templates', [row])
        .onConflict((conflict) => conflict.column('customer_id').doUpdateSet({ columns: row.columns, updated_by: row.updated_by, updated_at: row.updated_at }))
        .execute(),

    // ------------------------------------------------------------ uploads
    insertUploads: (rows: NewUpload[]) => scope.insertInto('pos_uploads', rows).execute(),
    upload: (id: string) => scope.selectFrom('pos_uploads').selectAll().where('id', '=', id).executeTakeFirst(),
    async listUploads(filter: UploadFilter, page: number, pageSize: number) {
      const [count, rows] = await Promise.all([
        filtered(filter)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        filtered(filter)
          .selectAll()
          .orderBy('uploaded_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
      ]);
      return { total: Number(count.n), rows };
    },
    /**
     * Takes a waiting upload, or one left 'uploading' by an attempt whose process died, for the job
     * that now holds its import; undefined when it has finished meanwhile.
     */
    async takeForImport(id: string, holder: string, at: string, attempts: number): Promise<UploadRow | undefined> {
      return scope
        .updateTable('pos_uploads')
        .set({ status: 'uploading', worker_id: holder, heartbeat_at: at, started_at: at, progress: 0, attempts })
        .where('id', '=', id)
        .where('status', 'in', ['waiting', 'uploading'])
        .returningAll()
        .executeTakeFirst();
    },
    /** Changes an upload only while it is in one of the given states; answers how many rows changed. */
    async updateUpload(id: string, patch: UploadPatch, onlyIn?: readonly PosStatus[], workerId?: string): Promise<number> {
      let query = scope.updateTable('pos_uploads').set(patch).where('id', '=', id);
      if (onlyIn) query = query.where('status', 'in', [...onlyIn]);
      if (workerId) query = query.where('worker_id', '=', workerId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async audit(ids: readonly string[], userId: string, at: string): Promise<number> {
      const result = await scope
        .updateTable('pos_uploads')
        .set({ audit_state: 'audited', audited_by: userId, audited_at: at })
        .where('id', 'in', [...ids])
        .where('status', '=', 'completed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    /** Display names of people (uploaders, auditors); users are global accounts, not tenant rows. */
    async userNames(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await scope.db
        .selectFrom('users')
        .select(['id', 'surname', 'given_name'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map((row) => [row.id, `${row.surname} ${row.given_name}`.trim()]));
    },

    // ------------------------------------------------------------ orders and rollups
    shops: () => scope.selectFrom('shops').select(['id', 'number']).execute(),
    /** Stored orders among these numbers, with the shop-day each belongs to. */
    async storedOrders(numbers: readonly string[]): Promise<StoredOrder[]> {
      const found: StoredOrder[] = [];
      for (const chunk of chunksOf(numbers, LOOKUP_CHUNK)) {
        found.push(...(await scope.selectFrom('pos_orders').select(['order_number', 'shop_id', 'local_date']).where('order_number', 'in', chunk).execute()));
      }
      return found;
    },
    /** Removes a shop's orders and rollups of these dates: a later upload replaces them. */
    async deleteDays(shopId: string, dates: readonly string[]): Promise<void> {
      for (const chunk of chunksOf(dates, LOOKUP_CHUNK)) {
        await scope.deleteFrom('pos_orders').where('shop_id', '=', shopId).where('local_date', 'in', chunk).execute();
        await scope.deleteFrom('sales_shop_daily').where('shop_id', '=', shopId).where('local_date', 'in', chunk).execute();
        await scope.deleteFrom('sales_shop_hourly').where('shop_id', '=', shopId).where('local_date', 'in', chunk).execute();
      }
    },
    /**
     * Inserts up to ORDER_INSERT_CHUNK orders with one statement whose text is built here, not by
     * the query builder: compiling 200,000 orders x 10 values through Kysely's node tree took most
     * of an import's write time and much of its garbage. The customer is written explicitly.
     */
    async insertOrders(rows: readonly OrderValues[]): Promise<void> {
      if (rows.length === 0) return;
      const postgres = scope.db.getExecutor().adapter instanceof PostgresAdapter;
      const params: unknown[] = [];
      const tuples: string[] = [];
      for (const row of rows) {
        const base = params.length;
        params.push(scope.customerId, ...row);
        tuples.push(postgres ? `(${Array.from({ length: ORDER_WIDTH }, (_, i) => `$${base + i + 1}`).join(',')})` : `(${'?,'.repeat(ORDER_WIDTH - 1)}?)`);
      }
      await scope.db.executeQuery(CompiledQuery.raw(`insert into pos_orders (${ORDER_COLUMNS}) values ${tuples.join(',')}`, params));
    },
    /**
     * Records the store-days an upload imported and marks the same store-days of earlier uploads
     * replaced by it (the import's transaction replaces their data at the same moment).
     */
    async recordUploadDays(uploadId: string, shopId: string, dates: readonly string[]): Promise<void> {
      for (const chunk of chunksOf(dates, LOOKUP_CHUNK)) {
        await scope
          .updateTable('pos_upload_days')
          .set({ replaced_by: uploadId })
          .where('shop_id', '=', shopId)
          .where('local_date', 'in', chunk)
          .where('upload_id', '<>', uploadId)
          .where('replaced_by', 'is', null)
          .execute();
      }
      for (const chunk of chunksOf(dates, INSERT_CHUNK)) {
        await scope
          .insertInto(
            'pos_upload_days',
            chunk.map((local_date) => ({ upload_id: uploadId, shop_id: shopId, local_date, replaced_by: null })),
          )
          .onConflict((conflict) => conflict.columns(['customer_id', 'upload_id', 'shop_id', 'local_date']).doNothing())
          .execute();
      }
    },
    /** Per upload: its store-days, those still provided (shops, first and last date), and per replacing upload how many it took. */
    async uploadDays(uploadIds: readonly string[]) {
      if (uploadIds.length === 0) return { totals: [], replaced: [] };
      const ids = [...uploadIds];
      const [totals, replaced] = await Promise.all([
        scope
          .selectFrom('pos_upload_days')
          .where('upload_id', 'in', ids)
          .select((eb) => [
            'upload_id',
            eb.fn.countAll<number>().as('store_days'),
            eb.fn.count<number>(eb.case().when('replaced_by', 'is', null).then(1).end()).as('remaining'),
            eb.fn
              .count<number>(eb.case().when('replaced_by', 'is', null).then(eb.ref('shop_id')).end())
              .distinct()
              .as('remaining_shops'),
            eb.fn.min<string | null>(eb.case().when('replaced_by', 'is', null).then(eb.ref('local_date')).end()).as('first_date'),
            eb.fn.max<string | null>(eb.case().when('replaced_by', 'is', null).then(eb.ref('local_date')).end()).as('last_date'),
          ])
          .groupBy('upload_id')
          .execute(),
        scope
          .selectFrom('pos_upload_days')
          .where('upload_id', 'in', ids)
          .where('replaced_by', 'is not', null)
          .select((eb) => ['upload_id', 'replaced_by', eb.fn.countAll<number>().as('store_days')])
          .groupBy(['upload_id', 'replaced_by'])
          .execute(),
      ]);
      return { totals, replaced };
    },
    async insertDaily(rows: NewSalesDay[]): Promise<void> {
      for (const chunk of chunksOf(rows, INSERT_CHUNK / 2)) await scope.insertInto('sales_shop_daily', chunk).execute();
    },
    async insertHourly(rows: NewSalesHour[]): Promise<void> {
      for (const chunk of chunksOf(rows, INSERT_CHUNK)) await scope.insertInto('sales_shop_hourly', chunk).execute();
    },
  };
}
export type PosRepo = ReturnType<typeof posRepo>;

export const ORDER_INSERT_CHUNK = INSERT_CHUNK;
