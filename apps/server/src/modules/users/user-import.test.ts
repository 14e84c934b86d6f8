import { type ImportRefusal, LOCALES, RoleId, translateMessage, type UserRow } from '@storelens/contracts';
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
  postFiles,
  type Session,
  sheetRows,
  signIn,
  signInWithRole,
  TEST_PASSWORD,
  uploaderFor,
} from '../../../test/factories.ts';
import { call, createTestApp, expectMessageInAllLanguages, type TestApp } from '../../../test/harness.ts';
import { BOMB_SHEET_BYTES, largeWorkbook, memoryGrowthWhile, zipBombs } from '../../../test/zip-packages.ts';

let t: TestApp;
let demo: { customerId: string; rootOrgId: string };
let other: { customerId: string; rootOrgId: string };
let east: string;
let storeShop: string;
let shared: { userId: string; loginName: string };
let admin: Session;
let observer: Session;
let outsider: Session;

const upload = uploaderFor(() => t.app, '/api/user/upload');

async function member(loginName: string): Promise<UserRow | undefined> {
  const page = (await call(t.app, 'POST', '/api/user/getUserListByParentOrg', { orgId: demo.rootOrgId, keyword: loginName }, admin)).body.data as {
    list: UserRow[];
  };
  return page.list[0];
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await buildCustomer(t.db, 'User Import Co');
  other = await buildCustomer(t.db, 'Other User Import Co');
  east = await buildOrg(t.db, demo.customerId, demo.rootOrgId, 'East', 'FXU-EAST');
  storeShop = await buildShop(t.db, demo.customerId, east, { number: 'FX-U1', name: 'Fixture store' });
  shared = await buildUser(t.db, [{ customerId: other.customerId, roleId: RoleId.manager }], { loginName: 'shared.person@fixture.test' });
  admin = await signInWithRole(t.app, t.db, demo.customerId, RoleId.superManager);
  observer = await signInWithRole(t.app, t.db, demo.customerId, RoleId.observer);
  outsider = await signInWithRole(t.app, t.db, other.customerId, RoleId.superManager);
});
afterAll(async () => t.close());

describe('the user template', () => {
  it('downloads with headers in the caller language', async () => {
    for (const lang of LOCALES) {
      const file = await download(t.app, 'GET', '/api/user/uploadTemplate', undefined, { ...admin, lang });
      expect(file.http).toBe(200);
      const [header] = await sheetRows(file.content);
      expect(header?.[4]).toBe(translateMessage(lang, 'import.loginName'));
      expect(header).toHaveLength(10);
    }
  });
});

