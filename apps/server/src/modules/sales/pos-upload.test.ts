import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  LOCALES,
  type MessageKey,
  type MessageParams,
  POS_EXAMPLE_ORDER_NUMBER,
  POS_LIMITS,
  type PosUploadRow,
  RoleId,
  SALES_FIELDS,
  type SalesTemplateResponse,
  translateMessage,
} from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  buildOrg,
  buildRoleWithout,
  buildShop,
  buildUser,
  countRows,
  download,
  fixture,
  postFiles,
  type Session,
  sheetRows,
  signIn,
  signInWithRole,
  uploaderFor,
} from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, postersFor, type TestApp } from '../../../test/harness.ts';
import { waitForUploads, writeLargePosFile } from '../../../test/support/sales.ts';
import { BOMB_SHEET_BYTES, memoryGrowthWhile, zipBombs } from '../../../test/zip-packages.ts';
import { newId } from '../../platform/ids.ts';
import { createJobQueue } from '../../platform/jobs/jobs.ts';
import { storedNameOf } from './pos-files.ts';
import { POS_IMPORT_JOB, type PosImportPayload, posImportConcurrencyKey } from './pos-import.job.ts';
import { createPosImporter } from './sales.module.ts';
import { defaultTemplate } from './sales-template.ts';

let t: TestApp;
let demo: { customerId: string; rootOrgId: string };
let other: { customerId: string; rootOrgId: string };
let shops: { pos1: string; pos2: string; pos3: string };
let admin: Session;
let colleague: Session;
let observer: Session;
let south: Session;
let noManage: Session;
let noUpload: Session;
let outsider: Session;
let adminName: string;

const fx = (name: string) => ({ name, content: fixture(`pos/${name}`) });
const upload = uploaderFor(() => t.app, '/api/pos/upload', 'pos/');
const { post } = postersFor(() => t.app);

/** Uploads files and waits for their imports to end. */
async function imported(session: Session, names: readonly string[]): Promise<PosUploadRow[]> {
  const response = await upload(session, names);
  expect(response.body.status, response.body.msg).toBe(200);
  const ids = (response.body.data as { uploads: { uploadId: string }[] }).uploads.map((row) => row.uploadId);
  return waitForUploads(t.app, admin, ids);
}

async function listRow(session: Session, uploadId: string, lang?: string): Promise<PosUploadRow | undefined> {
  const response = await post(session, '/api/pos/list', { uploadIds: [uploadId] }, lang);
  return (response.body.data as { list: PosUploadRow[] }).list[0];
}

async function errorsOf(session: Session, uploadId: string, lang?: string) {
  const response = await post(session, '/api/pos/errorRows', { uploadId, pageSize: 100 }, lang);
  expect(response.body.status, response.body.msg).toBe(200);
  return (response.body.data as { list: { row: number; column: string; message: string }[] }).list;
}

/** Every language's error list says the message of that language at that row. */
async function expectRowError(uploadId: string, row: number, column: string, key: MessageKey, params?: MessageParams) {
  for (const lang of LOCALES) {
    const errors = await errorsOf(admin, uploadId, lang);
    expect(errors, `${key} at row ${row} in ${lang}`).toContainEqual({ row, column, message: translateMessage(lang, key, params) });
  }
}

const ordersOf = (customerId: string) => t.db.selectFrom('pos_orders').selectAll().where('customer_id', '=', customerId).orderBy('order_number').execute();
const dailyOf = (customerId: string, shopId: string, date: string) =>
  t.db
    .selectFrom('sales_shop_daily')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('shop_id', '=', shopId)
    .where('local_date', '=', date)
    .executeTakeFirst();

/** A failed upload of the admin's that has row errors (the wrong-header file), seen from elsewhere. */
async function adminsFailedUpload(): Promise<string> {
  const page = (await post(admin, '/api/pos/list', { keyword: 'wrong-header' })).body.data as { list: PosUploadRow[] };
  const id = page.list[0]?.uploadId;
  if (!id) throw new Error('the wrong-header upload is missing');
  return id;
}

function leftoverParts(): string[] {
  const directory = path.join(t.config.dataDir, 'pos', demo.customerId);
  return fs.existsSync(directory) ? fs.readdirSync(directory).filter((name) => name.endsWith('.part')) : [];
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await buildCustomer(t.db, 'POS Co');
  other = await buildCustomer(t.db, 'Other POS Co');
  const north = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'North');
  const southOrg = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'South');
  shops = {
    pos1: await buildShop(t.db, demo.customerId, north, { number: 'POS-1', timeZone: 'Asia/Shanghai' }),
    pos2: await buildShop(t.db, demo.customerId, north, { number: 'POS-2', timeZone: 'Asia/Seoul' }),
    pos3: await buildShop(t.db, demo.customerId, southOrg, { number: 'POS-3' }),
  };
  // The other customer has a store with the same number: nothing of ours may reach it, nor theirs us.
  await buildShop(t.db, other.customerId, other.rootOrgId, { number: 'POS-1' });
  const adminUser = await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.superManager }]);
  admin = await signIn(t.app, adminUser.loginName, demo.customerId);
  adminName = 'Test User';
  colleague = await signInWithRole(t.app, t.db, demo.customerId, RoleId.manager);
  observer = await signInWithRole(t.app, t.db, demo.customerId, RoleId.observer);
  south = await signIn(
    t.app,
    (await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.branchManage, orgId: southOrg }])).loginName,
    demo.customerId,
  );
  noManage = await signInWithRole(t.app, t.db, demo.customerId, await buildRoleWithout(t.db, demo.customerId, ['cueretail_pos_upload_manage']));
  noUpload = await signInWithRole(t.app, t.db, demo.customerId, await buildRoleWithout(t.db, demo.customerId, ['pos_upload']));
  outsider = await signInWithRole(t.app, t.db, other.customerId, RoleId.superManager);
});
afterAll(async () => t.close());

