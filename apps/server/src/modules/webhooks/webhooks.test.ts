import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  RoleId,
  WEBHOOKS,
  type WebhookBody,
  type WebhookDeliveryDetail,
  type WebhookDeliveryRow,
  type WebhookEndpoint,
  webhookOperations,
} from '@storelens/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildRoleWithout, buildShop, buildUser, type Session, signIn } from '../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../test/harness.ts';
import { importDailyOrders } from '../../../test/support/sales.ts';
import { buildBox, line, sendBatch } from '../../../test/support/traffic.ts';
import { resolveActor } from '../../platform/authz/actor.ts';
import { advanceClock, now, resetClock } from '../../platform/time/clock.ts';
import { createDevicesService } from '../devices/devices.service.ts';
import { verifyWebhookSignature } from './signature.ts';
import { isPrivateAddress } from './target.ts';
import { emitWebhookEvent, webhookEmitter } from './webhooks.events.ts';
import { createWebhookWorker } from './webhooks.jobs.ts';
import { createWebhooksService } from './webhooks.service.ts';

/**
 * Webhooks (issue 15 section 5) against a real receiver on the loopback address: the signature a
 * receiver checks (with the Node code of docs/API.md), retries with backoff through the jobs
 * platform and the delivery log, a dead endpoint, the test button, rotation, the SSRF rules, and
 * the events wired today (camera offline, POS import finished).
 */

