import { IMPORT_LIMITS, type ImportRefusal, LOCALES, RoleId, type ShopRow, translateMessage } from '@storelens/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildCustomer,
  buildOrg,
  buildShop,
  buildUser,
  countRows,
  download,
  postFiles,
  type Session,
  sheetRows,
  signIn,
  signInWithRole,
  uploaderFor,
} from '../../../test/factories.ts';
import { call, createTestApp, expectMessageInAllLanguages, type TestApp } from '../../../test/harness.ts';
import { BOMB_SHEET_BYTES, largeWorkbook, memoryGrowthWhile, zipBombs } from '../../../test/zip-packages.ts';
import { SPREADSHEET_IMPORT_SLOTS, spreadsheetImportSlots } from '../../platform/files/parse-slots.ts';

let t: TestApp;
let demo: { customerId: string; rootOrgId: string };
let other: { customerId: string; rootOrgId: string };
let admin: Session;
let colleague: Session;
let outsider: Session;

const upload = uploaderFor(() => t.app, '/api/shop/upload');

async function shopsOf(customerId: string) {
  return t.db.selectFrom('shops').selectAll().where('customer_id', '=', customerId).orderBy('number').execute();
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await buildCustomer(t.db, 'Import Co');
  other = await buildCustomer(t.db, 'Other Import Co');
  await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'East', 'FX-EAST');
  await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'West', 'FX-WEST');
  await buildShop(t.db, demo.customerId, demo.rootOrgId, { number: 'EXIST-1' });
  // The other customer has the same codes: an import must never reach them.
  await buildOrg(t.db, other.customerId, other.rootOrgId, 'East', 'FX-EAST');
  admin = await signInWithRole(t.app, t.db, demo.customerId, RoleId.superManager);
  colleague = await signInWithRole(t.app, t.db, demo.customerId, RoleId.superManager);
  outsider = await signInWithRole(t.app, t.db, other.customerId, RoleId.superManager);
});
afterAll(async () => t.close());

describe('the template', () => {
  it('downloads as .xlsx with the headers in the caller language, and imports back as a header', async () => {
    for (const lang of LOCALES) {
      const file = await download(t.app, 'GET', '/api/shop/uploadTemplate', undefined, { ...admin, lang });
      expect(file.http).toBe(200);
      expect(file.headers['content-type']).toContain('spreadsheetml');
      expect(String(file.headers['content-disposition'])).toContain('shops-template.xlsx');
      const [header] = await sheetRows(file.content);
      expect(header?.[0]).toBe(translateMessage(lang, 'import.shopNumber'));
      // 22 columns, then the currency (issue 11), optional so files of the older template still import.
      expect(header).toHaveLength(23);
      expect(header?.[22]).toBe(translateMessage(lang, 'import.currency'));
    }
    // An untouched template has a header and no rows: the import says the file is empty.
    const template = await download(t.app, 'GET', '/api/shop/uploadTemplate', undefined, admin);
    await expectMessageInAllLanguages((lang) => upload(admin, 'template.xlsx', template.content, lang), 'errors.importEmpty', undefined, 422);
  });
});

