import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { RoleId, XLSX_CONTENT_TYPE } from '@storelens/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, sheetRows, signInWithRole } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { negotiateEncoding } from './compression.ts';
import { IMMUTABLE_ASSET_CACHE, REVALIDATE_CACHE } from './web-app.ts';

/**
 * Security headers, compression and caching of everything the server answers, on a web build of
 * our own making: a hashed asset with the .br and .gz twins the build writes, an index.html, and a
 * small unhashed file.
 */

const ASSET = '/assets/app-3f9a1c7e.js';
const assetSource = `export const rows = [${Array.from({ length: 400 }, (_, index) => `{ id: ${index}, label: 'row ${index}' }`).join(', ')}];\n`;
const indexHtml = `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

function writeWebBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'storelens-web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const write = (file: string, content: string) => {
    fs.writeFileSync(path.join(dist, file), content);
    // Twins marked so a test can tell which file was sent: the server must pick, not recompress.
    fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(`${content}/*br*/`));
    fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(`${content}/*gz*/`));
  };
  write(ASSET.slice(1), assetSource);
  write('index.html', indexHtml);
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString();
  return response.payload;
}

let dist: string;
let t: TestApp;
let session: { token: string; cid: string };

beforeAll(async () => {
  dist = writeWebBuild();
  t = await createTestApp({ webDistDir: dist });
  const { customerId } = await buildCustomer(t.db);
  session = await signInWithRole(t.app, t.db, customerId, RoleId.superManager);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('security headers', () => {
  const APP_CSP =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; media-src 'self' blob:; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

  it('are on the web app, its files, API answers, errors and 404s alike', async () => {
    const responses = await Promise.all([
      get('/'),
      get('/analytics/trend'),
      get(ASSET),
      get('/favicon.svg'),
      t.app.inject({ method: 'POST', url: '/api/current/permissionMap', headers: { authorization: 'Bearer nope' } }),
      get('/api/no-such-operation'),
      get('/healthz'),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 401, 404, 200]);
    for (const response of responses) {
      expect(response.headers['content-security-policy']).toBe(APP_CSP);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('give the API docs (Swagger UI) the inline styles and data: images it needs, and no script beyond our own', async () => {
    for (const url of ['/api/docs', '/api/docs/static/index.html', '/api/docs/json']) {
      const response = await get(url);
      expect(response.statusCode, url).toBeLessThan(400);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("style-src 'self' 'unsafe-inline';");
      expect(csp).toContain("img-src 'self' data:;");
      expect(csp).toContain("frame-ancestors 'none'");
    }
  });

  it('HSTS is not sent over plain HTTP, nor believed from an untrusted X-Forwarded-Proto', async () => {
    const response = await get('/login', { 'x-forwarded-proto': 'https' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('HSTS is sent when a trusted proxy says the request came over HTTPS', async () => {
    const behindProxy = await createTestApp({ webDistDir: dist, trustProxy: '127.0.0.1' });
    try {
      const overHttps = await behindProxy.app.inject({ method: 'GET', url: '/login', headers: { 'x-forwarded-proto': 'https' } });
      expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000');
      const overHttp = await behindProxy.app.inject({ method: 'GET', url: '/login', headers: { 'x-forwarded-proto': 'http' } });
      expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });
});

describe('web files: pre-compressed twins and caching', () => {
  it('send the brotli twin, else the gzip twin, else the file, as the client accepts', async () => {
    const cases: [string | undefined, string | undefined, string][] = [
      ['gzip, deflate, br', 'br', '/*br*/'],
      ['br;q=0, gzip', 'gzip', '/*gz*/'],
      ['gzip', 'gzip', '/*gz*/'],
      ['identity', undefined, ''],
      [undefined, undefined, ''],
    ];
    for (const [accept, encoding, marker] of cases) {
      const response = await get(ASSET, accept ? { 'accept-encoding': accept } : {});
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers['content-type'], accept).toBe('application/javascript; charset=utf-8');
      expect(response.headers.vary, accept).toBe('Accept-Encoding');
      expect(decoded(response), accept).toBe(`${assetSource}${marker}`);
    }
  });

  it('keep hashed files a year and make index.html and unhashed files ask again', async () => {
    expect((await get(ASSET)).headers['cache-control']).toBe(IMMUTABLE_ASSET_CACHE);
    expect(IMMUTABLE_ASSET_CACHE).toBe('public, max-age=31536000, immutable');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe(REVALIDATE_CACHE);
    for (const url of ['/', '/login', '/analytics/trend?x=1', '/index.html']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(decoded(response), url).toBe(`${indexHtml}/*br*/`);
    }
  });

  it('a missing hashed file or API path is a 404, never index.html', async () => {
    for (const url of ['/assets/app-00000000.js', '/api/nothing', `${ASSET}.br`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });
});

describe('API answers: compression', () => {
  it('compresses a JSON answer above 1 kB with the encoding the client prefers', async () => {
    const headers = { authorization: `Bearer ${session.token}`, 'x-customer-code': session.cid };
    const plain = await t.app.inject({ method: 'POST', url: '/api/current/permissionMap', headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers.vary).toBe('Accept-Encoding');
    for (const encoding of ['br', 'gzip']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/current/permissionMap', headers: { ...headers, 'accept-encoding': encoding } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decoded(response))).toEqual(plain.json());
    }
  });

  it('leaves small answers as they are', async () => {
    const response = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('leaves downloads (already zipped spreadsheets) as they are', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/shop/uploadTemplate',
      headers: { authorization: `Bearer ${session.token}`, 'x-customer-code': session.cid, 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect((await sheetRows(response.rawPayload))[0]?.length).toBeGreaterThan(0);
  });

  it('with HTTP_COMPRESSION=false nothing is compressed and no twin is sent', async () => {
    const naive = await createTestApp({ webDistDir: dist, httpCompression: false });
    try {
      const asset = await naive.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'br, gzip' } });
      expect(asset.headers['content-encoding']).toBeUndefined();
      expect(asset.payload).toBe(assetSource);
      const docs = await naive.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
      expect(docs.headers['content-encoding']).toBeUndefined();
      expect(docs.rawPayload.length).toBeGreaterThan(1024);
    } finally {
      await naive.close();
    }
  });
});

describe('negotiateEncoding', () => {
  it('prefers brotli at equal weight, follows weights, refuses q=0 and reads *', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('GZIP')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('br;q=0, *;q=0.1')).toBe('gzip');
    expect(negotiateEncoding('*;q=0')).toBeNull();
  });
});
