// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Locale, ResponseStatus, translateMessage } from '@storelens/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient, type FeedbackPort, type HttpEnvironment, HttpError, type RequestContext } from './http.ts';

/**
 * The client against a real HTTP server on 127.0.0.1 (port 0): every status of the catalogue,
 * HTTP failures, timeout, cancellation and the request options.
 */

let server: Server;
let baseUrl = '';
const hangingResponses = new Set<ServerResponse>();

function sendJson(res: ServerResponse, httpStatus: number, body: unknown): void {
  res.writeHead(httpStatus, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const httpStatusOf: Record<number, number> = { 200: 200, 210: 200, 400: 400, 401: 401, 403: 403, 404: 404, 409: 409, 422: 422, 429: 429, 500: 500 };

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const body = await readBody(req);
  const status = url.pathname.match(/^\/api\/status\/(\d+)$/);
  if (status) {
    const code = Number(status[1]);
    sendJson(res, httpStatusOf[code] ?? 500, { status: code, msg: code === 409 ? 'c9' : `message ${code}`, data: { code } });
    return;
  }
  switch (url.pathname) {
    case '/api/echo':
      sendJson(res, 200, { status: 200, msg: '', data: { method: req.method, headers: req.headers, body, query: Object.fromEntries(url.searchParams) } });
      return;
    case '/api/custom':
      sendJson(res, 200, { rows: [1, 2, 3] });
      return;
    case '/api/bad-gateway':
    case '/api/floorplan/cam2Dmap/save':
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>upstream down</h1>');
      return;
    case '/api/file':
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.from([1, 2, 3, 4]));
      return;
    case '/api/slow':
      setTimeout(() => sendJson(res, 200, { status: 200, msg: '', data: 'late' }), 400);
      return;
    case '/api/hang':
      hangingResponses.add(res);
      return;
    default:
      sendJson(res, 404, { status: 404, msg: 'Not found or no access', data: null });
  }
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of hangingResponses) res.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

interface Recorded {
  modals: { title: string; content: string }[];
  warnings: string[];
  notices: string[];
  events: string[];
  closeModal(): void;
}

function setup(overrides: Partial<HttpEnvironment> & { context?: Partial<RequestContext> } = {}) {
  const recorded: Recorded = { modals: [], warnings: [], notices: [], events: [], closeModal: () => undefined };
  const closers: (() => void)[] = [];
  recorded.closeModal = () => closers.shift()?.();
  const feedback: FeedbackPort = {
    showErrorModal: (title, content) => {
      recorded.modals.push({ title, content });
      return new Promise<void>((resolve) => closers.push(resolve));
    },
    warn: (text) => recorded.warnings.push(text),
    notice: (text) => recorded.notices.push(text),
  };
  const locale: Locale = 'en';
  const client = createHttpClient({
    baseUrl,
    apiPrefix: '/api',
    getContext: () => ({ token: 'token-1', customerCode: 'c1', locale, ...overrides.context }),
    translate: (key) => translateMessage(locale, key),
    feedback,
    isOnLoginPage: () => false,
    reloadPage: () => recorded.events.push('reload'),
    onSessionExpired: () => recorded.events.push('sessionExpired'),
    goToLogin: () => recorded.events.push('goToLogin'),
    onCustomerSwitched: (cid) => recorded.events.push(`customerSwitched:${cid}`),
    ...overrides,
  });
  return { client, recorded };
}

