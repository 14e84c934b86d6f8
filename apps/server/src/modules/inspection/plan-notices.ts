import { isLocale, type MessageKey, MessageKind, translateMessage } from '@storelens/contracts';
import { customerReach } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now } from '../../platform/time/clock.ts';
import { namedLocalTime } from '../../platform/time/local-time.ts';
import { createMessagesService } from '../messages/messages.service.ts';
import { customersWithOpenAssignments, type NoticeCandidate, type PlanNoticeKind, planNoticesRepo } from './plan-notices.repo.ts';

/** "Due soon" is said this long before an assignment's window ends (docs/decisions/inspection.md). */
export const DUE_SOON_MS = 2 * 3_600_000;
/** An overdue notice is still sent this long after the window ended (a worker down for a while); older ones are history. */
export const OVERDUE_CATCH_UP_MS = 24 * 3_600_000;

/** From the least to the most urgent: a more urgent notice makes the ones before it pointless. */
const ORDER: readonly PlanNoticeKind[] = ['assigned', 'dueSoon', 'overdue'];
const KEYS: Record<PlanNoticeKind, { title: MessageKey; body: MessageKey }> = {
  assigned: { title: 'planNotice.assignedTitle', body: 'planNotice.assignedBody' },
  dueSoon: { title: 'planNotice.dueSoonTitle', body: 'planNotice.dueSoonBody' },
  overdue: { title: 'planNotice.overdueTitle', body: 'planNotice.overdueBody' },
};

/** The notice an open assignment is owed at `at`: overdue once its window ended, due soon in its last two hours, else assigned. */
export function dueNotice(windowEnd: string, at: Date): PlanNoticeKind {
  const end = Date.parse(windowEnd);
  if (at.getTime() >= end) return 'overdue';
  if (at.getTime() >= end - DUE_SOON_MS) return 'dueSoon';
  return 'assigned';
}

export interface PlanNoticeRound {
  sent: number;
  messages: number;
}

/**
 * Plan messages (issue 14 section 5, message kind 2): the handlers of a plan who see the store are
 * told when an assignment is made for it, two hours before its window ends while it is still open,
 * and once it is overdue. A scheduled round: each notice is claimed by a row keyed (assignment,
 * kind), inserted in the transaction that posts the messages, so a second round, a second worker
 * or a restart never sends one twice. Only the most urgent notice owed is sent; the less urgent
 * ones still owed are claimed silently (a task first seen when overdue is told once, as overdue).
 */
export function createPlanNoticeWork(deps: { db: DB }) {
  const { db } = deps;

  async function roundFor(customerId: string, at: Date, tally: PlanNoticeRound): Promise<void> {
    const repo = planNoticesRepo(tenantScope(db, customerId));
    const candidates = await repo.candidates(new Date(at.getTime() - OVERDUE_CATCH_UP_MS).toISOString());
    if (candidates.length === 0) return;
    const [claimed, handlers, reach] = await Promise.all([
      repo.claimed(candidates.map((row) => row.id)),
      repo.handlers([...new Set(candidates.map((row) => row.plan_id))]),
      customerReach(db, customerId),
    ]);
    const iso = at.toISOString();
    // How many of a plan's open stores each handler covers: the store's nearest handlers are those covering the fewest.
    const shopsOfPlan = new Map<string, Set<string>>();
    for (const row of candidates) shopsOfPlan.set(row.plan_id, (shopsOfPlan.get(row.plan_id) ?? new Set<string>()).add(row.shop_id));
    const breadth = new Map<string, number>();
    for (const handler of handlers) {
      const shops = [...(shopsOfPlan.get(handler.plan_id) ?? [])];
      breadth.set(`${handler.plan_id}:${handler.user_id}`, shops.filter((shopId) => reach.covers(handler, shopId)).length);
    }
    for (const assignment of candidates) {
      const kind = dueNotice(assignment.window_end, at);
      const done = claimed.get(assignment.id) ?? new Set<PlanNoticeKind>();
      if (done.has(kind)) continue;
      const covering = handlers.filter((handler) => handler.plan_id === assignment.plan_id && reach.covers(handler, assignment.shop_id));
      // The store's nearest handlers are told (its store manager before the region's, the region's
      // before head office's): a head-office handler of a hundred-store daily plan is not sent three
      // hundred messages a day for work the stores' own people do. Alone, a wide handler is told.
      const nearest = Math.min(...covering.map((handler) => breadth.get(`${handler.plan_id}:${handler.user_id}`) ?? 0));
      const recipients = covering.filter((handler) => (breadth.get(`${handler.plan_id}:${handler.user_id}`) ?? 0) === nearest);
      const sent = await db.transaction().execute(async (trx) => {
        const scoped = planNoticesRepo(tenantScope(trx, customerId));
        if (!(await scoped.claim(assignment.id, kind, iso, true))) return false;
        for (const earlier of ORDER.slice(0, ORDER.indexOf(kind))) if (!done.has(earlier)) await scoped.claim(assignment.id, earlier, iso, false);
        await post(trx, customerId, assignment, kind, recipients, iso);
        return true;
      });
      if (sent) {
        tally.sent += 1;
        tally.messages += recipients.length;
      }
    }
  }

  return {
    async run(at: Date = now()): Promise<PlanNoticeRound> {
      const tally: PlanNoticeRound = { sent: 0, messages: 0 };
      for (const customerId of await customersWithOpenAssignments(db, new Date(at.getTime() - OVERDUE_CATCH_UP_MS).toISOString()))
        await roundFor(customerId, at, tally);
      return tally;
    },
  };
}
export type PlanNoticeWork = ReturnType<typeof createPlanNoticeWork>;

/** One message per recipient in their own language; the deadline in the store's time with its zone named. */
async function post(
  on: DB,
  customerId: string,
  assignment: NoticeCandidate,
  kind: PlanNoticeKind,
  recipients: readonly { user_id: string; locale: string }[],
  at: string,
): Promise<void> {
  if (recipients.length === 0) return;
  const named = namedLocalTime(assignment.time_zone, Date.parse(assignment.window_end));
  const params = { plan: assignment.plan_name, shop: assignment.shop_name, date: assignment.batch_date, deadline: `${named.time} (${named.zone})` };
  await createMessagesService({ db: on }).post(
    customerId,
    recipients.map((recipient) => {
      const language = isLocale(recipient.locale) ? recipient.locale : 'en';
      return {
        userId: recipient.user_id,
        kind: MessageKind.plan,
        title: translateMessage(language, KEYS[kind].title, params),
        body: translateMessage(language, KEYS[kind].body, params),
        source: `inspection.${kind}`,
        refId: assignment.id,
      };
    }),
    at,
  );
}
