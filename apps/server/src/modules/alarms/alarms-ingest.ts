import { ALARM_LIMITS, type AlarmEvent, type DeviceEvent, RECTIFICATION_LIMITS } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { keepableJpeg } from '../../platform/files/picture.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { prepareRectificationImage } from '../rectification/rectification-image.ts';
import { alarmMediaKey } from './alarm-clips.ts';
import { alarmDebugRepo } from './alarm-debug.repo.ts';
import { type AlarmStored, alarmsRepo } from './alarms.repo.ts';
import { alarmHistoryEntry } from './alarms-history.ts';
import { notifyAlarmsRaised } from './alarms-notify.ts';

const MINUTE = 60_000;
/** Images checked at once (libvips runs each in its own thread). */
const IMAGE_CHECKS_AT_ONCE = 4;

/** An alarm image checked and kept in storage before the device API's transaction, by event index. */
export interface PreparedAlarmImage {
  index: number;
  idx: number;
  storageKey: string;
  sha256: string;
  width: number;
  height: number;
  at: string | null;
  /** Bytes as posted (the raw payload keeps this instead of the image). */
  postedBytes: number;
}

export interface AlarmIngestShop {
  customerId: string;
  shopId: string;
  boxId: string;
  closedAt: string | null;
}

export interface AlarmIngestResult {
  alarm: number;
  accepted: number;
  duplicates: number;
  ignoredClosed: number;
  /** Ids of alarms raised by this batch (not repeats folded into earlier ones). */
  raised: string[];
  reportingCameraIds: string[];
}

/** Where an alarm's image is kept: by the event and the content, so a retry stores the same object. */
export const alarmImageKey = (customerId: string, shopId: string, boxId: string, eventId: string, idx: number, sha256: string) =>
  alarmMediaKey(customerId, shopId, boxId, eventId, `${idx}-${sha256.slice(0, 16)}.jpg`);

/**
 * Checks a batch's alarm images as pictures by their content (rectification-image.ts: JPEG, PNG or
 * WebP, whatever the box claims; a text file is refused) and keeps each as an upright JPEG without
 * metadata, before the transaction: a bad image refuses the whole batch naming the event and the
 * image, and nothing is written. Keys follow the event and content, so a retry stores the same objects.
 */
