import { OPEN_STATES } from '@storelens/contracts';
import { type Expression, type ExpressionBuilder, sql } from 'kysely';
import { daysOf, monthPlan, type PeriodPlan, periodsOfDate, yearPlan } from '../../platform/analytics/period-plan.ts';
import type { Database, InspectionShopItemMonthTotalsTable } from '../../platform/db/schema.ts';
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

/** What some assignments add to (or, negative, take off) one store's date. */
export interface ShopPeriodDelta {
  shop_id: string;
  batch_date: string;
  assignments: number;
  completed: number;
  passed: number;
  failed: number;
  invalid: number;
}

type ShopPeriodRow = Omit<ShopPeriodDelta, 'batch_date'> & { period: string };

/** One submission's item results: its store, its date, its results. */
export interface SubmittedResults {
  shopId: string;
  batchDate: string;
  results: readonly ItemResultForTotals[];
}

/** One row of item totals less its period and store: the item, its recorded category and name, and its counts (the schema's columns). */
type ItemCounts = Omit<InspectionShopItemMonthTotalsTable, 'customer_id' | 'period' | 'shop_id'>;

/** Item results of some submissions counted per key (the period's columns and the item's), one row each, in chunks of 500 for the upserts. */
function countResults<Submission extends SubmittedResults, Key extends object>(
  submissions: readonly Submission[],
  keyOf: (submission: Submission) => Key,
): (Key & ItemCounts)[][] {
  const rows = new Map<string, Key & ItemCounts>();
  for (const submission of submissions)
    for (const result of submission.results) {
      const fresh = {
        ...keyOf(submission),
        item_id: result.itemId,
        category_name: result.categoryName,
        item_name: result.itemName,
        passed: 0,
        failed: 0,
        invalid: 0,
      };
      // The row's key: every column but the counts.
      const key = JSON.stringify(Object.entries(fresh).filter(([name]) => !['passed', 'failed', 'invalid'].includes(name)));
      const row = rows.get(key) ?? fresh;
      if (result.result === 'pass') row.passed += 1;
      else if (result.result === 'fail') row.failed += 1;
      else row.invalid += 1;
      rows.set(key, row);
    }
  const all = [...rows.values()];
  const chunks: (Key & ItemCounts)[][] = [];
  for (let start = 0; start < all.length; start += 500) chunks.push(all.slice(start, start + 500));
  return chunks;
}

/**
 * The analysis's store totals (migrations 0042 and 0046), written in the transactions of the writes
 * that move them: per store and period (its date, its month and its year, three rows) through
 * `planTotalsRepo` (occurrence insert, submission, cancellations), and per store, month or year,
 * and item by the submission with its results (final: those only grow).
 */
export function shopTotalsRepo(scope: TenantScope) {
  return {
    async addShopPeriods(deltas: readonly ShopPeriodDelta[]): Promise<void> {
      const rows = new Map<string, ShopPeriodRow>();
      for (const delta of deltas)
        for (const period of periodsOfDate(delta.batch_date)) {
          const key = `${delta.shop_id}\u0000${period}`;
          const row = rows.get(key) ?? { period, shop_id: delta.shop_id, assignments: 0, completed: 0, passed: 0, failed: 0, invalid: 0 };
          row.assignments += delta.assignments;
          row.completed += delta.completed;
          row.passed += delta.passed;
          row.failed += delta.failed;
          row.invalid += delta.invalid;
          rows.set(key, row);
        }
      const all = [...rows.values()];
      for (let start = 0; start < all.length; start += 500)
        await scope
          .insertInto('inspection_shop_period_totals', all.slice(start, start + 500))
          .onConflict((conflict) =>
            conflict.columns(['customer_id', 'period', 'shop_id']).doUpdateSet((eb) => ({
              assignments: eb('inspection_shop_period_totals.assignments', '+', eb.ref('excluded.assignments')),
              completed: eb('inspection_shop_period_totals.completed', '+', eb.ref('excluded.completed')),
              passed: eb('inspection_shop_period_totals.passed', '+', eb.ref('excluded.passed')),
              failed: eb('inspection_shop_period_totals.failed', '+', eb.ref('excluded.failed')),
              invalid: eb('inspection_shop_period_totals.invalid', '+', eb.ref('excluded.invalid')),
            })),
          )
          .execute();
    },

    async addShopItemMonths(submissions: readonly SubmittedResults[]): Promise<void> {
      // Each result counts in its month's row and its year's.
      const byPeriod = submissions.flatMap((submission) => [
        { ...submission, period: submission.batchDate.slice(0, 7) },
        { ...submission, period: submission.batchDate.slice(0, 4) },
      ]);
      const chunks = countResults(byPeriod, (submission) => ({ period: submission.period, shop_id: submission.shopId }));
      for (const rows of chunks)
        await scope
          .insertInto('inspection_shop_item_month_totals', rows)
          .onConflict((conflict) =>
            conflict.columns(['customer_id', 'period', 'shop_id', 'item_id', 'category_name', 'item_name']).doUpdateSet((eb) => ({
              passed: eb('inspection_shop_item_month_totals.passed', '+', eb.ref('excluded.passed')),
              failed: eb('inspection_shop_item_month_totals.failed', '+', eb.ref('excluded.failed')),
              invalid: eb('inspection_shop_item_month_totals.invalid', '+', eb.ref('excluded.invalid')),
            })),
          )
          .execute();
    },
  };
}

