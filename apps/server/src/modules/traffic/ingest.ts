import type { DeviceEvent, DeviceEventType, FlowSettings, VisitEvent } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { localParts } from '../../platform/time/local-time.ts';
import { NEW_TO_REPEAT, type Sums, visitContribution } from './metrics.ts';
import { RollupDeltas } from './rollup-accumulator.ts';
import { type NewRow, type RollupsRepo, rollupsRepo } from './rollups.repo.ts';

/** What ingest needs to know about the shop whose box sent the batch. */
export interface IngestShop {
  customerId: string;
  shopId: string;
  timeZone: string;
  /** Events at or after this instant are not collected (the shop closed). */
  closedAt: string | null;
  analyticsEnabled: boolean;
  /**
   * The shop's retention horizon (first local date whose visit-level data is kept), null while
   * nothing was purged. Events of earlier dates are not collected: those days' rollups are final.
   */
  retainedFrom: string | null;
}

export interface IngestResult {
  accepted: number;
  duplicates: number;
  ignoredClosed: number;
  ignoredExpired: number;
  byType: Record<DeviceEventType, number>;
  /** Cameras seen working in this batch: they reported events, or a heartbeat said they are online. */
  reportingCameraIds: Set<string>;
  lastEventAt: string | null;
}

type Visit = VisitEvent & { seq: number; enteredMs: number; exitedMs: number };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The events traffic stores: a floor plan's tracks and heat grids are the floorplan module's, Wi-Fi
 * sightings the crowd module's and visitor batches the batch module's (issue 17).
 */
type TrafficEvent = Exclude<DeviceEvent, { type: 'track' | 'heatGrid' | 'wifi' | 'visitorBatch' | 'temperature' }>;
const OTHER_MODULES_EVENTS: ReadonlySet<DeviceEvent['type']> = new Set(['track', 'heatGrid', 'wifi', 'visitorBatch', 'temperature']);
const isTrafficEvent = (event: DeviceEvent): event is TrafficEvent => !OTHER_MODULES_EVENTS.has(event.type);

/** The instant that decides whether a closed shop still collects an event. */
function eventInstant(event: TrafficEvent): string {
  return event.type === 'visit' || event.type === 'zoneDwell' ? event.enteredAt : event.at;
}

/**
 * Stores a batch's events and rolls them up, inside the caller's transaction (DESIGN D1, D2, R1):
 * raw rows per kind; the visits fact table with what ingest derives (local date and hour, stay,
 * new or repeat, gap since the previous visit); rollup rows per shop and entrance by local hour,
 * day, week and month. A late visit that lands before visits already stored corrects them (the
 * next visit becomes a repeat, its gap shrinks), so the rollups equal a rebuild from raw events.
 */
