import type { DB } from '../../platform/db/database.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now } from '../../platform/time/clock.ts';
import { addDays, todayIn } from '../../platform/time/local-time.ts';
import type { CalendarService } from '../calendar/calendar.service.ts';
import { customerIdsOf, RAW_TRAFFIC_TABLES, type RawTrafficTable, retentionRepo } from './retention.repo.ts';

export interface PurgeResult {
  customers: number;
  shops: number;
  /** Raw rows deleted, per table. */
  deleted: Record<RawTrafficTable, number>;
}

/**
 * The first shop-local date a shop keeps under a retention of `retentionDays`: the shop's today
 * minus that many days. Whole local days are purged, so at least `retentionDays` days of
 * visit-level data are kept and at most one day more (today's part).
 */
export function retentionHorizon(timeZone: string, retentionDays: number, at: Date): string {
  return addDays(todayIn(timeZone, at), -retentionDays);
}

/**
 * Privacy retention (the customer's `retentionDays`, privacy settings): deletes visit-level data,
 * i.e. every raw device event (visits with their visitor ids, gender and age; zone stays, which
 * carry visitor ids; line crossings and passers-by) of shop-local dates before the horizon. The
 * rollups stay, so reports of old dates do not change; the horizon is recorded per shop and only
 * moves forward, and ingest and the rebuild treat the rollups before it as final.
 * Delivered batch ids are kept (no personal data), so a replayed old batch still changes nothing.
 * One transaction per shop: ingest and the rebuild see the horizon and the deletion together.
 */
export function createRetentionService(deps: { db: DB; calendar: CalendarService }) {
  const { db, calendar } = deps;
  return {
    async purge(options: { customerIds?: string[]; at?: Date } = {}): Promise<PurgeResult> {
      const at = options.at ?? now();
      const purgedAt = at.toISOString();
      const result: PurgeResult = {
        customers: 0,
        shops: 0,
        deleted: { traffic_visits: 0, traffic_zone_events: 0, traffic_line_events: 0, traffic_passerby_events: 0 },
      };
      for (const customer of await customerIdsOf(db, options.customerIds)) {
        const { retentionDays } = await calendar.privacySettings(customer.id);
        for (const shop of await retentionRepo(tenantScope(db, customer.id)).shops()) {
          await db.transaction().execute(async (trx) => {
            const repo = retentionRepo(tenantScope(trx, customer.id));
            const stored = await repo.retainedFrom(shop.id);
            const computed = retentionHorizon(shop.time_zone, retentionDays, at);
            // A longer retention set after a purge cannot bring purged days back.
            const horizon = stored !== null && stored > computed ? stored : computed;
            for (const table of RAW_TRAFFIC_TABLES) result.deleted[table] += await repo.deleteRawBefore(table, shop.id, horizon);
            await repo.saveRetainedFrom(shop.id, horizon, purgedAt);
          });
          result.shops += 1;
        }
        result.customers += 1;
      }
      return result;
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;
