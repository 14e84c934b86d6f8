import { type BatchSummary, DEVICE_API_LIMITS, type DeviceConfig, type DeviceEvent, type EventBatch } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { DeviceContext } from '../../platform/http/context.ts';
import { badRequest, notFound, refused } from '../../platform/http/errors.ts';
import { newId, sha256 } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now } from '../../platform/time/clock.ts';
import type { CalendarService } from '../calendar/calendar.service.ts';
import { ingestEvents } from '../traffic/ingest.ts';
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
  return [['at', event.at]];
}

function camerasOf(event: DeviceEvent): string[] {
  if (event.type === 'heartbeat') return (event.cameras ?? []).map((camera) => camera.cameraId);
  return event.cameraId ? [event.cameraId] : [];
}

/**
 * Refuses, before anything is written, a batch that names a camera not of this box (another
 * box's or another customer's camera answers exactly like an unknown one), an event from too far
 * in the future or too long ago, or a stay that ends before it begins or lasts too long. The
 * message names the event's index and field.
 */
function checkEvents(events: readonly DeviceEvent[], cameraIds: Set<string>, at: Date): void {
  const latest = at.getTime() + DEVICE_API_LIMITS.maxFutureSkewMinutes * MINUTE;
  const earliest = at.getTime() - DEVICE_API_LIMITS.maxAgeDays * DAY;
  events.forEach((event, index) => {
    for (const cameraId of camerasOf(event)) {
      if (!cameraIds.has(cameraId)) throw refused('deviceApi.unknownCamera', { index, cameraId }, { index, field: 'cameraId' });
    }
    for (const [field, value] of instantsOf(event)) {
      const ms = Date.parse(value);
      if (ms > latest) throw badRequest('deviceApi.future', { index, field, minutes: DEVICE_API_LIMITS.maxFutureSkewMinutes }, { index, field });
      if (ms < earliest) throw badRequest('deviceApi.tooOld', { index, field, days: DEVICE_API_LIMITS.maxAgeDays }, { index, field });
    }
    if (event.type === 'visit' || event.type === 'zoneDwell') {
      const stay = Date.parse(event.exitedAt) - Date.parse(event.enteredAt);
      if (stay < 0) throw badRequest('deviceApi.exitBeforeEntry', { index }, { index, field: 'exitedAt' });
      if (stay > DEVICE_API_LIMITS.maxVisitHours * 3_600_000) {
        throw badRequest('deviceApi.stayTooLong', { index, hours: DEVICE_API_LIMITS.maxVisitHours }, { index, field: 'exitedAt' });
      }
    }
  });
}

/** A stored answer; batches answered before `ignoredExpired` existed had nothing to ignore for it. */
function storedSummary(json: string): BatchSummary {
  return { ignoredExpired: 0, ...(JSON.parse(json) as Omit<BatchSummary, 'ignoredExpired'>) };
}

/**
 * The device ingestion path (DESIGN D2, R1). One batch is one transaction; its batchId is an
 * idempotency key per box. The simulator, the demo seed and the benchmark call `receiveBatch`
 * with a box's identity, so the demo data takes exactly the path of a real box.
 */
export function createDeviceApiService(deps: { db: DB; calendar: CalendarService }) {
  const { db, calendar } = deps;

  async function storedAnswer(device: DeviceContext, batchId: string): Promise<ReceivedBatch | null> {
    const stored = await deviceApiRepo(tenantScope(db, device.customerId)).findBatch(device.boxId, batchId);
    return stored ? { summary: storedSummary(stored.summary), replayed: true } : null;
  }

  return {
    async receiveBatch(device: DeviceContext, batch: EventBatch): Promise<ReceivedBatch> {
      const replay = await storedAnswer(device, batch.batchId);
      if (replay) return replay;

      const repo = deviceApiRepo(tenantScope(db, device.customerId));
      const [shop, cameraIds, flow] = await Promise.all([
        repo.shopOfBox(device.boxId),
        repo.cameraIdsOfBox(device.boxId),
        calendar.flowSettings(device.customerId),
      ]);
      // A box deleted (or moved to another customer) after its token was read.
      if (!shop) throw notFound();
      const at = now();
      checkEvents(batch.events, cameraIds, at);

      const receivedAt = at.toISOString();
      const ref = newId();
      try {
        return await db.transaction().execute(async (trx) => {
          const scoped = deviceApiRepo(tenantScope(trx, device.customerId));
          const earlier = await scoped.findBatch(device.boxId, batch.batchId);
          if (earlier) return { summary: storedSummary(earlier.summary), replayed: true };
          const result = await ingestEvents(
            trx,
            {
              customerId: device.customerId,
              shopId: shop.id,
              timeZone: shop.time_zone,
              closedAt: shop.closed_at,
              // Closing stamps closed_at and turns analytics off: events before the closing time still count.
              analyticsEnabled: shop.analytics_enabled === 1 || shop.closed_at !== null,
              retainedFrom: shop.retained_from,
            },
            flow,
            ref,
            batch.events,
            receivedAt,
          );
          const summary: BatchSummary = {
            batchId: batch.batchId,
            receivedAt,
            accepted: result.accepted,
            duplicates: result.duplicates,
            ignoredClosed: result.ignoredClosed,
            ignoredExpired: result.ignoredExpired,
            byType: result.byType,
          };
          await scoped.markReported(device.boxId, [...result.reportingCameraIds], receivedAt);
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
        cameras: cameras.map((camera) => ({
          cameraId: camera.id,
          name: camera.name,
          number: camera.number,
          deploymentArea: camera.deployment_area,
          enabled: camera.enabled === 1,
        })),
      };
      return { version: sha256(JSON.stringify(config)).slice(0, 16), ...config };
    },
  };
}
export type DeviceApiService = ReturnType<typeof createDeviceApiService>;
