// @vitest-environment node
import 'fake-indexeddb/auto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { todoOperations as ops, ResponseStatus } from '@storelens/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp } from '../../../shared/lib/http.ts';
import { type OfflinePhoto, offlineStore } from './store.ts';
import { keepSending, onQueueChange, queueSubmission, sendQueued } from './sync.ts';

/**
 * Sending the on-site inspection's queue (issue 14 section 3): against a real HTTP server on
 * 127.0.0.1 that answers the two operations as docs/API.md says the product does (an image with a
 * client key it already kept answers that image; a submission with a key it already took answers the
 * first result), and that can be switched to drop connections, fail the results with a 500 or refuse them. The
 * offline database is fake-indexeddb (Node has no IndexedDB).
 */

type Mode = 'up' | 'drop' | 'submit-error' | 'refuse';
let server: Server;
let mode: Mode = 'up';
const uploads: string[] = [];
const submits: { assignmentId: string; idempotencyKey: string; method: string }[] = [];
const keptImages = new Map<string, string>();
const takenSubmissions = new Set<string>();

function sendJson(res: ServerResponse, httpStatus: number, body: unknown): void {
  res.writeHead(httpStatus, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  if (mode === 'drop') {
    res.socket?.destroy();
    return;
  }
  if (req.url === ops.todoUploadImage.path) {
    // The multipart form as the browser sent it, read by the platform's own parser.
    const form = await new Request('http://local/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body }).formData();
    const clientKey = String(form.get('clientKey'));
    uploads.push(`${String(form.get('itemId'))}:${clientKey}:${(form.get('file') as Blob).size}`);
    const mediaId = keptImages.get(clientKey) ?? `media-${keptImages.size + 1}`;
    keptImages.set(clientKey, mediaId);
    sendJson(res, 200, { status: 200, msg: '', data: { mediaId, kind: 'image' } });
    return;
  }
  if (req.url === ops.todoSubmit.path) {
    const input = JSON.parse(body.toString('utf8')) as { assignmentId: string; idempotencyKey: string; method: string };
    submits.push({ assignmentId: input.assignmentId, idempotencyKey: input.idempotencyKey, method: input.method });
    if (mode === 'submit-error') {
      sendJson(res, 500, { status: 500, msg: 'Internal error', data: null });
      return;
    }
    if (mode === 'refuse' && !takenSubmissions.has(input.idempotencyKey)) {
      sendJson(res, 422, { status: ResponseStatus.errorModal, msg: 'This inspection has already been submitted and cannot be changed', data: null });
      return;
    }
    takenSubmissions.add(input.idempotencyKey);
    sendJson(res, 200, { status: 200, msg: '', data: { assignmentId: input.assignmentId, passed: 0, failed: 1, invalid: 0, rectificationIds: ['r1'] } });
    return;
  }
  sendJson(res, 404, { status: 404, msg: 'Not found or no access', data: null });
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureHttp({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  mode = 'up';
  uploads.length = 0;
  submits.length = 0;
});

const AT = () => '2026-05-20T03:00:00.000Z';
const photo = (clientKey: string, assignmentId: string): OfflinePhoto => ({
  clientKey,
  assignmentId,
  itemId: 'item-1',
  blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }),
  name: `${clientKey}.jpg`,
  takenAt: '2026-05-20T02:00:00.000Z',
  mediaId: null,
});
const queued = (assignmentId: string) => ({
  assignmentId,
  shopName: 'Shanghai Nanjing Road',
  planName: 'Daily opening check',
  results: [{ itemId: 'item-1', result: 'fail' as const, remark: 'Door blocked' }],
  queuedAt: '2026-05-20T02:30:00.000Z',
});

describe('sending the offline queue', () => {
  it('sends the photos, then the results under the submission’s key, once; a second round sends nothing', async () => {
    const store = offlineStore('sync-once');
    await store.addPhoto(photo('p1', 'a1'));
    const changes: string[] = [];
    const stop = onQueueChange(() => changes.push('changed'));
    await queueSubmission(store, queued('a1'));
    const [first] = await store.submissions();
    expect(first).toMatchObject({ state: 'queued', attempts: 0, sentAt: null });

    await sendQueued(store, AT);
    stop();
    expect(uploads).toEqual(['item-1:p1:4']);
    expect(submits).toEqual([{ assignmentId: 'a1', idempotencyKey: first?.idempotencyKey, method: 'onsite' }]);
    expect(await store.submissions()).toEqual([{ ...first, state: 'sent', sentAt: AT(), error: null, attempts: 1 }]);
    expect((await store.photos('a1'))[0]?.mediaId).toBe(keptImages.get('p1'));
    // Queued, then sent: the page heard of both.
    expect(changes).toEqual(['changed', 'changed']);

    await sendQueued(store, AT);
    expect(uploads).toHaveLength(1);
    expect(submits).toHaveLength(1);
  });

  it('keeps the submission queued when the connection drops or the server fails, and sends it later without sending a kept photo twice', async () => {
    const store = offlineStore('sync-retry');
    await store.addPhoto(photo('p2', 'a2'));
    await queueSubmission(store, queued('a2'));

    mode = 'drop';
    await sendQueued(store, AT);
    expect(await store.submissions()).toMatchObject([{ state: 'queued', attempts: 1, error: null }]);
    expect((await store.photos('a2'))[0]?.mediaId).toBeNull();

    // The photo gets through, then the server fails on the results: the photo stays kept.
    mode = 'submit-error';
    await sendQueued(store, AT);
    expect(uploads).toEqual(['item-1:p2:4']);
    expect((await store.photos('a2'))[0]?.mediaId).toBe(keptImages.get('p2'));
    const afterFailure = await store.submissions();
    expect(afterFailure[0]?.state).toBe('queued');
    expect(afterFailure[0]?.attempts).toBe(2);

    mode = 'up';
    uploads.length = 0;
    await sendQueued(store, AT);
    const [sent] = await store.submissions();
    expect(sent).toMatchObject({ state: 'sent', attempts: 3 });
    // Every attempt carried the same key, so the server took the results once.
    expect(new Set(submits.map((submit) => submit.idempotencyKey)).size).toBe(1);
    expect(uploads).toEqual([]);
    expect(keptImages.get('p2')).toBe((await store.photos('a2'))[0]?.mediaId);
  });

  it('marks a refused submission with the server’s message; queueing it again gives it a new key', async () => {
    const store = offlineStore('sync-refused');
    await queueSubmission(store, queued('a3'));
    mode = 'refuse';
    await sendQueued(store, AT);
    const [refused] = await store.submissions();
    expect(refused).toMatchObject({ state: 'refused', error: 'This inspection has already been submitted and cannot be changed', attempts: 1, sentAt: null });
    // A refused submission is not resent by itself.
    await sendQueued(store, AT);
    expect(submits).toHaveLength(1);

    await queueSubmission(store, queued('a3'));
    const [again] = await store.submissions();
    expect(again).toMatchObject({ state: 'queued', error: null, attempts: 0 });
    expect(again?.idempotencyKey).not.toBe(refused?.idempotencyKey);
  });

  it('joins a send already running rather than sending the queue twice', async () => {
    const store = offlineStore('sync-join');
    await queueSubmission(store, queued('a4'));
    const first = sendQueued(store, AT);
    const second = sendQueued(store, AT);
    expect(second).toBe(first);
    await Promise.all([first, second]);
    expect(submits.map((submit) => submit.assignmentId)).toEqual(['a4']);
  });
  it('keeps sending while something stays queued: no answer at first, sent on a later round, nothing after', async () => {
    const store = offlineStore('sync-keep');
    await queueSubmission(store, queued('a5'));
    mode = 'drop';
    let rounds = 0;
    const stop = keepSending(store, {
      at: AT,
      delays: [20],
      afterRound: () => {
        rounds += 1;
        // The connection answers from the third round on.
        if (rounds === 2) mode = 'up';
      },
    });
    try {
      await expect.poll(async () => (await store.submissions())[0]?.state, { timeout: 5_000 }).toBe('sent');
      // Two rounds without an answer, the third taken: the server saw one submission.
      expect((await store.submissions())[0]?.attempts).toBe(3);
      expect(submits.filter((submit) => submit.assignmentId === 'a5').length).toBe(1);
      // Nothing left queued: no more rounds.
      const after = rounds;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(rounds).toBe(after);
    } finally {
      stop();
    }
  });

  it('stops trying when told (offline, page left)', async () => {
    const store = offlineStore('sync-stop');
    await queueSubmission(store, queued('a6'));
    mode = 'drop';
    let rounds = 0;
    const stop = keepSending(store, { at: AT, delays: [20], afterRound: () => (rounds += 1) });
    await expect.poll(() => rounds, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
    stop();
    const stoppedAt = rounds;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(rounds).toBeLessThanOrEqual(stoppedAt + 1);
    expect((await store.submissions())[0]?.state).toBe('queued');
  });
});
