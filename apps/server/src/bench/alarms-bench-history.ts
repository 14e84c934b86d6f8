import type { AlarmAction, AlarmEvent, AlarmState, AlarmTag } from '@storelens/contracts';
import { type AlarmRow, type AlarmsRepo, alarmsRepo } from '../modules/alarms/alarms.repo.ts';
import { alarmHistoryEntry } from '../modules/alarms/alarms-history.ts';
import { alarmImageKey, type PreparedAlarmImage, rawPayload } from '../modules/alarms/alarms-ingest.ts';
import type { DB } from '../platform/db/database.ts';
import { newId } from '../platform/ids.ts';
import { tenantScope } from '../platform/tenancy/scoped.ts';

export const BENCH_ALARM_CODES = ['no_staff_at_counter', 'staff_on_phone', 'no_uniform', 'empty_shelf', 'door_left_open', 'smoking', 'rodent'];
const STATES: [AlarmState, number][] = [
  ['unconfirmed', 0.55],
  ['confirmed', 0.25],
  ['falseAlarm', 0.1],
  ['ignored', 0.07],
  ['deleted', 0.03],
];
/** The review action that moved a new alarm to each state (ALARM_TRANSITIONS from unconfirmed). */
const ACTION_TO: Partial<Record<AlarmState, AlarmAction>> = { confirmed: 'confirm', falseAlarm: 'markFalse', ignored: 'ignore', deleted: 'delete' };
const MINUTE = 60_000;
/**
 * Alarms per transaction: each with its report, image row, history and totals, as the device API
 * and the reviews write them. Large enough that a transaction's commit is a small part of it.
 */
const ALARMS_PER_TRANSACTION = 10_000;

/** The state a draw in [0, 1) falls on, by the shares of STATES. */
function stateOf(draw: number): AlarmState {
  let rest = draw;
  for (const [state, share] of STATES) {
    if (rest < share) return state;
    rest -= share;
  }
  return 'unconfirmed';
}

export interface BenchStore {
  shopId: string;
  boxId: string;
  cameraIds: string[];
}

/** Seconds spent writing each kind of row (the totals are the repository's own `applyTotals`). */
export interface HistoryWriteTimes {
  alarms: number;
  reports: number;
  images: number;
  history: number;
  totals: number;
  total: number;
  /** CPU seconds of this process meanwhile (the database's work included on SQLite): on a shared machine, what the write would take alone. */
  cpu: number;
}

/**
 * The bench's history of alarms (`npm run bench -- alarms`): `count` alarms spread evenly over
 * [from, until), written oldest first in transactions of 10,000 with every row the product keeps
 * for an alarm a box raised and people reviewed: the alarm, the box's report with its raw payload,
 * the image's row (one image each, the still the ingestion posted: its digest and size), the
 * history (raised, tagged, then the action that led to its state), each through the repository's
 * batched insert (multi-row statements); then the totals, summed from the alarms by the database.
 *
 * Oldest first matters: the (customer, occurred_at) and per-store indexes and the totals' keys then
 * grow at their ends, so each chunk touches pages already in the cache; in random order 5 million
 * alarms scattered their writes over the whole files, and the write slowed as they grew (832,000 in
 * 18 minutes at 5 million requested). The image files are not written: the reads never open them.
 */
