import fs from 'node:fs';
import { messageRef, POS_LIMITS, POS_UPLOAD_PERMISSIONS, type SalesTemplateColumn } from '@storelens/contracts';
import { accessOf } from '../../platform/authz/access.ts';
import { resolveActor } from '../../platform/authz/actor.ts';
import { hasPermission } from '../../platform/authz/guard.ts';
import type { DB } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import {
  type NewSalesDay,
  type NewSalesHour,
  ORDER_INSERT_CHUNK,
  type OrderValues,
  type PosRepo,
  posRepo,
  type UploadPatch,
  type UploadRow,
} from './pos.repo.ts';
import { removeFile, storedPath } from './pos-files.ts';
import { dateOfDayNumber, dayNumberOf, type ParsedOrders, ParseStopped, type PosRowError, parsePosFile } from './pos-parse.ts';

export interface ImportContext {
  db: DB;
  dataDir: string;
  workerId: string;
  /** True when the server is stopping: the import gives its job back to the queue. */
  shouldStop: () => boolean;
  /** Where a file refused as unreadable leaves its cause (the person sees the spec's message). */
  log?: (message: string, error: unknown) => void;
}

/** Basket size buckets (contracts BASKET_BUCKETS): 1, 2, 3, 4, 5, 6-9, 10+. */
export function basketBucket(size: number): number {
  if (size <= 1) return 0;
  if (size <= 5) return size - 1;
  return size <= 9 ? 5 : 6;
}

const BASKET_COLUMNS = ['basket_b0', 'basket_b1', 'basket_b2', 'basket_b3', 'basket_b4', 'basket_b5', 'basket_b6'] as const;

/**
 * The sales rollups of a file's orders, per shop and local day, and per shop, day and hour (hour -1:
 * no time given). An order with a negative amount is a return: it lowers net sales and units and
 * counts as a return, not as a transaction; only sales orders have a basket size.
 */
export function rollupsOf(orders: ParsedOrders, shopIds: readonly string[], uploadId: string, at: string): { daily: NewSalesDay[]; hourly: NewSalesHour[] } {
  const daily = new Map<string, NewSalesDay>();
  const hourly = new Map<string, NewSalesHour>();
  for (let i = 0; i < orders.count; i += 1) {
    const shopId = shopIds[orders.shop[i] as number] as string;
    const date = dateOfDayNumber(orders.day[i] as number);
    const minute = orders.minute[i] as number;
    const hour = minute < 0 ? -1 : Math.floor(minute / 60);
    const dayKey = `${shopId}|${date}`;
    const hourKey = `${dayKey}|${hour}`;
    const empty = { net_sales_cents: 0, transactions: 0, returns: 0, units_milli: 0, items: 0 };
    let day = daily.get(dayKey);
    if (!day) {
      const baskets = { basket_b0: 0, basket_b1: 0, basket_b2: 0, basket_b3: 0, basket_b4: 0, basket_b5: 0, basket_b6: 0 };
      day = { shop_id: shopId, local_date: date, ...empty, ...baskets, upload_id: uploadId, updated_at: at };
      daily.set(dayKey, day);
    }
    let slot = hourly.get(hourKey);
    if (!slot) {
      slot = { shop_id: shopId, local_date: date, hour, ...empty };
      hourly.set(hourKey, slot);
    }
    const amount = orders.amountCents[i] as number;
    const units = orders.quantityMilli[i] as number;
    const itemCount = orders.itemCount[i] as number;
    const isReturn = amount < 0;
    for (const target of [day, slot]) {
      target.net_sales_cents += amount;
      target.units_milli += units;
      if (isReturn) target.returns += 1;
      else {
        target.transactions += 1;
        if (itemCount > 0) target.items += itemCount;
      }
    }
    if (!isReturn) {
      const size = itemCount >= 0 ? itemCount : Math.ceil(Math.abs(units) / 1000);
      day[BASKET_COLUMNS[basketBucket(size)] ?? 'basket_b6'] += 1;
    }
  }
  return { daily: [...daily.values()], hourly: [...hourly.values()] };
}

class ImportLost extends Error {}

/**
 * Runs one claimed upload to its end (DESIGN R1): reads and checks the whole file first, then
 * replaces the (shop, date) data it holds in ONE transaction that also marks the upload completed,
 * so the data of those dates is either all the new file's or all what was there before. Progress
 * and a heartbeat go to the job row while it reads; a crash leaves the job 'uploading' with a
 * heartbeat that stops, which the worker's recovery notices.
 */
