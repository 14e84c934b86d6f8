import type { DeviceEvent, WifiEvent } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { localParts } from '../../platform/time/local-time.ts';
import { crowdRepo, type NewSighting } from './crowd.repo.ts';

/** What Wi-Fi ingest needs of the shop whose box sent the batch (traffic's rules for closing and retention). */
export interface WifiIngestShop {
  customerId: string;
  shopId: string;
  timeZone: string;
  closedAt: string | null;
  analyticsEnabled: boolean;
  retainedFrom: string | null;
}

export interface WifiIngestResult {
  wifi: number;
  accepted: number;
  duplicates: number;
  ignoredClosed: number;
  ignoredExpired: number;
  ignoredPrivacy: number;
}

/**
 * Stores a batch's Wi-Fi sightings inside the device API's transaction (issue 17). Nothing is kept
 * while the customer's privacy settings do not collect them (`collect` false). A randomised
 * identifier is no person: only a count per store, local day and presence is kept, never the
 * identifier. The others are kept one row per sighting (identifier, first and last seen, local
 * date and hour, dwell, presence); a sighting sent again is a duplicate.
 */
export async function ingestWifiEvents(
  trx: DB,
  shop: WifiIngestShop,
  collect: boolean,
  batchRef: string,
  events: readonly DeviceEvent[],
): Promise<WifiIngestResult> {
  const result: WifiIngestResult = { wifi: 0, accepted: 0, duplicates: 0, ignoredClosed: 0, ignoredExpired: 0, ignoredPrivacy: 0 };
  const sightings: WifiEvent[] = events.filter((event): event is WifiEvent => event.type === 'wifi');
  result.wifi = sightings.length;
  if (sightings.length === 0) return result;
  if (!collect) {
    result.ignoredPrivacy = sightings.length;
    return result;
  }
  const repo = crowdRepo(tenantScope(trx, shop.customerId));
  const rows = new Map<string, NewSighting>();
  const randomized = new Map<string, { date: string; presence: 'inStore' | 'passerby'; count: number }>();
  for (const event of sightings) {
    const first = Date.parse(event.firstSeenAt);
    const last = Math.max(first, Date.parse(event.lastSeenAt));
    if (!shop.analyticsEnabled || (shop.closedAt !== null && first >= Date.parse(shop.closedAt))) {
      result.ignoredClosed += 1;
      continue;
    }
    const { date, hour } = localParts(shop.timeZone, first);
    if (shop.retainedFrom !== null && date < shop.retainedFrom) {
      result.ignoredExpired += 1;
      continue;
    }
    if (event.randomized) {
      const key = `${date}|${event.presence}`;
      const entry = randomized.get(key) ?? { date, presence: event.presence, count: 0 };
      entry.count += 1;
      randomized.set(key, entry);
      result.accepted += 1;
      continue;
    }
    const firstSeenAt = new Date(first).toISOString();
    const key = `${event.wifiId}|${firstSeenAt}`;
    if (rows.has(key)) {
      result.duplicates += 1;
      continue;
    }
    rows.set(key, {
      shop_id: shop.shopId,
      wifi_id: event.wifiId,
      first_seen_at: firstSeenAt,
      last_seen_at: new Date(last).toISOString(),
      local_date: date,
      hour,
      dwell_s: Math.round((last - first) / 1000),
      presence: event.presence,
      batch_ref: batchRef,
    });
  }
  const inserted = await repo.insertSightings([...rows.values()]);
  result.accepted += inserted;
  result.duplicates += rows.size - inserted;
  // Randomised counts cannot tell a resend: the batch's idempotency key (the device API) is what keeps them exact.
  for (const entry of randomized.values()) await repo.addRandomized(shop.shopId, entry.date, entry.presence, entry.count);
  return result;
}
