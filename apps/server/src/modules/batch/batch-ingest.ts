import crypto from 'node:crypto';
import type { DeviceEvent, VisitorBatchEvent } from '@storelens/contracts';
import sharp from 'sharp';
import type { DB } from '../../platform/db/database.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { localParts } from '../../platform/time/local-time.ts';
import { batchRepo, type NewBatch } from './batch.repo.ts';
import { dailyOf } from './batch-rollups.ts';

export interface BatchIngestShop {
  customerId: string;
  shopId: string;
  timeZone: string;
  closedAt: string | null;
  analyticsEnabled: boolean;
  retainedFrom: string | null;
}

/** A screenshot checked and kept in storage before the batch's transaction, by event index. */
export interface PreparedScreenshot {
  index: number;
  idx: number;
  location: string;
  at: string | null;
  width: number;
  height: number;
}

const MAX_INPUT_PIXELS = 25_000_000;
const SCREENSHOT_MAX_SIDE = 1280;

export const screenshotKey = (customerId: string, shopId: string, batchKey: string, idx: number, digest: string) =>
  `batch-screenshots/${customerId}/${shopId}/${crypto.createHash('sha256').update(batchKey).digest('hex').slice(0, 32)}/${idx}-${digest.slice(0, 16)}.jpg`;

/**
 * Checks a batch's screenshots as images (JPEG or PNG by content, decoded by sharp) and keeps each
 * as a JPEG without metadata in object storage, before the device API's transaction: a bad image
 * refuses the whole batch naming the event and the screenshot, and nothing is written. Keys follow
 * the content, so a batch sent again stores the same objects again (no duplicates).
 */
export async function prepareScreenshots(
  storage: ObjectStorage,
  customerId: string,
  shopId: string,
  events: readonly DeviceEvent[],
): Promise<PreparedScreenshot[]> {
  const prepared: PreparedScreenshot[] = [];
  for (const [index, event] of events.entries()) {
    if (event.type !== 'visitorBatch') continue;
    for (const [idx, screenshot] of event.screenshots.entries()) {
      const field = `screenshots.${idx}`;
      const content = Buffer.from(screenshot.image, 'base64');
      let jpeg: Buffer;
      let width: number;
      let height: number;
      try {
        const format = (await sharp(content, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
        if (format !== 'jpeg' && format !== 'png') throw new Error(`format ${format ?? 'unknown'}`);
        const { data, info } = await sharp(content, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
          .resize({ width: SCREENSHOT_MAX_SIDE, height: SCREENSHOT_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
        jpeg = data;
        width = info.width;
        height = info.height;
      } catch {
        throw badRequest('deviceApi.screenshot', {}, { index, field });
      }
      const location = screenshotKey(customerId, shopId, event.batchId, idx, crypto.createHash('sha256').update(jpeg).digest('hex'));
      await storage.putBuffer(location, jpeg);
      prepared.push({ index, idx, location, at: screenshot.at ? new Date(Date.parse(screenshot.at)).toISOString() : null, width, height });
    }
  }
  return prepared;
}

export interface BatchIngestResult {
  visitorBatch: number;
  accepted: number;
  duplicates: number;
  ignoredClosed: number;
  ignoredExpired: number;
}

/**
 * Stores a batch's visitor batches and rolls them up per store and local day, inside the device
 * API's transaction (issue 17). A batch the shop already has (the box's batch id) is a duplicate and
 * changes nothing; closing and the retention horizon apply as to traffic.
 */
export async function ingestVisitorBatches(
  trx: DB,
  shop: BatchIngestShop,
  batchRef: string,
  events: readonly DeviceEvent[],
  screenshots: readonly PreparedScreenshot[],
  receivedAt: string,
): Promise<BatchIngestResult> {
  const result: BatchIngestResult = { visitorBatch: 0, accepted: 0, duplicates: 0, ignoredClosed: 0, ignoredExpired: 0 };
  const rows: { row: NewBatch; index: number }[] = [];
  const seen = new Set<string>();
  for (const [index, event] of events.entries()) {
    if (event.type !== 'visitorBatch') continue;
    result.visitorBatch += 1;
    const batch: VisitorBatchEvent = event;
    const entered = Date.parse(batch.enteredAt);
    const exited = Date.parse(batch.exitedAt);
    if (!shop.analyticsEnabled || (shop.closedAt !== null && entered >= Date.parse(shop.closedAt))) {
      result.ignoredClosed += 1;
      continue;
    }
    const { date, hour } = localParts(shop.timeZone, entered);
    if (shop.retainedFrom !== null && date < shop.retainedFrom) {
      result.ignoredExpired += 1;
      continue;
    }
    if (seen.has(batch.batchId)) {
      result.duplicates += 1;
      continue;
    }
    seen.add(batch.batchId);
    rows.push({
      index,
      row: {
        id: newId(),
        shop_id: shop.shopId,
        batch_key: batch.batchId,
        type: batch.batchType,
        count: batch.count,
        entered_at: new Date(entered).toISOString(),
        exited_at: new Date(exited).toISOString(),
        stay_s: Math.round((exited - entered) / 1000),
        reception_started_at: batch.receptionStartedAt ? new Date(Date.parse(batch.receptionStartedAt)).toISOString() : null,
        reception_s: batch.receptionStartedAt ? (batch.receptionSeconds ?? 0) : null,
        visitor_type: batch.visitorType,
        camera_id: batch.cameraId ?? null,
        local_date: date,
        hour,
        screenshots: batch.screenshots.length,
        received_at: receivedAt,
        batch_ref: batchRef,
      },
    });
  }
  if (rows.length === 0) return result;
  const repo = batchRepo(tenantScope(trx, shop.customerId));
  const stored = await repo.insertBatches(rows.map((entry) => entry.row));
  result.accepted += stored.size;
  result.duplicates += rows.length - stored.size;
  const fresh = rows.filter((entry) => stored.has(entry.row.id));
  await repo.insertScreenshots(
    fresh.flatMap((entry) =>
      screenshots
        .filter((shot) => shot.index === entry.index)
        .map((shot) => ({ batch_id: entry.row.id, idx: shot.idx, location: shot.location, at: shot.at, width: shot.width, height: shot.height })),
    ),
  );
  const days = dailyOf(fresh.map((entry) => entry.row));
  await repo.addDaily([...days].map(([localDate, counters]) => ({ shop_id: shop.shopId, local_date: localDate, ...counters })));
  return result;
}

/** Rebuilds a shop's day rollups of a date range from its stored batches (the ingest test compares them). */
export async function rebuildBatchDays(db: DB, customerId: string, shopId: string, startDate: string, endDate: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const repo = batchRepo(tenantScope(trx, customerId));
    const days = dailyOf(await repo.batchesOfShop(shopId, startDate, endDate));
    await repo.replaceDaily(
      shopId,
      startDate,
      endDate,
      [...days].map(([localDate, counters]) => ({ local_date: localDate, ...counters })),
    );
  });
}