export async function writeAlarmHistory(
  db: DB,
  input: {
    customerId: string;
    reviewerId: string;
    stores: readonly BenchStore[];
    count: number;
    from: number;
    until: number;
    random: () => number;
    still: { sha256: string; bytes: number; width: number; height: number };
  },
): Promise<HistoryWriteTimes> {
  const { customerId, reviewerId, stores, count, from, until, random, still } = input;
  const times: HistoryWriteTimes = { alarms: 0, reports: 0, images: 0, history: 0, totals: 0, total: 0, cpu: 0 };
  const timed = async (phase: Exclude<keyof HistoryWriteTimes, 'total' | 'cpu'>, work: () => Promise<unknown>) => {
    const t0 = performance.now();
    await work();
    times[phase] += (performance.now() - t0) / 1000;
  };
  const span = until - from;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (let written = 0; written < count; written += ALARMS_PER_TRANSACTION) {
    const alarms: AlarmRow[] = [];
    const reports: Parameters<AlarmsRepo['insertReports']>[0] = [];
    const images: Parameters<AlarmsRepo['insertImages']>[0] = [];
    const history: Parameters<AlarmsRepo['insertHistories']>[0] = [];
    for (let index = written; index < Math.min(count, written + ALARMS_PER_TRANSACTION); index += 1) {
      const store = stores[Math.floor(random() * stores.length)] as BenchStore;
      // Evenly spread and rising: alarm i falls in the i-th of `count` equal slices of the range.
      const atMs = from + Math.floor(((index + random()) * span) / count);
      const at = new Date(atMs).toISOString();
      const state = stateOf(random());
      const tagRoll = random();
      const tag: AlarmTag = tagRoll < 0.8 ? 'none' : tagRoll < 0.92 ? 'algorithmCorrect' : 'algorithmWrong';
      const read = random() < 0.6;
      const reviewedAt = new Date(atMs + 10 * MINUTE).toISOString();
      const event: AlarmEvent = {
        type: 'alarm',
        eventId: `history-${String(index).padStart(9, '0')}`,
        cameraId: store.cameraIds[Math.floor(random() * store.cameraIds.length)] as string,
        eventCode: BENCH_ALARM_CODES[Math.floor(random() * BENCH_ALARM_CODES.length)] as string,
        eventName: 'Bench alarm',
        at,
        priority: random() < 0.7 ? 'high' : 'low',
        images: [{ image: '' }],
      };
      const image: PreparedAlarmImage = {
        index: 0,
        idx: 0,
        storageKey: alarmImageKey(customerId, store.shopId, store.boxId, event.eventId, 0, still.sha256),
        sha256: still.sha256,
        width: still.width,
        height: still.height,
        at: null,
        postedBytes: still.bytes,
      };
      const alarmId = newId();
      const reportId = newId();
      const action = ACTION_TO[state];
      alarms.push({
        id: alarmId,
        shop_id: store.shopId,
        camera_id: event.cameraId,
        box_id: store.boxId,
        event_code: event.eventCode,
        event_name: event.eventName ?? event.eventCode,
        priority: event.priority,
        state,
        tag,
        delete_reason: state === 'deleted' ? 'manual' : null,
        count: 1,
        occurred_at: at,
        last_occurred_at: at,
        read_at: read ? reviewedAt : null,
        read_by: read ? reviewerId : null,
        rectification_id: null,
        created_at: at,
        updated_at: action || tag !== 'none' ? reviewedAt : at,
      });
      reports.push({
        id: reportId,
        box_id: store.boxId,
        event_id: event.eventId,
        alarm_id: alarmId,
        shop_id: store.shopId,
        outcome: 'raised',
        occurred_at: at,
        payload: rawPayload(event, [image]),
        batch_ref: `history-batch-${Math.floor(index / 100)}`,
        received_at: at,
      });
      images.push({
        id: newId(),
        alarm_id: alarmId,
        report_id: reportId,
        idx: 0,
        storage_key: image.storageKey,
        sha256: image.sha256,
        width: image.width,
        height: image.height,
        captured_at: at,
        created_at: at,
      });
      history.push(alarmHistoryEntry(alarmId, 'raise', { to: 'unconfirmed', at }));
      // Tagged while still unconfirmed (a deleted alarm takes no tag), then moved to its state.
      if (tag !== 'none') history.push(alarmHistoryEntry(alarmId, 'tag', { from: 'unconfirmed', to: 'unconfirmed', userId: reviewerId, tag, at: reviewedAt }));
      if (action)
        history.push(
          alarmHistoryEntry(alarmId, action, {
            from: 'unconfirmed',
            to: state,
            userId: reviewerId,
            reason: action === 'delete' ? 'manual' : null,
            at: reviewedAt,
          }),
        );
    }
    await db.transaction().execute(async (trx) => {
      const repo = alarmsRepo(tenantScope(trx, customerId));
      await timed('alarms', () => repo.insertAlarmsTotalsLater(alarms));
      await timed('reports', () => repo.insertReports(reports));
      await timed('images', () => repo.insertImages(images));
      await timed('history', () => repo.insertHistories(history));
    });
  }
  // The totals of the whole history at once, summed by the database (what `applyTotals` would have
  // kept chunk by chunk: alarm-totals.test.ts holds both to direct sums).
  await timed('totals', () => db.transaction().execute((trx) => alarmsRepo(tenantScope(trx, customerId)).rebuildTotals()));
  times.total = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  times.cpu = (cpu.user + cpu.system) / 1e6;
  return times;
}