export async function ingestEvents(
  trx: DB,
  shop: IngestShop,
  flow: FlowSettings,
  batchRef: string,
  events: readonly DeviceEvent[],
  receivedAt: string,
): Promise<IngestResult> {
  const repo = rollupsRepo(tenantScope(trx, shop.customerId));
  const deltas = new RollupDeltas();
  const result: IngestResult = {
    accepted: 0,
    duplicates: 0,
    ignoredClosed: 0,
    ignoredExpired: 0,
    byType: {
      line: 0,
      passerby: 0,
      visit: 0,
      zoneDwell: 0,
      heartbeat: 0,
      track: 0,
      heatGrid: 0,
      wifi: 0,
      visitorBatch: 0,
      alarm: 0,
      temperature: 0,
      warehouseCheck: 0,
    },
    reportingCameraIds: new Set(),
    lastEventAt: null,
  };
  const lines: NewRow<'traffic_line_events'>[] = [];
  const passersby: NewRow<'traffic_passerby_events'>[] = [];
  const zones: NewRow<'traffic_zone_events'>[] = [];
  const visits: Visit[] = [];
  let lastEventMs = Number.NEGATIVE_INFINITY;

  // Data completeness (issue 11): the shop-local hours its devices reported in, events and heartbeats alike.
  const coverage = new Map<string, { shop_id: string; local_date: string; hour: number; reports: number; utc_hour: string | null }>();
  const covered = (instant: number, date: string, hour: number) => {
    const key = `${date}|${hour}`;
    const row = coverage.get(key);
    if (row) row.reports += 1;
    else coverage.set(key, { shop_id: shop.shopId, local_date: date, hour, reports: 1, utc_hour: iso(Math.floor(instant / 3_600_000) * 3_600_000) });
  };
  const collects = (instant: number) => shop.analyticsEnabled && (shop.closedAt === null || instant < Date.parse(shop.closedAt));

  events.forEach((event, seq) => {
    if (!isTrafficEvent(event)) return;
    result.byType[event.type] += 1;
    if (event.type === 'heartbeat') {
      for (const camera of event.cameras ?? []) if (camera.online) result.reportingCameraIds.add(camera.cameraId);
      // A heartbeat of a shop that collects says its devices were up in that hour, even without traffic.
      const instant = Date.parse(event.at);
      const { date, hour } = localParts(shop.timeZone, instant);
      if (collects(instant) && (shop.retainedFrom === null || date >= shop.retainedFrom)) covered(instant, date, hour);
      return;
    }
    if (event.cameraId) result.reportingCameraIds.add(event.cameraId);
    const instant = Date.parse(eventInstant(event));
    if (!collects(instant)) {
      result.ignoredClosed += 1;
      return;
    }
    const { date, hour } = localParts(shop.timeZone, instant);
    if (shop.retainedFrom !== null && date < shop.retainedFrom) {
      result.ignoredExpired += 1;
      return;
    }
    covered(instant, date, hour);
    lastEventMs = Math.max(lastEventMs, instant);
    switch (event.type) {
      case 'line': {
        lines.push({
          batch_ref: batchRef,
          seq,
          shop_id: shop.shopId,
          camera_id: event.cameraId,
          at: iso(instant),
          direction: event.direction,
          count: event.count,
          is_staff: event.staff ? 1 : 0,
          local_date: date,
          hour,
        });
        // A staff member walking in is no customer entry; staff walking out change nothing on screen.
        const sums: Sums = event.staff
          ? event.direction === 'in'
            ? { staff_entries: event.count }
            : {}
          : { [event.direction === 'in' ? 'entries' : 'exits']: event.count };
        deltas.addEntrance(shop.shopId, event.cameraId, date, hour, sums);
        result.accepted += 1;
        return;
      }
      case 'passerby':
        passersby.push({
          batch_ref: batchRef,
          seq,
          shop_id: shop.shopId,
          camera_id: event.cameraId,
          at: iso(instant),
          count: event.count,
          local_date: date,
          hour,
        });
        deltas.addEntrance(shop.shopId, event.cameraId, date, hour, { passersby: event.count });
        result.accepted += 1;
        return;
      case 'zoneDwell': {
        const exited = Date.parse(event.exitedAt);
        const dwell = Math.round((exited - instant) / 1000);
        zones.push({
          batch_ref: batchRef,
          seq,
          shop_id: shop.shopId,
          camera_id: event.cameraId,
          region_id: event.regionId,
          visitor_id: event.visitorId ?? null,
          entered_at: iso(instant),
          exited_at: iso(exited),
          dwell_s: dwell,
          local_date: date,
          hour,
        });
        deltas.addZone(shop.shopId, event.cameraId, event.regionId, date, dwell);
        result.accepted += 1;
        return;
      }
      case 'visit':
        visits.push({ ...event, seq, enteredMs: instant, exitedMs: Date.parse(event.exitedAt) });
        return;
    }
  });

  await ingestVisits(repo, shop, flow, batchRef, visits, deltas, result);
  if (lines.length > 0) await repo.insertLineEvents(lines);
  if (passersby.length > 0) await repo.insertPasserbyEvents(passersby);
  if (zones.length > 0) await repo.insertZoneEvents(zones);
  if (!deltas.empty) await repo.applyDeltas(deltas);
  if (coverage.size > 0) await repo.addCoverage([...coverage.values()]);
  result.lastEventAt = Number.isFinite(lastEventMs) ? iso(lastEventMs) : null;
  await repo.touchShop(shop.shopId, receivedAt, result.lastEventAt);
  return result;
}