describe('importing users (LibreOffice-made .xlsx files)', () => {
  it('refuses a wrong header, in every language, writing nothing', async () => {
    const users = await countRows(t.db, 'users');
    await expectMessageInAllLanguages((lang) => upload(admin, 'users-wrong-header.xlsx', undefined, lang), 'errors.importHeader', undefined, 422);
    expect(await countRows(t.db, 'users')).toBe(users);
  });

  it('refuses bad rows as a whole, by row and column, with a downloadable report', async () => {
    const users = await countRows(t.db, 'users');
    const memberships = await countRows(t.db, 'memberships');
    await expectMessageInAllLanguages((lang) => upload(admin, 'users-bad-rows.xlsx', undefined, lang), 'errors.importRows', { count: 6 }, 422);
    const refusal = (await upload(admin, 'users-bad-rows.xlsx')).body.data as ImportRefusal;
    expect(refusal.errors).toEqual([
      { row: 2, column: 'E-mail (login name)', message: 'Please enter correct email.' },
      { row: 2, column: 'Mobile', message: 'Please enter correct phone' },
      { row: 3, column: 'Role', message: 'Unknown role' },
      { row: 4, column: 'Password', message: 'Password should be 8-16 words' },
      { row: 4, column: 'Store numbers (separated by ;)', message: 'Unknown store numbers: NOPE-1' },
      { row: 5, column: 'Password', message: 'A password is required for a new account' },
      { row: 6, column: 'Surname', message: 'Maximum 14 chars' },
      { row: 7, column: 'E-mail (login name)', message: 'Duplicate in this file (row 3)' },
    ]);
    expect(await countRows(t.db, 'users')).toBe(users);
    expect(await countRows(t.db, 'memberships')).toBe(memberships);
    expect(await member('wu.jiu@fixture.test')).toBeUndefined();

    const report = await download(t.app, 'POST', '/api/user/downloadUploadErrorData', { errorReportId: refusal.errorReportId }, { ...admin, lang: 'kr' });
    const rows = await sheetRows(report.content);
    expect(rows).toHaveLength(9);
    expect(rows[3]).toEqual(['3', translateMessage('kr', 'import.role'), translateMessage('kr', 'import.unknownRole')]);
    // Shop and user reports are separate: the shop download does not serve a user report.
    const wrongKind = await download(t.app, 'POST', '/api/shop/downloadUploadErrorData', { errorReportId: refusal.errorReportId }, admin);
    expect(wrongKind.json().status).toBe(404);
    const foreign = await download(t.app, 'POST', '/api/user/downloadUploadErrorData', { errorReportId: refusal.errorReportId }, outsider);
    expect(foreign.json().status).toBe(404);
  });

  it('imports a valid file: new accounts with their scope, and a membership for an account of another customer', async () => {
    const users = await countRows(t.db, 'users');
    const response = await upload(admin, 'users-valid.xlsx');
    expect(response.body).toMatchObject({ status: 200, data: { imported: 3 } });
    expect(await countRows(t.db, 'users')).toBe(users + 2);
    expect(await member('fang.wang@fixture.test')).toMatchObject({
      employeeNo: 'E100',
      surname: 'Wang',
      givenName: 'Fang',
      mobile: '13900000101',
      signupType: 'mobile',
      roleId: RoleId.storeManage,
      orgId: null,
      shops: [{ shopId: storeShop, number: 'FX-U1' }],
    });
    expect(await member('lei.li@fixture.test')).toMatchObject({ roleId: RoleId.branchManage, orgId: east, orgName: 'East' });
    expect(await member('shared.person@fixture.test')).toMatchObject({ userId: shared.userId, roleId: RoleId.observer, surname: 'Test', sharedAccount: true });
    expect((await call(t.app, 'POST', '/api/auth/login', { account: 'lei.li@fixture.test', password: 'Fixture#2026' })).body.status).toBe(200);
    expect((await call(t.app, 'POST', '/api/auth/login', { account: shared.loginName, password: TEST_PASSWORD })).body.status).toBe(200);
    // The same file again: every login name is now a user of this customer.
    const again = await upload(admin, 'users-valid.xlsx');
    expect((again.body.data as ImportRefusal).errors.map((error) => error.message)).toEqual([
      'This account is already a user of this customer',
      'This account is already a user of this customer',
      'This account is already a user of this customer',
    ]);
  });

  it('does not let an importer hand out roles above their own', async () => {
    const limited = await buildRoleWithout(t.db, demo.customerId, ['cueretail_shopinspect_alert_debug']);
    const session = await signInWithRole(t.app, t.db, demo.customerId, limited);
    // A file filled in from the downloaded template, as a person would.
    const template = await download(t.app, 'GET', '/api/user/uploadTemplate', undefined, session);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.content as unknown as ArrayBuffer);
    (workbook.worksheets[0] as ExcelJS.Worksheet).addRow(['E900', 'Gao', 'Yi', '', 'escalate@fixture.test', 'Super manager', '', '', 'email', 'Fixture#2026']);
    const response = await upload(session, 'escalate.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect((response.body.data as ImportRefusal).errors).toEqual([
      { row: 2, column: 'Role', message: 'You cannot grant rights that your own role does not have' },
    ]);
  });

  it('bars the observer and roles without user_upload', async () => {
    expect((await upload(observer, 'users-valid.xlsx')).body.status).toBe(403);
    expect((await download(t.app, 'GET', '/api/user/uploadTemplate', undefined, observer)).json().status).toBe(403);
    const roleId = await buildRoleWithout(t.db, demo.customerId, ['user_upload']);
    const session = await signIn(t.app, (await buildUser(t.db, [{ customerId: demo.customerId, roleId }])).loginName, demo.customerId);
    await expectMessageInAllLanguages((lang) => upload(session, 'users-valid.xlsx', undefined, lang), 'errors.noAuthority', undefined, 403);
    expect((await download(t.app, 'POST', '/api/user/downloadUploadErrorData', { errorReportId: 'x' }, session)).json().status).toBe(403);
  });
});

describe('unsafe and oversized files', () => {
  const written = async () => ({
    users: await countRows(t.db, 'users'),
    memberships: await countRows(t.db, 'memberships'),
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

  it('answers "File too large" for a 41 MiB workbook sent as a browser sends it (cut at 5 MiB on a chunk boundary), never parsing it', async () => {
    const large = await largeWorkbook(41 * 1024 * 1024);
    const before = await written();
    await expectMessageInAllLanguages(
      (lang) => postFiles(t.app, '/api/user/upload', [{ name: 'large.xlsx', content: large }], { ...admin, lang, chunkBytes: 64 * 1024 }),
      'errors.fileTooLarge',
      undefined,
      422,
    );
    expect(await written()).toEqual(before);
  });
});
