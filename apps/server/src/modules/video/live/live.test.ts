import fsp from 'node:fs/promises';
import net from 'node:net';
import { LIVE, liveOperations, RoleId } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildCamera, buildCustomer, buildRoleWithout, buildShop, buildUser, type Session, signIn } from '../../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../../test/harness.ts';
import { FFMPEG, FFPROBE, tempDir, testClip, waitFor } from '../../../../test/support/video.ts';
import { objectStorageOf } from '../../../platform/storage/storage-config.ts';
import { tenantScope } from '../../../platform/tenancy/scoped.ts';
import { nowIso } from '../../../platform/time/clock.ts';
import { createRecordingSupervisor } from '../recording-supervisor.ts';
import { createSegmentIndex } from '../segment-index.ts';
import { type ClipServer, serveClipLoop } from '../synthetic-source.ts';
import { videoRepo } from '../video.repo.ts';
import { LIVE_CLOSE } from './live.routes.ts';
import { createLiveRelay } from './live-relay.ts';
import { createLiveTaps } from './live-taps.ts';

/**
 * The live relay over real HTTP and real WebSockets: a camera is a real ffmpeg serving a clip as
 * MPEG-TS over TCP (which, like many cameras, takes one client), reached through a proxy that
 * counts the upstream connections; viewers are WebSocket clients reading fMP4.
 */
let t: TestApp;
let dir: string;
let source: ClipServer;
let proxy: net.Server;
const upstream = { opened: 0, open: 0 };
let base: string;
let admin: Session;
let noVideo: Session;
let other: Session;
let camera: string;
let closedShopCamera: string;
let noSourceCamera: string;
let deadCamera: string;
let otherCamera: string;
let customerId: string;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });

/** A viewer: the WebSocket and what it received (binary fMP4 as box types, text control messages). */
function view(url: string) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}${url}`);
  const received = { boxes: [] as string[], controls: [] as string[], closeCode: 0, bytes: 0 };
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    if (!isBinary) received.controls.push(data.toString());
    else {
      received.bytes += data.length;
      received.boxes.push(data.toString('latin1', 4, 8));
    }
  });
  const closed = new Promise<void>((resolve) =>
    socket.on('close', (code) => {
      received.closeCode = code;
      resolve();
    }),
  );
  return { socket, received, closed };
}

async function ticketFor(session: Session, cameraId: string): Promise<string> {
  const response = await invoke(t.app, liveOperations.liveTicket, { cameraId }, session);
  expect(response.body.status, JSON.stringify(response.body)).toBe(200);
  return (response.body.data as { url: string }).url;
}

beforeAll(async () => {
  t = await createTestApp();
  dir = await tempDir('live');
  const clip = await testClip(dir, 12);
  const sourcePort = await freePort();
  source = serveClipLoop(FFMPEG, clip, sourcePort);
  proxy = net.createServer((client) => {
    upstream.opened += 1;
    upstream.open += 1;
    const server = net.connect(sourcePort, '127.0.0.1');
    client.pipe(server).pipe(client);
    const done = () => {
      client.destroy();
      server.destroy();
    };
    client.on('close', done);
    server.on('close', done);
    client.on('error', done);
    server.on('error', done);
    client.once('close', () => {
      upstream.open -= 1;
    });
  });
  const proxyPort = await new Promise<number>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve((proxy.address() as net.AddressInfo).port)));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;

  const customer = await buildCustomer(t.db);
  customerId = customer.customerId;
  const shop = await buildShop(t.db, customerId, customer.rootOrgId);
  const closedShop = await buildShop(t.db, customerId, customer.rootOrgId);
  camera = await buildCamera(t.db, customerId, shop);
  noSourceCamera = await buildCamera(t.db, customerId, shop);
  deadCamera = await buildCamera(t.db, customerId, shop);
  closedShopCamera = await buildCamera(t.db, customerId, closedShop);
  const repo = videoRepo(tenantScope(t.db, customerId));
  const save = (cameraId: string, url: string) => repo.saveSource({ camera_id: cameraId, kind: 'stream', url, record: 'onDemand', updated_at: nowIso() });
  await save(camera, `tcp://127.0.0.1:${proxyPort}`);
  await save(closedShopCamera, `tcp://127.0.0.1:${proxyPort}`);
  await save(deadCamera, `tcp://127.0.0.1:${await freePort()}`);
  await tenantScope(t.db, customerId).updateTable('shops').set({ status: 'closed' }).where('id', '=', closedShop).execute();
  const theirs = await buildCustomer(t.db);
  otherCamera = await buildCamera(t.db, theirs.customerId, await buildShop(t.db, theirs.customerId, theirs.rootOrgId));

  const sign = async (customer: string, roleId: number) => signIn(t.app, (await buildUser(t.db, [{ customerId: customer, roleId }])).loginName, customer);
  admin = await sign(customerId, RoleId.superManager);
  noVideo = await sign(customerId, await buildRoleWithout(t.db, customerId, ['video_nav']));
  other = await sign(theirs.customerId, RoleId.superManager);
}, 60_000);

afterAll(async () => {
  await t.close();
  await source.stop();
  await new Promise((resolve) => proxy.close(resolve));
  await fsp.rm(t.config.dataDir, { recursive: true, force: true });
  await fsp.rm(dir, { recursive: true, force: true });
});

