import type { HistoryAction } from '@storelens/contracts';
import { newId } from '../../platform/ids.ts';
import { nowIso } from '../../platform/time/clock.ts';
import type { HistoryStored } from './rectification.repo.ts';

let lastSeq = 0;
/**
 * The order of an item's history: microseconds of the real time, strictly rising in this process.
 * The application clock may stand still (tests move it), and several entries of one action share
 * its instant; this keeps them in the order they were written.
 */
function nextSeq(): number {
  lastSeq = Math.max(lastSeq + 1, Date.now() * 1000);
  return lastSeq;
}

/** One entry of the append-only history (never updated, never deleted). */
export function historyEntry(
  rectificationId: string,
  action: HistoryAction,
  fields: {
    userId?: string | null;
    reason?: string | null;
    text?: string | null;
    fromUserId?: string | null;
    toUserIds?: readonly string[];
    mediaIds?: readonly string[];
    note?: string | null;
    at?: string;
  } = {},
): Omit<HistoryStored, 'customer_id'> {
  return {
    id: newId(),
    rectification_id: rectificationId,
    seq: nextSeq(),
    action,
    user_id: fields.userId ?? null,
    reason: fields.reason ?? null,
    text: fields.text ?? null,
    from_user_id: fields.fromUserId ?? null,
    to_user_ids: JSON.stringify(fields.toUserIds ?? []),
    media_ids: JSON.stringify(fields.mediaIds ?? []),
    note: fields.note ?? null,
    created_at: fields.at ?? nowIso(),
  };
}