export async function prepareAlarmImages(
  storage: ObjectStorage,
  customerId: string,
  shopId: string,
  boxId: string,
  events: readonly DeviceEvent[],
): Promise<PreparedAlarmImage[]> {
  const tasks = events.flatMap((event, index) =>
    event.type === 'alarm' ? event.images.map((image, idx) => ({ index, idx, eventId: event.eventId, image })) : [],
  );
  // Each check decodes and encodes a picture in libvips' threads: a few at once keep both cores
  // busy (a batch of 100 alarms took twice as long one by one).
  const outcomes: (PreparedAlarmImage | AppError)[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    for (let position = next++; position < tasks.length; position = next++) {
      const { index, idx, eventId, image } = tasks[position] as (typeof tasks)[number];
      outcomes[position] = await prepareOne(index, idx, eventId, image).catch((error: unknown) => {
        if (error instanceof AppError) return error;
        throw error;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(IMAGE_CHECKS_AT_ONCE, tasks.length) }, worker));
  // The first bad image in the batch's order is the one named, as when they were checked in turn.
  const refused = outcomes.find((outcome) => outcome instanceof AppError);
  if (refused) throw refused;
  return outcomes as PreparedAlarmImage[];

  async function prepareOne(index: number, idx: number, eventId: string, image: AlarmEvent['images'][number]): Promise<PreparedAlarmImage> {
    const content = Buffer.from(image.image, 'base64');
    if (content.length > ALARM_LIMITS.imageMaxBytes) {
      throw badRequest('deviceApi.alarmImageSize', { kb: ALARM_LIMITS.imageMaxBytes / 1024 }, { index, field: `images.${idx}` });
    }
    // A camera's still is usually kept as sent (platform/files/picture.ts keepableJpeg); anything
    // else is checked by decoding and kept as an upright JPEG without metadata.
    let picture: { sha256: string; width: number; height: number; jpeg: Buffer } | null = null;
    const kept = await keepableJpeg(content, RECTIFICATION_LIMITS.imageMaxSide);
    if (kept) picture = { ...kept, jpeg: content };
    else {
      try {
        picture = await prepareRectificationImage(content);
      } catch {
        throw badRequest('deviceApi.alarmImage', {}, { index, field: `images.${idx}` });
      }
    }
    const storageKey = alarmImageKey(customerId, shopId, boxId, eventId, idx, picture.sha256);
    await storage.putBuffer(storageKey, picture.jpeg);
    return {
      index,
      idx,
      storageKey,
      sha256: picture.sha256,
      width: picture.width,
      height: picture.height,
      at: image.at ? new Date(Date.parse(image.at)).toISOString() : null,
      postedBytes: content.length,
    };
  }
}

/** The event as posted, its images replaced by their size and digest (event debugging reads it). */
export function rawPayload(event: AlarmEvent, images: readonly PreparedAlarmImage[]): string {
  return JSON.stringify({
    ...event,
    images: event.images.map((image, idx) => {
      const kept = images.find((prepared) => prepared.idx === idx);
      return { at: image.at ?? null, bytes: kept?.postedBytes ?? 0, sha256: kept?.sha256 ?? null };
    }),
  });
}

/**
 * Stores a batch's alarm events inside the device API's transaction (issue 15 section 2). An event
 * the box sent before (its eventId) is a duplicate and changes nothing. A repeat of the same item on
 * the same camera within the fold window (either side of the alarm's span) is counted on that alarm;
 * anything else raises a new alarm, told to people in the same transaction. Every report keeps its
 * raw payload. Alarms of a shop after its closing are ignored (security monitoring stops with it),
 * kept only for event debugging.
 */
export async function ingestAlarmEvents(
  trx: DB,
  shop: AlarmIngestShop,
  batchRef: string,
  events: readonly DeviceEvent[],
  images: readonly PreparedAlarmImage[],
  receivedAt: string,
  foldMinutes: number = ALARM_LIMITS.defaultFoldMinutes,
): Promise<AlarmIngestResult> {
  const result: AlarmIngestResult = { alarm: 0, accepted: 0, duplicates: 0, ignoredClosed: 0, raised: [], reportingCameraIds: [] };
  if (!events.some((event) => event.type === 'alarm')) return result;
  const repo = alarmsRepo(tenantScope(trx, shop.customerId));
  const debug = alarmDebugRepo(tenantScope(trx, shop.customerId));
  const raised: AlarmStored[] = [];
  // Reports, images and history are written once for the batch after its events are decided;
  // the duplicates are known from one read (and the batch's own event ids).
  const reports: Parameters<typeof repo.insertReports>[0] = [];
  const imageRows: Parameters<typeof repo.insertImages>[0] = [];
  const history: ReturnType<typeof alarmHistoryEntry>[] = [];
  const reported = await repo.reportedEventIds(
    shop.boxId,
    events.flatMap((event) => (event.type === 'alarm' ? [event.eventId] : [])),
  );
  for (const [index, event] of events.entries()) {
    if (event.type !== 'alarm') continue;
    result.alarm += 1;
    const at = new Date(Date.parse(event.at)).toISOString();
    if (shop.closedAt !== null && at >= shop.closedAt) {
      result.ignoredClosed += 1;
      // Kept for event debugging (section 4), once per box and event id; it raises nothing.
      if (!(await debug.findFiltered(shop.boxId, event.eventId))) {
        await debug.insertFiltered({
          id: newId(),
          box_id: shop.boxId,
          event_id: event.eventId,
          shop_id: shop.shopId,
          camera_id: event.cameraId,
          event_code: event.eventCode,
          priority: event.priority,
          outcome: 'ignoredClosed',
          occurred_at: at,
          payload: rawPayload(
            event,
            images.filter((image) => image.index === index),
          ),
          batch_ref: batchRef,
          received_at: receivedAt,
        });
      }
      continue;
    }
    if (reported.has(event.eventId)) {
      result.duplicates += 1;
      continue;
    }
    reported.add(event.eventId);
    const own = images.filter((image) => image.index === index);
    const windowMs = foldMinutes * MINUTE;
    const foldTarget = () =>
      windowMs > 0
        ? repo.foldTarget(event.cameraId, event.eventCode, new Date(Date.parse(at) - windowMs).toISOString(), new Date(Date.parse(at) + windowMs).toISOString())
        : Promise.resolve(undefined);
    let target = await foldTarget();
    // The fold applies to the alarm as read (its totals move from that row); another write to it in
    // between (a review, a fold) makes it read again.
    while (
      target &&
      !(await repo.fold(target, at < target.occurred_at ? at : target.occurred_at, at > target.last_occurred_at ? at : target.last_occurred_at, receivedAt))
    ) {
      target = await foldTarget();
    }
    let alarmId: string;
    if (target) {
      alarmId = target.id;
    } else {
      alarmId = newId();
      const alarm: AlarmStored = {
        customer_id: shop.customerId,
        id: alarmId,
        shop_id: shop.shopId,
        camera_id: event.cameraId,
        box_id: shop.boxId,
        event_code: event.eventCode,
        event_name: event.eventName ?? event.eventCode,
        priority: event.priority,
        state: 'unconfirmed',
        tag: 'none',
        delete_reason: null,
        count: 1,
        occurred_at: at,
        last_occurred_at: at,
        read_at: null,
        read_by: null,
        rectification_id: null,
        created_at: receivedAt,
        updated_at: receivedAt,
      };
      const { customer_id: _customer, ...row } = alarm;
      // Its totals are added with the batch's, below (a later event folding into it moves them from this row).
      await repo.insertAlarmsTotalsLater([row]);
      history.push(alarmHistoryEntry(alarmId, 'raise', { to: 'unconfirmed', at: receivedAt }));
      raised.push(alarm);
    }
    const reportId = newId();
    reports.push({
      id: reportId,
      box_id: shop.boxId,
      event_id: event.eventId,
      alarm_id: alarmId,
      shop_id: shop.shopId,
      outcome: target ? 'folded' : 'raised',
      occurred_at: at,
      payload: rawPayload(event, own),
      batch_ref: batchRef,
      received_at: receivedAt,
    });
    imageRows.push(
      ...own.map((image) => ({
        id: newId(),
        alarm_id: alarmId,
        report_id: reportId,
        idx: image.idx,
        storage_key: image.storageKey,
        sha256: image.sha256,
        width: image.width,
        height: image.height,
        captured_at: image.at ?? at,
        created_at: receivedAt,
      })),
    );
    result.accepted += 1;
    result.reportingCameraIds.push(event.cameraId);
  }
  await repo.insertReports(reports);
  await repo.insertImages(imageRows);
  await repo.insertHistories(history);
  await repo.applyTotals(raised.map((alarm) => ({ alarm, sign: 1 })));
  await notifyAlarmsRaised(trx, shop.customerId, raised);
  result.raised = raised.map((alarm) => alarm.id);
  return result;
}
