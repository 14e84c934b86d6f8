import type { TenantScope } from '../../platform/tenancy/scoped.ts';
import { type ShopPeriodDelta, shopTotalsRepo } from './analysis.repo.ts';

/** What an assignment adds to its plan and date (and its store's): enough of its row to count it. */
export interface CountedAssignment {
  plan_id: string;
  shop_id: string;
  batch_date: string;
  status: 'pending' | 'completed' | 'cancelled';
  passed: number;
  failed: number;
  invalid: number;
  completed_at: string | null;
  window_end: string;
}

/** The rows that count: a cancelled row is never added (it is taken off only as the open row it was). */
const counted = (rows: readonly CountedAssignment[], sign: 1 | -1) => (sign === 1 ? rows.filter((row) => row.status !== 'cancelled') : rows);

type Delta = { plan_id: string; batch_date: string; total: number; done: number; late: number; passed: number; failed: number };

/**
 * A plan's counts per phase (store-local occurrence date) as the phase list shows them, kept by
 * every write that changes them, each in its own transaction (migration 0038): the occurrence's
 * insert adds its assignments, a submission its completion, a cancellation takes the cancelled ones
 * off. The same sums as `plansRepo.countsOfPlanBy(planId, 'batch_date', null)` over the
 * assignments (cancelled ones left out; `late` completed after the window), a row per phase instead
 * of every assignment of the plan (365,000 after a year of a daily plan in 1,000 stores).
 *
 * The same writes move the analysis's store totals per day and month (migration 0042,
 * `shopTotalsRepo`): every path that changes an assignment's counts already comes through here.
 */
export function planTotalsRepo(scope: TenantScope) {
  async function apply(deltas: Iterable<Delta>): Promise<void> {
    const rows = [...deltas];
    for (let start = 0; start < rows.length; start += 500)
      await scope
        .insertInto('inspection_plan_day_totals', rows.slice(start, start + 500))
        .onConflict((conflict) =>
          conflict.columns(['customer_id', 'plan_id', 'batch_date']).doUpdateSet((eb) => ({
            total: eb('inspection_plan_day_totals.total', '+', eb.ref('excluded.total')),
            done: eb('inspection_plan_day_totals.done', '+', eb.ref('excluded.done')),
            late: eb('inspection_plan_day_totals.late', '+', eb.ref('excluded.late')),
            passed: eb('inspection_plan_day_totals.passed', '+', eb.ref('excluded.passed')),
            failed: eb('inspection_plan_day_totals.failed', '+', eb.ref('excluded.failed')),
          })),
        )
        .execute();
  }

  /** Sums rows per plan and date, each counted with `sign` (+1 added, -1 taken off). */
  function deltasOf(rows: readonly CountedAssignment[], sign: 1 | -1): Map<string, Delta> {
    const deltas = new Map<string, Delta>();
    for (const row of counted(rows, sign)) {
      const key = `${row.plan_id}\u0000${row.batch_date}`;
      const delta = deltas.get(key) ?? { plan_id: row.plan_id, batch_date: row.batch_date, total: 0, done: 0, late: 0, passed: 0, failed: 0 };
      const completed = row.status === 'completed';
      delta.total += sign;
      delta.done += completed ? sign : 0;
      delta.late += completed && row.completed_at !== null && row.completed_at > row.window_end ? sign : 0;
      delta.passed += sign * row.passed;
      delta.failed += sign * row.failed;
      deltas.set(key, delta);
    }
    return deltas;
  }

  /** What the rows add to (or take off) their stores' totals. */
  function shopDeltasOf(rows: readonly CountedAssignment[], sign: 1 | -1): ShopPeriodDelta[] {
    return counted(rows, sign).map((row) => {
      const completed = row.status === 'completed';
      return {
        shop_id: row.shop_id,
        batch_date: row.batch_date,
        assignments: sign,
        completed: completed ? sign : 0,
        passed: completed ? sign * row.passed : 0,
        failed: completed ? sign * row.failed : 0,
        invalid: completed ? sign * row.invalid : 0,
      };
    });
  }

  async function move(rows: readonly CountedAssignment[], sign: 1 | -1): Promise<void> {
    await apply(deltasOf(rows, sign).values());
    await shopTotalsRepo(scope).addShopPeriods(shopDeltasOf(rows, sign));
  }

  return {
    /** New assignments (an occurrence's, or history written as it was). */
    added: (rows: readonly CountedAssignment[]) => move(rows, 1),

    /** Assignments that stopped counting (open ones cancelled: they carry no results). */
    removed: (rows: readonly CountedAssignment[]) => move(rows, -1),

    /** One pending assignment completed: it moves from open to done with its counts. */
    async completed(
      row: { plan_id: string; shop_id: string; batch_date: string; window_end: string },
      done: { completed_at: string; passed: number; failed: number; invalid: number },
    ): Promise<void> {
      await apply([
        {
          plan_id: row.plan_id,
          batch_date: row.batch_date,
          total: 0,
          done: 1,
          late: done.completed_at > row.window_end ? 1 : 0,
          passed: done.passed,
          failed: done.failed,
        },
      ]);
      await shopTotalsRepo(scope).addShopPeriods([
        { shop_id: row.shop_id, batch_date: row.batch_date, assignments: 0, completed: 1, passed: done.passed, failed: done.failed, invalid: done.invalid },
      ]);
    },

    /** A plan's phases, newest first. */
    phases: (planId: string) =>
      scope
        .selectFrom('inspection_plan_day_totals')
        .select(['batch_date', 'total', 'done', 'late', 'passed', 'failed'])
        .where('plan_id', '=', planId)
        .where('total', '>', 0)
        .orderBy('batch_date', 'desc')
        .execute(),
  };
}
