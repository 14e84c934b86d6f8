import {
  type BatchSummary,
  DEVICE_API_LIMITS,
  DEVICE_EVENT_TYPES,
  type DeviceConfig,
  type DeviceEvent,
  type EventBatch,
  type TrackEvent,
} from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { DeviceContext } from '../../platform/http/context.ts';
import { badRequest, notFound, refused } from '../../platform/http/errors.ts';
import { newId, sha256 } from '../../platform/ids.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now } from '../../platform/time/clock.ts';
import { aiTasksOfBox } from '../ai-tasks/ai-tasks.service.ts';
import { ingestAlarmEvents, prepareAlarmImages } from '../alarms/alarms-ingest.ts';
import { ingestVisitorBatches, prepareScreenshots } from '../batch/batch-ingest.ts';
import type { CalendarService } from '../calendar/calendar.service.ts';
import { ingestWifiEvents } from '../crowd/wifi-ingest.ts';
import { type FloorplanGeometry, resolveGeometry } from '../floorplan/tracks/geometry-source.ts';
import { ingestFloorplanEvents } from '../floorplan/tracks/ingest.ts';
import { ingestTemperatureReadings, sensorIdsOfBox } from '../temperature/temperature-engine.ts';
import { ingestEvents } from '../traffic/ingest.ts';
import { warehousePlansOfBox } from '../warehouse/warehouse.service.ts';
import { ingestWarehouseChecks } from '../warehouse/warehouse-ingest.ts';
import { deviceApiRepo } from './device-api.repo.ts';

