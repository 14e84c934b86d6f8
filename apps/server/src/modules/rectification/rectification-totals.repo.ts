import { OPEN_STATES } from '@storelens/contracts';
import { periodsOfDate } from '../../platform/analytics/period-plan.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';
import type { RectificationStored } from './rectification.repo.ts';

/** What the totals need of an item. */
export type CountedRectification = Pick<RectificationStored, 'source' | 'batch_date' | 'shop_id' | 'state' | 'submitted_at' | 'deadline'>;

/** One store and inspection date's change of the totals. */
export interface RectificationTotalsDelta {
  shop_id: string;
  batch_date: string;
  raised: number;
  answered: number;
  answered_on_time: number;
}

/**
 * What one item counts for in the totals of migration 0048: only an inspection's (it has a date);
 * raised always, answered in an answered state, on time when that answer came by the deadline.
 */
function contribution(row: CountedRectification | null): RectificationTotalsDelta | null {
  if (row?.source !== 'inspection' || row.batch_date === null) return null;
  // Answered: every state but the open ones, which the analysis counts from the rows once past their
  // deadline; so the two parts of "due" cannot drift apart. A rejection is open again.
  const answered = !OPEN_STATES.includes(row.state);
  const onTime = answered && row.submitted_at !== null && row.submitted_at <= row.deadline;
  return { shop_id: row.shop_id, batch_date: row.batch_date, raised: 1, answered: answered ? 1 : 0, answered_on_time: onTime ? 1 : 0 };
}

/** The change an item's move from `before` to `after` (null: not there) makes to the totals: nothing, or one or two deltas. */
export function totalsChange(before: CountedRectification | null, after: CountedRectification | null): RectificationTotalsDelta[] {
  const gone = contribution(before);
  const come = contribution(after);
  const deltas: RectificationTotalsDelta[] = [];
  if (gone) deltas.push({ ...gone, raised: -gone.raised, answered: -gone.answered, answered_on_time: -gone.answered_on_time });
  if (come) deltas.push(come);
  return deltas;
}

/**
 * The rectification totals per store and period (migration 0048): the inspection's date, its month
 * and its year, three rows a delta, upserted in the caller's transaction (the write that moved the
 * item). The inspection analysis reads them with its period plan.
 */
export function rectificationTotalsRepo(scope: TenantScope) {
  return {
    async add(deltas: readonly RectificationTotalsDelta[]): Promise<void> {
      const rows = new Map<string, Omit<RectificationTotalsDelta, 'batch_date'> & { period: string }>();
      for (const delta of deltas)
        for (const period of periodsOfDate(delta.batch_date)) {
          const key = `${delta.shop_id}\u0000${period}`;
          const row = rows.get(key) ?? { period, shop_id: delta.shop_id, raised: 0, answered: 0, answered_on_time: 0 };
          row.raised += delta.raised;
          row.answered += delta.answered;
          row.answered_on_time += delta.answered_on_time;
          rows.set(key, row);
        }
      // A delta that cancels out (an answer moved within the same state) writes nothing.
      const all = [...rows.values()].filter((row) => row.raised !== 0 || row.answered !== 0 || row.answered_on_time !== 0);
      for (let start = 0; start < all.length; start += 500)
        await scope
          .insertInto('rectification_shop_period_totals', all.slice(start, start + 500))
          .onConflict((conflict) =>
            conflict.columns(['customer_id', 'period', 'shop_id']).doUpdateSet((eb) => ({
              raised: eb('rectification_shop_period_totals.raised', '+', eb.ref('excluded.raised')),
              answered: eb('rectification_shop_period_totals.answered', '+', eb.ref('excluded.answered')),
              answered_on_time: eb('rectification_shop_period_totals.answered_on_time', '+', eb.ref('excluded.answered_on_time')),
            })),
          )
          .execute();
    },
  };
}
