import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ALL_PERMISSION_KEYS, type CurrencyCode, type PermissionKey, type PermissionMap, XLSX_CONTENT_TYPE } from '@storelens/contracts';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { createCustomersService } from '../src/modules/customers/customers.service.ts';
import { createDevicesService } from '../src/modules/devices/devices.service.ts';
import { createOrgAdminService } from '../src/modules/org/org-admin.service.ts';
import { createRolesService } from '../src/modules/users/roles.service.ts';
import { createUsersService } from '../src/modules/users/users.service.ts';
import type { DB } from '../src/platform/db/database.ts';
import type { Database } from '../src/platform/db/schema.ts';
import { type CallOptions, call, type Envelope } from './harness.ts';

export const TEST_PASSWORD = 'Test#2026pass';
let counter = 0;
const unique = (prefix: string) => {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
};

/** Factories go through the services, like the demo seed, so tests exercise the real write paths. */
export async function buildCustomer(db: DB, name = unique('Customer ')) {
  return createCustomersService({ db }).createCustomer({ name, countries: ['CN'], defaultTimeZone: 'Asia/Shanghai' });
}

export async function buildOrg(db: DB, customerId: string, parentId: string, name = unique('Org '), orgcode?: string) {
  return createOrgAdminService({ db }).addOrg(customerId, { parentId, name, ...(orgcode ? { orgcode } : {}) });
}

export async function buildShop(
  db: DB,
  customerId: string,
  orgId: string,
  overrides: { name?: string; number?: string; timeZone?: string; province?: string; city?: string; currency?: CurrencyCode; floorArea?: number } = {},
) {
  return createOrgAdminService({ db }).addShop(customerId, {
    orgId,
    name: overrides.name ?? unique('Shop '),
    number: overrides.number ?? unique('N'),
    timeZone: overrides.timeZone ?? 'Asia/Shanghai',
    ...(overrides.province ? { province: overrides.province } : {}),
    ...(overrides.city ? { city: overrides.city } : {}),
    ...(overrides.currency ? { currency: overrides.currency } : {}),
    ...(overrides.floorArea ? { floorArea: overrides.floorArea } : {}),
  });
}

export async function buildCamera(db: DB, customerId: string, shopId: string) {
  const devices = createDevicesService({ db });
  const { boxId } = await devices.registerBox(customerId, { shopId, mac: unique('MAC'), name: 'box' });
  return devices.addCamera(customerId, { shopId, boxId, name: 'Entrance', number: unique('CAM') });
}

export async function buildUser(
  db: DB,
  memberships: { customerId: string; roleId: number; orgId?: string | null; shopIds?: string[] }[],
  overrides: { loginName?: string; mobile?: string; password?: string } = {},
) {
  const users = createUsersService({ db });
  const loginName = overrides.loginName ?? `${unique('user')}@example.test`;
  const userId = await users.createUser({
    loginName,
    password: overrides.password ?? TEST_PASSWORD,
    surname: 'Test',
    givenName: 'User',
    ...(overrides.mobile ? { mobile: overrides.mobile } : {}),
  });
  for (const membership of memberships) await users.addMembership(membership.customerId, { userId, ...membership });
  return { userId, loginName, password: overrides.password ?? TEST_PASSWORD };
}

/** A signed-in user with a customer selected: what tests pass as `call` options. */
export type Session = { token: string; cid: string };

/** Signs in and selects the customer: what the web does right after the login page. */
export async function signIn(app: FastifyInstance, loginName: string, customerId?: string, password = TEST_PASSWORD): Promise<Session> {
  const login = await call(app, 'POST', '/api/auth/login', { account: loginName, password });
  if (login.body.status !== 200) throw new Error(`sign-in failed: ${login.body.msg}`);
  const token = (login.body.data as { token: string }).token;
  if (!customerId) return { token, cid: '-1' };
  const selected = await call(app, 'POST', '/api/current/selectcus', { cid: customerId }, { token });
  if (selected.body.status !== 200) throw new Error(`select customer failed: ${selected.body.msg}`);
  return { token, cid: customerId };
}

/** A new user holding one role of the customer, signed in with that customer selected. */
export async function signInWithRole(app: FastifyInstance, db: DB, customerId: string, roleId: number): Promise<Session> {
  const user = await buildUser(db, [{ customerId, roleId }]);
  return signIn(app, user.loginName, customerId);
}

/** A custom role that shows every key except the ones named: proves an operation needs exactly those. */
export async function buildRoleWithout(db: DB, customerId: string, missing: readonly PermissionKey[], name = unique('Role without ')) {
  const privileges = Object.fromEntries(ALL_PERMISSION_KEYS.map((key) => [key, missing.includes(key) ? 2 : 0])) as Partial<PermissionMap>;
  return createRolesService({ db }).createCustomRole(customerId, name, privileges);
}

/** Rows in a table, for 'nothing written' checks. */
export async function countRows(db: DB, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A spreadsheet (or any file) of test/fixtures. */
export function fixture(name: string): Buffer {
  return fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));
}

export interface TestFile {
  name: string;
  content: Buffer;
  field?: string;
}

/**
 * Posts files (and fields, first) as multipart/form-data, like the web's upload control. With
 * `chunkBytes` the body arrives the way a browser sends it: the part headers, then each file in
 * chunks of that size (one buffer otherwise).
 */
export async function postFiles(
  app: FastifyInstance,
  url: string,
  files: readonly TestFile[],
  options: CallOptions & { fields?: Record<string, string>; chunkBytes?: number } = {},
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
  const { chunkBytes } = options;
  const chunked = function* chunked(size: number) {
    for (const part of parts) for (let at = 0; at < part.length; at += size) yield part.subarray(at, at + size);
  };
  const payload = chunkBytes ? Readable.from(chunked(chunkBytes)) : Buffer.concat(parts);
  const raw = await app.inject({ method: 'POST', url, headers, payload });
  return { http: raw.statusCode, body: raw.json() as Envelope };
}

/** Posts one file as multipart/form-data field "file" (or the file's own field). */
export function uploadFile(app: FastifyInstance, url: string, file: TestFile, options: CallOptions = {}): Promise<{ http: number; body: Envelope }> {
  return postFiles(app, url, [file], options);
}

/**
 * The `upload` of an import test: posts to one import url as a session, optionally in a language,
 * either one file (its given content, or else the fixture of that name) or several fixtures at once.
 * The app is a getter because test files create it in beforeAll, after this is made.
 */
export function uploaderFor(app: () => FastifyInstance, url: string, fixtureFolder = '') {
  const fixtureFile = (name: string, content = fixture(`${fixtureFolder}${name}`)): TestFile => ({ name, content });
  return (session: Session, names: string | readonly string[], content?: Buffer, lang?: string) =>
    postFiles(app(), url, typeof names === 'string' ? [fixtureFile(names, content)] : names.map((name) => fixtureFile(name)), {
      ...session,
      ...(lang ? { lang } : {}),
    });
}

/** The first sheet of a workbook as text rows, for asserting what a download or error report holds. */
export async function sheetRows(content: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
  });
  return rows;
}

/** A file download: the raw bytes on success, the envelope otherwise. */
export async function download(app: FastifyInstance, method: 'GET' | 'POST', url: string, body: unknown, options: CallOptions = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cid) headers['x-customer-code'] = options.cid;
  if (options.lang) headers['accept-language'] = options.lang;
  const raw = await app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
  return { http: raw.statusCode, headers: raw.headers, content: raw.rawPayload, json: () => raw.json() as Envelope };
}