describe('the sales template', () => {
  it('is every column by default, headers in the caller language, with the upload caps', async () => {
    for (const lang of LOCALES) {
      const template = (await post(admin, '/api/salesTemplate/getConfig', undefined, lang)).body.data as SalesTemplateResponse;
      expect(template.isDefault).toBe(true);
      expect(template.columns.map((column) => column.field)).toEqual([...SALES_FIELDS]);
      expect(template.columns.map((column) => column.header)).toEqual(defaultTemplate(lang).map((column) => column.header));
      expect(template.columns.find((column) => column.field === 'date')?.header).toBe(translateMessage(lang, 'pos.colDate'));
      expect(template.columns.filter((column) => column.required).map((column) => column.field)).toEqual([
        'shopNumber',
        'orderNumber',
        'date',
        'quantity',
        'amount',
      ]);
      expect(template.limits).toEqual({ maxBytes: 40 * 1024 * 1024, maxFiles: 10, maxRows: 200_000 });
    }
  });

  it('downloads as the matching .xlsx with an example row the import skips and the rules in a notes sheet', async () => {
    for (const lang of LOCALES) {
      const file = await download(t.app, 'GET', '/api/salesTemplate/download', undefined, { ...admin, lang });
      expect(file.http).toBe(200);
      expect(String(file.headers['content-disposition'])).toContain('sales-template.xlsx');
      const [header, ...rows] = await sheetRows(file.content);
      expect(header).toEqual(defaultTemplate(lang).map((column) => column.header));
      expect(rows).toEqual([['SH-001', POS_EXAMPLE_ORDER_NUMBER, '2026/03/01', '14:35', '2', '199', 'card', '2']]);
      // The second sheet (never read by the import) states the rules the import applies, in the reader's language.
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.content as unknown as ArrayBuffer);
      const notes = workbook.worksheets[1];
      expect(notes?.name).toBe(translateMessage(lang, 'pos.notesSheet'));
      const texts: string[] = [];
      notes?.eachRow((row) => {
        texts.push(...(row.values as unknown[]).filter((value): value is string => typeof value === 'string'));
      });
      for (const [key, params] of [
        ['pos.ruleAmount', { digits: POS_LIMITS.amountDigits }],
        ['pos.ruleQuantity', { decimals: POS_LIMITS.quantityDecimals, digits: POS_LIMITS.quantityDigits }],
        ['pos.ruleDate', undefined],
        ['pos.ruleTime', undefined],
        ['pos.ruleOrderNumber', { max: POS_LIMITS.orderNumberMaxChars }],
        ['pos.rulePaymentType', { max: POS_LIMITS.paymentTypeMaxChars }],
        ['pos.ruleItemCount', { max: POS_LIMITS.itemCountMax }],
        ['pos.ruleFile', { mb: 40, rows: POS_LIMITS.maxRows, files: POS_LIMITS.maxFiles }],
        ['pos.ruleExample', { example: POS_EXAMPLE_ORDER_NUMBER }],
      ] as const) {
        expect(texts, `${key} in ${lang}`).toContain(translateMessage(lang, key, params));
      }
    }
    // Uploaded as is: the example is no data, so the file is empty ('Incorrect file content'), not a row error.
    const template = await download(t.app, 'GET', '/api/salesTemplate/download', undefined, admin);
    const response = await upload(admin, 'sales-template.xlsx', template.content);
    const [row] = await waitForUploads(t.app, admin, [(response.body.data as { uploads: { uploadId: string }[] }).uploads[0]?.uploadId ?? '']);
    expect(row).toMatchObject({ status: 'failed', errorRows: 0 });
    for (const lang of LOCALES) expect((await listRow(admin, row?.uploadId ?? '', lang))?.failure).toBe(translateMessage(lang, 'errors.incorrectFileContent'));

    // Filled in place below the example: the example is skipped, the person's row imports.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.content as unknown as ArrayBuffer);
    workbook.worksheets[0]?.addRow(['POS-3', 'TPL-0001', '2026/02/10', '10:15', 1, 25.5, 'cash', 1]);
    const filled = await upload(admin, 'filled-template.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const [done] = await waitForUploads(t.app, admin, [(filled.body.data as { uploads: { uploadId: string }[] }).uploads[0]?.uploadId ?? '']);
    expect(done).toMatchObject({ status: 'completed', rows: 1, importedRows: 1, firstDate: '2026-02-10', lastDate: '2026-02-10', shopCount: 1 });
    expect((await ordersOf(demo.customerId)).filter((order) => order.order_number === 'TPL-0001' || order.order_number === POS_EXAMPLE_ORDER_NUMBER)).toEqual([
      expect.objectContaining({ order_number: 'TPL-0001', shop_id: shops.pos3, amount_cents: 2550 }),
    ]);
  });

  it('refuses a template without a required column or with a header twice', async () => {
    const columns = defaultTemplate('en');
    const withoutAmount = columns.map((column) => (column.field === 'amount' ? { ...column, enabled: false } : column));
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/salesTemplate/saveConfig', { columns: withoutAmount }, lang),
      'pos.requiredColumn',
      { column: 'Amount' },
      400,
    );
    const twice = columns.map((column) => (column.field === 'paymentType' ? { ...column, header: 'Order number' } : column));
    await expectMessageInAllLanguages(
      (lang) => post(admin, '/api/salesTemplate/saveConfig', { columns: twice }, lang),
      'pos.duplicateHeader',
      { header: 'Order number' },
      400,
    );
    // Another field's default name (in any language) would make a file's header ambiguous.
    const ambiguous = columns.map((column) => (column.field === 'amount' ? { ...column, header: '数量' } : column));
    expect((await post(admin, '/api/salesTemplate/saveConfig', { columns: ambiguous })).body.msg).toBe(
      translateMessage('en', 'pos.duplicateHeader', { header: '数量' }),
    );
    const missing = columns.slice(1);
    expect((await post(admin, '/api/salesTemplate/saveConfig', { columns: missing })).body.status).toBe(400);
    expect(((await post(admin, '/api/salesTemplate/getConfig')).body.data as SalesTemplateResponse).isDefault).toBe(true);
  });

  it('saves a custom template (own headers, own order, optional columns off) and imports files made to it', async () => {
    const custom = [
      { field: 'date', header: 'Datum', enabled: true },
      { field: 'shopNumber', header: 'Filiale', enabled: true },
      { field: 'orderNumber', header: 'Beleg', enabled: true },
      { field: 'amount', header: 'Betrag', enabled: true },
      { field: 'quantity', header: 'Menge', enabled: true },
      { field: 'time', header: 'Uhrzeit', enabled: false },
      { field: 'paymentType', header: 'Zahlart', enabled: false },
      { field: 'itemCount', header: 'Stück', enabled: false },
    ];
    const saved = await post(admin, '/api/salesTemplate/saveConfig', { columns: custom });
    expect(saved.body.status, saved.body.msg).toBe(200);
    expect((saved.body.data as SalesTemplateResponse).isDefault).toBe(false);
    const template = (await post(colleague, '/api/salesTemplate/getConfig')).body.data as SalesTemplateResponse;
    expect(template.columns.map((column) => [column.field, column.header, column.enabled])).toEqual(
      custom.map((column) => [column.field, column.header, column.enabled]),
    );
    const file = await download(t.app, 'GET', '/api/salesTemplate/download', undefined, admin);
    expect((await sheetRows(file.content))[0]).toEqual(['Datum', 'Filiale', 'Beleg', 'Betrag', 'Menge']);

    const [row] = await imported(admin, ['pos-custom.xlsx']);
    expect(row).toMatchObject({ status: 'completed', rows: 2, importedRows: 2, firstDate: '2026-03-07', lastDate: '2026-03-07', shopCount: 2 });
    // A default-template file no longer matches: time, payment type and item count are not in this template.
    const [refused] = await imported(admin, ['pos-zh-header.xlsx']);
    expect(refused?.status).toBe('failed');
    expect(refused?.failure).toBe(translateMessage('en', 'errors.importHeader'));

    const restored = await post(admin, '/api/salesTemplate/saveConfig', { columns: defaultTemplate('en') });
    expect(restored.body.status).toBe(200);
  });

  it('needs cueretail_pos_upload_manage to read and pos_upload as well to change; the observer is barred', async () => {
    const denied = translateMessage('en', 'errors.noAuthority');
    for (const session of [observer, noManage]) {
      expect((await post(session, '/api/salesTemplate/getConfig')).body.msg).toBe(denied);
      expect((await download(t.app, 'GET', '/api/salesTemplate/download', undefined, session)).json().status).toBe(403);
      expect((await post(session, '/api/pos/list', {})).body.status).toBe(403);
    }
    expect((await post(noUpload, '/api/salesTemplate/getConfig')).body.status).toBe(200);
    expect((await post(noUpload, '/api/pos/list', {})).body.status).toBe(200);
    for (const session of [observer, noManage, noUpload]) {
      expect((await post(session, '/api/salesTemplate/saveConfig', { columns: defaultTemplate('en') })).body.status).toBe(403);
      expect((await upload(session, ['pos-valid.xlsx'])).body.status).toBe(403);
      expect((await post(session, '/api/pos/audit', { uploadIds: ['x'] })).body.status).toBe(403);
    }
  });
});

