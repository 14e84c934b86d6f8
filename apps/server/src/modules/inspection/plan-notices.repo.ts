import type { DB } from '../../platform/db/database.ts';
import type { InspectionAssignmentNoticesTable } from '../../platform/db/schema.ts';
import type { TenantScope } from '../../platform/tenancy/scoped.ts';

export type PlanNoticeKind = InspectionAssignmentNoticesTable['kind'];

/** An open assignment that may be owed a notice, with what its messages name. */
export interface NoticeCandidate {
  id: string;
  plan_id: string;
  plan_name: string;
  shop_id: string;
  shop_name: string;
  time_zone: string;
  batch_date: string;
  window_end: string;
  created_at: string;
}

/**
 * Customers with open assignments of active plans whose window ends after `endsAfter`. It crosses
 * customers on purpose, as the job worker does; each customer's round then works inside it.
 */
export async function customersWithOpenAssignments(db: DB, endsAfter: string): Promise<string[]> {
  const rows = await db
    .selectFrom('inspection_assignments')
    .select('customer_id')
    .distinct()
    .where('status', '=', 'pending')
    .where('window_end', '>', endsAfter)
    .execute();
  return rows.map((row) => row.customer_id);
}

/** Plan notices inside one customer. */
export function planNoticesRepo(scope: TenantScope) {
  return {
    /** Open assignments of active plans in open stores, window ending after `endsAfter`, that still miss one of the notices. */
    candidates: (endsAfter: string): Promise<NoticeCandidate[]> =>
      scope
        .selectFrom('inspection_assignments as a')
        .innerJoin('inspection_plans as p', (join) => join.onRef('p.customer_id', '=', 'a.customer_id').onRef('p.id', '=', 'a.plan_id'))
        .innerJoin('shops as s', (join) => join.onRef('s.customer_id', '=', 'a.customer_id').onRef('s.id', '=', 'a.shop_id'))
        .select(['a.id', 'a.plan_id', 'p.name as plan_name', 'a.shop_id', 's.name as shop_name', 'a.time_zone', 'a.batch_date', 'a.window_end', 'a.created_at'])
        .where('a.status', '=', 'pending')
        .where('a.window_end', '>', endsAfter)
        .where('p.lifecycle', '=', 'active')
        // Notices lead to the to-do, which lists no warehouse assignment (their checks are judged on the warehouse pages).
        .where('p.plan_type', '=', 'patrol')
        .where('s.inspections_enabled', '=', 1)
        .where('s.status', '!=', 'closed')
        // Three notices claimed: nothing left to say about it.
        .where((eb) =>
          eb(
            eb
              .selectFrom('inspection_assignment_notices as n')
              .select((inner) => inner.fn.countAll<number>().as('n'))
              .whereRef('n.customer_id', '=', 'a.customer_id')
              .whereRef('n.assignment_id', '=', 'a.id'),
            '<',
            3,
          ),
        )
        .orderBy('a.window_end')
        .orderBy('a.id')
        .execute(),

    async claimed(assignmentIds: readonly string[]): Promise<Map<string, Set<PlanNoticeKind>>> {
      const claimed = new Map<string, Set<PlanNoticeKind>>();
      for (let start = 0; start < assignmentIds.length; start += 500) {
        const rows = await scope
          .selectFrom('inspection_assignment_notices')
          .select(['assignment_id', 'kind'])
          .where('assignment_id', 'in', assignmentIds.slice(start, start + 500))
          .execute();
        for (const row of rows) claimed.set(row.assignment_id, (claimed.get(row.assignment_id) ?? new Set()).add(row.kind));
      }
      return claimed;
    },

    /** The claim of one notice: false when another round already has it (its key is taken). */
    async claim(assignmentId: string, kind: PlanNoticeKind, at: string, sent: boolean): Promise<boolean> {
      const result = await scope
        .insertInto('inspection_assignment_notices', [{ assignment_id: assignmentId, kind, sent_at: sent ? at : null, claimed_at: at }])
        .onConflict((conflict) => conflict.columns(['customer_id', 'assignment_id', 'kind']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Each plan's handlers, with what choosing recipients needs (enabled, place in the organisation, language). */
    handlers: (planIds: readonly string[]) =>
      planIds.length === 0
        ? Promise.resolve([])
        : scope
            .selectFrom('inspection_plan_handlers as h')
            .innerJoin('memberships as m', (join) => join.onRef('m.customer_id', '=', 'h.customer_id').onRef('m.user_id', '=', 'h.user_id'))
            // Users are global; joined on the membership's user, the customer filter stays.
            .innerJoin('users as u', 'u.id', 'h.user_id')
            .select(['h.plan_id', 'h.user_id', 'm.org_id', 'u.locale'])
            .where('h.plan_id', 'in', [...planIds])
            .where('m.enabled', '=', 1)
            .where('u.enabled', '=', 1)
            .execute(),
  };
}
