import type { RealtimeEventData, RealtimeEventType } from '@storelens/contracts';
import type { DB } from '../db/database.ts';
import { nowIso } from '../time/clock.ts';
import { realtimeEventsRepo } from './realtime.repo.ts';

/**
 * One event for the real-time channel. Who receives it, among the connections of its customer:
 * - `userId`: that person only (their notice counts); left out: everyone of the customer;
 * - `shopId`: only people whose data scope holds the shop (a shop's data changed); left out: any;
 * - always only connections whose permission map shows the type's key (contracts REALTIME_EVENTS).
 */
export type RealtimeEvent = {
  [T in RealtimeEventType]: { type: T; data: RealtimeEventData<T>; userId?: string | null; shopId?: string | null };
}[RealtimeEventType];

/**
 * THE way to publish (issue 15 section 5): appends the events to the log, from any process (web or
 * worker). Every web process delivers them to its open streams within its poll interval (250 ms).
 * Pass the transaction that makes the change when there is one: a rolled-back change then publishes
 * nothing, and a committed one is never missed. Keep that transaction short (docs/decisions/realtime.md).
 */
export async function publishRealtime(db: DB, customerId: string, events: readonly RealtimeEvent[]): Promise<void> {
  if (events.length === 0) return;
  const at = nowIso();
  await realtimeEventsRepo(db).insert(
    events.map((event) => ({
      customer_id: customerId,
      user_id: event.userId ?? null,
      shop_id: event.shopId ?? null,
      type: event.type,
      data: JSON.stringify(event.data),
      created_at: at,
    })),
  );
}
