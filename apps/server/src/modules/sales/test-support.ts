import { type PosUploadRow, XLSX_CONTENT_TYPE } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { type CallOptions, call, type Envelope } from '../../../test/harness.ts';
import { sampleOrders, writePosWorkbook } from './pos-workbook.ts';

/** Test helpers of the sales tests: multipart uploads of several files, waiting for imports, big POS files. */

export interface TestFile {
  name: string;
  content: Buffer;
  field?: string;
}

/** Posts files (and fields, first) as multipart/form-data, like the web's upload control. */
export async function postFiles(
  app: FastifyInstance,
  url: string,
  files: readonly TestFile[],
  options: CallOptions & { fields?: Record<string, string> } = {},
): Promise<{ http: number; body: Envelope }> {
  const boundary = `----storelens${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(options.fields ?? {})) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${XLSX_CONTENT_TYPE}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cid) headers['x-customer-code'] = options.cid;
  if (options.lang) headers['accept-language'] = options.lang;
  const raw = await app.inject({ method: 'POST', url, headers, payload: Buffer.concat(parts) });
  return { http: raw.statusCode, body: raw.json() as Envelope };
}

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

/** A large POS file written by exceljs's streaming writer (200,000 rows make about 9 MB, too big to commit). */
export async function writeLargePosFile(
  filePath: string,
  options: { rows: number; shopNumbers: readonly string[]; dates: readonly string[]; prefix?: string },
): Promise<{ netSalesCents: number; unitsMilli: number }> {
  const sample = sampleOrders(options);
  await writePosWorkbook(filePath, sample.rows);
  return sample.totals;
}