const completedSum = (column: 'passed' | 'failed' | 'invalid') =>
  sql<number | string | null>`sum(case when a.status = 'completed' then a.${sql.ref(column)} else 0 end)`;
const resultSum = (result: 'pass' | 'fail' | 'invalid') => sql<number | string | null>`sum(case when ai.result = ${result} then 1 else 0 end)`;

/** Sum of a totals column (alias `t`: the store totals, the rectification totals) over a plan's periods, those taken away counted negative. */
const signedSum =
  <Column extends string = 'assignments' | 'completed' | 'passed' | 'failed' | 'invalid'>(minus: readonly string[]) =>
  (column: Column) =>
    minus.length === 0
      ? sql<number | string>`sum(t.${sql.ref(column)})`
      : sql<number | string>`sum(case when t.period in (${sql.join([...minus])}) then -t.${sql.ref(column)} else t.${sql.ref(column)} end)`;

/** One piece of an item sum for a store filter: item results counted with a sign. */
type ItemPiece = Expression<{ item_id: string; category_name: string; item_name: string; passed: number; failed: number; invalid: number }>;

/**
 * Inspection analysis in one customer: every figure is summed by the database (per store, period,
 * category, item), never by reading results into the application. Dates are the stores' local
 * dates of the assignments (`batch_date`), so a range means the same days in every zone.
 */
