import {
  type ImportRefusal,
  sopOperations as ops,
  ResponseStatus,
  RoleId,
  type SiClassRow,
  type SiItemGroup,
  type SiItemRow,
  translateMessage,
} from '@storelens/contracts';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildRoleWithout, buildUser, countRows, download, postFiles, type Session, sheetRows, signIn } from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import { ok } from '../../../test/support/inspection.ts';

/**
 * The SOP through the API on a fresh database: categories and items with their unique names and
 * the spec's messages in four languages, filing and restoring, reference images made with sharp,
 * import and export through real workbooks, permission keys, menu flags and other customers.
 */
let t: TestApp;
let admin: Session;
let observer: Session;
let theirAdmin: Session;

const addClass = async (session: Session, name: string) => (await ok<{ categoryId: string }>(t.app, session, ops.siClassAdd, { name })).categoryId;
const addItem = async (session: Session, categoryId: string, name: string, description = '') =>
  (await ok<{ itemId: string }>(t.app, session, ops.siItemAdd, { categoryId, name, description })).itemId;

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
}
const uploadImage = (session: Session, itemId: string, content: Buffer, lang?: string) =>
  postFiles(t.app, ops.siItemUploadImage.path, [{ name: 'reference.png', content }], { ...session, fields: { itemId }, ...(lang ? { lang } : {}) });
const importFile = (session: Session, content: Buffer, lang?: string) =>
  postFiles(t.app, ops.siItemUpload.path, [{ name: 'items.xlsx', content }], { ...session, ...(lang ? { lang } : {}) });

/** A workbook filled in from the downloaded template, as a person would. */
async function filledTemplate(session: Session, rows: string[][]): Promise<Buffer> {
  const template = await download(t.app, 'GET', ops.siItemUploadTemplate.path, undefined, session);
  expect(template.http).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template.content as unknown as ArrayBuffer);
  for (const row of rows) (workbook.worksheets[0] as ExcelJS.Worksheet).addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

let customerId: string;
beforeAll(async () => {
  t = await createTestApp();
  const customer = await buildCustomer(t.db);
  customerId = customer.customerId;
  const theirs = await buildCustomer(t.db);
  const sign = async (cid: string, roleId: number) => signIn(t.app, (await buildUser(t.db, [{ customerId: cid, roleId }])).loginName, cid);
  admin = await sign(customerId, RoleId.superManager);
  observer = await sign(customerId, RoleId.observer);
  theirAdmin = await sign(theirs.customerId, RoleId.superManager);
});

afterAll(async () => {
  await t.close();
});

describe('categories', () => {
  it('are unique per customer whatever the case and spacing: "The classification already exists"', async () => {
    const id = await addClass(admin, 'Store front');
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.siClassAdd, { name: '  store   FRONT ' }, { ...admin, lang }),
      'errors.classificationExists',
      undefined,
      ResponseStatus.errorModal,
    );
    const other = await addClass(admin, 'Hygiene');
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.siClassUpdate, { categoryId: other, name: 'Store Front' }, { ...admin, lang }),
      'errors.classificationExists',
    );
    // Renaming a category to its own name in another case is no conflict; another customer may use the name.
    await ok(t.app, admin, ops.siClassUpdate, { categoryId: id, name: 'Store Front' });
    await addClass(theirAdmin, 'Store front');
  });

  it('list with their item counts; one with items cannot be deleted, an empty one can', async () => {
    const categoryId = await addClass(admin, 'Cashier');
    await addItem(admin, categoryId, 'Till drawer closed');
    await addItem(admin, categoryId, 'Receipt paper stocked');
    const list = await ok<SiClassRow[]>(t.app, admin, ops.siClassList, { keyword: 'cash' });
    expect(list).toEqual([expect.objectContaining({ categoryId, name: 'Cashier', itemNum: 2 })]);
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.siClassDelete, { categoryId }, { ...admin, lang }),
      'inspection.categoryHasItems',
      undefined,
      ResponseStatus.errorModal,
    );
    const empty = await addClass(admin, 'Empty for now');
    await ok(t.app, admin, ops.siClassDelete, { categoryId: empty });
    expect((await ok<SiClassRow[]>(t.app, admin, ops.siClassList, {})).some((row) => row.categoryId === empty)).toBe(false);
  });
});

