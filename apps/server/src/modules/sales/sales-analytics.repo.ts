import { sql } from 'kysely';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';
import { MATCHED_SUM_COLUMNS, SALES_SUM_COLUMNS, type SalesSums } from './sales-metrics.ts';

export type DayGroup = 'shop_id' | 'local_date';
export type HourGroup = 'local_date' | 'hour';

export interface SalesSumRow {
  group: Record<string, string | number>;
  sums: Partial<SalesSums>;
}

const BASKET_COLUMNS = ['basket_b0', 'basket_b1', 'basket_b2', 'basket_b3', 'basket_b4', 'basket_b5', 'basket_b6'] as const;

function toRows(raw: readonly Record<string, unknown>[], groups: readonly string[], columns: readonly string[]): SalesSumRow[] {
  return raw.map((row) => ({
    group: Object.fromEntries(groups.map((column) => [column, typeof row[column] === 'number' ? (row[column] as number) : String(row[column])])),
    sums: Object.fromEntries(columns.map((column) => [column, Number(row[column] ?? 0)])) as Partial<SalesSums>,
  }));
}

/**
 * Reads of the sales and consumption screens: the sales rollups, and the traffic rollups of the
 * traffic module, read here (never written) for conversion. Every read names the customer; the
 * joins go through the raw builder with the customer on both sides. Kysely cannot type columns
 * chosen at run time, so the group columns are sql.ref's.
 */