export async function runImport(ctx: ImportContext, upload: UploadRow): Promise<void> {
  const { db, workerId } = ctx;
  const repo = posRepo(tenantScope(db, upload.customer_id));
  const filePath = storedPath(ctx.dataDir, upload.stored_name);
  // Reading the file is 0-90 % of the bar, writing it 90-99 %; 100 % is the outcome.
  let progress = 0;
  let written = -1;
  let lastBeat = 0;
  let lost = false;
  const beat = async (force = false) => {
    if (!force && progress === written && Date.now() - lastBeat < 5000) return;
    lastBeat = Date.now();
    written = progress;
    const changed = await repo.updateUpload(upload.id, { progress, heartbeat_at: nowIso() }, ['uploading'], workerId);
    if (changed === 0) lost = true;
  };
  // The heartbeat goes on while the orders are written: on PostgreSQL it reaches the row from
  // another connection (and shows the write's progress), on SQLite it waits for the commit.
  const timer = setInterval(() => {
    beat().catch(() => {
      // A failed heartbeat is retried on the next tick; recovery waits far longer than one.
    });
  }, 1000);
  const finish = async (patch: UploadPatch) => {
    clearInterval(timer);
    await repo.updateUpload(upload.id, { worker_id: null, heartbeat_at: null, finished_at: nowIso(), ...patch }, ['uploading'], workerId);
    await removeFile(filePath);
  };
  const fail = (failure: string, errors: PosRowError[] = [], extra: UploadPatch = {}) =>
    finish({ status: 'failed', progress: 100, failure, errors: JSON.stringify(errors), ...extra });

  try {
    if (!fs.existsSync(filePath)) return await fail('pos.fileMissing');
    const allowed = await uploaderShops(db, upload);
    if (!allowed) return await fail('errors.noAuthority');
    const shops = (await repo.shops()).filter((shop) => allowed === 'all' || allowed.has(shop.id));
    const shopIds = shops.map((shop) => shop.id);
    const shopIndex = new Map(shops.map((shop, index) => [shop.number, index]));

    const outcome = await parsePosFile({
      filePath,
      template: JSON.parse(upload.template) as SalesTemplateColumn[],
      shopIndex,
      onProgress: (fraction) => {
        progress = Math.floor(fraction * 90);
      },
      shouldStop: () => lost || ctx.shouldStop(),
    });
    if (outcome.kind === 'refused' && outcome.cause !== undefined) ctx.log?.(`POS upload ${upload.id} could not be read`, outcome.cause);
    if (outcome.kind === 'refused') return await fail(outcome.failure, outcome.errors, { rows_total: outcome.dataRows });

    const { orders, dataRows } = outcome;
    const conflicts = await storedConflicts(repo, orders, shopIds, outcome.headers.orderNumber ?? '', outcome.errors.length);
    const errors = [...outcome.errors, ...conflicts.errors];
    const errorRows = outcome.errorRows + conflicts.rows;
    if (errorRows > 0) {
      errors.sort((a, b) => a.row - b.row);
      return await fail(messageRef('errors.importRows', { count: errorRows }), errors, { rows_total: dataRows, error_rows: errorRows });
    }

    progress = 90;
    await beat(true);
    if (lost) throw new ImportLost();
    await writeOrders(db, upload, orders, shopIds, dataRows, workerId, (fraction) => {
      progress = 90 + Math.floor(fraction * 9);
    });
    clearInterval(timer);
    await removeFile(filePath);
  } catch (error) {
    clearInterval(timer);
    if (error instanceof ImportLost || (error instanceof ParseStopped && lost)) return;
    if (error instanceof ParseStopped) {
      // A stop, not a failure: back to the queue as it was, the attempt not counted.
      await repo.updateUpload(
        upload.id,
        { status: 'waiting', progress: 0, worker_id: null, heartbeat_at: null, started_at: null, attempts: Math.max(0, upload.attempts - 1) },
        ['uploading'],
        workerId,
      );
      return;
    }
    if (isUniqueViolation(error)) return await fail(messageRef('pos.orderNumberExists'));
    throw error;
  }
}

/** The shops the uploader may import for: 'all' for the whole customer, null when they may not import. */
async function uploaderShops(db: DB, upload: UploadRow): Promise<Set<string> | 'all' | null> {
  if (upload.user_id === null) return 'all';
  const actor = await resolveActor(db, upload.user_id, upload.customer_id);
  if (!actor || !hasPermission(actor, POS_UPLOAD_PERMISSIONS)) return null;
  return (await accessOf(db, actor).scope()).shopIds ?? 'all';
}