describe('items', () => {
  let categoryId: string;
  let itemId: string;
  beforeAll(async () => {
    categoryId = await addClass(admin, 'Shelves');
    itemId = await addItem(admin, categoryId, 'Price tags visible', 'Every product has a readable price tag');
  });

  it('are unique per customer: "Item name is duplicated" on add, rename and in another category', async () => {
    const otherCategory = await addClass(admin, 'Fitting rooms');
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.siItemAdd, { categoryId: otherCategory, name: 'PRICE tags  visible' }, { ...admin, lang }),
      'errors.itemNameDuplicated',
      undefined,
      ResponseStatus.errorModal,
    );
    const second = await addItem(admin, otherCategory, 'Mirrors clean');
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.siItemUpdate, { itemId: second, name: 'Price tags visible' }, { ...admin, lang }),
      'errors.itemNameDuplicated',
    );
    await ok(t.app, admin, ops.siItemUpdate, { itemId: second, categoryId, description: 'No smudges' });
    expect(await ok<SiItemRow>(t.app, admin, ops.siItemDetail, { itemId: second })).toMatchObject({
      categoryId,
      categoryName: 'Shelves',
      description: 'No smudges',
      status: 'available',
    });
  });

  it('list by keyword, category and status, paged', async () => {
    const page = await ok<{ total: number; list: SiItemRow[] }>(t.app, admin, ops.siItemList, { keyword: 'readable', page: 1, pageSize: 10 });
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ itemId, name: 'Price tags visible', categoryName: 'Shelves', planCount: 0, imageVersion: null });
    const inCategory = await ok<{ total: number }>(t.app, admin, ops.siItemList, { categoryId, page: 1, pageSize: 1 });
    expect(inCategory.total).toBe(2);
  });

  it('can be filed (left out of the picker, still listed) and restored', async () => {
    await ok(t.app, admin, ops.siItemUpdateStatus, { itemId, status: 'filed' });
    const picker = await ok<SiItemGroup[]>(t.app, admin, ops.getSiItems, { keyword: 'price' });
    expect(picker).toEqual([]);
    const withFiled = await ok<SiItemGroup[]>(t.app, admin, ops.getSiItems, { keyword: 'price', includeFiled: true });
    expect(withFiled).toEqual([{ categoryId, name: 'Shelves', itemNum: 1, items: [{ itemId, name: 'Price tags visible', status: 'filed' }] }]);
    expect((await ok<{ total: number }>(t.app, admin, ops.siItemList, { status: 'filed', page: 1, pageSize: 10 })).total).toBe(1);
    await ok(t.app, admin, ops.siItemUpdateStatus, { itemId, status: 'available' });
    const all = await ok<SiItemGroup[]>(t.app, admin, ops.getSiItems, {});
    expect(all.find((group) => group.categoryId === categoryId)).toMatchObject({ itemNum: 2 });
    expect(await ok(t.app, admin, ops.isPlanExistByItem, { itemId })).toEqual({ exists: false, planCount: 0 });
  });

  it('keep a reference image checked and resized with sharp; anything else is refused', async () => {
    const response = await uploadImage(admin, itemId, await png(3200, 1800));
    expect(response.body.status, response.body.msg).toBe(200);
    const row = response.body.data as SiItemRow;
    expect(row.imageVersion).toMatch(/^[0-9a-f]{16}$/);
    const image = await download(t.app, 'GET', `${ops.siItemImage.path}?itemId=${itemId}&v=${row.imageVersion}`, undefined, admin);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(image.content).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 900 });

    const before = await countRows(t.db, 'inspection_items');
    await expectMessageInAllLanguages(
      (lang) => uploadImage(admin, itemId, Buffer.from('not a picture at all'), lang),
      'inspection.imageInvalid',
      undefined,
      ResponseStatus.errorModal,
    );
    // A PNG cut short: its header parses, its pixels do not.
    const truncated = (await png(400, 400)).subarray(0, 120);
    expect((await uploadImage(admin, itemId, truncated)).body.status).toBe(ResponseStatus.errorModal);
    expect(await countRows(t.db, 'inspection_items')).toBe(before);
    // The stored image did not change on refusal.
    expect((await ok<SiItemRow>(t.app, admin, ops.siItemDetail, { itemId })).imageVersion).toBe(row.imageVersion);

    // Over 5 MB: refused while it streams, before anything is decoded.
    const noise = Buffer.alloc(5 * 1024 * 1024 + 10, 7);
    await expectMessageInAllLanguages((lang) => uploadImage(admin, itemId, noise, lang), 'inspection.imageTooLarge', { mb: 5 }, ResponseStatus.errorModal);
    // A form without its picture.
    await expectMessageInAllLanguages(
      (lang) => postFiles(t.app, ops.siItemUploadImage.path, [], { ...admin, fields: { itemId }, lang }),
      'inspection.noImageFile',
      undefined,
      ResponseStatus.badRequest,
    );

    await ok(t.app, admin, ops.siItemUpdate, { itemId, removeImage: true });
    expect((await download(t.app, 'GET', `${ops.siItemImage.path}?itemId=${itemId}`, undefined, admin)).json().status).toBe(ResponseStatus.notFound);
  });
});