async function ingestVisits(
  repo: RollupsRepo,
  shop: IngestShop,
  flow: FlowSettings,
  batchRef: string,
  visits: Visit[],
  deltas: RollupDeltas,
  result: IngestResult,
): Promise<void> {
  if (visits.length === 0) return;
  // In time order, so each visit's predecessor is known before it is classified.
  visits.sort((a, b) => a.enteredMs - b.enteredMs || a.seq - b.seq);
  const history = await repo.lastVisits(shop.shopId, [...new Set(visits.map((visit) => visit.visitorId))]);
  const seen = new Set<string>();
  let pending: NewRow<'traffic_visits'>[] = [];
  const flush = async () => {
    if (pending.length > 0) await repo.insertVisits(pending);
    pending = [];
  };

  for (const visit of visits) {
    const enteredAt = iso(visit.enteredMs);
    const key = `${visit.visitorId}|${enteredAt}`;
    if (seen.has(key)) {
      result.duplicates += 1;
      continue;
    }
    seen.add(key);
    const known = history.get(visit.visitorId);
    // Only a visit at or before the visitor's latest stored one can be a duplicate or a late arrival.
    if (known && enteredAt <= known.lastAny) {
      await flush();
      if (await repo.visitExists(shop.shopId, visit.visitorId, enteredAt)) {
        result.duplicates += 1;
        continue;
      }
    }

    let isNew = 0;
    let gap: number | null = null;
    if (!visit.isStaff) {
      const lastCustomer = known?.lastCustomer ?? null;
      if (lastCustomer === null || enteredAt > lastCustomer) {
        isNew = lastCustomer === null ? 1 : 0;
        gap = lastCustomer === null ? null : Math.round((visit.enteredMs - Date.parse(lastCustomer)) / 1000);
      } else {
        // Late: an earlier visit than ones already stored. Classify it against its real
        // predecessor, then correct its successor (gap, and new -> repeat).
        await flush();
        const previous = await repo.previousCustomerVisit(shop.shopId, visit.visitorId, enteredAt);
        isNew = previous ? 0 : 1;
        gap = previous ? Math.round((visit.enteredMs - Date.parse(previous.entered_at)) / 1000) : null;
        const next = await repo.nextCustomerVisit(shop.shopId, visit.visitorId, enteredAt);
        if (next) {
          await repo.setVisitHistory(shop.shopId, visit.visitorId, next.entered_at, 0, Math.round((Date.parse(next.entered_at) - visit.enteredMs) / 1000));
          if (next.is_new === 1) deltas.addShop(shop.shopId, next.local_date, next.hour, NEW_TO_REPEAT);
        }
      }
    }

    const { date, hour } = localParts(shop.timeZone, visit.enteredMs);
    const dwell = Math.round((visit.exitedMs - visit.enteredMs) / 1000);
    pending.push({
      shop_id: shop.shopId,
      visitor_id: visit.visitorId,
      entered_at: enteredAt,
      exited_at: iso(visit.exitedMs),
      camera_id: visit.cameraId ?? null,
      batch_ref: batchRef,
      seq: visit.seq,
      gender: visit.gender,
      age_band: visit.ageBand,
      is_staff: visit.isStaff ? 1 : 0,
      local_date: date,
      hour,
      dwell_s: dwell,
      is_new: isNew,
      revisit_gap_s: gap,
    });
    deltas.addShop(
      shop.shopId,
      date,
      hour,
      visitContribution({ dwellSeconds: dwell, isStaff: visit.isStaff, isNew: isNew === 1, gender: visit.gender, ageBand: visit.ageBand }, flow),
    );
    result.accepted += 1;

    const lastAny = known && known.lastAny > enteredAt ? known.lastAny : enteredAt;
    const lastCustomer = visit.isStaff ? (known?.lastCustomer ?? null) : known?.lastCustomer && known.lastCustomer > enteredAt ? known.lastCustomer : enteredAt;
    history.set(visit.visitorId, { lastAny, lastCustomer });
  }
  await flush();
}