export interface ReceivedBatch {
  summary: BatchSummary;
  /** The batchId had been delivered before: nothing changed, the first answer is repeated. */
  replayed: boolean;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The instants of an event, by field name, for the clock checks. */
function instantsOf(event: DeviceEvent): [string, string][] {
  if (event.type === 'visit' || event.type === 'zoneDwell') {
    return [
      ['enteredAt', event.enteredAt],
      ['exitedAt', event.exitedAt],
    ];
  }
  if (event.type === 'wifi') {
    return [
      ['firstSeenAt', event.firstSeenAt],
      ['lastSeenAt', event.lastSeenAt],
    ];
  }
  if (event.type === 'visitorBatch') {
    return [
      ['enteredAt', event.enteredAt],
      ['exitedAt', event.exitedAt],
      ...(event.receptionStartedAt ? [['receptionStartedAt', event.receptionStartedAt] as [string, string]] : []),
    ];
  }
  if (event.type === 'track') {
    const started = Date.parse(event.startedAt);
    return [
      ['startedAt', event.startedAt],
      ['points', new Date(started + (event.points.at(-1)?.[0] ?? 0)).toISOString()],
    ];
  }
  return [['at', event.at]];
}

function camerasOf(event: DeviceEvent): string[] {
  if (event.type === 'heartbeat') return (event.cameras ?? []).map((camera) => camera.cameraId);
  if (event.type === 'wifi' || event.type === 'temperature') return [];
  return event.cameraId ? [event.cameraId] : [];
}

/** A track's points go forward in time, over at most the longest stay. */
function checkTrack(event: TrackEvent, index: number): void {
  let previous = 0;
  event.points.forEach(([offset], point) => {
    if (offset < previous) throw badRequest('deviceApi.trackOrder', { index, point }, { index, field: `points.${point}` });
    previous = offset;
  });
  if (previous > DEVICE_API_LIMITS.maxVisitHours * 3_600_000) {
    throw badRequest('deviceApi.stayTooLong', { index, hours: DEVICE_API_LIMITS.maxVisitHours }, { index, field: 'points' });
  }
}

/**
 * Refuses, before anything is written, a batch that names a camera not of this box (another
 * box's or another customer's camera answers exactly like an unknown one), an event from too far
 * in the future or too long ago, or a stay that ends before it begins or lasts too long. The
 * message names the event's index and field.
 */
function checkEvents(events: readonly DeviceEvent[], cameraIds: Set<string>, sensorIds: Set<string>, at: Date): void {
  const latest = at.getTime() + DEVICE_API_LIMITS.maxFutureSkewMinutes * MINUTE;
  const earliest = at.getTime() - DEVICE_API_LIMITS.maxAgeDays * DAY;
  events.forEach((event, index) => {
    for (const cameraId of camerasOf(event)) {
      if (!cameraIds.has(cameraId)) throw refused('deviceApi.unknownCamera', { index, cameraId }, { index, field: 'cameraId' });
    }
    if (event.type === 'temperature' && !sensorIds.has(event.sensorId)) {
      throw refused('deviceApi.unknownSensor', { index, sensorId: event.sensorId }, { index, field: 'sensorId' });
    }
    for (const [field, value] of instantsOf(event)) {
      const ms = Date.parse(value);
      if (ms > latest) throw badRequest('deviceApi.future', { index, field, minutes: DEVICE_API_LIMITS.maxFutureSkewMinutes }, { index, field });
      if (ms < earliest) throw badRequest('deviceApi.tooOld', { index, field, days: DEVICE_API_LIMITS.maxAgeDays }, { index, field });
    }
    if (event.type === 'track') checkTrack(event, index);
    if (event.type === 'heatGrid' && event.cells.length !== event.cols * event.rows) {
      throw badRequest('deviceApi.gridCells', { index, n: event.cols * event.rows }, { index, field: 'cells' });
    }
    if (event.type === 'wifi') {
      const seen = Date.parse(event.lastSeenAt) - Date.parse(event.firstSeenAt);
      if (seen < 0) throw badRequest('deviceApi.exitBeforeEntry', { index }, { index, field: 'lastSeenAt' });
      if (seen > DEVICE_API_LIMITS.maxVisitHours * 3_600_000) {
        throw badRequest('deviceApi.stayTooLong', { index, hours: DEVICE_API_LIMITS.maxVisitHours }, { index, field: 'lastSeenAt' });
      }
    }
    if (event.type === 'visitorBatch') {
      const reception = event.receptionStartedAt ? Date.parse(event.receptionStartedAt) : null;
      if ((event.receptionSeconds !== undefined && reception === null) || (reception !== null && reception < Date.parse(event.enteredAt))) {
        throw badRequest('deviceApi.receptionStart', {}, { index, field: 'receptionStartedAt' });
      }
    }
    if (event.type === 'visit' || event.type === 'zoneDwell' || event.type === 'visitorBatch') {
      const stay = Date.parse(event.exitedAt) - Date.parse(event.enteredAt);
      if (stay < 0) throw badRequest('deviceApi.exitBeforeEntry', { index }, { index, field: 'exitedAt' });
      if (stay > DEVICE_API_LIMITS.maxVisitHours * 3_600_000) {
        throw badRequest('deviceApi.stayTooLong', { index, hours: DEVICE_API_LIMITS.maxVisitHours }, { index, field: 'exitedAt' });
      }
    }
  });
}

/** A stored answer; batches answered before a field or an event type existed had none of it. */
function storedSummary(json: string): BatchSummary {
  const stored = JSON.parse(json) as Partial<BatchSummary> & Pick<BatchSummary, 'batchId' | 'receivedAt' | 'accepted' | 'duplicates' | 'ignoredClosed'>;
  const byType = Object.fromEntries(DEVICE_EVENT_TYPES.map((type) => [type, stored.byType?.[type] ?? 0])) as BatchSummary['byType'];
  return { ignoredExpired: 0, ignoredPrivacy: 0, ...stored, byType };
}

/**
 * The device ingestion path (DESIGN D2, R1). One batch is one transaction; its batchId is an
 * idempotency key per box. The simulator, the demo seed and the benchmark call `receiveBatch`
 * with a box's identity, so the demo data takes exactly the path of a real box.
 */
export function createDeviceApiService(deps: {
  db: DB;
  calendar: CalendarService;
  floorplan: FloorplanGeometry;
  /**
   * Told after a batch that stored something commits (platform/realtime createShopDataSignal: open
   * dashboards of the shop read it again). Left out by the seed and the benchmarks' bulk loads.
   */
  shopData?: { changed(customerId: string, shopId: string): void };
  /** Where visitor batches' screenshots (issue 17) and alarms' images (issue 15) are kept. */
  storage: ObjectStorage;
  /** Repeats of an alarm's item on its camera within this many minutes fold into it (default ALARM_LIMITS.defaultFoldMinutes). */
  alarmFoldMinutes?: number;
}) {
  const { db, calendar, floorplan } = deps;

  async function storedAnswer(device: DeviceContext, batchId: string): Promise<ReceivedBatch | null> {
    const stored = await deviceApiRepo(tenantScope(db, device.customerId)).findBatch(device.boxId, batchId);
    return stored ? { summary: storedSummary(stored.summary), replayed: true } : null;
  }

  return {
    async receiveBatch(device: DeviceContext, batch: EventBatch): Promise<ReceivedBatch> {
      const replay = await storedAnswer(device, batch.batchId);
      if (replay) return replay;

      const repo = deviceApiRepo(tenantScope(db, device.customerId));
      const [shop, cameraIds, flow, privacy] = await Promise.all([
        repo.shopOfBox(device.boxId),
        repo.cameraIdsOfBox(device.boxId),
        calendar.flowSettings(device.customerId),
        calendar.privacySettings(device.customerId),
      ]);
      // A box deleted (or moved to another customer) after its token was read.
      if (!shop) throw notFound();
      const at = now();
      // Temperature sensors are the box's too (issue 16): another box's sensor answers like an unknown one.
      const withReadings = batch.events.some((event) => event.type === 'temperature');
      const sensorIds = withReadings ? await sensorIdsOfBox(db, device.customerId, device.boxId) : new Set<string>();
      checkEvents(batch.events, cameraIds, sensorIds, at);

      const receivedAt = at.toISOString();
      const ref = newId();
      // The plans of the shop's cameras when tracks or heat grids came, read before the transaction.
      const onPlan = batch.events.some((event) => event.type === 'track' || event.type === 'heatGrid');
      const plans = await resolveGeometry(floorplan, device.customerId, onPlan ? await repo.cameraIdsOfShop(shop.id) : []);
      // Visitor batches' screenshots are checked as images and kept before the transaction (issue 17).
      const withScreenshots = batch.events.some((event) => event.type === 'visitorBatch' && event.screenshots.length > 0);
      const screenshots = withScreenshots ? await prepareScreenshots(deps.storage, device.customerId, shop.id, batch.events) : [];
      // Alarms' images likewise (issue 15): a text file named .jpg refuses the batch before anything is written.
      const withAlarmImages = batch.events.some((event) => event.type === 'alarm' && event.images.length > 0);
      const alarmImages = withAlarmImages ? await prepareAlarmImages(deps.storage, device.customerId, shop.id, device.boxId, batch.events) : [];
      try {
        const received = await db.transaction().execute(async (trx): Promise<ReceivedBatch> => {
          const scoped = deviceApiRepo(tenantScope(trx, device.customerId));
          const earlier = await scoped.findBatch(device.boxId, batch.batchId);
          if (earlier) return { summary: storedSummary(earlier.summary), replayed: true };
          const ingestShop = {
            customerId: device.customerId,
            shopId: shop.id,
            timeZone: shop.time_zone,
            closedAt: shop.closed_at,
            // Closing stamps closed_at and turns analytics off: events before the closing time still count.
            analyticsEnabled: shop.analytics_enabled === 1 || shop.closed_at !== null,
            retainedFrom: shop.retained_from,
          };
          const result = await ingestEvents(trx, ingestShop, flow, ref, batch.events, receivedAt);
          // Tracks and heat grids are the floor plans' (issue 13): the same transaction, the same batch.
          const onPlans = await ingestFloorplanEvents(trx, ingestShop, plans, ref, batch.events);
          // Wi-Fi sightings are the crowd module's, visitor batches the batch module's (issue 17).
          const wifi = await ingestWifiEvents(trx, ingestShop, privacy.collectWifi, ref, batch.events);
          const visitors = await ingestVisitorBatches(trx, ingestShop, ref, batch.events, screenshots, receivedAt);
          // AI alarms are the alarms module's (issue 15): stored, folded and told in this transaction.
          const alarms = await ingestAlarmEvents(
            trx,
            { customerId: device.customerId, shopId: shop.id, boxId: device.boxId, closedAt: shop.closed_at },
            ref,
            batch.events,
            alarmImages,
            receivedAt,
            deps.alarmFoldMinutes,
          );
          // Temperature readings are the temperature module's: stored, rolled up, breaches evaluated (issue 16).
          const temperature = await ingestTemperatureReadings(trx, device.customerId, batch.events);
          // The box's AI's warehouse check results are the warehouse patrol's (issue 16 section 2): the first result of a check stands.
          const warehouse = await ingestWarehouseChecks(trx, device.customerId, batch.events, receivedAt);
          const parts = [
            result,
            onPlans,
            wifi,
            visitors,
            alarms,
            { ...temperature, ignoredClosed: 0, ignoredExpired: 0 },
            { accepted: warehouse.accepted, duplicates: warehouse.duplicates, ignoredClosed: 0, ignoredExpired: warehouse.ignored },
          ];
          const summary: BatchSummary = {
            batchId: batch.batchId,
            receivedAt,
            accepted: parts.reduce((sum, part) => sum + part.accepted, 0),
            duplicates: parts.reduce((sum, part) => sum + part.duplicates, 0),
            ignoredClosed: parts.reduce((sum, part) => sum + part.ignoredClosed, 0),
            ignoredExpired: parts.reduce((sum, part) => sum + ('ignoredExpired' in part ? part.ignoredExpired : 0), 0),
            ignoredPrivacy: wifi.ignoredPrivacy,
            byType: {
              ...result.byType,
              track: onPlans.track,
              heatGrid: onPlans.heatGrid,
              wifi: wifi.wifi,
              visitorBatch: visitors.visitorBatch,
              alarm: alarms.alarm,
              temperature: temperature.temperature,
              warehouseCheck: warehouse.warehouseCheck,
            },
          };
          const batchCameras = batch.events.flatMap((event) => (event.type === 'visitorBatch' && event.cameraId ? [event.cameraId] : []));
          await scoped.markReported(
            device.boxId,
            [...result.reportingCameraIds, ...onPlans.reportingCameraIds, ...batchCameras, ...alarms.reportingCameraIds],
            receivedAt,
          );
          await scoped.insertBatch({
            box_id: device.boxId,
            batch_id: batch.batchId,
            ref,
            shop_id: shop.id,
            received_at: receivedAt,
            event_count: batch.events.length,
            summary: JSON.stringify(summary),
          });
          return { summary, replayed: false };
        });
        if (!received.replayed && received.summary.accepted > 0) deps.shopData?.changed(device.customerId, shop.id);
        return received;
      } catch (error) {
        // Two deliveries of one batch at once: the loser answers what the winner stored.
        if (isUniqueViolation(error)) {
          const winner = await storedAnswer(device, batch.batchId);
          if (winner) return winner;
        }
        throw error;
      }
    },

    /**
     * What the box applies itself (GET /api/device/v1/config): the customer's time to store and
     * face blurring, the shop's zone, business hours and whether it still collects, and the box's
     * cameras. The version is a hash of the rest, so it is the same on every server and changes
     * exactly when the configuration does.
     */
    async deviceConfig(device: DeviceContext): Promise<DeviceConfig> {
      const repo = deviceApiRepo(tenantScope(db, device.customerId));
      const [shop, cameras, flow, privacy] = await Promise.all([
        repo.shopOfBox(device.boxId),
        repo.camerasOfBox(device.boxId),
        calendar.flowSettings(device.customerId),
        calendar.privacySettings(device.customerId),
      ]);
      if (!shop) throw notFound();
      // The AI tasks and warehouse plans of the box's cameras (issues 15 and 16): part of the hash, so a change reaches the box on its next poll.
      const [aiTasks, warehousePlans] = await Promise.all([
        aiTasksOfBox(db, device.customerId, device.boxId, shop.closed_at !== null),
        warehousePlansOfBox(db, device.customerId, device.boxId, shop.closed_at !== null),
      ]);
      const config: Omit<DeviceConfig, 'version'> = {
        boxId: device.boxId,
        shop: {
          shopId: shop.id,
          timeZone: shop.time_zone,
          businessHours: shop.business_hours,
          collecting: shop.analytics_enabled === 1 && shop.closed_at === null,
          closedAt: shop.closed_at,
        },
        timeToStoreMinutes: flow.timeToStoreMinutes,
        blurFaces: privacy.blurFaces,
        collectWifi: privacy.collectWifi,
        cameras: cameras.map((camera) => ({
          cameraId: camera.id,
          name: camera.name,
          number: camera.number,
          deploymentArea: camera.deployment_area,
          enabled: camera.enabled === 1,
        })),
        aiTasks,
        warehousePlans,
      };
      return { version: sha256(JSON.stringify(config)).slice(0, 16), ...config };
    },
  };
}
export type DeviceApiService = ReturnType<typeof createDeviceApiService>;