export function analysisRepo(scope: TenantScope) {
  let everyShop: Promise<string[]> | null = null;
  /**
   * A store filter as the reads apply it: the stores named, or, when they are more than half the
   * customer's, every store but the others (`except`): SQLite then reads each period's rows in key
   * order and drops the few others, instead of seeking each named store in each period (a year of
   * 1,000 stores picked: 16,000 seeks). The customer's stores are read once per repository.
   */
  async function storeFilter(shopIds: readonly string[]): Promise<{ named: string[]; except: null } | { named: null; except: string[] }> {
    everyShop ??= scope
      .selectFrom('shops')
      .select('id')
      .execute()
      .then((rows) => rows.map((row) => row.id));
    const named = new Set(shopIds);
    const others = (await everyShop).filter((id) => !named.has(id));
    return others.length < named.size ? { named: null, except: others } : { named: [...named], except: null };
  }

  return {
    /**
     * Per store: assignments, completed, and the completed ones' item counts, from the store totals
     * (migrations 0042 and 0046): the range's whole years and months and the days at its ends
     * (`yearPlan`), about stores x 7 rows for a year. The same sums as `byShopFromAssignments`.
     */
    async byShop(range: AnalysisRange) {
      if (range.shopIds?.length === 0) return [];
      const plan = yearPlan(range.startDate, range.endDate);
      const sum = signedSum(plan.minus);
      let query = scope
        .selectFrom('inspection_shop_period_totals as t')
        .where('t.period', 'in', [...plan.plus, ...plan.minus])
        .select([
          't.shop_id',
          sum('assignments').as('assignments'),
          sum('completed').as('completed'),
          sum('passed').as('passed'),
          sum('failed').as('failed'),
          sum('invalid').as('invalid'),
        ])
        .groupBy('t.shop_id')
        // A store whose year or month row holds only days outside the range: out, as the assignments leave it out.
        .having(sum('assignments'), '>', 0);
      const filter = range.shopIds ? await storeFilter(range.shopIds) : null;
      if (filter?.named) query = query.where('t.shop_id', 'in', filter.named);
      else if (filter?.except.length) query = query.where('t.shop_id', 'not in', filter.except);
      return query.execute();
    },

    /**
     * Per local date, or per month ('YYYY-MM'), from the store totals: the days' rows, or the whole
     * months' rows and the days at the range's ends. The same sums as `byPeriodFromAssignments`.
     */
    async byPeriod(range: AnalysisRange, granularity: 'day' | 'month') {
      if (range.shopIds?.length === 0) return [];
      const plan: PeriodPlan = granularity === 'day' ? { plus: daysOf(range), minus: [] } : monthPlan(range.startDate, range.endDate);
      const sum = signedSum(plan.minus);
      const period = granularity === 'day' ? sql<string>`t.period` : sql<string>`substr(t.period, 1, 7)`;
      let query = scope
        .selectFrom('inspection_shop_period_totals as t')
        .where('t.period', 'in', [...plan.plus, ...plan.minus])
        .select([period.as('period'), sum('completed').as('completed'), sum('passed').as('passed'), sum('failed').as('failed'), sum('invalid').as('invalid')])
        .groupBy(period);
      const filter = range.shopIds ? await storeFilter(range.shopIds) : null;
      if (filter?.named) query = query.where('t.shop_id', 'in', filter.named);
      else if (filter?.except.length) query = query.where('t.shop_id', 'not in', filter.except);
      return query.execute();
    },

    /** Per store, summed from the range's assignments: what `byShop` must answer (tests and the bench compare them). */
    byShopFromAssignments: (range: AnalysisRange) =>
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

    /** Per local date or month, summed from the range's assignments: what `byPeriod` must answer. */
    byPeriodFromAssignments: (range: AnalysisRange, granularity: 'day' | 'month') => {
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
     * The same sums as `byItemAndCategory` for a store filter, from the totals: the stores' year and
     * month rows (migrations 0042 and 0046) for the range's whole years and months (`yearPlan`,
     * some taken away), their results for the days at its ends (added, or taken off a month or year
     * counted whole). When the filter names more than half the
     * customer's stores, the customer's day totals (0038) less the other stores' share instead, so
     * no filter reads more than half the stores' rows (a filter of every store reads none of them).
     * The pieces are summed per (item, category, name) and grouped as `byItemAndCategory` groups,
     * in SQL, so the greatest name is the database's in either collation.
     */
    async shopItemTotals(range: { startDate: string; endDate: string }, shopIds: readonly string[]) {
      if (shopIds.length === 0) return [];
      const plan = yearPlan(range.startDate, range.endDate);
      // Years and months from their rows, days from the results.
      const wholePeriods = [...plan.plus, ...plan.minus].filter((period) => period.length < 10);
      const wholePeriodsOff = plan.minus.filter((period) => period.length < 10);
      const filter = await storeFilter(shopIds);
      const fromChain = filter.except !== null;
      const counted = filter.except ?? filter.named;
      // Their share, added (a filter) or taken off the chain's (the other stores).
      const sign = fromChain ? -1 : 1;
      // The stores' whole years and months, those taken away negative (none: a piece that finds nothing, the union's first).
      const signOf =
        wholePeriodsOff.length === 0
          ? sql.lit(sign)
          : sql`case when m.period in (${sql.join(wholePeriodsOff)}) then ${sql.lit(-sign)} else ${sql.lit(sign)} end`;
      const months = scope
        .selectFrom('inspection_shop_item_month_totals as m')
        .where('m.period', 'in', wholePeriods.length > 0 ? wholePeriods : [''])
        .where('m.shop_id', 'in', counted.length > 0 ? counted : [''])
        .select([
          'm.item_id',
          'm.category_name',
          'm.item_name',
          sql<number>`${signOf} * m.passed`.as('passed'),
          sql<number>`${signOf} * m.failed`.as('failed'),
          sql<number>`${signOf} * m.invalid`.as('invalid'),
        ]);
      const pieces: ItemPiece[] = [];
      if (fromChain)
        pieces.push(
          scope
            .selectFrom('inspection_item_day_totals as d')
            .where('d.batch_date', '>=', range.startDate)
            .where('d.batch_date', '<=', range.endDate)
            .select([
              'd.item_id',
              'd.category_name',
              'd.item_name',
              sql<number>`d.passed`.as('passed'),
              sql<number>`d.failed`.as('failed'),
              sql<number>`d.invalid`.as('invalid'),
            ]),
        );
      for (const [days, daySign] of [
        [plan.plus.filter((period) => period.length === 10), sign],
        [plan.minus.filter((period) => period.length === 10), -sign],
      ] as const)
        if (counted.length > 0 && days.length > 0)
          pieces.push(
            scope
              // The days' assignments first, then their results (SQLite keeps a CROSS JOIN's order).
              .selectFrom('inspection_assignments as a')
              .crossJoin('inspection_assignment_items as ai')
              .whereRef('ai.customer_id', '=', 'a.customer_id')
              .whereRef('ai.assignment_id', '=', 'a.id')
              .where('a.batch_date', 'in', [...days])
              .where('a.status', '=', 'completed')
              .where('a.shop_id', 'in', counted)
              .select([
                'ai.item_id',
                'ai.category_name',
                'ai.item_name',
                sql<number>`case when ai.result = 'pass' then ${sql.lit(daySign)} else 0 end`.as('passed'),
                sql<number>`case when ai.result = 'fail' then ${sql.lit(daySign)} else 0 end`.as('failed'),
                sql<number>`case when ai.result = 'invalid' then ${sql.lit(daySign)} else 0 end`.as('invalid'),
              ]),
          );
      const all = pieces.length > 0 ? months.unionAll(pieces) : months;
      // Inner: per recorded name, those with results in the range only; outer: as byItemAndCategory.
      const byName = scope.db
        .selectFrom(all.as('p'))
        .select((eb) => [
          'p.item_id',
          'p.category_name',
          'p.item_name',
          eb.fn.sum<number | string>('p.passed').as('passed'),
          eb.fn.sum<number | string>('p.failed').as('failed'),
          eb.fn.sum<number | string>('p.invalid').as('invalid'),
        ])
        .groupBy(['p.item_id', 'p.category_name', 'p.item_name'])
        .having(sql`sum(p.passed) + sum(p.failed) + sum(p.invalid)`, '>', 0);
      return scope.db
        .selectFrom(byName.as('n'))
        .select((eb) => [
          'n.item_id',
          'n.category_name',
          eb.fn.max('n.item_name').as('item_name'),
          eb.fn.sum<number | string | null>('n.passed').as('passed'),
          eb.fn.sum<number | string | null>('n.failed').as('failed'),
          eb.fn.sum<number | string | null>('n.invalid').as('invalid'),
        ])
        .groupBy(['n.item_id', 'n.category_name'])
        .execute();
    },

    /**
     * Adds submissions' item results to the totals, in the submission's transaction (the results
     * are final, so totals only ever grow): an upsert per (date, item, category, name) for the
     * customer's days (migration 0038) and per (store, month, item, category, name) for the stores'
     * months (0042). A submission passes its own; history written in bulk passes many at once.
     */
    async addItemTotals(submissions: readonly SubmittedResults[]): Promise<void> {
      const chunks = countResults(submissions, (submission) => ({ batch_date: submission.batchDate }));
      for (const rows of chunks)
        await scope
          .insertInto('inspection_item_day_totals', rows)
          .onConflict((conflict) =>
            conflict.columns(['customer_id', 'batch_date', 'item_id', 'category_name', 'item_name']).doUpdateSet((eb) => ({
              passed: eb('inspection_item_day_totals.passed', '+', eb.ref('excluded.passed')),
              failed: eb('inspection_item_day_totals.failed', '+', eb.ref('excluded.failed')),
              invalid: eb('inspection_item_day_totals.invalid', '+', eb.ref('excluded.invalid')),
            })),
          )
          .execute();
      await shopTotalsRepo(scope).addShopItemMonths(submissions);
    },

    /**
     * Rectifications raised by the range's inspections: all, those due (answered, or past the
     * deadline at `at`), and those answered by their deadline (the latest answer's time). All,
     * answered and on time from the totals the rectification module's transitions keep per store
     * and period (migration 0048, read with `yearPlan` like the store totals); only the
     * unanswered past their deadline at `at` from the rectifications, through the index led by
     * their state (the open ones are a few percent).
     */
    rectifications: async (range: AnalysisRange, at: string) => {
      if (range.shopIds?.length === 0) return { total: 0, due: 0, on_time: 0 };
      const plan = yearPlan(range.startDate, range.endDate);
      const signed = signedSum<'raised' | 'answered' | 'answered_on_time'>(plan.minus);
      let totals = scope
        .selectFrom('rectification_shop_period_totals as t')
        .where('t.period', 'in', [...plan.plus, ...plan.minus])
        .select([signed('raised').as('raised'), signed('answered').as('answered'), signed('answered_on_time').as('on_time')]);
      let overdue = scope
        .selectFrom('rectifications as r')
        .where('r.source', '=', 'inspection')
        .where('r.state', 'in', [...OPEN_STATES])
        .where('r.batch_date', '>=', range.startDate)
        .where('r.batch_date', '<=', range.endDate)
        .where('r.deadline', '<=', at)
        .select((eb) => eb.fn.countAll<number | string>().as('n'));
      const filter = range.shopIds ? await storeFilter(range.shopIds) : null;
      if (filter?.named) {
        totals = totals.where('t.shop_id', 'in', filter.named);
        overdue = overdue.where('r.shop_id', 'in', filter.named);
      } else if (filter?.except.length) {
        totals = totals.where('t.shop_id', 'not in', filter.except);
        overdue = overdue.where('r.shop_id', 'not in', filter.except);
      }
      const [counted, late] = await Promise.all([totals.executeTakeFirst(), overdue.executeTakeFirst()]);
      const answered = Number(counted?.answered ?? 0);
      return { total: Number(counted?.raised ?? 0), due: answered + Number(late?.n ?? 0), on_time: Number(counted?.on_time ?? 0) };
    },

    /** The same counts from the range's assignments joined to their rectifications: what `rectifications` must answer. */
    rectificationsFromAssignments: async (range: AnalysisRange, at: string) => {
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
