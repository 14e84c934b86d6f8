import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

/** Item result counts as the database sums them (PostgreSQL answers sums as text). */
export interface CountsRow {
  passed: number | string | null;
  failed: number | string | null;
  invalid: number | string | null;
}

export interface AnalysisRange {
  startDate: string;
  endDate: string;
  /** Null: every store of the customer (a caller who sees them all). */
  shopIds: readonly string[] | null;
}

/** One item's final result as a submission records it, with the name and category the occurrence gave it. */
export interface ItemResultForTotals {
  itemId: string;
  itemName: string;
  categoryName: string;
  result: 'pass' | 'fail' | 'invalid';
}

type Assignments = ExpressionBuilder<Database & { a: Database['inspection_assignments'] }, 'a'>;

/** The assignments of a range over the caller's stores; cancelled ones were never work to do. */
function inRange(range: AnalysisRange) {
  return (eb: Assignments) => {
    const conditions = [eb('a.batch_date', '>=', range.startDate), eb('a.batch_date', '<=', range.endDate), eb('a.status', '!=', 'cancelled')];
    if (range.shopIds) conditions.push(eb('a.shop_id', 'in', [...range.shopIds]));
    return eb.and(conditions);
  };
}

const completedSum = (column: 'passed' | 'failed' | 'invalid') =>
  sql<number | string | null>`sum(case when a.status = 'completed' then a.${sql.ref(column)} else 0 end)`;
const resultSum = (result: 'pass' | 'fail' | 'invalid') => sql<number | string | null>`sum(case when ai.result = ${result} then 1 else 0 end)`;

/**
 * Inspection analysis in one customer: every figure is summed by the database (per store, period,
 * category, item), never by reading results into the application. Dates are the stores' local
 * dates of the assignments (`batch_date`), so a range means the same days in every zone.
 */
