import { OPEN_STATES, RECTIFICATION_LIMITS } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now } from '../../platform/time/clock.ts';
import { customersWithDeadlineWork, type RectificationStored, rectificationRepo } from './rectification.repo.ts';
import type { FrameCapture } from './rectification-capture.ts';
import { historyEntry } from './rectification-history.ts';
import { type NoticeKind, postNotices } from './rectification-notices.ts';
import { type Member, type PeopleRules, peopleRules } from './rectification-people.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Uploads no answer or item took within a day are deleted. */
const UPLOAD_KEEP_MS = 24 * HOUR;

export interface DeadlineRound {
  dueSoon: number;
  overdue: number;
  escalated: number;
  frames: number;
  uploadsDeleted: number;
}

type Notice = 'due_soon_at' | 'overdue_at' | 'escalated_at';

/**
 * The deadline scan (a scheduled job): due-soon notices a day before the deadline, overdue
 * notices at it, escalation to the handler's superiors a day after it (and a day after a hand-over), the frames whose time has
 * come, and uploads nobody used. Each notice is claimed by a conditional update before it goes
 * out, in the transaction that writes its history and posts it: a second scan, a second worker or
 * a restart never sends one twice. Time is the application clock.
 */
export function createDeadlineWork(deps: { db: DB; storage: ObjectStorage; capture: FrameCapture }) {
  const { db, storage, capture } = deps;

  /** Claims one notice, writes its history and posts it, all or nothing. `send` false: claimed without a message. */
  async function claimAndTell(
    customerId: string,
    row: RectificationStored,
    column: Notice,
    at: Date,
    tell: { kind: NoticeKind; action: 'dueSoon' | 'overdue' | 'escalate'; recipients: readonly Member[]; extra?: Record<string, string> } | null,
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const repo = rectificationRepo(tenantScope(trx, customerId));
      if (!(await repo.claimNotice(row.id, column, at.toISOString(), OPEN_STATES))) return false;
      if (!tell) return false;
      const shop = await repo.shop(row.shop_id);
      await repo.insertHistory([historyEntry(row.id, tell.action, { toUserIds: tell.recipients.map((member) => member.userId), at: at.toISOString() })]);
      await postNotices(
        trx,
        customerId,
        { ...row, shopName: shop?.name ?? '', timeZone: shop?.time_zone ?? 'UTC' },
        tell.kind,
        tell.recipients,
        tell.extra ?? {},
        at.toISOString(),
      );
      return true;
    });
  }

  async function roundFor(customerId: string, at: Date, tally: DeadlineRound): Promise<void> {
    const repo = rectificationRepo(tenantScope(db, customerId));
    let rules: PeopleRules | null = null;
    const people = async () => {
      if (!rules) {
        const { layout, members } = await repo.people();
        rules = peopleRules(layout, members);
      }
      return rules;
    };
    const atMs = at.getTime();
    const handlerOf = async (row: RectificationStored) => {
      const member = (await people()).member(row.handler_id);
      return member ? [member] : [];
    };

    // A day before the deadline. An item made inside that day, or already past its deadline, is
    // claimed without a message: its assignment (or the overdue notice) said it all.
    for (const row of await repo.noticesDue('due_soon_at', new Date(atMs + RECTIFICATION_LIMITS.dueSoonHours * HOUR).toISOString(), OPEN_STATES)) {
      const windowStart = Date.parse(row.deadline) - RECTIFICATION_LIMITS.dueSoonHours * HOUR;
      const silent = Date.parse(row.deadline) <= atMs || Date.parse(row.created_at) >= windowStart;
      if (await claimAndTell(customerId, row, 'due_soon_at', at, silent ? null : { kind: 'dueSoon', action: 'dueSoon', recipients: await handlerOf(row) }))
        tally.dueSoon += 1;
    }
    for (const row of await repo.noticesDue('overdue_at', at.toISOString(), OPEN_STATES)) {
      if (await claimAndTell(customerId, row, 'overdue_at', at, { kind: 'overdue', action: 'overdue', recipients: await handlerOf(row) })) tally.overdue += 1;
    }
    const escalateBefore = new Date(atMs - RECTIFICATION_LIMITS.escalateAfterHours * HOUR).toISOString();
    for (const row of await repo.noticesDue('escalated_at', escalateBefore, OPEN_STATES, escalateBefore)) {
      const rulesNow = await people();
      // The nearest level above the handler for this store; nobody there: the founder or reviewer.
      let recipients = rulesNow.superiorsOf(row.handler_id, row.shop_id);
      if (recipients.length === 0)
        recipients = [row.founder_id, row.reviewer_id]
          .filter((id): id is string => id !== null && id !== row.handler_id)
          .flatMap((id) => {
            const member = rulesNow.member(id);
            return member ? [member] : [];
          });
      if (
        await claimAndTell(customerId, row, 'escalated_at', at, {
          kind: 'escalated',
          action: 'escalate',
          recipients,
          extra: { handler: rulesNow.nameOf(row.handler_id) },
        })
      )
        tally.escalated += 1;
    }

    for (const row of await repo.framesDue(new Date(atMs - RECTIFICATION_LIMITS.frameSettleMinutes * MINUTE).toISOString())) {
      const outcome = await capture.capture(customerId, row.id);
      tally.frames += [outcome.evidence, outcome.frame].filter((one) => one === 'captured' || one === 'missing').length;
    }

    const stale = await repo.uploadsBefore(new Date(atMs - UPLOAD_KEEP_MS).toISOString());
    if (stale.length > 0) {
      await repo.deleteUploads(stale.map((row) => row.id));
      await storage.delete(stale.map((row) => row.storage_key));
      tally.uploadsDeleted += stale.length;
    }
  }

  return {
    async run(at: Date = now()): Promise<DeadlineRound> {
      const atMs = at.getTime();
      const customers = await customersWithDeadlineWork(db, {
        noticesUntil: new Date(atMs + RECTIFICATION_LIMITS.dueSoonHours * HOUR).toISOString(),
        framesBefore: new Date(atMs - RECTIFICATION_LIMITS.frameSettleMinutes * MINUTE).toISOString(),
        uploadsBefore: new Date(atMs - UPLOAD_KEEP_MS).toISOString(),
        openStates: OPEN_STATES,
      });
      const tally: DeadlineRound = { dueSoon: 0, overdue: 0, escalated: 0, frames: 0, uploadsDeleted: 0 };
      for (const customerId of customers) await roundFor(customerId, at, tally);
      return tally;
    },
  };
}
export type DeadlineWork = ReturnType<typeof createDeadlineWork>;
