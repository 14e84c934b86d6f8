import fs from 'node:fs';
import path from 'node:path';
import type { PosUploadRow } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { sampleOrders, writePosWorkbook } from '../../src/modules/sales/pos-workbook.ts';
import { createPosImporter } from '../../src/modules/sales/sales.module.ts';
import { datesOf } from '../../src/platform/time/local-time.ts';
import { postFiles } from '../factories.ts';
import { type CallOptions, call, type TestApp } from '../harness.ts';

/** Test helpers of the sales tests: waiting for imports, big POS files (multipart uploads are in test/factories.ts). */

/** Polls the list until every upload has finished (completed or failed). */
export async function waitForUploads(app: FastifyInstance, session: CallOptions, uploadIds: readonly string[], timeoutMs = 60_000): Promise<PosUploadRow[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await call(app, 'POST', '/api/pos/list', { uploadIds, pageSize: 100 }, session);
    const rows = (response.body.data as { list: PosUploadRow[] }).list;
    if (rows.length === uploadIds.length && rows.every((row) => row.status === 'completed' || row.status === 'failed')) {
      return uploadIds.map((id) => rows.find((row) => row.uploadId === id) as PosUploadRow);
    }
    if (Date.now() > deadline) throw new Error(`uploads still running: ${JSON.stringify(rows.map((row) => [row.status, row.progress]))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A POS file over the row limit, written quickly by exceljs (the 200,000-row file of the import tests and bench is LibreOffice's: large-pos-workbook.ts). */
export async function writeLargePosFile(
  filePath: string,
  options: { rows: number; shopNumbers: readonly string[]; dates: readonly string[]; prefix?: string },
): Promise<{ netSalesCents: number; unitsMilli: number }> {
  const sample = sampleOrders(options);
  await writePosWorkbook(filePath, sample.rows);
  return sample.totals;
}

/** One order a day of a shop over a range of dates: its number, the dates and the day's amount. */
export interface DailyOrders {
  shopNumber: string;
  from: string;
  to: string;
  amount: number;
  /** Order numbers are `${prefix}-${index}`. */
  prefix: string;
}

/**
 * Imports one POS workbook of daily orders (one order at noon, quantity and item count 1) for a
 * customer through the real importer, and checks that it completed.
 */
export async function importDailyOrders(t: TestApp, customerId: string, fileName: string, shops: readonly DailyOrders[]): Promise<void> {
  const file = path.join(t.config.dataDir, fileName);
  fs.mkdirSync(t.config.dataDir, { recursive: true });
  await writePosWorkbook(
    file,
    shops.flatMap((shop) =>
      datesOf(shop.from, shop.to).map((date, index) => ({
        shopNumber: shop.shopNumber,
        orderNumber: `${shop.prefix}-${index}`,
        date: date.replaceAll('-', '/'),
        time: '12:00',
        quantity: 1,
        amount: shop.amount,
        itemCount: 1,
      })),
    ),
  );
  const { uploads, worker } = createPosImporter({ db: t.db, dataDir: t.config.dataDir });
  try {
    const upload = await uploads.importPosWorkbook({ customerId, userId: null, fileName, content: fs.readFileSync(file) });
    expect(upload.status, `import of ${fileName}: ${upload.failure ?? ''}`).toBe('completed');
  } finally {
    await worker.stop();
  }
}

/** Uploads orders as a real POS workbook through POST /api/pos/upload and waits until it has been imported. */
export async function uploadOrders(
  app: FastifyInstance,
  session: CallOptions,
  dataDir: string,
  fileName: string,
  orders: Parameters<typeof writePosWorkbook>[1],
): Promise<PosUploadRow> {
  const filePath = path.join(dataDir, fileName);
  fs.mkdirSync(dataDir, { recursive: true });
  await writePosWorkbook(filePath, orders);
  const response = await postFiles(app, '/api/pos/upload', [{ name: fileName, content: fs.readFileSync(filePath) }], session);
  const uploadId = (response.body.data as { uploads: { uploadId: string }[] } | null)?.uploads[0]?.uploadId;
  if (!uploadId) throw new Error(`upload refused: ${JSON.stringify(response.body)}`);
  const [row] = await waitForUploads(app, session, [uploadId]);
  return row as PosUploadRow;
}
