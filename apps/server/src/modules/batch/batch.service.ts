import {
  BATCH_LIMITS,
  BATCH_TYPES,
  type BatchDayRow,
  type BatchDaysResponse,
  type BatchDetail,
  type BatchFilter,
  type Locale,
  RECEPTION_BANDS,
  type RealtimeResponse,
  translateMessage,
  type VisitorBatchRow,
} from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import type { DownloadFile, DownloadStream } from '../../platform/http/download.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { daysBetween } from '../../platform/time/local-time.ts';
import { BATCH_DAILY_COUNTERS, type BatchListRow, type BatchQuery, batchRepo, type DailyRow } from './batch.repo.ts';

/** Transactions per store-day from the sales module (its service; batch never reads sales tables). */
export interface SalesTransactionsSource {
  dailyTransactions(customerId: string, shopIds: readonly string[], startDate: string, endDate: string): Promise<Map<string, number>>;
}

const EXPORT_MAX_ROWS = 50_000;

function present(row: BatchListRow): VisitorBatchRow {
  return {
    batchId: row.id,
    batchKey: row.batch_key,
    shopId: row.shop_id,
    shopName: row.shop_name,
    timeZone: row.time_zone,
    localDate: row.local_date,
    type: row.type,
    count: row.count,
    enteredAt: row.entered_at,
    exitedAt: row.exited_at,
    staySeconds: row.stay_s,
    receptionStartedAt: row.reception_started_at,
    receptionSeconds: row.reception_s,
    visitorType: row.visitor_type,
    entrance: row.camera_id ? { cameraId: row.camera_id, name: row.camera_name ?? '' } : null,
    screenshots: row.screenshots,
    receivedAt: row.received_at,
  };
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null);
const average = (sum: number, count: number) => (count > 0 ? Math.round(sum / count) : null);

/** Pearson's r of paired values, null under three pairs or without spread. */
export function correlation(pairs: readonly [number, number][]): number | null {
  if (pairs.length < 3) return null;
  const n = pairs.length;
  const meanX = pairs.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = pairs.reduce((sum, [, y]) => sum + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of pairs) {
    sxy += (x - meanX) * (y - meanY);
    sxx += (x - meanX) ** 2;
    syy += (y - meanY) ** 2;
  }
  if (sxx === 0 || syy === 0) return null;
  return Math.round((1000 * sxy) / Math.sqrt(sxx * syy)) / 1000;
}

/** A day row from the rollup sums and the store-day's transactions. */
function dayFigures(sums: Omit<DailyRow, 'customer_id' | 'shop_id' | 'local_date'>, transactions: number | null) {
  return {
    batches: sums.batches,
    people: sums.people,
    byType: { single: sums.type_single, pair: sums.type_pair, family: sums.type_family, group: sums.type_group },
    received: sums.received,
    avgStaySeconds: average(sums.stay_s, sums.batches),
    avgReceptionSeconds: average(sums.reception_s, sums.received),
    transactions,
    // A buying decision per batch: more transactions than batches (a tour paying one by one) caps nothing; it is shown as it is.
    conversionPerBatch: transactions === null ? null : percent(transactions, sums.batches),
    conversionPerPerson: transactions === null ? null : percent(transactions, sums.people),
  };
}

/**
 * Visitor batches and store-entry details (issue 17 section 2). Every operation names stores the
 * caller may see (accessOf: not found outside); lists read the stored batches, the day view the
 * rollups per store and local day, with the sales module's transactions beside them.
 */