/** The receiver's side, exactly as docs/API.md shows it (independent of the server's code). */
function verifyStorelensSignature(rawBody: string, header: string, secret: string, nowSeconds = Date.now() / 1000, toleranceSeconds = 300): boolean {
  const items = header.split(',').map((item) => item.trim().split('='));
  const timestamp = Number(items.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  return items.some(
    ([key, value]) => key === 'v1' && typeof value === 'string' && /^[0-9a-f]{64}$/.test(value) && crypto.timingSafeEqual(Buffer.from(value, 'hex'), expected),
  );
}

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A node http server on the loopback. Each endpoint of a test gets its own path; a path answers
 * the statuses queued for it in turn (then 200). Every request is kept.
 */
async function startReceiver() {
  const received: Received[] = [];
  const statuses = new Map<string, number[]>();
  let paths = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statuses.get(path)?.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : `failing with ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** A new address on the receiver. */
    url: () => {
      paths += 1;
      return `http://127.0.0.1:${port}/hooks/${paths}`;
    },
    /** What the address will answer next. */
    answer: (url: string, ...codes: number[]) => statuses.set(new URL(url).pathname, [...(statuses.get(new URL(url).pathname) ?? []), ...codes]),
    /** The requests an address received. */
    to: (url: string) => received.filter((request) => request.path === new URL(url).pathname),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on. */
async function deadUrl(): Promise<string> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/gone`;
}

let t: TestApp;
let customer: { customerId: string; rootOrgId: string };
let other: { customerId: string; rootOrgId: string };
let admin: Session;
let outsider: Session;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const worker = () => createWebhookWorker(t.db, { allowPrivateTargets: true, log: () => undefined }).worker;

async function add(input: { url: string; events?: string[]; enabled?: boolean; description?: string }, session = admin) {
  const answer = await invoke(t.app, webhookOperations.add, { events: ['alarm.raised'], description: 'Receiver', enabled: true, ...input } as never, session);
  expect(answer.body.status, answer.body.msg).toBe(200);
  return answer.body.data as { endpoint: WebhookEndpoint; secret: string };
}
async function deliveryOf(deliveryId: string, session = admin) {
  const answer = await invoke(t.app, webhookOperations.delivery, { deliveryId }, session);
  expect(answer.body.status, answer.body.msg).toBe(200);
  return answer.body.data as WebhookDeliveryDetail;
}
async function deliveries(endpointId: string) {
  return (await invoke(t.app, webhookOperations.deliveries, { endpointId }, admin)).body.data as { total: number; list: WebhookDeliveryRow[] };
}
const nowSeconds = () => now().getTime() / 1000;

beforeAll(async () => {
  // ROLE=web: the app's own webhook worker stays off; each test runs the deliveries when it chooses.
  t = await createTestApp({ role: 'web' });
  customer = await buildCustomer(t.db, 'Webhook Co');
  other = await buildCustomer(t.db, 'Other Webhook Co');
  admin = await signIn(t.app, (await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.manager }])).loginName, customer.customerId);
  outsider = await signIn(t.app, (await buildUser(t.db, [{ customerId: other.customerId, roleId: RoleId.superManager }])).loginName, other.customerId);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
afterEach(() => resetClock());

describe('registering an endpoint', () => {
  it('shows the signing secret once; the list shows only its last characters', async () => {
    const url = receiver.url();
    const { endpoint, secret } = await add({ url, description: 'Alarm desk' });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    expect(endpoint).toMatchObject({
      url,
      description: 'Alarm desk',
      events: ['alarm.raised'],
      enabled: true,
      secretHint: secret.slice(-4),
      lastDelivery: null,
    });
    const listed = await invoke(t.app, webhookOperations.list, undefined, admin);
    expect(JSON.stringify(listed.body.data)).not.toContain(secret);
    expect((listed.body.data as { list: WebhookEndpoint[] }).list.map((row) => row.endpointId)).toContain(endpoint.endpointId);
  });

  it("keeps customers apart: another customer's administrator finds nothing of it", async () => {
    const url = receiver.url();
    const { endpoint } = await add({ url });
    for (const [operation, input] of [
      [webhookOperations.update, { endpointId: endpoint.endpointId, url, events: ['alarm.raised'], description: '', enabled: true }],
      [webhookOperations.delete, { endpointId: endpoint.endpointId }],
      [webhookOperations.rotateSecret, { endpointId: endpoint.endpointId }],
      [webhookOperations.test, { endpointId: endpoint.endpointId }],
      [webhookOperations.deliveries, { endpointId: endpoint.endpointId }],
    ] as const) {
      expect((await invoke(t.app, operation, input as never, outsider)).body.status, operation.name).toBe(404);
    }
    expect(((await invoke(t.app, webhookOperations.list, undefined, outsider)).body.data as { list: unknown[] }).list).toEqual([]);
    expect(receiver.to(url)).toEqual([]);
  });

  it('needs the webhook key, the common settings group and the whole customer', async () => {
    const noKey = await buildRoleWithout(t.db, customer.customerId, ['cueretail_webhook_manage']);
    const shopId = await buildShop(t.db, customer.customerId, customer.rootOrgId);
    for (const membership of [
      { customerId: customer.customerId, roleId: noKey },
      { customerId: customer.customerId, roleId: RoleId.observer },
      { customerId: customer.customerId, roleId: RoleId.manager, shopIds: [shopId] },
    ]) {
      const session = await signIn(t.app, (await buildUser(t.db, [membership])).loginName, customer.customerId);
      expect((await invoke(t.app, webhookOperations.list, undefined, session)).body.status).toBe(403);
    }
  });
});

describe('deliveries', () => {
  it('are JSON signed with HMAC-SHA256 over the timestamp and the body: the receiver verifies them with the documented code', async () => {
    const url = receiver.url();
    const { endpoint, secret } = await add({ url, events: ['alarm.raised', 'alarm.confirmed'] });
    const queued = await emitWebhookEvent(
      t.db,
      customer.customerId,
      'alarm.raised',
      { alarmId: 'a-1', shopId: 's-1', priority: 'high' },
      { eventId: 'alarm.raised:a-1' },
    );
    expect(queued).toBeGreaterThanOrEqual(1);
    await worker().runDue();
    const [request] = receiver.to(url);
    expect(request).toBeTruthy();
    if (!request) return;
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-storelens-event']).toBe('alarm.raised');
    const signature = String(request.headers['x-storelens-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyStorelensSignature(request.body, signature, secret)).toBe(true);
    expect(verifyWebhookSignature(signature, request.body, secret, nowSeconds())).toBe(true);
    // A changed body, another secret, or a stale timestamp fails.
    expect(verifyStorelensSignature(request.body.replace('a-1', 'a-2'), signature, secret)).toBe(false);
    expect(verifyStorelensSignature(request.body, signature, `${secret}x`)).toBe(false);
    expect(verifyStorelensSignature(request.body, signature, secret, nowSeconds() + 301)).toBe(false);
    const body = JSON.parse(request.body) as WebhookBody<'alarm.raised'>;
    expect(body).toMatchObject({ id: 'alarm.raised:a-1', type: 'alarm.raised', customerId: customer.customerId, data: { alarmId: 'a-1', priority: 'high' } });
    const [row] = (await deliveries(endpoint.endpointId)).list;
    expect(row).toMatchObject({ eventId: 'alarm.raised:a-1', status: 'succeeded', attempts: 1, statusCode: 200 });
    // The same event emitted again (a job that ran twice) sends nothing more.
    expect(await emitWebhookEvent(t.db, customer.customerId, 'alarm.raised', { alarmId: 'a-1' }, { eventId: 'alarm.raised:a-1' })).toBe(0);
  });

  it('go only to enabled endpoints that subscribed to the event', async () => {
    const subscribed = await add({ url: receiver.url(), events: ['rectification.overdue'] });
    const disabled = await add({ url: receiver.url(), events: ['rectification.overdue'], enabled: false });
    const elsewhere = await add({ url: receiver.url(), events: ['device.offline'] });
    await emitWebhookEvent(t.db, customer.customerId, 'rectification.overdue', { rectificationId: 'r-1' });
    await worker().runDue();
    expect((await deliveries(subscribed.endpoint.endpointId)).total).toBe(1);
    expect((await deliveries(disabled.endpoint.endpointId)).total).toBe(0);
    expect((await deliveries(elsewhere.endpoint.endpointId)).total).toBe(0);
  });

  it('are retried with backoff after a 500, and the log shows each attempt with its code and duration', async () => {
    const url = receiver.url();
    const { endpoint, secret } = await add({ url, events: ['alarm.confirmed'] });
    receiver.answer(url, 500);
    await emitWebhookEvent(t.db, customer.customerId, 'alarm.confirmed', { alarmId: 'a-500' });
    const run = worker();
    await run.runDue();
    const [pending] = (await deliveries(endpoint.endpointId)).list;
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, statusCode: 500, error: 'HTTP 500' });
    expect(Date.parse(pending?.nextAttemptAt ?? '') - now().getTime()).toBeGreaterThan(WEBHOOKS.backoffMs.base - 5000);
    // Not before the backoff.
    await run.runDue();
    expect(receiver.to(url)).toHaveLength(1);
    advanceClock(WEBHOOKS.backoffMs.base + 1000);
    await run.runDue();
    const detail = await deliveryOf(pending?.deliveryId ?? '');
    expect(detail).toMatchObject({ status: 'succeeded', attempts: 2, statusCode: 200, error: null });
    expect(detail.attemptLog.map((attempt) => [attempt.attempt, attempt.statusCode, attempt.error])).toEqual([
      [1, 500, 'HTTP 500'],
      [2, 200, null],
    ]);
    expect(detail.attemptLog.every((attempt) => attempt.durationMs >= 0 && attempt.durationMs < WEBHOOKS.timeoutMs)).toBe(true);
    expect(detail.attemptLog[0]?.responseExcerpt).toBe('failing with 500');
    // Both attempts carry the same event and body, each with its own valid signature.
    const attempts = receiver.to(url);
    expect(attempts).toHaveLength(2);
    expect(attempts[0]?.body).toBe(attempts[1]?.body);
    expect(attempts[0]?.body).toBe(detail.body);
    for (const attempt of attempts)
      expect(verifyStorelensSignature(attempt.body, String(attempt.headers['x-storelens-signature']), secret, nowSeconds())).toBe(true);
    // The list shows the endpoint's last delivery.
    const listed = ((await invoke(t.app, webhookOperations.list, undefined, admin)).body.data as { list: WebhookEndpoint[] }).list;
    expect(listed.find((row) => row.endpointId === endpoint.endpointId)?.lastDelivery).toMatchObject({ status: 'succeeded', statusCode: 200 });
  });

  it('to a dead endpoint end failed after the last attempt, the waits doubling in between', async () => {
    const { endpoint } = await add({ url: await deadUrl(), events: ['alarm.raised'] });
    await emitWebhookEvent(t.db, customer.customerId, 'alarm.raised', { alarmId: 'a-dead' });
    const run = worker();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= WEBHOOKS.maxAttempts; attempt += 1) {
      await run.runDue();
      const [row] = (await deliveries(endpoint.endpointId)).list;
      expect(row?.attempts).toBe(attempt);
      if (row?.status === 'pending') {
        const wait = Date.parse(row.nextAttemptAt ?? '') - now().getTime();
        waits.push(Math.round(wait / 1000));
        advanceClock(wait + 1000);
      }
    }
    const [row] = (await deliveries(endpoint.endpointId)).list;
    expect(row).toMatchObject({ status: 'failed', attempts: WEBHOOKS.maxAttempts, statusCode: null, nextAttemptAt: null });
    expect(row?.error).toMatch(/ECONNREFUSED/);
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920]);
    const detail = await deliveryOf(row?.deliveryId ?? '');
    expect(detail.attemptLog).toHaveLength(WEBHOOKS.maxAttempts);
    // Nothing more happens, however long one waits (past the longest backoff).
    advanceClock(2 * WEBHOOKS.backoffMs.max);
    await run.runDue();
    expect((await deliveryOf(row?.deliveryId ?? '')).attempts).toBe(WEBHOOKS.maxAttempts);
    // Sent again by hand: a new round, the same event.
    const again = await invoke(t.app, webhookOperations.redeliver, { deliveryId: row?.deliveryId ?? '' }, admin);
    expect(again.body.data).toMatchObject({ status: 'pending', eventId: row?.eventId });
    await run.runDue();
    expect((await deliveryOf(row?.deliveryId ?? '')).attempts).toBe(WEBHOOKS.maxAttempts + 1);
  });
});

describe('the test button', () => {
  it('sends a signed webhook.test now and answers its outcome; it is in the log', async () => {
    const url = receiver.url();
    const { endpoint, secret } = await add({ url });
    const answer = await invoke(t.app, webhookOperations.test, { endpointId: endpoint.endpointId }, admin);
    expect(answer.body.data).toMatchObject({ ok: true, statusCode: 200, error: null });
    const [request] = receiver.to(url);
    expect(request?.headers['x-storelens-event']).toBe('webhook.test');
    expect(verifyStorelensSignature(request?.body ?? '', String(request?.headers['x-storelens-signature']), secret)).toBe(true);
    expect((await deliveries(endpoint.endpointId)).list[0]).toMatchObject({ eventType: 'webhook.test', status: 'succeeded', test: true, attempts: 1 });
  });

  it('answers the failure of an endpoint that does not answer', async () => {
    const { endpoint } = await add({ url: await deadUrl() });
    const answer = await invoke(t.app, webhookOperations.test, { endpointId: endpoint.endpointId }, admin);
    expect(answer.body.data).toMatchObject({ ok: false, statusCode: null });
    expect((answer.body.data as { error: string }).error).toMatch(/ECONNREFUSED/);
    expect((await deliveries(endpoint.endpointId)).list[0]).toMatchObject({ status: 'failed', test: true });
  });
});

describe('rotating the secret', () => {
  it('shows a new secret once; for a day both secrets sign, then only the new one', async () => {
    const url = receiver.url();
    const { endpoint, secret: oldSecret } = await add({ url });
    const rotated = (await invoke(t.app, webhookOperations.rotateSecret, { endpointId: endpoint.endpointId }, admin)).body.data as {
      endpoint: WebhookEndpoint;
      secret: string;
    };
    expect(rotated.secret).not.toBe(oldSecret);
    expect(rotated.endpoint.previousSecretUntil).not.toBeNull();
    const test = async () => {
      await invoke(t.app, webhookOperations.test, { endpointId: endpoint.endpointId }, admin);
      const request = receiver.to(url).at(-1);
      return { body: request?.body ?? '', signature: String(request?.headers['x-storelens-signature']) };
    };
    const during = await test();
    expect(during.signature.match(/v1=/g)).toHaveLength(2);
    expect(verifyStorelensSignature(during.body, during.signature, rotated.secret)).toBe(true);
    expect(verifyStorelensSignature(during.body, during.signature, oldSecret)).toBe(true);
    advanceClock((WEBHOOKS.previousSecretHours + 1) * 3_600_000);
    // The session expired meanwhile: a new one.
    admin = await signIn(t.app, (await buildUser(t.db, [{ customerId: customer.customerId, roleId: RoleId.manager }])).loginName, customer.customerId);
    const after = await test();
    expect(verifyStorelensSignature(after.body, after.signature, rotated.secret, nowSeconds())).toBe(true);
    expect(verifyStorelensSignature(after.body, after.signature, oldSecret, nowSeconds())).toBe(false);
  });
});

describe('the events wired today', () => {
  it('device.offline: a camera-offline alarm is delivered with its camera and store', async () => {
    const shopId = await buildShop(t.db, customer.customerId, customer.rootOrgId, { number: 'WH-1', name: 'Webhook Store' });
    const box = await buildBox(t.db, customer.customerId, shopId, 1);
    expect((await sendBatch(t.app, box.token, [line(box.cameraIds[0] ?? '', new Date().toISOString())])).body.status).toBe(200);
    const url = receiver.url();
    const { endpoint, secret } = await add({ url, events: ['device.offline'] });
    advanceClock(20 * 60_000);
    const alarms = await createDevicesService({ db: t.db, webhooks: webhookEmitter(t.db) }).detectOfflineCameras();
    expect(alarms.map((alarm) => alarm.cameraId)).toContain(box.cameraIds[0]);
    await worker().runDue();
    const request = receiver.to(url).find((one) => one.headers['x-storelens-event'] === 'device.offline');
    expect(verifyStorelensSignature(request?.body ?? '', String(request?.headers['x-storelens-signature']), secret, nowSeconds())).toBe(true);
    const body = JSON.parse(request?.body ?? '{}') as WebhookBody<'device.offline'>;
    expect(body.data).toMatchObject({
      cameraId: box.cameraIds[0],
      boxId: box.boxId,
      shopId,
      shopName: 'Webhook Store',
      shopNumber: 'WH-1',
      offlineAfterMinutes: 15,
    });
    expect((await deliveries(endpoint.endpointId)).list[0]).toMatchObject({ eventType: 'device.offline', status: 'succeeded' });
  });

  it('pos.import.finished: an imported POS file is delivered with its outcome', async () => {
    await buildShop(t.db, customer.customerId, customer.rootOrgId, { number: 'WH-POS' });
    const url = receiver.url();
    const { endpoint } = await add({ url, events: ['pos.import.finished'] });
    const today = now().toISOString().slice(0, 10);
    await importDailyOrders(t, customer.customerId, 'webhook-pos.xlsx', [{ shopNumber: 'WH-POS', from: today, to: today, amount: 12.5, prefix: 'WH' }]);
    await worker().runDue();
    const request = receiver.to(url).find((one) => one.headers['x-storelens-event'] === 'pos.import.finished');
    const body = JSON.parse(request?.body ?? '{}') as WebhookBody<'pos.import.finished'>;
    expect(body.data).toMatchObject({
      fileName: 'webhook-pos.xlsx',
      status: 'completed',
      importedRows: 1,
      errorRows: 0,
      failure: null,
      firstDate: today,
      lastDate: today,
      shopCount: 1,
    });
    expect(body.id).toBe(`pos.import.finished:${body.data.uploadId}`);
    expect((await deliveries(endpoint.endpointId)).list[0]).toMatchObject({ eventType: 'pos.import.finished', status: 'succeeded' });
  });
});

describe('where webhooks may go (SSRF)', () => {
  let prod: TestApp;
  let prodAdmin: Session;
  beforeAll(async () => {
    prod = await createTestApp({ role: 'web', mode: 'production', webhooks: { allowPrivateTargets: false } });
    const prodCustomer = await buildCustomer(prod.db, 'Production Co');
    prodAdmin = await signIn(
      prod.app,
      (await buildUser(prod.db, [{ customerId: prodCustomer.customerId, roleId: RoleId.manager }])).loginName,
      prodCustomer.customerId,
    );
  });
  afterAll(async () => prod?.close());

  const addOn = (app: TestApp, session: Session, url: string, lang?: string) =>
    invoke(app.app, webhookOperations.add, { url, events: ['device.offline'], description: '', enabled: true }, { ...session, ...(lang ? { lang } : {}) });

  it.each([
    'https://127.0.0.1/hook',
    'https://localhost:8443/hook',
    'https://10.1.2.3/hook',
    'https://172.20.0.1/hook',
    'https://192.168.1.10/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/hook',
    'https://0.0.0.0/hook',
    'https://[::1]/hook',
    'https://[fd00::1]/hook',
    'https://[fe80::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://2130706433/hook',
    'https://0x7f.0.0.1/hook',
  ])('refuses %s in production', async (url) => {
    const answer = await addOn(prod, prodAdmin, url);
    expect(answer.body.status, url).toBe(400);
  });

  it('says why in every language: a private address, plain http to a public one, credentials, a bad address, no events', async () => {
    await expectMessageInAllLanguages((lang) => addOn(prod, prodAdmin, 'https://10.0.0.8/hook', lang), 'webhooks.targetRefused', undefined, 400);
    await expectMessageInAllLanguages((lang) => addOn(prod, prodAdmin, 'http://93.184.216.34/hook', lang), 'webhooks.httpsRequired', undefined, 400);
    await expectMessageInAllLanguages((lang) => addOn(prod, prodAdmin, 'https://user:pw@93.184.216.34/hook', lang), 'webhooks.urlCredentials', undefined, 400);
    await expectMessageInAllLanguages((lang) => addOn(prod, prodAdmin, 'ftp://93.184.216.34/hook', lang), 'webhooks.urlInvalid', undefined, 400);
    await expectMessageInAllLanguages(
      (lang) =>
        invoke(prod.app, webhookOperations.add, { url: 'https://93.184.216.34/hook', events: [], description: '', enabled: true }, { ...prodAdmin, lang }),
      'webhooks.eventsRequired',
      undefined,
      400,
    );
    await expectMessageInAllLanguages((lang) => addOn(prod, prodAdmin, 'https://no-such-host.invalid/hook', lang), 'webhooks.targetUnresolved', undefined, 400);
  });

  it('accepts a public https address in production', async () => {
    const answer = await addOn(prod, prodAdmin, 'https://93.184.216.34/storelens');
    expect(answer.body.status, answer.body.msg).toBe(200);
  });

  it('refuses at delivery an endpoint whose address is private where private targets are not allowed: failed at once, no retry', async () => {
    // Saved where private targets are allowed (development), delivered by a production worker.
    const url = receiver.url();
    const { endpoint } = await add({ url, events: ['alarm.raised'] });
    await emitWebhookEvent(t.db, customer.customerId, 'alarm.raised', { alarmId: 'a-ssrf' });
    await createWebhookWorker(t.db, { allowPrivateTargets: false, log: () => undefined }).worker.runDue();
    expect(receiver.to(url)).toEqual([]);
    const [row] = (await deliveries(endpoint.endpointId)).list;
    expect(row).toMatchObject({ status: 'failed', attempts: 1, error: 'refused: webhooks.targetRefused' });
  });

  it('allows at most 20 endpoints per customer', async () => {
    const crowded = await buildCustomer(t.db, 'Crowded Co');
    const session = await signIn(t.app, (await buildUser(t.db, [{ customerId: crowded.customerId, roleId: RoleId.manager }])).loginName, crowded.customerId);
    for (let index = 0; index < WEBHOOKS.maxEndpoints; index += 1) await add({ url: receiver.url() }, session);
    await expectMessageInAllLanguages((lang) => addOn(t, session, receiver.url(), lang), 'webhooks.tooMany', { n: WEBHOOKS.maxEndpoints }, 422);
  });

  it('classifies addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '::1',
      'fc00::1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      'not-an-ip',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe('deleting an endpoint', () => {
  it('removes it with its log', async () => {
    const { endpoint } = await add({ url: receiver.url() });
    await invoke(t.app, webhookOperations.test, { endpointId: endpoint.endpointId }, admin);
    expect((await invoke(t.app, webhookOperations.delete, { endpointId: endpoint.endpointId }, admin)).body.status).toBe(200);
    expect((await invoke(t.app, webhookOperations.deliveries, { endpointId: endpoint.endpointId }, admin)).body.status).toBe(404);
    expect(await t.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', endpoint.endpointId).execute()).toEqual([]);
    const actor = await resolveActor(
      t.db,
      (await t.db.selectFrom('memberships').select('user_id').where('customer_id', '=', customer.customerId).executeTakeFirstOrThrow()).user_id,
      customer.customerId,
    );
    expect(actor).not.toBeNull();
    if (actor)
      expect((await createWebhooksService({ db: t.db, allowPrivateTargets: true }).list(actor)).list.map((row) => row.endpointId)).not.toContain(
        endpoint.endpointId,
      );
  });
});