describe('uploading and importing POS files (LibreOffice-made .xlsx)', () => {
  let validUpload: PosUploadRow;

  it('imports a valid file: orders, daily and hourly rollups, the list row', async () => {
    const response = await upload(admin, ['pos-valid.xlsx']);
    expect(response.body).toMatchObject({ status: 200, data: { uploads: [{ fileName: 'pos-valid.xlsx', status: 'waiting' }] } });
    const [row] = await waitForUploads(t.app, admin, [(response.body.data as { uploads: { uploadId: string }[] }).uploads[0]?.uploadId ?? '']);
    validUpload = row as PosUploadRow;
    expect(validUpload).toMatchObject({
      status: 'completed',
      progress: 100,
      rows: 8,
      importedRows: 8,
      errorRows: 0,
      failure: null,
      firstDate: '2026-03-02',
      lastDate: '2026-03-03',
      shopCount: 2,
      size: fixture('pos/pos-valid.xlsx').length,
      uploaderName: adminName,
      auditState: 'unreviewed',
    });
    const orders = await ordersOf(demo.customerId);
    expect(orders.filter((order) => order.order_number.startsWith('V-')).map((order) => [order.order_number, order.amount_cents, order.minute_of_day])).toEqual(
      [
        ['V-0001', 19900, 555],
        ['V-0002', 5990, 580],
        ['V-0003', 12050, 845],
        ['V-0004', 1000, null],
        ['V-0005', 30000, 600],
        ['V-0006', -5990, 630],
        ['V-0007', 120000, 660],
        ['V-0008', 100525, 680],
      ],
    );
    expect(await dailyOf(demo.customerId, shops.pos1, '2026-03-02')).toMatchObject({
      net_sales_cents: 38940,
      transactions: 4,
      returns: 0,
      units_milli: 7500,
      items: 6,
      // baskets 2, 1, 3 and 1 (no item count: its quantity)
      basket_b0: 2,
      basket_b1: 1,
      basket_b2: 1,
    });
    expect(await dailyOf(demo.customerId, shops.pos1, '2026-03-03')).toMatchObject({
      net_sales_cents: 24010,
      transactions: 1,
      returns: 1,
      units_milli: 5000,
      basket_b5: 1,
    });
    expect(await dailyOf(demo.customerId, shops.pos2, '2026-03-02')).toMatchObject({ net_sales_cents: 220525, transactions: 2, basket_b6: 1, basket_b0: 1 });
    const hours = await t.db
      .selectFrom('sales_shop_hourly')
      .select(['hour', 'net_sales_cents', 'transactions'])
      .where('customer_id', '=', demo.customerId)
      .where('shop_id', '=', shops.pos1)
      .where('local_date', '=', '2026-03-02')
      .orderBy('hour')
      .execute();
    expect(hours.map((hour) => [hour.hour, Number(hour.net_sales_cents), hour.transactions])).toEqual([
      [-1, 1000, 1],
      [9, 25890, 2],
      [14, 12050, 1],
    ]);
    expect(leftoverParts()).toEqual([]);
  });

  it('reads dates kept as date cells and times as time cells', async () => {
    const [row] = await imported(admin, ['pos-date-cells.xlsx']);
    expect(row).toMatchObject({ status: 'completed', importedRows: 3, firstDate: '2026-03-04', lastDate: '2026-03-05' });
    const orders = (await ordersOf(demo.customerId)).filter((order) => order.order_number.startsWith('D-'));
    expect(orders.map((order) => [order.order_number, order.local_date, order.minute_of_day])).toEqual([
      ['D-0001', '2026-03-04', 540],
      ['D-0002', '2026-03-04', 1110],
      ['D-0003', '2026-03-05', 765],
    ]);
  });

  it('reads only the first sheet, and a header in another language', async () => {
    const [first, chinese] = await imported(admin, ['pos-two-sheets.xlsx', 'pos-zh-header.xlsx']);
    expect(first, JSON.stringify(first)).toMatchObject({ status: 'completed', rows: 1, importedRows: 1 });
    expect(chinese, JSON.stringify(chinese)).toMatchObject({ status: 'completed', rows: 1, importedRows: 1 });
    expect((await ordersOf(demo.customerId)).find((order) => order.order_number === 'Z-0001')?.payment_type).toBe('支付宝');
  });

  it('replaces the data of a shop and date with a later upload; files of one request in their order', async () => {
    const before = await dailyOf(demo.customerId, shops.pos1, '2026-03-03');
    const [again, replacement] = await imported(admin, ['pos-valid.xlsx', 'pos-replace.xlsx']);
    expect(again?.status).toBe('completed');
    expect(replacement).toMatchObject({ status: 'completed', importedRows: 3, firstDate: '2026-03-02', lastDate: '2026-03-02', shopCount: 1 });
    const orders = (await ordersOf(demo.customerId)).filter((order) => order.shop_id === shops.pos1 && order.local_date === '2026-03-02');
    // The same order numbers come back (V-0001, V-0002); V-0003 and V-0004 are gone with the day.
    expect(orders.map((order) => [order.order_number, Number(order.amount_cents)])).toEqual([
      ['R-0001', 40000],
      ['V-0001', 21000],
      ['V-0002', 4000],
    ]);
    expect(await dailyOf(demo.customerId, shops.pos1, '2026-03-02')).toMatchObject({
      net_sales_cents: 65000,
      transactions: 3,
      upload_id: replacement?.uploadId,
    });
    // Dates the later file does not hold keep the earlier data.
    expect(await dailyOf(demo.customerId, shops.pos1, '2026-03-03')).toMatchObject({ net_sales_cents: before?.net_sales_cents, upload_id: again?.uploadId });
    expect(await dailyOf(demo.customerId, shops.pos2, '2026-03-02')).toMatchObject({ net_sales_cents: 220525 });

    // The list says which uploads were replaced, by which file, and what each still provides (issue 11).
    // pos-valid.xlsx holds 3 store-days: POS-1 on 2 and 3 March, POS-2 on 2 March.
    expect((await listRow(admin, validUpload.uploadId))?.superseded).toEqual({
      full: true,
      storeDays: 3,
      remaining: { storeDays: 0, shops: 0, firstDate: null, lastDate: null },
      by: [{ uploadId: again?.uploadId, fileName: 'pos-valid.xlsx', uploadedAt: again?.uploadedAt, finishedAt: again?.finishedAt, storeDays: 3 }],
    });
    expect((await listRow(admin, again?.uploadId ?? ''))?.superseded).toEqual({
      full: false,
      storeDays: 3,
      remaining: { storeDays: 2, shops: 2, firstDate: '2026-03-02', lastDate: '2026-03-03' },
      by: [
        {
          uploadId: replacement?.uploadId,
          fileName: 'pos-replace.xlsx',
          uploadedAt: replacement?.uploadedAt,
          finishedAt: replacement?.finishedAt,
          storeDays: 1,
        },
      ],
    });
    expect((await listRow(admin, replacement?.uploadId ?? ''))?.superseded).toBeNull();
  });

  let badUpload: PosUploadRow;
  it('refuses a file with bad rows as a whole, naming the row, the column and the problem', async () => {
    const ordersBefore = await countRows(t.db, 'pos_orders');
    const [row] = await imported(admin, ['pos-bad-rows.xlsx']);
    badUpload = row as PosUploadRow;
    expect(badUpload, JSON.stringify(badUpload.failure)).toMatchObject({ status: 'failed', rows: 19, importedRows: 0, errorRows: 18 });
    for (const lang of LOCALES) {
      expect((await listRow(admin, badUpload.uploadId, lang))?.failure).toBe(translateMessage(lang, 'errors.importRows', { count: 18 }));
    }
    expect(await countRows(t.db, 'pos_orders')).toBe(ordersBefore);

    const id = badUpload.uploadId;
    await expectRowError(id, 2, 'Date', 'pos.dateFormat');
    await expectRowError(id, 3, 'Date', 'pos.dateFormat');
    await expectRowError(id, 4, 'Time', 'pos.timeFormat');
    await expectRowError(id, 5, 'Quantity', 'pos.quantityFormat', { decimals: 3 });
    await expectRowError(id, 6, 'Quantity', 'pos.quantityFormat', { decimals: 3 });
    await expectRowError(id, 7, 'Quantity', 'pos.numberLength', { digits: 9 });
    await expectRowError(id, 8, 'Amount', 'pos.amountFormat');
    await expectRowError(id, 9, 'Amount', 'pos.amountFormat');
    await expectRowError(id, 10, 'Amount', 'pos.numberLength', { digits: 12 });
    await expectRowError(id, 11, 'Store number', 'pos.unknownShop');
    await expectRowError(id, 12, 'Order number', 'validation.required');
    await expectRowError(id, 13, 'Order number', 'validation.maxChars', { n: 64 });
    await expectRowError(id, 15, 'Order number', 'import.duplicateInFile', { row: 14 });
    await expectRowError(id, 16, 'Order number', 'pos.orderNumberExists');
    await expectRowError(id, 17, 'Payment type', 'validation.maxChars', { n: 32 });
    await expectRowError(id, 18, 'Item count', 'pos.itemCountFormat');
    await expectRowError(id, 19, 'Quantity', 'validation.required');
    await expectRowError(id, 20, 'Date', 'validation.required');
    expect((await errorsOf(admin, id)).some((error) => error.row === 14)).toBe(false);

    const report = await download(t.app, 'GET', `/api/pos/downloadErrorReport?uploadId=${id}`, undefined, { ...admin, lang: 'zh' });
    expect(report.http).toBe(200);
    expect(String(report.headers['content-disposition'])).toContain('pos-bad-rows-errors.xlsx');
    const [header, ...rows] = await sheetRows(report.content);
    expect(header).toEqual([translateMessage('zh', 'import.row'), translateMessage('zh', 'import.column'), translateMessage('zh', 'import.message')]);
    expect(rows).toHaveLength(18);
    expect(rows[0]).toEqual(['2', 'Date', translateMessage('zh', 'pos.dateFormat')]);
  });

  it('refuses a header that is not the template, naming the unknown and the missing columns', async () => {
    const [row] = await imported(admin, ['pos-wrong-header.xlsx']);
    expect(row).toMatchObject({ status: 'failed', rows: null, errorRows: 0 });
    for (const lang of LOCALES) expect((await listRow(admin, row?.uploadId ?? '', lang))?.failure).toBe(translateMessage(lang, 'errors.importHeader'));
    const id = row?.uploadId ?? '';
    await expectRowError(id, 1, 'Store', 'pos.unknownColumn', { header: 'Store' });
    await expectRowError(id, 1, 'Day', 'pos.unknownColumn', { header: 'Day' });
    await expectRowError(id, 1, 'Cashier', 'pos.unknownColumn', { header: 'Cashier' });
    await expectRowError(id, 1, 'Store number', 'pos.missingColumn');
    await expectRowError(id, 1, 'Date', 'pos.missingColumn');
  });

  it('refuses a file with a header and no rows: "Incorrect file content"', async () => {
    const [row] = await imported(admin, ['pos-empty.xlsx']);
    expect(row).toMatchObject({ status: 'failed', rows: 0 });
    for (const lang of LOCALES) expect((await listRow(admin, row?.uploadId ?? '', lang))?.failure).toBe(translateMessage(lang, 'errors.incorrectFileContent'));
    expect((await download(t.app, 'GET', `/api/pos/downloadErrorReport?uploadId=${row?.uploadId}`, undefined, admin)).json().status).toBe(404);
  });

  it('refuses at once what is not a plain .xlsx, over a cap, or missing; nothing is queued or left behind', async () => {
    const uploadsBefore = await countRows(t.db, 'pos_uploads');
    await expectMessageInAllLanguages((lang) => upload(admin, 'pos-protected.xlsx', undefined, lang), 'pos.passwordProtected', undefined, 422);
    await expectMessageInAllLanguages((lang) => upload(admin, 'pos-legacy.xls', undefined, lang), 'pos.xlsxOnly', undefined, 422);
    expect((await upload(admin, ['pos-legacy-renamed.xlsx'])).body.msg).toBe(translateMessage('en', 'pos.xlsxOnly'));
    // One bad file refuses the request: the good file before it is not queued either.
    const mixed = await upload(admin, ['pos-valid.xlsx', 'pos-protected.xlsx']);
    expect(mixed.body).toMatchObject({ status: 422, data: { fileName: 'pos-protected.xlsx' } });
    for (const content of [Buffer.alloc(0), Buffer.from('order,amount\n1,2\n')]) {
      await expectMessageInAllLanguages(
        (lang) => postFiles(t.app, '/api/pos/upload', [{ name: 'sales.xlsx', content }], { ...admin, lang }),
        'errors.incorrectFileContent',
        undefined,
        422,
      );
    }
    const eleven = Array.from({ length: POS_LIMITS.maxFiles + 1 }, () => fx('pos-valid.xlsx'));
    await expectMessageInAllLanguages((lang) => postFiles(t.app, '/api/pos/upload', eleven, { ...admin, lang }), 'pos.tooManyFiles', { max: 10 }, 422);
    const huge = Buffer.alloc(POS_LIMITS.maxBytes + 1024, 0x41);
    const tooLarge = await postFiles(t.app, '/api/pos/upload', [{ name: 'huge.xlsx', content: huge }], { ...admin, lang: 'jp' });
    expect(tooLarge.body).toMatchObject({ status: 422, msg: translateMessage('jp', 'errors.fileTooLarge'), data: { fileName: 'huge.xlsx' } });
    expect((await post(admin, '/api/pos/upload', {})).body.msg).toBe(translateMessage('en', 'errors.importNoFile'));
    expect((await postFiles(t.app, '/api/pos/upload', [], admin)).body.msg).toBe(translateMessage('en', 'errors.importNoFile'));
    expect(await countRows(t.db, 'pos_uploads')).toBe(uploadsBefore);
    expect(leftoverParts()).toEqual([]);
  });

  it('refuses a file over 200,000 rows (written by a streaming spreadsheet writer)', { timeout: 180_000 }, async () => {
    const file = path.join(os.tmpdir(), `pos-over-${newId()}.xlsx`);
    await writeLargePosFile(file, { rows: POS_LIMITS.maxRows + 1, shopNumbers: ['POS-1'], dates: ['2026-04-01'], prefix: 'OVER' });
    try {
      const response = await postFiles(t.app, '/api/pos/upload', [{ name: 'over.xlsx', content: fs.readFileSync(file) }], admin);
      const [row] = await waitForUploads(t.app, admin, [(response.body.data as { uploads: { uploadId: string }[] }).uploads[0]?.uploadId ?? ''], 150_000);
      expect(row).toMatchObject({ status: 'failed', failure: translateMessage('en', 'errors.importTooManyRows', { max: 200_000 }) });
      expect((await ordersOf(demo.customerId)).some((order) => order.order_number.startsWith('OVER'))).toBe(false);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it('re-uploads a corrected file into a failed upload, and only into a failed one', async () => {
    const reupload = (uploadId: string, name: string, lang?: string) =>
      postFiles(t.app, '/api/pos/reupload', [fx(name)], { ...colleague, fields: { uploadId }, ...(lang ? { lang } : {}) });
    const response = await reupload(badUpload.uploadId, 'pos-two-sheets.xlsx');
    expect(response.body).toMatchObject({
      status: 200,
      data: { uploads: [{ uploadId: badUpload.uploadId, fileName: 'pos-two-sheets.xlsx', status: 'waiting' }] },
    });
    const [row] = await waitForUploads(t.app, admin, [badUpload.uploadId]);
    expect(row).toMatchObject({ status: 'completed', fileName: 'pos-two-sheets.xlsx', importedRows: 1, errorRows: 0, failure: null });
    expect(await errorsOf(admin, badUpload.uploadId)).toEqual([]);
    await expectMessageInAllLanguages((lang) => reupload(validUpload.uploadId, 'pos-valid.xlsx', lang), 'pos.notFailed', undefined, 422);
    expect((await reupload('no-such-upload', 'pos-valid.xlsx')).body.status).toBe(404);
    expect(leftoverParts()).toEqual([]);
  });

  it('audits completed uploads only', async () => {
    const failed = (await imported(admin, ['pos-empty.xlsx']))[0] as PosUploadRow;
    await expectMessageInAllLanguages(
      (lang) => post(colleague, '/api/pos/audit', { uploadIds: [validUpload.uploadId, failed.uploadId] }, lang),
      'pos.notCompleted',
      undefined,
      422,
    );
    expect((await listRow(admin, validUpload.uploadId))?.auditState).toBe('unreviewed');
    expect((await post(colleague, '/api/pos/audit', { uploadIds: [validUpload.uploadId] })).body.status).toBe(200);
    const audited = await listRow(admin, validUpload.uploadId);
    expect(audited).toMatchObject({ auditState: 'audited', auditedBy: 'Test User' });
    expect(audited?.auditedAt).not.toBeNull();
    const page = (await post(admin, '/api/pos/list', { auditState: 'audited' })).body.data as { total: number; list: PosUploadRow[] };
    expect(page.list.map((row) => row.uploadId)).toEqual([validUpload.uploadId]);
    const failedOnes = (await post(admin, '/api/pos/list', { status: 'failed', keyword: 'empty' })).body.data as { list: PosUploadRow[] };
    expect(failedOnes.list.every((row) => row.status === 'failed' && row.fileName === 'pos-empty.xlsx')).toBe(true);
  });
});

describe('data scope and customers', () => {
  it("imports only for the uploader's stores; a scoped uploader lists their own uploads only", async () => {
    // The South manager sees POS-3 only: POS-1 and POS-2 are unknown store numbers to them.
    const response = await upload(south, ['pos-valid.xlsx']);
    const uploadId = (response.body.data as { uploads: { uploadId: string }[] }).uploads[0]?.uploadId ?? '';
    const [row] = await waitForUploads(t.app, south, [uploadId]);
    expect(row).toMatchObject({ status: 'failed', errorRows: 8 });
    expect((await errorsOf(south, uploadId)).every((error) => error.message === translateMessage('en', 'pos.unknownShop'))).toBe(true);
    const own = (await post(south, '/api/pos/list', {})).body.data as { total: number; list: PosUploadRow[] };
    expect(own.list.map((item) => item.uploadId)).toEqual([uploadId]);
    const adminsUpload = await adminsFailedUpload();
    expect((await post(south, '/api/pos/errorRows', { uploadId: adminsUpload })).body.status).toBe(404);
    expect((await download(t.app, 'GET', `/api/pos/downloadErrorReport?uploadId=${adminsUpload}`, undefined, south)).json().status).toBe(404);
    expect((await post(admin, '/api/pos/list', { uploadIds: [uploadId] })).body.data).toMatchObject({ total: 1 });
  });

  it("never shows or touches another customer's uploads, and order numbers are unique per customer", async () => {
    const ours = await countRows(t.db, 'pos_orders');
    const response = await upload(outsider, ['pos-valid.xlsx']);
    const uploadId = (response.body.data as { uploads: { uploadId: string }[] }).uploads[0]?.uploadId ?? '';
    const [row] = await waitForUploads(t.app, outsider, [uploadId]);
    // Their POS-1 rows import (the same order numbers as ours are theirs to use); POS-2 is not their store.
    // The whole row on failure: an intermittent refusal of this file under CI load (errorRows 0) is still unexplained.
    expect(row, JSON.stringify(row)).toMatchObject({ status: 'failed', errorRows: 2 });
    const list = (await post(outsider, '/api/pos/list', {})).body.data as { list: PosUploadRow[] };
    expect(list.list.map((item) => item.uploadId)).toEqual([uploadId]);
    const foreign = await adminsFailedUpload();
    expect((await post(outsider, '/api/pos/errorRows', { uploadId: foreign })).body.status).toBe(404);
    expect((await post(outsider, '/api/pos/audit', { uploadIds: [foreign] })).body.status).toBe(404);
    expect((await postFiles(t.app, '/api/pos/reupload', [fx('pos-valid.xlsx')], { ...outsider, fields: { uploadId: foreign } })).body.status).toBe(404);
    expect((await download(t.app, 'GET', `/api/pos/downloadErrorReport?uploadId=${foreign}`, undefined, outsider)).json().status).toBe(404);
    expect(await countRows(t.db, 'pos_orders')).toBe(ours);
  });
});

describe('the import job', () => {
  const stuck = async (overrides: { attempts: number; withFile: boolean; status?: 'waiting' | 'uploading' }) => {
    const id = newId();
    const storedName = storedNameOf(demo.customerId, id);
    if (overrides.withFile) {
      fs.mkdirSync(path.dirname(path.join(t.config.dataDir, storedName)), { recursive: true });
      fs.copyFileSync(path.join(import.meta.dirname, '../../../test/fixtures/pos/pos-replace.xlsx'), path.join(t.config.dataDir, storedName));
    }
    // What a process that died mid-import leaves behind: 'uploading', a heartbeat that stopped long ago.
    await t.db
      .insertInto('pos_uploads')
      .values({
        customer_id: demo.customerId,
        id,
        batch_id: newId(),
        user_id: null,
        file_name: 'stuck.xlsx',
        size_bytes: 1,
        stored_name: storedName,
        template: JSON.stringify(defaultTemplate('en')),
        status: overrides.status ?? 'uploading',
        progress: 40,
        rows_total: null,
        imported_rows: 0,
        error_rows: 0,
        errors: '[]',
        failure: null,
        attempts: overrides.attempts,
        worker_id: 'a-dead-process',
        heartbeat_at: '2020-01-01T00:00:00.000Z',
        uploaded_at: '2020-01-01T00:00:00.000Z',
        started_at: '2020-01-01T00:00:00.000Z',
        finished_at: null,
        first_date: null,
        last_date: null,
        shop_count: 0,
        audit_state: 'unreviewed',
        audited_by: null,
        audited_at: null,
      })
      .execute();
    // Its import job, as the dead process left it: running, the heartbeat long stopped.
    const jobId = await createJobQueue(t.db).enqueue<PosImportPayload>(
      POS_IMPORT_JOB,
      { uploadId: id },
      { customerId: demo.customerId, concurrencyKey: posImportConcurrencyKey(demo.customerId), runAt: new Date('2020-01-01T00:00:00.000Z') },
    );
    if ((overrides.status ?? 'uploading') === 'uploading') {
      await t.db
        .updateTable('jobs')
        .set({ status: 'running', attempts: overrides.attempts, locked_by: 'a-dead-process', heartbeat_at: '2020-01-01T00:00:00.000Z' })
        .where('id', '=', jobId ?? '')
        .execute();
    }
    return id;
  };

  it('resumes an import a dead process left behind, or fails it with the reason after 3 attempts; stored data stays', async () => {
    const before = await dailyOf(demo.customerId, shops.pos1, '2026-03-02');
    const exhausted = await stuck({ attempts: 3, withFile: true });
    // A restarted server's worker looks for abandoned imports first.
    const { worker } = createPosImporter({ db: t.db, dataDir: t.config.dataDir });
    expect(await worker.recover()).toBeGreaterThanOrEqual(1);
    const [failed] = await waitForUploads(t.app, admin, [exhausted]);
    expect(failed?.status).toBe('failed');
    for (const lang of LOCALES) expect((await listRow(admin, exhausted, lang))?.failure).toBe(translateMessage(lang, 'pos.interrupted', { attempts: 3 }));
    expect(await dailyOf(demo.customerId, shops.pos1, '2026-03-02')).toEqual(before);

    const resumable = await stuck({ attempts: 1, withFile: true });
    await worker.recover();
    worker.kick();
    await worker.idle();
    const [resumed] = await waitForUploads(t.app, admin, [resumable]);
    expect(resumed).toMatchObject({ status: 'completed', importedRows: 3 });
    expect(await dailyOf(demo.customerId, shops.pos1, '2026-03-02')).toMatchObject({ net_sales_cents: 65000, upload_id: resumable });
    await worker.stop();
  });

  it('fails an upload whose stored file is gone', async () => {
    const id = await stuck({ attempts: 0, withFile: false, status: 'waiting' });
    const [row] = await waitForUploads(t.app, admin, [id]);
    expect(row?.status).toBe('failed');
    for (const lang of LOCALES) expect((await listRow(admin, id, lang))?.failure).toBe(translateMessage(lang, 'pos.fileMissing'));
  });

  it('imports through the same path from a service call (importPosWorkbook, for the demo seed)', async () => {
    const { uploads, worker } = createPosImporter({ db: t.db, dataDir: t.config.dataDir });
    const row = await uploads.importPosWorkbook({
      customerId: demo.customerId,
      userId: null,
      fileName: 'seed.xlsx',
      content: fixture('pos/pos-date-cells.xlsx'),
    });
    expect(row).toMatchObject({ status: 'completed', importedRows: 3, uploaderId: null, uploaderName: null });
    expect((await listRow(admin, row.uploadId))?.fileName).toBe('seed.xlsx');
    await expect(
      uploads.importPosWorkbook({ customerId: demo.customerId, userId: null, fileName: 'seed.xlsx', content: fixture('pos/pos-protected.xlsx') }),
    ).rejects.toMatchObject({ messageKey: 'pos.passwordProtected' });
    await worker.stop();
  });
});

describe('zip bombs', () => {
  // A customer of its own, so these uploads stay out of the lists the tests above read.
  let bombed: { customerId: string; rootOrgId: string };
  let uploader: Session;
  beforeAll(async () => {
    bombed = await buildCustomer(t.db, 'Bombed POS Co');
    await buildShop(t.db, bombed.customerId, bombed.rootOrgId, { number: 'POS-1' });
    uploader = await signInWithRole(t.app, t.db, bombed.customerId, RoleId.superManager);
  });
  const written = async () => ({ uploads: await countRows(t.db, 'pos_uploads'), orders: await countRows(t.db, 'pos_orders') });
  const bombParts = () => {
    const directory = path.join(t.config.dataDir, 'pos', bombed.customerId);
    return fs.existsSync(directory) ? fs.readdirSync(directory) : [];
  };

  it('refuses at once a 0.8 MB file whose sheet unpacks to 800 MB (four in one request too): nothing queued or kept, little memory', async () => {
    const { honest } = await zipBombs();
    const before = await written();
    const growth = await memoryGrowthWhile(async () => {
      await expectMessageInAllLanguages(
        (lang) => postFiles(t.app, '/api/pos/upload', [{ name: 'bomb.xlsx', content: honest }], { ...uploader, lang }),
        'errors.incorrectFileContent',
        undefined,
        422,
      );
      const four = await postFiles(
        t.app,
        '/api/pos/upload',
        [0, 1, 2, 3].map((index) => ({ name: `bomb-${index}.xlsx`, content: honest })),
        uploader,
      );
      expect(four.body).toMatchObject({ status: 422, msg: 'Incorrect file content', data: { fileName: 'bomb-0.xlsx' } });
    });
    expect(growth.rssBytes).toBeLessThan(BOMB_SHEET_BYTES / 8);
    expect(await written()).toEqual(before);
    expect(bombParts()).toEqual([]);
  });

  it('fails the import of bombs whose directory lies (four at once), stopping at the declared size: nothing written, little memory', async () => {
    const { lying } = await zipBombs();
    const orders = await countRows(t.db, 'pos_orders');
    const growth = await memoryGrowthWhile(async () => {
      const response = await postFiles(
        t.app,
        '/api/pos/upload',
        [0, 1, 2, 3].map((index) => ({ name: `lying-${index}.xlsx`, content: lying })),
        uploader,
      );
      expect(response.body.status, response.body.msg).toBe(200);
      return waitForUploads(
        t.app,
        uploader,
        (response.body.data as { uploads: { uploadId: string }[] }).uploads.map((row) => row.uploadId),
      );
    });
    expect(growth.result).toHaveLength(4);
    for (const row of growth.result) expect(row).toMatchObject({ status: 'failed', failure: 'Incorrect file content', importedRows: 0 });
    for (const lang of LOCALES) {
      expect((await listRow(uploader, growth.result[0]?.uploadId ?? '', lang))?.failure).toBe(translateMessage(lang, 'errors.incorrectFileContent'));
    }
    expect(growth.rssBytes).toBeLessThan(BOMB_SHEET_BYTES / 8);
    expect(await countRows(t.db, 'pos_orders')).toBe(orders);
    // The failed imports' stored files are removed like any other.
    expect(bombParts()).toEqual([]);
  });
});
