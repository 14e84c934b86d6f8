import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { type AnyOperation, LOCALES, type Locale, type MessageKey, type MessageParams, type OperationInput, translateMessage } from '@storelens/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';
import { type DB, type DialectName, migrateToLatest, openDatabase } from '../src/platform/db/database.ts';
import { createScratchDatabase } from '../src/platform/db/scratch-database.ts';
import { resetClock } from '../src/platform/time/clock.ts';

export interface TestApp {
  app: FastifyInstance;
  db: DB;
  dialect: DialectName;
  config: AppConfig;
  close: () => Promise<void>;
}

/**
 * A fresh database per test file: an in-memory SQLite database by default, or, when DATABASE_URL
 * points at PostgreSQL, a new database on that server created for this file and dropped after it.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  beforeReady?: (app: FastifyInstance) => void,
  /** `sqliteFile`: an SQLite file under the config's DATA_DIR instead of memory, so a second connection (a second process) can open it. */
  options: { sqliteFile?: string } = {},
): Promise<TestApp> {
  resetClock();
  const base = loadConfig({
    ...process.env,
    APP_MODE: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), `storelens-test-${randomBytes(4).toString('hex')}`),
  });
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  if (base.databaseUrl) {
    // The run's migrated template (test/pg-template.ts) when there is one; migrateToLatest below then has nothing to do.
    const scratch = await createScratchDatabase(base.databaseUrl, 'storelens_t_', inject('pgTemplate'));
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
  const config: AppConfig = { ...base, databaseUrl, mode: 'development', ...overrides };
  const opened = openDatabase(config, options.sqliteFile ?? ':memory:');
  await migrateToLatest(opened.db);
  const app = await buildApp(config, opened.db, opened.dialect);
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: opened.db,
    dialect: opened.dialect,
    config,
    close: async () => {
      await app.close();
      await opened.close();
      await dropDatabase();
    },
  };
}

export interface CallOptions {
  token?: string;
  cid?: string;
  lang?: string;
  headers?: Record<string, string>;
}

export interface Envelope {
  status: number;
  msg: string;
  data: unknown;
}

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<{ http: number; body: Envelope; raw: LightMyRequestResponse }> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cid) headers['x-customer-code'] = options.cid;
  if (options.lang) headers['accept-language'] = options.lang;
  const raw = await app.inject({
    method,
    url,
    headers,
    ...(body === undefined
      ? {}
      : typeof body === 'string'
        ? { payload: body, headers: { ...headers, 'content-type': 'application/json' } }
        : { payload: body as object }),
  });
  return { http: raw.statusCode, body: raw.json() as Envelope, raw };
}

/**
 * Calls a declared operation (packages/contracts) by its declaration: method and path come from it,
 * the input is typed by its schema, so a test never spells a URL the registry already knows.
 */
export function invoke<Op extends AnyOperation>(app: FastifyInstance, operation: Op, input: OperationInput<Op>, options: CallOptions = {}) {
  if (operation.method === 'GET') {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries((input ?? {}) as Record<string, unknown>))
      if (value !== undefined && value !== null) query.set(name, String(value));
    return call(app, 'GET', `${operation.path}${query.size > 0 ? `?${query}` : ''}`, undefined, options);
  }
  return call(app, 'POST', operation.path, input ?? {}, options);
}

/**
 * The `post` and `data` of a test file: a POST as a session (optionally in a language), and a POST that
 * must answer status 200 and gives its data. The app is a getter because test files create it in beforeAll.
 */
export function postersFor(app: () => FastifyInstance) {
  const post = (session: CallOptions, url: string, body?: unknown, lang?: string) => call(app(), 'POST', url, body, { ...session, ...(lang ? { lang } : {}) });
  const data = async <T>(session: CallOptions, url: string, body?: unknown): Promise<T> => {
    const response = await post(session, url, body);
    expect(response.body.status, `${url}: ${response.body.msg}`).toBe(200);
    return response.body.data as T;
  };
  return { post, data };
}

/**
 * Provokes a message in every language: the same call, once per Accept-Language, must answer the
 * catalogue's text for that language (so each of the four files is exercised).
 */
export async function expectMessageInAllLanguages(
  provoke: (lang: Locale) => Promise<{ body: Envelope }>,
  key: MessageKey,
  params?: MessageParams,
  status?: number,
): Promise<void> {
  for (const lang of LOCALES) {
    const response = await provoke(lang);
    expect(response.body.msg, `${key} in ${lang}`).toBe(translateMessage(lang, key, params));
    if (status !== undefined) expect(response.body.status).toBe(status);
  }
}