describe('importing shops (LibreOffice-made .xlsx files)', () => {
  it('imports every row of a valid file with all fields, defaults and a change log', async () => {
    const before = await countRows(t.db, 'shops');
    const response = await upload(admin, 'shops-valid.xlsx');
    expect(response.body).toMatchObject({ status: 200, data: { imported: 3 } });
    expect(await countRows(t.db, 'shops')).toBe(before + 3);
    const page = (await call(t.app, 'POST', '/api/stShop/getList', { keyword: 'FX-00' }, admin)).body.data as { list: ShopRow[] };
    const [bund, gangnam, minimal] = page.list;
    expect(bund).toMatchObject({
      number: 'FX-001',
      name: 'Fixture Bund',
      orgName: 'East',
      province: 'CN-SH',
      city: 'CN-SH-SH',
      district: 'CN-SH-HP',
      latitude: 31.24,
      longitude: 121.49,
      shopType: 'direct',
      floorArea: 220,
      staffCount: 6,
      videoPlaybackHours: '09:00-23:00',
      labels: ['flagship', 'riverside'],
      status: 'open',
    });
    expect(gangnam).toMatchObject({
      orgName: 'West',
      shopType: 'franchise',
      timeZone: 'Asia/Seoul',
      indoorPositioning: true,
      positioningEngine: 'UWB',
      visitInterval: 45,
    });
    // Left empty: the customer's time zone, default hours and visit interval.
    expect(minimal).toMatchObject({
      timeZone: 'Asia/Shanghai',
      businessHours: '10:00-22:00',
      videoPlaybackHours: '10:00-22:00',
      visitInterval: 30,
      province: null,
    });
    const log = (await call(t.app, 'POST', '/api/shop/getShopLogList', { shopId: bund?.shopId }, admin)).body.data as { list: { action: string }[] };
    expect(log.list.map((row) => row.action)).toEqual(['import']);
  });

  it('reads a header written in another language', async () => {
    const response = await upload(admin, 'shops-zh-header.xlsx');
    expect(response.body).toMatchObject({ status: 200, data: { imported: 1 } });
    expect((await shopsOf(demo.customerId)).find((shop) => shop.number === 'FX-101')?.name).toBe('上海静安店');
  });

  it('refuses a file whose header is not the template, in every language, writing nothing', async () => {
    const before = await countRows(t.db, 'shops');
    await expectMessageInAllLanguages((lang) => upload(admin, 'shops-wrong-header.xlsx', undefined, lang), 'errors.importHeader', undefined, 422);
    expect(await countRows(t.db, 'shops')).toBe(before);
  });

  it('refuses a file with bad rows as a whole, naming each row, column and reason', async () => {
    const shops = await countRows(t.db, 'shops');
    const logs = await countRows(t.db, 'shop_logs');
    await expectMessageInAllLanguages((lang) => upload(admin, 'shops-bad-rows.xlsx', undefined, lang), 'errors.importRows', { count: 8 }, 422);
    const response = await upload(admin, 'shops-bad-rows.xlsx');
    const refusal = response.body.data as ImportRefusal;
    expect(refusal.errors).toEqual([
      { row: 2, column: 'Store name', message: 'Required Field' },
      { row: 3, column: 'Organisation code', message: 'Unknown organisation code' },
      { row: 4, column: 'Visit interval (minutes)', message: 'must > 0' },
      { row: 5, column: 'Store number', message: 'Duplicate in this file (row 4)' },
      { row: 6, column: 'Video playback time', message: 'Video playback time must not be shorter than business hours' },
      { row: 7, column: 'Time zone', message: 'Unknown time zone' },
      { row: 8, column: 'Visit interval (minutes)', message: 'must <= 90' },
      { row: 9, column: 'Store number', message: 'This store number is already used by another store' },
    ]);
    expect(refusal.errorCount).toBe(8);
    // All or nothing: the good row (FX-207) is not imported either.
    expect(await countRows(t.db, 'shops')).toBe(shops);
    expect(await countRows(t.db, 'shop_logs')).toBe(logs);
    expect((await shopsOf(demo.customerId)).some((shop) => shop.number === 'FX-207')).toBe(false);
  });

  it('gives the uploader an error report to download, in their language', async () => {
    const refusal = (await upload(admin, 'shops-bad-rows.xlsx', undefined, 'zh')).body.data as ImportRefusal;
    const report = await download(t.app, 'POST', '/api/shop/downloadUploadErrorData', { errorReportId: refusal.errorReportId }, { ...admin, lang: 'zh' });
    expect(report.http).toBe(200);
    const rows = await sheetRows(report.content);
    expect(rows[0]).toEqual([translateMessage('zh', 'import.row'), translateMessage('zh', 'import.column'), translateMessage('zh', 'import.message')]);
    expect(rows).toHaveLength(9);
    expect(rows[2]).toEqual(['3', translateMessage('zh', 'import.orgCode'), translateMessage('zh', 'import.unknownOrgCode')]);
    const english = await sheetRows(
      (await download(t.app, 'POST', '/api/shop/downloadUploadErrorData', { errorReportId: refusal.errorReportId }, { ...admin, lang: 'en' })).content,
    );
    expect(english[1]).toEqual(['2', 'Store name', 'Required Field']);
    // The report is the uploader's: a colleague or another customer gets not found.
    for (const session of [colleague, outsider]) {
      const other = await download(t.app, 'POST', '/api/shop/downloadUploadErrorData', { errorReportId: refusal.errorReportId }, session);
      expect(other.json()).toMatchObject({ status: 404, msg: 'Not found or no access' });
    }
  });

  it('refuses what is not an .xlsx workbook, an upload without a file, and a file too large', async () => {
    const before = await countRows(t.db, 'shops');
    await expectMessageInAllLanguages(
      (lang) => upload(admin, 'shops.xlsx', Buffer.from('number,name\nX-1,Not a workbook\n'), lang),
      'errors.incorrectFileContent',
      undefined,
      422,
    );
    await expectMessageInAllLanguages(
      (lang) => call(t.app, 'POST', '/api/shop/upload', { file: 'x' }, { ...admin, lang }),
      'errors.importNoFile',
      undefined,
      400,
    );
    await expectMessageInAllLanguages((lang) => upload(admin, 'huge.xlsx', Buffer.alloc(6 * 1024 * 1024, 1), lang), 'errors.fileTooLarge', undefined, 422);
    expect(await countRows(t.db, 'shops')).toBe(before);
  });

  it('refuses a file over the row cap before reading it', async () => {
    const template = await download(t.app, 'GET', '/api/shop/uploadTemplate', undefined, admin);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.content as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    for (let index = 0; index <= IMPORT_LIMITS.maxRows; index += 1) sheet.addRow([`CAP-${index}`, `Cap ${index}`, 'FX-EAST']);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const before = await countRows(t.db, 'shops');
    await expectMessageInAllLanguages((lang) => upload(admin, 'cap.xlsx', content, lang), 'errors.importTooManyRows', { max: IMPORT_LIMITS.maxRows }, 422);
    expect(await countRows(t.db, 'shops')).toBe(before);
  });

  it("resolves organisation codes in the caller's customer and scope only", async () => {
    const before = await countRows(t.db, 'shops');
    const response = await upload(outsider, 'shops-valid.xlsx');
    // The other customer has FX-EAST but not FX-WEST: row 3 fails, so nothing is imported.
    expect(response.body.status).toBe(422);
    expect((response.body.data as ImportRefusal).errors).toEqual([{ row: 3, column: 'Organisation code', message: 'Unknown organisation code' }]);
    expect(await countRows(t.db, 'shops')).toBe(before);

    const west = await t.db
      .selectFrom('orgs')
      .select('id')
      .where('customer_id', '=', demo.customerId)
      .where('orgcode', '=', 'FX-WEST')
      .executeTakeFirstOrThrow();
    const branch = await signIn(
      t.app,
      (await buildUser(t.db, [{ customerId: demo.customerId, roleId: RoleId.manager, orgId: west.id }])).loginName,
      demo.customerId,
    );
    const scoped = await upload(branch, 'shops-zh-header.xlsx');
    expect((scoped.body.data as ImportRefusal).errors.map((error) => error.message)).toContain('Unknown organisation code');
  });
});

