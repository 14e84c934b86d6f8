import fs from 'node:fs';
import path from 'node:path';
import type { PosUploadRow } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { sampleOrders, writePosWorkbook } from '../../src/modules/sales/pos-workbook.ts';
import { postFiles } from '../factories.ts';
import { type CallOptions, call } from '../harness.ts';

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
