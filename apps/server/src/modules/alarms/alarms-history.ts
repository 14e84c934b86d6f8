import type { AlarmHistoryAction, AlarmState, AlarmTag } from '@storelens/contracts';
import type { AlarmHistoryTable } from '../../platform/db/schema.ts';
import { newId } from '../../platform/ids.ts';
import { nowIso } from '../../platform/time/clock.ts';

let lastSeq = 0;
/**
 * The order of an alarm's history: microseconds of the real time, strictly rising in this process.
 * The application clock may stand still (tests move it), and several entries share its instant.
 */
function nextSeq(): number {
  lastSeq = Math.max(lastSeq + 1, Date.now() * 1000);
  return lastSeq;
}

/** One entry of the append-only history (never updated, never deleted). */
export function alarmHistoryEntry(
  alarmId: string,
  action: AlarmHistoryAction,
  fields: { from?: AlarmState | null; to?: AlarmState | null; userId?: string | null; reason?: string | null; tag?: AlarmTag | null; at?: string } = {},
): Omit<AlarmHistoryTable, 'customer_id'> {
  return {
    id: newId(),
    alarm_id: alarmId,
    seq: nextSeq(),
    action,
    from_state: fields.from ?? null,
    to_state: fields.to ?? null,
    user_id: fields.userId ?? null,
    reason: fields.reason ?? null,
    tag: fields.tag ?? null,
    created_at: fields.at ?? nowIso(),
  };
}