export function salesAnalyticsRepo(scope: TenantScope) {
  const sum = (column: string, as: string) => sql<number>`sum(${sql.ref(column)})`.as(as);

  return {
    /** The shops' names and numbers, currency, floor area, time zone and business hours, in number order (as every analytics list shows them). */
    shops(shopIds: readonly string[]) {
      if (shopIds.length === 0) return Promise.resolve([]);
      return scope
        .selectFrom('shops')
        .select(['id', 'name', 'number', 'currency', 'floor_area', 'time_zone', 'business_hours'])
        .where('id', 'in', [...shopIds])
        .orderBy('number')
        .execute();
    },

    /** The store-days with POS data (a daily rollup row: a completed upload imported an order of that shop and date). */
    posDays(shopIds: readonly string[], from: string, to: string): Promise<{ shop_id: string; local_date: string }[]> {
      if (shopIds.length === 0) return Promise.resolve([]);
      return scope
        .selectFrom('sales_shop_daily')
        .select(['shop_id', 'local_date'])
        .where('shop_id', 'in', [...shopIds])
        .where('local_date', '>=', from)
        .where('local_date', '<=', to)
        .execute();
    },

    /** Sales sums over the daily rollup, grouped by shop and/or date. */
    async salesByDay(shopIds: readonly string[], from: string, to: string, groups: readonly DayGroup[]): Promise<SalesSumRow[]> {
      if (shopIds.length === 0) return [];
      const raw = await scope
        .selectFrom('sales_shop_daily')
        .where('shop_id', 'in', [...shopIds])
        .where('local_date', '>=', from)
        .where('local_date', '<=', to)
        .select([...groups.map((column) => sql.ref(column).as(column)), ...SALES_SUM_COLUMNS.map((column) => sum(column, column))])
        .$if(groups.length > 0, (q) => q.groupBy(groups.map((column) => sql.ref(column))))
        .execute();
      return toRows(raw as Record<string, unknown>[], groups, SALES_SUM_COLUMNS);
    },

    /** Traffic and sales of the shop-days that have both POS data and entries. */
    async matchedByDay(shopIds: readonly string[], from: string, to: string, groups: readonly DayGroup[]): Promise<SalesSumRow[]> {
      if (shopIds.length === 0) return [];
      const raw = await scope
        .selectFrom('sales_shop_daily as s')
        .innerJoin('traffic_shop_daily as t', (join) =>
          join.onRef('t.customer_id', '=', 's.customer_id').onRef('t.shop_id', '=', 's.shop_id').onRef('t.local_date', '=', 's.local_date'),
        )
        .where('s.shop_id', 'in', [...shopIds])
        .where('s.local_date', '>=', from)
        .where('s.local_date', '<=', to)
        .where('t.entries', '>', 0)
        .select([
          ...groups.map((column) => sql.ref(`s.${column}`).as(column)),
          sum('t.entries', 'matched_entries'),
          sum('s.transactions', 'matched_transactions'),
          sum('s.net_sales_cents', 'matched_sales_cents'),
        ])
        .$if(groups.length > 0, (q) => q.groupBy(groups.map((column) => sql.ref(`s.${column}`))))
        .execute();
      return toRows(raw as Record<string, unknown>[], groups, MATCHED_SUM_COLUMNS);
    },

    /**
     * For the per-m² figures (only the shops with a floor area are asked): net sales, and the
     * traffic entries of every day (visitors per m² counts traffic whether POS data came or not).
     */
    async areaByDay(shopIds: readonly string[], from: string, to: string, groups: readonly DayGroup[]): Promise<SalesSumRow[]> {
      if (shopIds.length === 0) return [];
      const ids = [...shopIds];
      const [sales, entries] = await Promise.all([
        scope
          .selectFrom('sales_shop_daily')
          .where('shop_id', 'in', ids)
          .where('local_date', '>=', from)
          .where('local_date', '<=', to)
          .select([...groups.map((column) => sql.ref(column).as(column)), sum('net_sales_cents', 'area_sales_cents')])
          .$if(groups.length > 0, (q) => q.groupBy(groups.map((column) => sql.ref(column))))
          .execute(),
        scope
          .selectFrom('traffic_shop_daily')
          .where('shop_id', 'in', ids)
          .where('local_date', '>=', from)
          .where('local_date', '<=', to)
          .select([...groups.map((column) => sql.ref(column).as(column)), sum('entries', 'area_entries')])
          .$if(groups.length > 0, (q) => q.groupBy(groups.map((column) => sql.ref(column))))
          .execute(),
      ]);
      return [
        ...toRows(sales as Record<string, unknown>[], groups, ['area_sales_cents']),
        ...toRows(entries as Record<string, unknown>[], groups, ['area_entries']),
      ];
    },

    /** The per-m² sums by hour of the local day (orders without a time are in no hour). */
    async areaByHour(shopIds: readonly string[], from: string, to: string, groups: readonly HourGroup[]): Promise<SalesSumRow[]> {
      if (shopIds.length === 0) return [];
      const ids = [...shopIds];
      const [sales, entries] = await Promise.all([
        scope
          .selectFrom('sales_shop_hourly')
          .where('shop_id', 'in', ids)
          .where('local_date', '>=', from)
          .where('local_date', '<=', to)
          .where('hour', '>=', 0)
          .select([...groups.map((column) => sql.ref(column).as(column)), sum('net_sales_cents', 'area_sales_cents')])
          .groupBy(groups.map((column) => sql.ref(column)))
          .execute(),
        scope
          .selectFrom('traffic_shop_hourly')
          .where('shop_id', 'in', ids)
          .where('local_date', '>=', from)
          .where('local_date', '<=', to)
          .select([...groups.map((column) => sql.ref(column).as(column)), sum('entries', 'area_entries')])
          .groupBy(groups.map((column) => sql.ref(column)))
          .execute(),
      ]);
      return [
        ...toRows(sales as Record<string, unknown>[], groups, ['area_sales_cents']),
        ...toRows(entries as Record<string, unknown>[], groups, ['area_entries']),
      ];
    },

    /** Sales by hour of the local day (hour -1: orders without a time). */
    async salesByHour(shopIds: readonly string[], from: string, to: string, groups: readonly HourGroup[]): Promise<SalesSumRow[]> {
      if (shopIds.length === 0) return [];
      const raw = await scope
        .selectFrom('sales_shop_hourly')
        .where('shop_id', 'in', [...shopIds])
        .where('local_date', '>=', from)
        .where('local_date', '<=', to)
        .select([...groups.map((column) => sql.ref(column).as(column)), ...SALES_SUM_COLUMNS.map((column) => sum(column, column))])
        .groupBy(groups.map((column) => sql.ref(column)))
        .execute();
      return toRows(raw as Record<string, unknown>[], groups, SALES_SUM_COLUMNS);
    },

    /**
     * By hour, within the shop-days that have POS data and entries: the entries of each hour, and
     * the transactions and sales of each hour (orders without a time are in no hour).
     */
    async matchedByHour(shopIds: readonly string[], from: string, to: string, groups: readonly HourGroup[]): Promise<SalesSumRow[]> {
      if (shopIds.length === 0) return [];
      const ids = [...shopIds];
      const [entries, sales] = await Promise.all([
        scope
          .selectFrom('traffic_shop_hourly as t')
          .innerJoin('sales_shop_daily as d', (join) =>
            join.onRef('d.customer_id', '=', 't.customer_id').onRef('d.shop_id', '=', 't.shop_id').onRef('d.local_date', '=', 't.local_date'),
          )
          .innerJoin('traffic_shop_daily as td', (join) =>
            join.onRef('td.customer_id', '=', 't.customer_id').onRef('td.shop_id', '=', 't.shop_id').onRef('td.local_date', '=', 't.local_date'),
          )
          .where('t.shop_id', 'in', ids)
          .where('t.local_date', '>=', from)
          .where('t.local_date', '<=', to)
          .where('td.entries', '>', 0)
          .select([...groups.map((column) => sql.ref(`t.${column}`).as(column)), sum('t.entries', 'matched_entries')])
          .groupBy(groups.map((column) => sql.ref(`t.${column}`)))
          .execute(),
        scope
          .selectFrom('sales_shop_hourly as h')
          .innerJoin('traffic_shop_daily as td', (join) =>
            join.onRef('td.customer_id', '=', 'h.customer_id').onRef('td.shop_id', '=', 'h.shop_id').onRef('td.local_date', '=', 'h.local_date'),
          )
          .where('h.shop_id', 'in', ids)
          .where('h.local_date', '>=', from)
          .where('h.local_date', '<=', to)
          .where('h.hour', '>=', 0)
          .where('td.entries', '>', 0)
          .select([
            ...groups.map((column) => sql.ref(`h.${column}`).as(column)),
            sum('h.transactions', 'matched_transactions'),
            sum('h.net_sales_cents', 'matched_sales_cents'),
          ])
          .groupBy(groups.map((column) => sql.ref(`h.${column}`)))
          .execute(),
      ]);
      return [
        ...toRows(entries as Record<string, unknown>[], groups, ['matched_entries']),
        ...toRows(sales as Record<string, unknown>[], groups, ['matched_transactions', 'matched_sales_cents']),
      ];
    },

    /** Sales orders by basket size bucket, with their transactions and units. */
    async baskets(shopIds: readonly string[], from: string, to: string): Promise<{ buckets: number[]; transactions: number; unitsMilli: number }> {
      if (shopIds.length === 0) return { buckets: BASKET_COLUMNS.map(() => 0), transactions: 0, unitsMilli: 0 };
      const row = (await scope
        .selectFrom('sales_shop_daily')
        .where('shop_id', 'in', [...shopIds])
        .where('local_date', '>=', from)
        .where('local_date', '<=', to)
        .select([...BASKET_COLUMNS.map((column) => sum(column, column)), sum('transactions', 'transactions'), sum('units_milli', 'units_milli')])
        .executeTakeFirst()) as Record<string, unknown> | undefined;
      return {
        buckets: BASKET_COLUMNS.map((column) => Number(row?.[column] ?? 0)),
        transactions: Number(row?.transactions ?? 0),
        unitsMilli: Number(row?.units_milli ?? 0),
      };
    },

    async lastUpdate(shopIds: readonly string[]): Promise<string | null> {
      if (shopIds.length === 0) return null;
      const row = await scope
        .selectFrom('sales_shop_daily')
        .select((eb) => eb.fn.max('updated_at').as('at'))
        .where('shop_id', 'in', [...shopIds])
        .executeTakeFirst();
      return row?.at ? String(row.at) : null;
    },
  };
}
export type SalesAnalyticsRepo = ReturnType<typeof salesAnalyticsRepo>;
