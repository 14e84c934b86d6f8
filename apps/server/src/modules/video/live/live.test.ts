import fsp from 'node:fs/promises';
import net from 'node:net';
import { LIVE, liveOperations, RoleId, videoOperations } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildCamera, buildCustomer, buildRoleWithout, buildShop, buildUser, type Session, signIn } from '../../../../test/factories.ts';
import { createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from '../../../../test/harness.ts';
import { FFMPEG, FFPROBE, tempDir, testClip, waitFor } from '../../../../test/support/video.ts';
import { resolveActor } from '../../../platform/authz/actor.ts';
import { objectStorageOf } from '../../../platform/storage/storage-config.ts';
import { tenantScope } from '../../../platform/tenancy/scoped.ts';
import { nowIso, resetClock, setClock } from '../../../platform/time/clock.ts';
import { createRecordingSupervisor } from '../recording-supervisor.ts';
import { createSegmentIndex } from '../segment-index.ts';
import { type ClipServer, serveClipLoop } from '../synthetic-source.ts';
import { videoRepo } from '../video.repo.ts';
import { LIVE_CLOSE } from './live.routes.ts';
import { createLiveService } from './live.service.ts';
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
let limited: Session;
let limitedUserId: string;
let limitedCamera: string;
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
  // A store manager of another store of the same customer, whose own camera has a source (never pulled: tickets only).
  const limitedShop = await buildShop(t.db, customerId, customer.rootOrgId);
  limitedCamera = await buildCamera(t.db, customerId, limitedShop);
  await save(limitedCamera, `tcp://127.0.0.1:${await freePort()}`);

  const sign = async (customer: string, roleId: number) => signIn(t.app, (await buildUser(t.db, [{ customerId: customer, roleId }])).loginName, customer);
  admin = await sign(customerId, RoleId.superManager);
  const manager = await buildUser(t.db, [{ customerId, roleId: RoleId.storeManage, shopIds: [limitedShop] }]);
  limitedUserId = manager.userId;
  limited = await signIn(t.app, manager.loginName, customerId);
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
    // A view that stops says so: the newest open live view gets its start and end, the other stays open.
    expect((await invoke(t.app, videoOperations.playbackStop, { mode: 'live', cameraId: camera }, admin)).body.status).toBe(200);
    const ranges = await tenantScope(t.db, customerId)
      .selectFrom('video_watch_log')
      .select(['from_ms', 'to_ms'])
      .where('camera_id', '=', camera)
      .where('kind', '=', 'live')
      .execute();
    expect(ranges.filter((row) => row.from_ms !== null && row.to_ms !== null && Number(row.to_ms) >= Number(row.from_ms)).length).toBe(1);
    expect(ranges.filter((row) => row.from_ms === null).length).toBe(1);

    // The last viewer leaving stops the pull after the grace period; the next viewer starts a new one.
    first.socket.close();
    await first.closed;
    expect(upstream.open).toBe(1);
    second.socket.close();
    await second.closed;
    await waitFor(() => upstream.open === 0, LIVE.pullGraceMs + 10_000, 'the upstream pull to stop');
    // A pull that finds the camera not answering yet closes the view; the viewer (like the page) asks again.
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
    const plain = await t.app.inject({ method: 'GET', url: `/api/live/stream?ticket=${'a'.repeat(40)}.${'a'.repeat(43)}` });
    expect(plain.statusCode).toBe(400);
    const forged = view(`/api/live/stream?ticket=${'b'.repeat(40)}.${'c'.repeat(43)}`);
    await forged.closed;
    expect(forged.received.closeCode).toBe(LIVE_CLOSE.ticket);
    // A real ticket whose claims were changed (another customer's camera) no longer matches its signature.
    const [address, ticket] = (await ticketFor(admin, camera)).split('ticket=') as [string, string];
    const [body, signature] = ticket.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const tampered = Buffer.from(JSON.stringify({ ...claims, cameraId: otherCamera })).toString('base64url');
    const altered = view(`${address}ticket=${tampered}.${signature}`);
    await altered.closed;
    expect(altered.received.closeCode).toBe(LIVE_CLOSE.ticket);
  });

  it("answers not found to a store manager asking for another store's camera, and logs no view", async () => {
    const views = async () =>
      (await tenantScope(t.db, customerId).selectFrom('video_watch_log').select('id').where('user_id', '=', limitedUserId).execute()).length;
    expect((await invoke(t.app, liveOperations.liveTicket, { cameraId: camera }, admin)).body.status).toBe(200);
    const refusedAnswer = await invoke(t.app, liveOperations.liveTicket, { cameraId: camera }, limited);
    expect(refusedAnswer.body.msg).toBe('Not found or no access');
    expect(refusedAnswer.body.status).toBe(404);
    expect((await invoke(t.app, liveOperations.liveTicket, { cameraId: otherCamera }, limited)).body.msg).toBe('Not found or no access');
    expect(await views()).toBe(0);
    // Their own store's camera: a ticket (and a view in the log).
    expect((await invoke(t.app, liveOperations.liveTicket, { cameraId: limitedCamera }, limited)).body.status).toBe(200);
    expect(await views()).toBe(1);
  });

  it('signs tickets: a process with the same secret redeems them (several web processes), another secret, an expired ticket or a store closed since does not', async () => {
    const secret = 'a-secret-shared-by-the-web-processes-0123456789';
    const issuing = createLiveService({ db: t.db, ticketSecret: secret });
    const redeeming = createLiveService({ db: t.db, ticketSecret: secret });
    const stranger = createLiveService({ db: t.db, ticketSecret: 'another-secret-of-another-deployment-0123456789' });
    const member = await buildUser(t.db, [{ customerId, roleId: RoleId.superManager }]);
    const actor = await resolveActor(t.db, member.userId, customerId);
    if (!actor) throw new Error('no actor');
    const customer = await tenantScope(t.db, customerId).selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
    const closableShop = await buildShop(t.db, customerId, customer.id);
    const closableCamera = await buildCamera(t.db, customerId, closableShop);
    await videoRepo(tenantScope(t.db, customerId)).saveSource({
      camera_id: closableCamera,
      kind: 'stream',
      url: 'tcp://127.0.0.1:9',
      record: 'onDemand',
      updated_at: nowIso(),
    });
    const ticketOf = async () => new URL(`http://x${(await issuing.ticket(actor, { cameraId: camera })).url}`).searchParams.get('ticket') ?? '';
    const first = await ticketOf();
    expect(await stranger.redeem(first)).toBeNull();
    expect(await redeeming.redeem(first)).toMatchObject({ cameraId: camera, customerId });
    // Once only.
    expect(await redeeming.redeem(first)).toBeNull();
    // Expired: the clock moved past its 30 seconds.
    const late = await ticketOf();
    setClock(new Date(Date.now() + LIVE.ticketTtlMs + 1000).toISOString());
    try {
      expect(await redeeming.redeem(late)).toBeNull();
    } finally {
      resetClock();
    }
    // The store closed between the ticket and the WebSocket: refused when redeemed.
    const beforeClosing = new URL(`http://x${(await issuing.ticket(actor, { cameraId: closableCamera })).url}`).searchParams.get('ticket') ?? '';
    await tenantScope(t.db, customerId).updateTable('shops').set({ status: 'closed' }).where('id', '=', closableShop).execute();
    expect(await redeeming.redeem(beforeClosing)).toBeNull();
  });

  it('marks no alarms on the axis of a camera without alarms (alarms.test.ts marks real ones)', async () => {
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
