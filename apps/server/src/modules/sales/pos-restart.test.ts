import fs from 'node:fs';
import { type PosUploadRow, RoleId } from '@storelens/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildCustomer, buildShop, buildUser, fixture, TEST_PASSWORD } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { type ServerProcess, sessionHeaders, startServerProcess, stopServerProcess } from '../../../test/support/server-process.ts';
import { type DB, migrateToLatest, openDatabase } from '../../platform/db/database.ts';
import { makeLargePosWorkbook } from './large-pos-workbook.ts';

/**
 * DESIGN R1 for real: a server process is killed (SIGKILL) in the middle of importing a POS file of
 * 200,000 rows. The data stored before stays as it was; the next server process takes the job up
 * again and finishes it. Both processes are the real server (`main.ts serve`) on a real database:
 * an SQLite file in DATA_DIR, or this file's PostgreSQL database.
 */
let t: TestApp;
let db: DB;
let closeDb: () => Promise<void> = async () => {};
let customerId: string;
let loginName: string;
let server: ServerProcess | null = null;

async function startServer(): Promise<string> {
  server = await startServerProcess({ dataDir: t.config.dataDir, databaseUrl: t.config.databaseUrl ?? null });
  return server.base;
}

async function stopServer(signal: NodeJS.Signals): Promise<void> {
  const running = server;
  server = null;
  await stopServerProcess(running, signal);
}

const session = (base: string) => sessionHeaders(base, loginName, TEST_PASSWORD, customerId);

async function uploadTo(base: string, headers: Record<string, string>, name: string, content: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const response = (await (await fetch(`${base}/api/pos/upload`, { method: 'POST', headers, body: form })).json()) as {
    status: number;
    data: { uploads: { uploadId: string }[] };
  };
  expect(response.status).toBe(200);
  return response.data.uploads[0]?.uploadId ?? '';
}

async function listRow(base: string, headers: Record<string, string>, uploadId: string): Promise<PosUploadRow> {
  const response = await fetch(`${base}/api/pos/list`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ uploadIds: [uploadId] }),
  });
  return ((await response.json()) as { data: { list: PosUploadRow[] } }).data.list[0] as PosUploadRow;
}

async function until(base: string, headers: Record<string, string>, uploadId: string, done: (row: PosUploadRow) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await listRow(base, headers, uploadId);
    if (done(row)) return row;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const dailyNet = async (shopNumber: string, date: string) => {
  const row = await db
    .selectFrom('sales_shop_daily')
    .innerJoin('shops', (join) => join.onRef('shops.customer_id', '=', 'sales_shop_daily.customer_id').onRef('shops.id', '=', 'sales_shop_daily.shop_id'))
    .select('sales_shop_daily.net_sales_cents')
    .where('sales_shop_daily.customer_id', '=', customerId)
    .where('shops.number', '=', shopNumber)
    .where('sales_shop_daily.local_date', '=', date)
    .executeTakeFirst();
  return row ? Number(row.net_sales_cents) : null;
};

beforeAll(async () => {
  t = await createTestApp();
  if (t.config.databaseUrl) db = t.db;
  else {
    // The processes share an SQLite file in DATA_DIR (the test app's own database is in memory).
    const opened = openDatabase({ databaseUrl: null, dataDir: t.config.dataDir });
    db = opened.db;
    closeDb = opened.close;
    await migrateToLatest(db);
  }
  const customer = await buildCustomer(db, 'Restart Co');
  customerId = customer.customerId;
  await buildShop(db, customerId, customer.rootOrgId, { number: 'POS-1' });
  await buildShop(db, customerId, customer.rootOrgId, { number: 'POS-2' });
  loginName = (await buildUser(db, [{ customerId, roleId: RoleId.superManager }])).loginName;
});
afterAll(async () => {
  await stopServer('SIGKILL');
  await closeDb();
  await t.close();
});

it('a server killed mid-import keeps the earlier data, and the next one finishes the job', { timeout: 600_000 }, async () => {
  let base = await startServer();
  let headers = await session(base);
  const first = await uploadTo(base, headers, 'pos-valid.xlsx', fixture('pos/pos-valid.xlsx'));
  expect((await until(base, headers, first, (row) => row.status !== 'waiting' && row.status !== 'uploading', 120_000)).status).toBe('completed');
  expect(await dailyNet('POS-1', '2026-03-02')).toBe(38940);

  // 200,000 orders over both stores from 2 March: the earlier file's days are all replaced in the end.
  const dates = Array.from({ length: 10 }, (_, index) => `2026-03-${String(index + 2).padStart(2, '0')}`);
  // Made by LibreOffice from CSV and cached: needs soffice (apt-get install -y libreoffice-calc).
  const { filePath, totals } = await makeLargePosWorkbook({ rows: 200_000, shopNumbers: ['POS-1', 'POS-2'], dates });
  const large = await uploadTo(base, headers, 'large.xlsx', fs.readFileSync(filePath));
  const midway = await until(base, headers, large, (row) => row.status === 'uploading' && row.progress >= 10, 300_000);
  expect(midway.progress).toBeLessThan(100);
  await stopServer('SIGKILL');

  // What the dead process left: its job 'uploading', the earlier data untouched, nothing of the new file.
  const left = await db.selectFrom('pos_uploads').selectAll().where('customer_id', '=', customerId).where('id', '=', large).executeTakeFirstOrThrow();
  expect(left).toMatchObject({ status: 'uploading', attempts: 1 });
  expect(await dailyNet('POS-1', '2026-03-02')).toBe(38940);
  const orders = await db.selectFrom('pos_orders').select('order_number').where('customer_id', '=', customerId).execute();
  expect(orders.map((order) => order.order_number).sort()).toEqual(['V-0001', 'V-0002', 'V-0003', 'V-0004', 'V-0005', 'V-0006', 'V-0007', 'V-0008']);

  // The heartbeat stopped; a minute passes before the next server starts (recovery waits 30 s of silence).
  const earlier = new Date(Date.parse(left.heartbeat_at ?? '') - 60_000).toISOString();
  await db.updateTable('pos_uploads').set({ heartbeat_at: earlier }).where('customer_id', '=', customerId).where('id', '=', large).execute();
  // The job's heartbeat is what a worker reads to take the job back.
  await db
    .updateTable('jobs')
    .set({ heartbeat_at: earlier })
    .where('payload', '=', JSON.stringify({ uploadId: large }))
    .where('status', '=', 'running')
    .execute();

  base = await startServer();
  headers = await session(base);
  const finished = await until(base, headers, large, (row) => row.status === 'completed' || row.status === 'failed', 480_000);
  expect(finished).toMatchObject({ status: 'completed', rows: 200_000, importedRows: 200_000, firstDate: '2026-03-02', lastDate: '2026-03-11', shopCount: 2 });
  const stored = await db
    .selectFrom('sales_shop_daily')
    .select((eb) => [eb.fn.sum<number>('net_sales_cents').as('cents'), eb.fn.sum<number>('transactions').as('transactions')])
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  expect({ cents: Number(stored.cents), transactions: Number(stored.transactions) }).toEqual({ cents: totals.netSalesCents, transactions: 200_000 });
  const again = await db.selectFrom('pos_uploads').select('attempts').where('customer_id', '=', customerId).where('id', '=', large).executeTakeFirstOrThrow();
  expect(again.attempts).toBe(2);
  await stopServer('SIGTERM');
});
