import { sql } from 'kysely';
import { BATCH_DAILY_COUNTERS } from '../../platform/db/migrations/0026_batches_boards.ts';
import type { BatchScreenshotsTable, BatchShopDailyTable, BatchVisitsTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

export type NewBatch = Omit<BatchVisitsTable, 'customer_id'>;
export type BatchCounter = (typeof BATCH_DAILY_COUNTERS)[number];
export type DailyCounters = Record<BatchCounter, number>;
export { BATCH_DAILY_COUNTERS };

export interface BatchQuery {
  shopIds: readonly string[];
  startDate: string;
  endDate: string;
  batchTypes?: readonly string[] | undefined;
  visitorTypes?: readonly string[] | undefined;
  received?: boolean | undefined;
  minCount?: number | undefined;
}

/** The batch module's data: the batches, their screenshots, the daily rollup. */
export function batchRepo(scope: TenantScope) {
  const filtered = (query: BatchQuery) => {
    let builder = scope
      .selectFrom('batch_visits as b')
      .innerJoin('shops', (join) => join.onRef('shops.customer_id', '=', 'b.customer_id').onRef('shops.id', '=', 'b.shop_id'))
      .leftJoin('cameras', (join) => join.onRef('cameras.customer_id', '=', 'b.customer_id').onRef('cameras.id', '=', 'b.camera_id'))
      .where('b.shop_id', 'in', query.shopIds.length > 0 ? [...query.shopIds] : [''])
      .where('b.local_date', '>=', query.startDate)
      .where('b.local_date', '<=', query.endDate);
    if (query.batchTypes && query.batchTypes.length > 0) builder = builder.where('b.type', 'in', [...query.batchTypes] as BatchVisitsTable['type'][]);
    if (query.visitorTypes && query.visitorTypes.length > 0)
      builder = builder.where('b.visitor_type', 'in', [...query.visitorTypes] as BatchVisitsTable['visitor_type'][]);
    if (query.received === true) builder = builder.where('b.reception_started_at', 'is not', null);
    if (query.received === false) builder = builder.where('b.reception_started_at', 'is', null);
    if (query.minCount !== undefined) builder = builder.where('b.count', '>=', query.minCount);
    return builder;
  };
  const rowColumns = [
    'b.id',
    'b.shop_id',
    'b.batch_key',
    'b.type',
    'b.count',
    'b.entered_at',
    'b.exited_at',
    'b.stay_s',
    'b.reception_started_at',
    'b.reception_s',
    'b.visitor_type',
    'b.camera_id',
    'b.local_date',
    'b.screenshots',
    'b.received_at',
    'shops.name as shop_name',
    'shops.time_zone',
    'cameras.name as camera_name',
  ] as const;

  return {
    /** Stores batches; one the shop has already (same box batch id) is skipped. Answers the ids stored. */
    async insertBatches(rows: readonly NewBatch[]): Promise<Set<string>> {
      const stored = new Set<string>();
      for (const row of rows) {
        const result = await scope
          .insertInto('batch_visits', [row])
          .onConflict((oc) => oc.columns(['customer_id', 'shop_id', 'batch_key']).doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) stored.add(row.id);
      }
      return stored;
    },
    insertScreenshots: (rows: readonly Omit<BatchScreenshotsTable, 'customer_id'>[]) =>
      rows.length === 0
        ? Promise.resolve()
        : scope
            .insertInto('batch_screenshots', [...rows])
            .execute()
            .then(() => undefined),
    /** Adds to the daily rollup (one upsert per store-day; the row lock orders concurrent batches). */
    async addDaily(rows: readonly ({ shop_id: string; local_date: string } & DailyCounters)[]): Promise<void> {
      for (const row of rows) {
        await scope
          .insertInto('batch_shop_daily', [row])
          .onConflict((oc) =>
            oc
              .columns(['customer_id', 'shop_id', 'local_date'])
              .doUpdateSet(
                Object.fromEntries(
                  BATCH_DAILY_COUNTERS.map((name) => [name, sql`${sql.ref(`batch_shop_daily.${name}`)} + ${sql.ref(`excluded.${name}`)}`]),
                ) as never,
              ),
          )
          .execute();
      }
    },
    daily: (shopIds: readonly string[], startDate: string, endDate: string) =>
      scope
        .selectFrom('batch_shop_daily')
        .selectAll()
        .where('shop_id', 'in', shopIds.length > 0 ? [...shopIds] : [''])
        .where('local_date', '>=', startDate)
        .where('local_date', '<=', endDate)
        .orderBy('local_date')
        .orderBy('shop_id')
        .execute(),
    /** Rebuild: the day rows of a shop's dates replaced by sums over the stored batches. */
    async replaceDaily(shopId: string, startDate: string, endDate: string, rows: readonly ({ local_date: string } & DailyCounters)[]): Promise<void> {
      await scope
        .deleteFrom('batch_shop_daily')
        .where('shop_id', '=', shopId)
        .where('local_date', '>=', startDate)
        .where('local_date', '<=', endDate)
        .execute();
      if (rows.length > 0)
        await scope
          .insertInto(
            'batch_shop_daily',
            rows.map((row) => ({ ...row, shop_id: shopId })),
          )
          .execute();
    },
    batchesOfShop: (shopId: string, startDate: string, endDate: string) =>
      scope
        .selectFrom('batch_visits')
        .select(['local_date', 'type', 'count', 'stay_s', 'reception_started_at', 'reception_s'])
        .where('shop_id', '=', shopId)
        .where('local_date', '>=', startDate)
        .where('local_date', '<=', endDate)
        .execute(),

    async count(query: BatchQuery): Promise<number> {
      const row = await filtered(query)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async summary(query: BatchQuery) {
      const row = await filtered(query)
        .select((eb) => [
          eb.fn.countAll<number>().as('batches'),
          eb.fn.sum<number>('b.count').as('people'),
          eb.fn.count<number>('b.reception_started_at').as('received'),
          eb.fn.sum<number>('b.stay_s').as('stay_s'),
          eb.fn.sum<number>('b.reception_s').as('reception_s'),
        ])
        .executeTakeFirst();
      return {
        batches: Number(row?.batches ?? 0),
        people: Number(row?.people ?? 0),
        received: Number(row?.received ?? 0),
        stay_s: Number(row?.stay_s ?? 0),
        reception_s: Number(row?.reception_s ?? 0),
      };
    },
    /** Newest first for the batch list; oldest first for a store-day's entries, which read as a day's log. */
    page: (query: BatchQuery, offset: number, limit: number, order: 'newest' | 'oldest' = 'newest') =>
      filtered(query)
        .select(rowColumns)
        .orderBy('b.entered_at', order === 'newest' ? 'desc' : 'asc')
        .orderBy('b.id')
        .offset(offset)
        .limit(limit)
        .execute(),
    all: (query: BatchQuery, limit: number) => filtered(query).select(rowColumns).orderBy('b.entered_at').orderBy('b.id').limit(limit).execute(),
    byId: (id: string) =>
      scope
        .selectFrom('batch_visits as b')
        .innerJoin('shops', (join) => join.onRef('shops.customer_id', '=', 'b.customer_id').onRef('shops.id', '=', 'b.shop_id'))
        .leftJoin('cameras', (join) => join.onRef('cameras.customer_id', '=', 'b.customer_id').onRef('cameras.id', '=', 'b.camera_id'))
        .select(rowColumns)
        .where('b.id', '=', id)
        .executeTakeFirst(),
    /** The newest batches (by arrival), or those that arrived after a cursor (received_at, id). */
    latest: (shopIds: readonly string[], after: { at: string; id: string } | null, limit: number) => {
      let builder = scope
        .selectFrom('batch_visits as b')
        .innerJoin('shops', (join) => join.onRef('shops.customer_id', '=', 'b.customer_id').onRef('shops.id', '=', 'b.shop_id'))
        .leftJoin('cameras', (join) => join.onRef('cameras.customer_id', '=', 'b.customer_id').onRef('cameras.id', '=', 'b.camera_id'))
        .select(rowColumns)
        .where('b.shop_id', 'in', shopIds.length > 0 ? [...shopIds] : ['']);
      if (after)
        builder = builder.where((eb) => eb.or([eb('b.received_at', '>', after.at), eb.and([eb('b.received_at', '=', after.at), eb('b.id', '>', after.id)])]));
      return builder.orderBy('b.received_at', 'desc').orderBy('b.id', 'desc').limit(limit).execute();
    },
    shopNames: () => scope.selectFrom('shops').select(['id', 'name']).execute(),
    timeZoneOf: async (shopId: string) => (await scope.selectFrom('shops').select('time_zone').where('id', '=', shopId).executeTakeFirst())?.time_zone ?? null,
    screenshots: (batchId: string) => scope.selectFrom('batch_screenshots').selectAll().where('batch_id', '=', batchId).orderBy('idx').execute(),
  };
}
export type BatchRepo = ReturnType<typeof batchRepo>;
export type BatchListRow = Awaited<ReturnType<BatchRepo['page']>>[number];
export type DailyRow = BatchShopDailyTable;