/**
 * Order numbers are unique per customer: a number stored before conflicts, unless the order is in
 * a shop-day this file replaces (a corrected file for the same dates brings the same orders back).
 */
async function storedConflicts(
  repo: PosRepo,
  orders: ParsedOrders,
  shopIds: readonly string[],
  column: string,
  errorsSoFar: number,
): Promise<{ errors: PosRowError[]; rows: number }> {
  // Shop-days as numbers (shop index and day), not strings: 200,000 orders make no garbage here.
  const shopDay = (shop: number, day: number) => shop * 1_000_000 + day;
  const replaced = new Set<number>();
  for (let i = 0; i < orders.count; i += 1) replaced.add(shopDay(orders.shop[i] as number, orders.day[i] as number));
  const shopIndex = new Map(shopIds.map((id, index) => [id, index]));
  const stored = await repo.storedOrders(orders.orderNumbers);
  const conflicting = new Set(
    stored
      .filter((order) => {
        const shop = shopIndex.get(order.shop_id);
        return shop === undefined || !replaced.has(shopDay(shop, dayNumberOf(order.local_date)));
      })
      .map((order) => order.order_number),
  );
  const errors: PosRowError[] = [];
  let rows = 0;
  if (conflicting.size === 0) return { errors, rows };
  for (let i = 0; i < orders.count; i += 1) {
    if (!conflicting.has(orders.orderNumbers[i] as string)) continue;
    rows += 1;
    if (errorsSoFar + errors.length < POS_LIMITS.errorsKept)
      errors.push({ row: orders.rows[i] as number, column, message: messageRef('pos.orderNumberExists') });
  }
  return { errors, rows };
}

async function writeOrders(
  db: DB,
  upload: UploadRow,
  orders: ParsedOrders,
  shopIds: readonly string[],
  dataRows: number,
  workerId: string,
  onProgress: (fraction: number) => void,
) {
  const at = nowIso();
  const { daily, hourly } = rollupsOf(orders, shopIds, upload.id, at);
  const datesByShop = new Map<string, string[]>();
  for (const row of daily) {
    const list = datesByShop.get(row.shop_id) ?? [];
    list.push(row.local_date);
    datesByShop.set(row.shop_id, list);
  }
  const dates = daily.map((row) => row.local_date).sort();
  const dateOf = new Map<number, string>();
  await db.transaction().execute(async (trx) => {
    const repo = posRepo(tenantScope(trx, upload.customer_id));
    for (const [shopId, shopDates] of datesByShop) await repo.deleteDays(shopId, shopDates);
    for (let start = 0; start < orders.count; start += ORDER_INSERT_CHUNK) {
      const rows: OrderValues[] = [];
      for (let i = start; i < Math.min(orders.count, start + ORDER_INSERT_CHUNK); i += 1) {
        const day = orders.day[i] as number;
        let date = dateOf.get(day);
        if (!date) {
          date = dateOfDayNumber(day);
          dateOf.set(day, date);
        }
        const minute = orders.minute[i] as number;
        const itemCount = orders.itemCount[i] as number;
        const paymentType = orders.paymentType[i] as number;
        rows.push([
          orders.orderNumbers[i] as string,
          shopIds[orders.shop[i] as number] as string,
          date,
          minute < 0 ? null : minute,
          orders.quantityMilli[i] as number,
          orders.amountCents[i] as number,
          itemCount < 0 ? null : itemCount,
          paymentType < 0 ? null : (orders.paymentTypes[paymentType] ?? null),
          upload.id,
        ]);
      }
      await repo.insertOrders(rows);
      onProgress((start + rows.length) / orders.count);
    }
    await repo.insertDaily(daily);
    await repo.insertHourly(hourly);
    // Which store-days this upload provides, and that the earlier uploads of them no longer do.
    for (const [shopId, shopDates] of datesByShop) await repo.recordUploadDays(upload.id, shopId, shopDates);
    // The upload turns completed in the same transaction as its data: one without the other never shows.
    const changed = await repo.updateUpload(
      upload.id,
      {
        status: 'completed',
        progress: 100,
        rows_total: dataRows,
        imported_rows: orders.count,
        error_rows: 0,
        errors: '[]',
        failure: null,
        finished_at: nowIso(),
        first_date: dates[0] ?? null,
        last_date: dates.at(-1) ?? null,
        shop_count: datesByShop.size,
        worker_id: null,
        heartbeat_at: null,
      },
      ['uploading'],
      workerId,
    );
    if (changed === 0) throw new ImportLost();
  });
}