export function createBatchService(deps: { db: DB; storage: ObjectStorage; sales: SalesTransactionsSource }) {
  const { db, storage, sales } = deps;
  const repoOf = (actor: CustomerActor) => batchRepo(tenantScope(db, actor.customerId));

  async function queryOf(actor: CustomerActor, filter: BatchFilter): Promise<BatchQuery> {
    if (filter.startDate > filter.endDate) throw badRequest('traffic.rangeOrder');
    if (daysBetween(filter.startDate, filter.endDate) + 1 > BATCH_LIMITS.maxRangeDays)
      throw badRequest('errors.timeSelectionError', { days: BATCH_LIMITS.maxRangeDays });
    return { ...filter, shopIds: await accessOf(db, actor).shopIds(filter.shopIds) };
  }

  async function requireBatch(actor: CustomerActor, batchId: string) {
    const row = await repoOf(actor).byId(batchId);
    if (!row) throw notFound();
    await accessOf(db, actor).requireShop(row.shop_id);
    return row;
  }

  return {
    async list(actor: CustomerActor, input: BatchFilter & { page: number; pageSize: number }) {
      const query = await queryOf(actor, input);
      const repo = repoOf(actor);
      const [total, summary, rows] = await Promise.all([
        repo.count(query),
        repo.summary(query),
        repo.page(query, (input.page - 1) * input.pageSize, input.pageSize),
      ]);
      return {
        total,
        page: input.page,
        pageSize: input.pageSize,
        list: rows.map(present),
        summary: {
          batches: summary.batches,
          people: summary.people,
          received: summary.received,
          avgStaySeconds: average(summary.stay_s, summary.batches),
          avgReceptionSeconds: average(summary.reception_s, summary.received),
        },
      };
    },

    async exportFile(actor: CustomerActor, input: BatchFilter, locale: Locale): Promise<DownloadFile> {
      const query = await queryOf(actor, input);
      const rows = (await repoOf(actor).all(query, EXPORT_MAX_ROWS)).map(present);
      const tr = (key: string) => translateMessage(locale, key);
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet(tr('batch.sheet'));
      const local = (iso: string | null, zone: string) =>
        iso ? new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso)) : '';
      sheet.columns = [
        { header: tr('batch.colBatch'), key: 'batch', width: 24 },
        { header: tr('batch.colShop'), key: 'shop', width: 24 },
        { header: tr('batch.colDate'), key: 'date', width: 12 },
        { header: tr('batch.colType'), key: 'type', width: 10 },
        { header: tr('batch.colCount'), key: 'count', width: 8 },
        { header: tr('batch.colEntered'), key: 'entered', width: 20 },
        { header: tr('batch.colExited'), key: 'exited', width: 20 },
        { header: tr('batch.colStay'), key: 'stay', width: 10 },
        { header: tr('batch.colReceptionStart'), key: 'receptionStart', width: 20 },
        { header: tr('batch.colReception'), key: 'reception', width: 10 },
        { header: tr('batch.colVisitorType'), key: 'visitorType', width: 12 },
        { header: tr('batch.colEntrance'), key: 'entrance', width: 16 },
      ];
      for (const row of rows) {
        sheet.addRow({
          batch: row.batchKey,
          shop: row.shopName,
          date: row.localDate,
          type: tr(`batch.type_${row.type}`),
          count: row.count,
          entered: local(row.enteredAt, row.timeZone),
          exited: local(row.exitedAt, row.timeZone),
          stay: Math.round(row.staySeconds / 6) / 10,
          receptionStart: local(row.receptionStartedAt, row.timeZone),
          reception: row.receptionSeconds === null ? '' : Math.round(row.receptionSeconds / 6) / 10,
          visitorType: tr(`batch.visitor_${row.visitorType}`),
          entrance: row.entrance?.name ?? '',
        });
      }
      sheet.getRow(1).font = { bold: true };
      return {
        fileName: `visitor-batches-${input.startDate}-${input.endDate}.xlsx`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        content: Buffer.from(await workbook.xlsx.writeBuffer()),
      };
    },

    async days(actor: CustomerActor, input: { shopIds?: string[] | undefined; startDate: string; endDate: string }): Promise<BatchDaysResponse> {
      const query = await queryOf(actor, { ...input });
      const [rows, transactions, names] = await Promise.all([
        repoOf(actor).daily(query.shopIds, query.startDate, query.endDate),
        sales.dailyTransactions(actor.customerId, query.shopIds, query.startDate, query.endDate),
        repoOf(actor).shopNames(),
      ]);
      const shopName = new Map(names.map((shop) => [shop.id, shop.name]));
      const dayRows: BatchDayRow[] = rows.map((row) => ({
        shopId: row.shop_id,
        shopName: shopName.get(row.shop_id) ?? '',
        date: row.local_date,
        ...dayFigures(row, transactions.get(`${row.shop_id}|${row.local_date}`) ?? null),
      }));
      const totals = emptySums();
      let totalTransactions: number | null = null;
      // Conversion over the range counts only store-days with POS data, on both sides of the ratio.
      const withPos = { batches: 0, people: 0 };
      for (const row of rows) {
        for (const name of BATCH_DAILY_COUNTERS) totals[name] += row[name];
        const tx = transactions.get(`${row.shop_id}|${row.local_date}`);
        if (tx !== undefined) {
          totalTransactions = (totalTransactions ?? 0) + tx;
          withPos.batches += row.batches;
          withPos.people += row.people;
        }
      }
      const figures = dayFigures(totals, totalTransactions);
      return {
        rows: dayRows,
        totals: {
          ...figures,
          conversionPerBatch: totalTransactions === null ? null : percent(totalTransactions, withPos.batches),
          conversionPerPerson: totalTransactions === null ? null : percent(totalTransactions, withPos.people),
        },
        reception: RECEPTION_BANDS.map((band) => ({
          band,
          batches: rows.reduce((sum, row) => sum + row[`band_${band}`], 0),
          people: rows.reduce((sum, row) => sum + row[`people_${band}`], 0),
        })),
        receptionConversionCorrelation: correlation(
          dayRows.flatMap((row) =>
            row.conversionPerBatch !== null && row.avgReceptionSeconds !== null ? [[row.avgReceptionSeconds, row.conversionPerBatch] as [number, number]] : [],
          ),
        ),
      };
    },

    async detail(actor: CustomerActor, batchId: string): Promise<BatchDetail> {
      const row = await requireBatch(actor, batchId);
      const shots = await repoOf(actor).screenshots(row.id);
      return { ...present(row), screenshotList: shots.map((shot) => ({ index: shot.idx, at: shot.at, width: shot.width, height: shot.height })) };
    },

    async screenshot(actor: CustomerActor, batchId: string, index: number): Promise<DownloadStream> {
      const row = await requireBatch(actor, batchId);
      const shot = (await repoOf(actor).screenshots(row.id)).find((candidate) => candidate.idx === index);
      if (!shot) throw notFound();
      const size = await storage.size(shot.location);
      if (size === null) throw notFound();
      return {
        fileName: `${row.id}-${index}.jpg`,
        contentType: 'image/jpeg',
        size,
        inline: true,
        cacheControl: 'private, max-age=86400',
        open: (range) => storage.read(shot.location, range),
      };
    },

    /**
     * The real-time pages: the newest batches, then only those that arrived after the cursor (the
     * arrival instant and id of the newest one the page has). Today a short poll asks; the SSE channel
     * (platform/realtime) will push the same answer's rows.
     */
    async realtime(actor: CustomerActor, input: { shopIds?: string[] | undefined; after?: string | undefined }): Promise<RealtimeResponse> {
      const shopIds = await accessOf(db, actor).shopIds(input.shopIds);
      const [at = '', id = ''] = (input.after ?? '').split('|');
      const after = at && id ? { at, id } : null;
      const rows = await repoOf(actor).latest(shopIds, after, BATCH_LIMITS.realtimeRows);
      const newest = rows[0];
      return {
        batches: rows.map(present),
        cursor: newest ? `${newest.received_at}|${newest.id}` : (input.after ?? ''),
        serverTime: nowIso(),
      };
    },

    /** /storeEntry/detail: a store-day's entries (each batch's arrival) with time, entrance and batch. */
    async storeEntries(actor: CustomerActor, input: { shopId: string; date: string; page: number; pageSize: number }) {
      await accessOf(db, actor).requireShop(input.shopId);
      const query: BatchQuery = { shopIds: [input.shopId], startDate: input.date, endDate: input.date };
      const repo = repoOf(actor);
      const [total, summary, rows, zone] = await Promise.all([
        repo.count(query),
        repo.summary(query),
        repo.page(query, (input.page - 1) * input.pageSize, input.pageSize, 'oldest'),
        repo.timeZoneOf(input.shopId),
      ]);
      return {
        total,
        page: input.page,
        pageSize: input.pageSize,
        timeZone: zone ?? 'UTC',
        entries: summary.people,
        list: rows.map((row) => ({
          at: row.entered_at,
          entrance: row.camera_name ?? null,
          batchId: row.id,
          batchKey: row.batch_key,
          type: row.type,
          count: row.count,
          visitorType: row.visitor_type,
        })),
      };
    },
  };
}
export type BatchService = ReturnType<typeof createBatchService>;

function emptySums(): Omit<DailyRow, 'customer_id' | 'shop_id' | 'local_date'> {
  return {
    batches: 0,
    people: 0,
    type_single: 0,
    type_pair: 0,
    type_family: 0,
    type_group: 0,
    received: 0,
    stay_s: 0,
    reception_s: 0,
    band_none: 0,
    band_under1: 0,
    band_from1to3: 0,
    band_from3to5: 0,
    band_over5: 0,
    people_none: 0,
    people_under1: 0,
    people_from1to3: 0,
    people_from3to5: 0,
    people_over5: 0,
  };
}

export { BATCH_TYPES };