describe('live relay', () => {
  it('serves two viewers of one camera from one upstream pull, the init part first, then fragments; each view is logged', async () => {
    const first = view(await ticketFor(admin, camera));
    await waitFor(() => first.received.boxes.includes('moof'), 20_000, 'first viewer fragments');
    const second = view(await ticketFor(admin, camera));
    await waitFor(() => second.received.boxes.filter((box) => box === 'moof').length >= 2, 20_000, 'second viewer fragments');
    for (const viewer of [first, second]) {
      expect(viewer.received.boxes[0]).toBe('ftyp');
      expect(viewer.received.boxes.slice(1).every((box) => box === 'moof')).toBe(true);
    }
    // The camera takes one client: a second pull would have failed; the proxy saw one connection.
    expect(upstream.opened).toBe(1);
    expect(upstream.open).toBe(1);
    const log = await tenantScope(t.db, customerId).selectFrom('video_watch_log').select(['kind', 'user_id']).where('camera_id', '=', camera).execute();
    expect(log.filter((row) => row.kind === 'live').length).toBe(2);

    // The last viewer leaving stops the pull after the grace period; the next viewer starts a new one.
    first.socket.close();
    await first.closed;
    expect(upstream.open).toBe(1);
    second.socket.close();
    await second.closed;
    await waitFor(() => upstream.open === 0, LIVE.pullGraceMs + 10_000, 'the upstream pull to stop');
    // The demo's source listens again a moment after its client left: until then the pull finds the
    // camera offline, and the viewer (like the page) asks again.
    const third = await waitFor(
      async () => {
        const viewer = view(await ticketFor(admin, camera));
        const outcome = await Promise.race([
          viewer.closed.then(() => 'closed'),
          waitFor(() => viewer.received.boxes.includes('moof'), 20_000).then(() => 'playing'),
        ]);
        return outcome === 'playing' ? viewer : false;
      },
      30_000,
      'a new pull',
    );
    expect(upstream.opened).toBeGreaterThanOrEqual(2);
    expect(upstream.open).toBe(1);
    third.socket.close();
    await third.closed;
  }, 60_000);

  it('takes a ticket once', async () => {
    const url = await ticketFor(admin, camera);
    const first = view(url);
    await waitFor(() => first.received.boxes.length > 0, 20_000, 'init');
    const again = view(url);
    await again.closed;
    expect(again.received.closeCode).toBe(LIVE_CLOSE.ticket);
    first.socket.close();
    await first.closed;
  }, 40_000);

  it('tells the viewer a camera that gives no video is offline', async () => {
    const viewer = view(await ticketFor(admin, deadCamera));
    await viewer.closed;
    expect(viewer.received.controls).toEqual([JSON.stringify({ type: 'offline' })]);
    expect(viewer.received.bytes).toBe(0);
  }, 30_000);

  it("refuses a closed store's camera, a camera without a stream, another customer's camera and a role without video_nav", async () => {
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, liveOperations.liveTicket, { cameraId: closedShopCamera }, { ...admin, lang }),
      'errors.liveVideoDisabled',
    );
    await expectMessageInAllLanguages(
      (lang) => invoke(t.app, liveOperations.liveTicket, { cameraId: noSourceCamera }, { ...admin, lang }),
      'errors.cameraOffline',
    );
    expect((await invoke(t.app, liveOperations.liveTicket, { cameraId: otherCamera }, admin)).body.status).toBe(404);
    expect((await invoke(t.app, liveOperations.liveTicket, { cameraId: camera }, other)).body.status).toBe(404);
    const denied = await invoke(t.app, liveOperations.liveTicket, { cameraId: camera }, noVideo);
    expect(denied.body.msg).toMatch(/authority/);
    // A plain request to the WebSocket's address is refused clearly, and a made-up ticket opens nothing.
    const plain = await t.app.inject({ method: 'GET', url: `/api/live/stream?ticket=${'a'.repeat(64)}` });
    expect(plain.statusCode).toBe(400);
    const forged = view(`/api/live/stream?ticket=${'b'.repeat(64)}`);
    await forged.closed;
    expect(forged.received.closeCode).toBe(LIVE_CLOSE.ticket);
  });

  it('marks no alarms on the axis until alarms exist', async () => {
    const response = await invoke(t.app, liveOperations.alarmMarks, { cameraId: camera, from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' }, admin);
    expect(response.body.data).toEqual({ marks: [] });
  });

  it("serves a recorded camera from its recorder's second output: no pull of its own", async () => {
    // The source takes one client: the app's pull of the earlier tests ends first (its grace).
    await waitFor(() => upstream.open === 0, LIVE.pullGraceMs + 10_000, 'the earlier pull to stop');
    const taps = createLiveTaps();
    const supervisor = createRecordingSupervisor({
      db: t.db,
      index: createSegmentIndex({ db: t.db, storage: objectStorageOf(t.config) }),
      ffmpegPath: FFMPEG,
      ffprobePath: FFPROBE,
      spoolRoot: await fsp.mkdtemp(`${dir}/spool-`),
      log: { info: () => undefined, error: () => undefined },
      streams: async () => [{ customerId, cameraId: camera, url: source.url }],
      liveTaps: taps,
    });
    const relay = createLiveRelay({ ffmpegPath: FFMPEG, taps });
    await supervisor.start();
    try {
      await waitFor(() => taps.feed(camera)?.initialized, 40_000, "the recorder's live feed");
      const boxes: string[] = [];
      const unwatch = relay.watch({ cameraId: camera, url: source.url }, (event) => {
        if (event.kind !== 'end') boxes.push(event.data.toString('latin1', 4, 8));
      });
      await waitFor(() => boxes.filter((box) => box === 'moof').length >= 2, 20_000, 'fragments from the tap');
      expect(boxes[0]).toBe('ftyp');
      expect(relay.pullsStarted()).toBe(0);
      expect(relay.activePulls()).toEqual([]);
      unwatch();
    } finally {
      await supervisor.stop();
      relay.close();
    }
  }, 90_000);
});