async function failureOf(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('http client', () => {
  let env: ReturnType<typeof setup>;
  beforeEach(() => {
    env = setup();
  });

  it('sends the token, customer code, language and product id, and JSON bodies', async () => {
    const echo = await env.client.post<{ method: string; headers: Record<string, string>; body: string }>('/echo', { a: 1 });
    expect(echo.method).toBe('POST');
    expect(echo.headers).toMatchObject({
      authorization: 'Bearer token-1',
      'x-customer-code': 'c1',
      'accept-language': 'en',
      'x-product-id': 'storelens-web',
      'content-type': 'application/json',
    });
    expect(JSON.parse(echo.body)).toEqual({ a: 1 });
  });

  it('sends customer code -1 and no Authorization before sign-in', async () => {
    const { client } = setup({ context: { token: null, customerCode: null } });
    const echo = await client.post<{ headers: Record<string, string> }>('/echo');
    expect(echo.headers['x-customer-code']).toBe('-1');
    expect(echo.headers.authorization).toBeUndefined();
  });

  it('GET carries its parameters in the query string', async () => {
    const echo = await env.client.get<{ method: string; query: Record<string, string> }>('/echo', { shopId: 's 1', page: 2, skip: undefined });
    expect(echo).toMatchObject({ method: 'GET', query: { shopId: 's 1', page: '2' } });
  });

  it('success (200) returns data only', async () => {
    await expect(env.client.post(`/status/${ResponseStatus.success}`)).resolves.toEqual({ code: 200 });
    expect(env.recorded.modals).toEqual([]);
  });

  it('notice (210) shows msg and still returns data', async () => {
    await expect(env.client.post(`/status/${ResponseStatus.notice}`)).resolves.toEqual({ code: 210 });
    expect(env.recorded.notices).toEqual(['message 210']);
  });

  it('a silent notice returns data without showing anything', async () => {
    await expect(env.client.post(`/status/${ResponseStatus.notice}`, {}, { silent: true })).resolves.toEqual({ code: 210 });
    expect(env.recorded.notices).toEqual([]);
  });

  it('error modal (422) shows the server msg in a modal and rejects', async () => {
    const error = await failureOf(env.client.post(`/status/${ResponseStatus.errorModal}`));
    expect(error).toMatchObject({ kind: 'status', status: 422, message: 'message 422', data: { code: 422 } });
    expect(env.recorded.modals).toEqual([{ title: 'Error', content: 'message 422' }]);
  });

  it('shows only one error modal at a time', async () => {
    await Promise.allSettled([env.client.post('/status/422'), env.client.post('/status/500'), env.client.post('/status/400')]);
    expect(env.recorded.modals).toHaveLength(1);
    env.recorded.closeModal();
    await sleep(0);
    await failureOf(env.client.post('/status/403'));
    expect(env.recorded.modals).toHaveLength(2);
    expect(env.recorded.modals[1]).toEqual({ title: 'Error', content: 'message 403' });
  });

  it.each([ResponseStatus.badRequest, ResponseStatus.noAuthority, ResponseStatus.notFound, ResponseStatus.tooManyRequests, ResponseStatus.serverError])(
    'any other status (%i) shows msg in a modal titled Error and rejects',
    async (status) => {
      const error = await failureOf(env.client.post(`/status/${status}`));
      expect(error).toMatchObject({ kind: 'status', status, httpStatus: null });
      expect(env.recorded.modals).toEqual([{ title: 'Error', content: `message ${status}` }]);
    },
  );

  it.each([ResponseStatus.badRequest, ResponseStatus.errorModal, ResponseStatus.serverError])(
    'silent (%i) rejects without showing anything',
    async (status) => {
      await failureOf(env.client.post(`/status/${status}`, {}, { silent: true }));
      expect(env.recorded.modals).toEqual([]);
    },
  );

  it('session expired (401), away from the login page: warns, logs out, goes to /login after 500 ms', async () => {
    const error = await failureOf(env.client.post(`/status/${ResponseStatus.sessionExpired}`));
    expect(error.status).toBe(401);
    expect(env.recorded.warnings).toEqual(['Login again please']);
    expect(env.recorded.events).toEqual(['sessionExpired']);
    await sleep(300);
    expect(env.recorded.events).toEqual(['sessionExpired']);
    await sleep(350);
    expect(env.recorded.events).toEqual(['sessionExpired', 'goToLogin']);
    expect(env.recorded.modals).toEqual([]);
  });

  it('session expired acts once for a burst of parallel calls', async () => {
    await Promise.allSettled([env.client.post('/status/401'), env.client.post('/status/401', {}, { silent: true })]);
    expect(env.recorded.warnings).toHaveLength(1);
    expect(env.recorded.events).toEqual(['sessionExpired']);
  });

  it('a request of an expiry already handled does not reload the sign-in page it led to (the message stays)', async () => {
    let onLogin = false;
    const { client, recorded } = setup({ isOnLoginPage: () => onLogin });
    await failureOf(client.post('/status/401'));
    // The guard sent the page to /login before the slower parallel request was answered.
    onLogin = true;
    await failureOf(client.post('/status/401', {}, { silent: true }));
    expect(recorded.events).toEqual(['sessionExpired']);
    expect(recorded.warnings).toEqual(['Login again please']);
  });

  it('session expired on the login page reloads it', async () => {
    const { client, recorded } = setup({ isOnLoginPage: () => true });
    await failureOf(client.post('/status/401'));
    expect(recorded.events).toEqual(['reload']);
    expect(recorded.warnings).toEqual([]);
  });

  it('customer switched (409): warns, selects the customer carried in msg and reloads', async () => {
    const error = await failureOf(env.client.post(`/status/${ResponseStatus.customerSwitched}`));
    expect(error.status).toBe(409);
    expect(env.recorded.warnings).toEqual(['Customer switched']);
    expect(env.recorded.events).toEqual(['customerSwitched:c9', 'reload']);
  });

  it('an HTTP failure shows a modal titled Request error: plus the status, with message and data', async () => {
    const error = await failureOf(env.client.post('/bad-gateway'));
    expect(error).toMatchObject({ kind: 'http', httpStatus: 502, status: null });
    expect(env.recorded.modals).toHaveLength(1);
    expect(env.recorded.modals[0]?.title).toBe('Request error: 502');
    expect(env.recorded.modals[0]?.content).toContain('Bad Gateway');
    expect(env.recorded.modals[0]?.content).toContain('<h1>upstream down</h1>');
  });

  it('a silent HTTP failure shows nothing', async () => {
    await failureOf(env.client.post('/bad-gateway', {}, { silent: true }));
    expect(env.recorded.modals).toEqual([]);
  });

  it('a failure of a cam2Dmap URL explains the camera parameters, even when silent', async () => {
    await failureOf(env.client.post('/floorplan/cam2Dmap/save', {}, { silent: true }));
    expect(env.recorded.modals).toEqual([
      { title: 'Error', content: 'Camera parameters are incorrectly configured, please adjust the parameters and try again' },
    ]);
  });

  it('times out with Request timeout!', async () => {
    const error = await failureOf(env.client.post('/slow', {}, { timeoutMs: 100 }));
    expect(error.kind).toBe('timeout');
    expect(env.recorded.modals).toEqual([{ title: 'Request error:', content: 'Request timeout!' }]);
  });

  it('waits up to the timeout for a slow answer', async () => {
    await expect(env.client.post('/slow', {}, { timeoutMs: 2_000 })).resolves.toBe('late');
  });

  it('a cancelled request is rejected quietly', async () => {
    const controller = new AbortController();
    const pending = env.client.post('/hang', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await failureOf(pending);
    expect(error.kind).toBe('cancelled');
    expect(env.recorded.modals).toEqual([]);
  });

  it('a request cancelled before it starts is rejected quietly too', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failureOf(env.client.post('/echo', {}, { signal: controller.signal }));
    expect(error.kind).toBe('cancelled');
    expect(env.recorded.modals).toEqual([]);
  });

  it('a server that cannot be reached is a network failure with a Request error: modal', async () => {
    const { client, recorded } = setup({ baseUrl: 'http://127.0.0.1:1' });
    const error = await failureOf(client.post('/echo'));
    expect(error.kind).toBe('network');
    expect(recorded.modals).toEqual([{ title: 'Request error:', content: 'Network connection timed out' }]);
  });

  it('raw resolves with the whole envelope', async () => {
    await expect(env.client.post('/status/200', {}, { raw: true })).resolves.toEqual({ status: 200, msg: 'message 200', data: { code: 200 } });
  });

  it('raw still rejects a failed status', async () => {
    await failureOf(env.client.post('/status/422', {}, { raw: true }));
    expect(env.recorded.modals).toHaveLength(1);
  });

  it('rawData resolves with the body as sent, envelope or not', async () => {
    await expect(env.client.post('/custom', {}, { rawData: true })).resolves.toEqual({ rows: [1, 2, 3] });
    await expect(env.client.post('/status/210', {}, { rawData: true })).resolves.toEqual({ status: 210, msg: 'message 210', data: { code: 210 } });
    expect(env.recorded.notices).toEqual([]);
  });

  it('a non-envelope JSON answer without rawData is an error', async () => {
    const error = await failureOf(env.client.post('/custom', {}, { silent: true }));
    expect(error.kind).toBe('http');
  });

  it('useAll resolves with the envelope whatever its status and shows nothing', async () => {
    await expect(env.client.post('/status/422', {}, { useAll: true })).resolves.toEqual({ status: 422, msg: 'message 422', data: { code: 422 } });
    await expect(env.client.post('/status/500', {}, { useAll: true })).resolves.toMatchObject({ status: 500 });
    expect(env.recorded.modals).toEqual([]);
  });

  it('useAll still handles an expired session', async () => {
    await failureOf(env.client.post('/status/401', {}, { useAll: true }));
    expect(env.recorded.events).toEqual(['sessionExpired']);
  });

  it('returns blob answers as they are', async () => {
    const file = await env.client.get<Blob>('/file', undefined, { responseType: 'blob' });
    expect(file).toBeInstanceOf(Blob);
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([1, 2, 3, 4]);
  });

  it('uploads a file as multipart/form-data with the session headers, not as JSON', async () => {
    const echo = await env.client.upload<{ headers: Record<string, string>; body: string }>('/echo', new Blob(['a,b']), 'rows.xlsx');
    expect(echo.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(echo.headers).toMatchObject({ authorization: 'Bearer token-1', 'x-customer-code': 'c1' });
    expect(echo.body).toContain('name="file"; filename="rows.xlsx"');
    expect(echo.body).toContain('a,b');
  });

  it('a blob request answered with an error envelope is handled as one', async () => {
    const error = await failureOf(env.client.get('/status/404', undefined, { responseType: 'blob' }));
    expect(error.status).toBe(404);
    expect(env.recorded.modals).toEqual([{ title: 'Error', content: 'message 404' }]);
  });
});