describe('unsafe, oversized and too many files', () => {
  const written = async () => ({
    shops: await countRows(t.db, 'shops'),
    logs: await countRows(t.db, 'shop_logs'),
    reports: await countRows(t.db, 'import_reports'),
  });

  it('refuses a zip bomb (0.8 MB, an 800 MB sheet), and one whose directory lies, writing nothing and in a fraction of the memory', async () => {
    const { honest, lying } = await zipBombs();
    const before = await written();
    for (const bomb of [honest, lying]) {
      const growth = await memoryGrowthWhile(() =>
        expectMessageInAllLanguages((lang) => upload(admin, 'bomb.xlsx', bomb, lang), 'errors.incorrectFileContent', undefined, 422),
      );
      expect(growth.rssBytes).toBeLessThan(BOMB_SHEET_BYTES / 8);
      expect(growth.heapBytes).toBeLessThan(BOMB_SHEET_BYTES / 8);
    }
    expect(await written()).toEqual(before);
  });

  it('answers four bombs at once and goes on importing', async () => {
    const { honest, lying } = await zipBombs();
    const before = await written();
    const growth = await memoryGrowthWhile(() => Promise.all([honest, lying, honest, lying].map((bomb, index) => upload(admin, `bomb-${index}.xlsx`, bomb))));
    for (const response of growth.result) expect(response.body).toMatchObject({ status: 422, msg: 'Incorrect file content' });
    expect(growth.rssBytes).toBeLessThan(BOMB_SHEET_BYTES / 8);
    expect(await written()).toEqual(before);
    expect((await upload(admin, 'shops-wrong-header.xlsx')).body.msg).toBe(translateMessage('en', 'errors.importHeader'));
  });

  it('answers "File too large" for a 41 MiB workbook sent as a browser sends it (cut at 5 MiB on a chunk boundary), never parsing it', async () => {
    const large = await largeWorkbook(41 * 1024 * 1024);
    const before = await written();
    await expectMessageInAllLanguages(
      (lang) => postFiles(t.app, '/api/shop/upload', [{ name: 'large.xlsx', content: large }], { ...admin, lang, chunkBytes: 64 * 1024 }),
      'errors.fileTooLarge',
      undefined,
      422,
    );
    expect(await written()).toEqual(before);
  });

  it('parses two files at once, lets a few more wait their turn and answers the rest busy (429)', async () => {
    const { concurrent, maxWaiting } = SPREADSHEET_IMPORT_SLOTS;
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    // Other imports hold every slot until the gate opens.
    const held = Array.from({ length: concurrent }, () => spreadsheetImportSlots.run(() => gate));
    const waiting = Array.from({ length: maxWaiting }, () => upload(admin, 'shops-wrong-header.xlsx'));
    await vi.waitFor(() => expect(spreadsheetImportSlots.load()).toEqual({ running: concurrent, waiting: maxWaiting }));

    const before = await written();
    await expectMessageInAllLanguages((lang) => upload(admin, 'shops-valid.xlsx', undefined, lang), 'errors.importBusy', undefined, 429);
    expect((await upload(admin, 'shops-valid.xlsx')).http).toBe(429);
    expect(await written()).toEqual(before);

    open();
    await Promise.all(held);
    // The waiting ones were parsed in their turn (their header is wrong: nothing imported).
    for (const response of await Promise.all(waiting)) expect(response.body.msg).toBe(translateMessage('en', 'errors.importHeader'));
    expect(spreadsheetImportSlots.load()).toEqual({ running: 0, waiting: 0 });
  });
});