describe('import and export', () => {
  it('imports a filled template all or nothing, with row errors and a report', async () => {
    const categoryId = await addClass(admin, 'Warehouse');
    const bad = await filledTemplate(admin, [
      ['Warehouse', 'Pallets stacked safely', 'Below the yellow line', ''],
      ['Nowhere', 'Fire exit clear', '', 'available'],
      ['Warehouse', 'pallets  STACKED safely', '', ''],
      ['Warehouse', 'Price tags visible', '', 'maybe'],
    ]);
    const before = await countRows(t.db, 'inspection_items');
    const refusedImport = await importFile(admin, bad);
    expect(refusedImport.body.status).toBe(ResponseStatus.errorModal);
    const refusal = refusedImport.body.data as ImportRefusal;
    expect(refusal.errors).toEqual([
      { row: 3, column: 'Category', message: 'Unknown category: add it on the category page first' },
      { row: 4, column: 'Item name', message: 'Duplicate in this file (row 2)' },
      { row: 5, column: 'Item name', message: 'Item name is duplicated' },
      { row: 5, column: 'Status (available/filed)', message: 'Invalid value for status' },
    ]);
    expect(await countRows(t.db, 'inspection_items')).toBe(before);
    // The row messages in every language (headers accepted in any of them).
    for (const lang of ['zh', 'kr', 'jp'] as const) {
      const answer = await importFile(admin, bad, lang);
      expect((answer.body.data as ImportRefusal).errors[0]?.message).toBe(translateMessage(lang, 'inspection.unknownCategory'));
    }
    const report = await download(t.app, 'POST', ops.siItemDownloadUploadErrorData.path, { errorReportId: refusal.errorReportId }, admin);
    expect((await sheetRows(report.content)).slice(1)).toHaveLength(4);
    // Another user may not read the uploader's report.
    expect((await download(t.app, 'POST', ops.siItemDownloadUploadErrorData.path, { errorReportId: refusal.errorReportId }, theirAdmin)).json().status).toBe(
      ResponseStatus.notFound,
    );

    const good = await filledTemplate(admin, [
      ['warehouse', 'Pallets stacked safely', 'Below the yellow line', ''],
      ['Warehouse', 'Forklift parked', '', '归档'],
    ]);
    expect((await importFile(admin, good)).body.data).toEqual({ imported: 2 });
    const page = await ok<{ list: SiItemRow[] }>(t.app, admin, ops.siItemList, { categoryId, page: 1, pageSize: 10 });
    expect(page.list.map((row) => [row.name, row.status])).toEqual([
      ['Forklift parked', 'filed'],
      ['Pallets stacked safely', 'available'],
    ]);

    const exported = await download(t.app, 'POST', ops.siItemExport.path, { categoryId }, { ...admin, lang: 'en' });
    expect(await sheetRows(exported.content)).toEqual([
      ['Category', 'Item name', 'Description', 'Status (available/filed)'],
      ['Warehouse', 'Forklift parked', '', 'Filed'],
      ['Warehouse', 'Pallets stacked safely', 'Below the yellow line', 'Available'],
    ]);
  });
});

