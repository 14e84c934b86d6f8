import { AGE_BANDS, type AgeBand, type FlowSettings, GENDERS, type Gender } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { localParts, monthOf, monthStart, weekStart } from '../../platform/time/local-time.ts';
import type { CalendarService } from '../calendar/calendar.service.ts';
import { type Sums, visitContribution } from './metrics.ts';
import { customerIdsOf, retentionRepo } from './retention.repo.ts';
import { RollupDeltas } from './rollup-accumulator.ts';
import { rollupsRepo } from './rollups.repo.ts';

export interface RebuildShop {
  shopId: string;
  timeZone: string;
}

export interface RebuildResult {
  shops: number;
  events: number;
}

/**
 * Recomputes a shop's rollups from its raw events, from scratch and in one transaction: local
 * dates and hours from the shop's current time zone, each visitor's visits classified new or
 * repeat in time order, contributions with the current flow configuration. Ingest keeps rollups
 * equal to this incrementally (late events included); the rebuild is how that is checked, and how
 * a changed time zone or flow configuration is applied to history.
 *
 * After a privacy purge only the retained history can be recomputed: the rollups of local dates
 * before the shop's retention horizon are final and stay as they are (raw rows a previous rebuild
 * moved there included); the week and month that straddle the horizon are its final days plus the
 * recomputed rest. A visitor's first retained visit keeps its stored new/repeat and gap, which
 * were decided against visits that are forgotten now, by design.
 */
export async function rebuildShopRollups(db: DB, customerId: string, shop: RebuildShop, flow: FlowSettings): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const scope = tenantScope(trx, customerId);
    const repo = rollupsRepo(scope);
    const horizon = await retentionRepo(scope).retainedFrom(shop.shopId);
    const deltas = new RollupDeltas();
    let events = 0;
    const place = (instant: string) => localParts(shop.timeZone, Date.parse(instant));

    for (const row of await repo.rawLines(shop.shopId, horizon)) {
      const { date, hour } = place(row.at);
      if (date !== row.local_date || hour !== row.hour) await repo.relocateRaw('traffic_line_events', row.batch_ref, row.seq, date, hour);
      const sums: Sums =
        row.is_staff === 1 ? (row.direction === 'in' ? { staff_entries: row.count } : {}) : { [row.direction === 'in' ? 'entries' : 'exits']: row.count };
      deltas.addEntrance(shop.shopId, row.camera_id, date, hour, sums);
      events += 1;
    }
    for (const row of await repo.rawPassersby(shop.shopId, horizon)) {
      const { date, hour } = place(row.at);
      if (date !== row.local_date || hour !== row.hour) await repo.relocateRaw('traffic_passerby_events', row.batch_ref, row.seq, date, hour);
      deltas.addEntrance(shop.shopId, row.camera_id, date, hour, { passersby: row.count });
      events += 1;
    }
    for (const row of await repo.rawZones(shop.shopId, horizon)) {
      const { date, hour } = place(row.entered_at);
      if (date !== row.local_date || hour !== row.hour) await repo.relocateRaw('traffic_zone_events', row.batch_ref, row.seq, date, hour);
      deltas.addZone(shop.shopId, row.camera_id, row.region_id, date, row.dwell_s);
      events += 1;
    }

    let visitor = '';
    let previous: string | null = null;
    for (const row of await repo.rawVisits(shop.shopId)) {
      if (row.visitor_id !== visitor) {
        visitor = row.visitor_id;
        previous = null;
      }
      const staff = row.is_staff === 1;
      // A visit on a final date is history: it orders the visitor's later visits, nothing more.
      if (horizon !== null && row.local_date < horizon) {
        if (!staff) previous = row.entered_at;
        continue;
      }
      // Once purged, a visitor's first retained visit may have had predecessors: keep what was decided.
      const keepStored = !staff && previous === null && horizon !== null;
      const computedGap = staff || previous === null ? null : Math.round((Date.parse(row.entered_at) - Date.parse(previous)) / 1000);
      const isNew = keepStored ? row.is_new : !staff && previous === null ? 1 : 0;
      const gap = keepStored ? row.revisit_gap_s : computedGap;
      if (!staff) previous = row.entered_at;
      if (isNew !== row.is_new || gap !== row.revisit_gap_s) await repo.setVisitHistory(shop.shopId, row.visitor_id, row.entered_at, isNew, gap);
      const { date, hour } = place(row.entered_at);
      if (date !== row.local_date || hour !== row.hour) await repo.relocateVisit(shop.shopId, row.visitor_id, row.entered_at, date, hour);
      const contribution = visitContribution(
        {
          dwellSeconds: row.dwell_s,
          isStaff: staff,
          isNew: isNew === 1,
          gender: (GENDERS as readonly string[]).includes(row.gender) ? (row.gender as Gender) : 'unknown',
          ageBand: (AGE_BANDS as readonly string[]).includes(row.age_band) ? (row.age_band as AgeBand) : 'unknown',
        },
        flow,
      );
      deltas.addShop(shop.shopId, date, hour, contribution);
      events += 1;
    }

    await repo.deleteShopRollups(shop.shopId, horizon);
    if (horizon !== null) {
      // The final days of the week and month that contain the horizon stay in those rollups.
      const firstOfMonth = monthStart(monthOf(horizon));
      const firstOfWeek = weekStart(horizon);
      for (const day of await repo.dailySums(shop.shopId, firstOfMonth < firstOfWeek ? firstOfMonth : firstOfWeek, horizon)) {
        deltas.carryDay(shop.shopId, day.date, day.sums, { week: day.date >= firstOfWeek, month: day.date >= firstOfMonth });
      }
    }
    if (!deltas.empty) await repo.applyDeltas(deltas);
    // Coverage records what arrived, not what the raw events hold (heartbeats are not kept): the
    // rebuild only moves its hours to the shop's current time zone (issue 11), all of them, since
    // the purge keeps coverage like the rollups it qualifies.
    const moved: { shop_id: string; local_date: string; hour: number; reports: number; utc_hour: string | null }[] = [];
    for (const row of await repo.coverageHours(shop.shopId)) {
      const { date, hour } = place(row.utc_hour ?? '');
      if (date === row.local_date && hour === row.hour) continue;
      await repo.deleteCoverageHour(shop.shopId, row.local_date, row.hour);
      moved.push({ shop_id: shop.shopId, local_date: date, hour, reports: row.reports, utc_hour: row.utc_hour });
    }
    if (moved.length > 0) await repo.addCoverage(moved);
    return events;
  });
}

/**
 * `rebuild-rollups`: every shop of the given customers (all when none given), or only the given
 * shops, one transaction per shop so a large chain is not held in one lock.
 */
export function createRebuildService(deps: { db: DB; calendar: CalendarService }) {
  const { db, calendar } = deps;
  return {
    async rebuild(options: { customerIds?: string[]; shopIds?: string[] } = {}): Promise<RebuildResult> {
      const result: RebuildResult = { shops: 0, events: 0 };
      for (const customer of await customerIdsOf(db, options.customerIds)) {
        const flow = await calendar.flowSettings(customer.id);
        for (const shop of await rollupsRepo(tenantScope(db, customer.id)).shopZones(options.shopIds)) {
          result.events += await rebuildShopRollups(db, customer.id, { shopId: shop.id, timeZone: shop.time_zone }, flow);
          result.shops += 1;
        }
      }
      return result;
    },
  };
}
export type RebuildService = ReturnType<typeof createRebuildService>;