export function analysisRepo(scope: TenantScope) {
  return {
    /** Per store: assignments, completed, and the completed ones' item counts. */
    byShop: (range: AnalysisRange) =>
      range.shopIds?.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('inspection_assignments as a')
            .where(inRange(range))
            .select((eb) => [
              'a.shop_id',
              eb.fn.countAll<number | string>().as('assignments'),
              sql<number | string>`sum(case when a.status = 'completed' then 1 else 0 end)`.as('completed'),
              completedSum('passed').as('passed'),
              completedSum('failed').as('failed'),
              completedSum('invalid').as('invalid'),
            ])
            .groupBy('a.shop_id')
            .execute(),

    /** Per local date, or per month ('YYYY-MM', the date's first seven characters, the same in both databases). */
    byPeriod: (range: AnalysisRange, granularity: 'day' | 'month') => {
      if (range.shopIds?.length === 0) return Promise.resolve([]);
      const period = granularity === 'day' ? sql<string>`a.batch_date` : sql<string>`substr(a.batch_date, 1, 7)`;
      return scope
        .selectFrom('inspection_assignments as a')
        .where(inRange(range))
        .select([
          period.as('period'),
          sql<number | string>`sum(case when a.status = 'completed' then 1 else 0 end)`.as('completed'),
          completedSum('passed').as('passed'),
          completedSum('failed').as('failed'),
          completedSum('invalid').as('invalid'),
        ])
        .groupBy(period)
        .execute();
    },

    /**
     * Per item and the category its results recorded, in one pass over the range's item results
     * (the service sums items and categories from it). The range's assignments are read first
     * (the date index of migrations 0035 and 0038) and their results looked up by assignment: written as a CROSS
     * JOIN because SQLite, without statistics, otherwise walks every result the customer ever had
     * and looks each assignment up (npm run bench -- inspection; PostgreSQL plans it freely).
     */
    byItemAndCategory: (range: AnalysisRange) =>
      range.shopIds?.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('inspection_assignments as a')
            .crossJoin('inspection_assignment_items as ai')
            .whereRef('ai.customer_id', '=', 'a.customer_id')
            .whereRef('ai.assignment_id', '=', 'a.id')
            .where(inRange(range))
            .where('a.status', '=', 'completed')
            .select((eb) => [
              'ai.item_id',
              'ai.category_name',
              eb.fn.max('ai.item_name').as('item_name'),
              resultSum('pass').as('passed'),
              resultSum('fail').as('failed'),
              resultSum('invalid').as('invalid'),
            ])
            .groupBy(['ai.item_id', 'ai.category_name'])
            .execute(),

    /**
     * The same sums as `byItemAndCategory` for a caller who sees every store, read from the totals
     * the submissions keep (migration 0038): items x days rows instead of every result of the
     * range. Grouped the same way (max of the recorded names), so both answer alike.
     */
    itemTotals: (range: { startDate: string; endDate: string }) =>
      scope
        .selectFrom('inspection_item_day_totals as t')
        .where('t.batch_date', '>=', range.startDate)
        .where('t.batch_date', '<=', range.endDate)
        .select((eb) => [
          't.item_id',
          't.category_name',
          eb.fn.max('t.item_name').as('item_name'),
          eb.fn.sum<number | string | null>('t.passed').as('passed'),
          eb.fn.sum<number | string | null>('t.failed').as('failed'),
          eb.fn.sum<number | string | null>('t.invalid').as('invalid'),
        ])
        .groupBy(['t.item_id', 't.category_name'])
        .execute(),

    /**
     * Adds one submission's item results to the totals, in the submission's transaction (the
     * results are final, so totals only ever grow): one upsert per (item, category, name).
     */
    async addItemTotals(batchDate: string, results: readonly ItemResultForTotals[]): Promise<void> {
      const rows = new Map<
        string,
        { batch_date: string; item_id: string; category_name: string; item_name: string; passed: number; failed: number; invalid: number }
      >();
      for (const result of results) {
        const key = JSON.stringify([result.itemId, result.categoryName, result.itemName]);
        const row = rows.get(key) ?? {
          batch_date: batchDate,
          item_id: result.itemId,
          category_name: result.categoryName,
          item_name: result.itemName,
          passed: 0,
          failed: 0,
          invalid: 0,
        };
        if (result.result === 'pass') row.passed += 1;
        else if (result.result === 'fail') row.failed += 1;
        else row.invalid += 1;
        rows.set(key, row);
      }
      if (rows.size === 0) return;
      await scope
        .insertInto('inspection_item_day_totals', [...rows.values()])
        .onConflict((conflict) =>
          conflict.columns(['customer_id', 'batch_date', 'item_id', 'category_name', 'item_name']).doUpdateSet((eb) => ({
            passed: eb('inspection_item_day_totals.passed', '+', eb.ref('excluded.passed')),
            failed: eb('inspection_item_day_totals.failed', '+', eb.ref('excluded.failed')),
            invalid: eb('inspection_item_day_totals.invalid', '+', eb.ref('excluded.invalid')),
          })),
        )
        .execute();
    },

    /**
     * Rectifications raised by the range's inspections: all, those due (answered, or past the
     * deadline at `at`), and those answered by their deadline (the latest answer's time).
     */
    rectifications: async (range: AnalysisRange, at: string) => {
      if (range.shopIds?.length === 0) return { total: 0, due: 0, on_time: 0 };
      const answered = sql`r.state in ('submitted', 'approved')`;
      const row = await scope
        .selectFrom('rectifications as r')
        .innerJoin('inspection_assignments as a', (join) => join.onRef('a.customer_id', '=', 'r.customer_id').onRef('a.id', '=', 'r.assignment_id'))
        .where('r.source', '=', 'inspection')
        .where(inRange(range))
        .select((eb) => [
          eb.fn.countAll<number | string>().as('total'),
          sql<number | string | null>`sum(case when ${answered} or r.deadline <= ${at} then 1 else 0 end)`.as('due'),
          sql<number | string | null>`sum(case when ${answered} and r.submitted_at <= r.deadline then 1 else 0 end)`.as('on_time'),
        ])
        .executeTakeFirst();
      return { total: Number(row?.total ?? 0), due: Number(row?.due ?? 0), on_time: Number(row?.on_time ?? 0) };
    },

    /** The stores named, with their organisation. */
    shops: (shopIds: readonly string[] | null) =>
      shopIds?.length === 0
        ? Promise.resolve([])
        : (shopIds ? scope.selectFrom('shops as s').where('s.id', 'in', [...shopIds]) : scope.selectFrom('shops as s'))
            .innerJoin('orgs as o', (join) => join.onRef('o.customer_id', '=', 's.customer_id').onRef('o.id', '=', 's.org_id'))
            .select(['s.id', 's.name', 's.number', 's.org_id', 'o.name as org_name'])
            .execute(),

    /** Every store group with its roles and members. */
    groups: async () => {
      const [groups, members] = await Promise.all([
        scope.selectFrom('shop_groups').select(['id', 'name', 'role_ids']).orderBy('name').orderBy('id').execute(),
        scope.selectFrom('shop_group_shops').select(['group_id', 'shop_id']).execute(),
      ]);
      return { groups, members };
    },
  };
}