describe('permissions and other customers', () => {
  it('needs the SOP menu flag, the items flag and the key of each change; the observer changes nothing', async () => {
    const categoryId = await addClass(admin, 'Keys');
    const sign = async (missing: Parameters<typeof buildRoleWithout>[2]) =>
      signIn(t.app, (await buildUser(t.db, [{ customerId, roleId: await buildRoleWithout(t.db, customerId, missing) }])).loginName, customerId);
    const noSop = await sign(['cueretail_shopinspect_mngsop']);
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, ops.siClassList, {}, { ...noSop, lang }),
      'errors.noAuthority',
      undefined,
      ResponseStatus.noAuthority,
    );
    const noItems = await sign(['cueretail_siitem_manage']);
    expect((await invoke(t.app, ops.siItemList, { page: 1, pageSize: 10 }, noItems)).body.status).toBe(ResponseStatus.noAuthority);
    expect((await invoke(t.app, ops.siClassList, {}, noItems)).body.status).toBe(200);
    for (const [key, operation, input] of [
      ['siclass_create', ops.siClassAdd, { name: 'Nope' }],
      ['siclass_update', ops.siClassUpdate, { categoryId, name: 'Nope' }],
      ['siclass_delete', ops.siClassDelete, { categoryId }],
      ['siitem_create', ops.siItemAdd, { categoryId, name: 'Nope' }],
    ] as const) {
      const session = await sign([key]);
      expect((await invoke(t.app, operation, input as never, session)).body.status, key).toBe(ResponseStatus.noAuthority);
    }
    const itemId = await addItem(admin, categoryId, 'Key box locked');
    expect((await invoke(t.app, ops.siItemUpdateStatus, { itemId, status: 'filed' }, await sign(['siitem_close']))).body.status).toBe(
      ResponseStatus.noAuthority,
    );
    expect((await invoke(t.app, ops.siItemUpdate, { itemId, name: 'x' }, await sign(['siitem_update']))).body.status).toBe(ResponseStatus.noAuthority);
    expect((await invoke(t.app, ops.siItemAdd, { categoryId, name: 'Observer item' }, observer)).body.status).toBe(ResponseStatus.noAuthority);
    expect((await invoke(t.app, ops.siClassList, {}, observer)).body.status).toBe(200);
  });

  it("answers not found for another customer's categories and items", async () => {
    const categoryId = await addClass(admin, 'Private');
    const itemId = await addItem(admin, categoryId, 'Private item');
    for (const [operation, input] of [
      [ops.siItemDetail, { itemId }],
      [ops.siItemUpdate, { itemId, name: 'Taken over' }],
      [ops.siItemUpdateStatus, { itemId, status: 'filed' }],
      [ops.isPlanExistByItem, { itemId }],
      [ops.siClassUpdate, { categoryId, name: 'Taken over' }],
      [ops.siClassDelete, { categoryId }],
      [ops.siItemAdd, { categoryId, name: 'Into their category' }],
    ] as const) {
      expect((await invoke(t.app, operation, input as never, theirAdmin)).body.status, operation.name).toBe(ResponseStatus.notFound);
    }
    expect((await uploadImage(theirAdmin, itemId, await png(100, 100))).body.status).toBe(ResponseStatus.notFound);
    expect((await download(t.app, 'GET', `${ops.siItemImage.path}?itemId=${itemId}`, undefined, theirAdmin)).json().status).toBe(ResponseStatus.notFound);
    expect((await ok<{ total: number }>(t.app, theirAdmin, ops.siItemList, { keyword: 'private', page: 1, pageSize: 10 })).total).toBe(0);
  });
});
