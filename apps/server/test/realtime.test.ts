import { authOperations, type DashboardEvent, type NoticeEvent, REALTIME, RoleId, sessionOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createMessagesService, type NewMessage } from '../src/modules/messages/messages.service.ts';
import { type DB, openDatabase } from '../src/platform/db/database.ts';
import { realtimePruneJob } from '../src/platform/realtime/realtime.jobs.ts';
import { advanceClock, resetClock } from '../src/platform/time/clock.ts';
import { buildCustomer, buildOrg, buildRoleWithout, buildShop, buildUser, type Session, signIn } from './factories.ts';
import { call, createTestApp, expectMessageInAllLanguages, invoke, type TestApp } from './harness.ts';
import { listen, ofType, openSessionStream, openStream, type SseStream, streamTicket } from './support/realtime.ts';
import { buildBox, line, sendBatch, type TestBox } from './support/traffic.ts';

/**
 * The real-time channel (issue 15 section 5) over real HTTP: tickets, what each stream receives
 * (customer, person, data scope, permission), delivery across processes sharing one database,
 * and reconnection with Last-Event-ID.
 */

let t: TestApp;
let baseUrl: string;
let c1: { customerId: string; rootOrgId: string };
let c2: { customerId: string; rootOrgId: string };
let shop1: string;
let shop2: string;
let box1: TestBox;
let box2: TestBox;
const people: Record<'whole' | 'colleague' | 'limited' | 'noTraffic' | 'noMessages' | 'other' | 'both', { userId: string; loginName: string }> = {} as never;
const sessions: Partial<Record<keyof typeof people | 'bothInC2', Session>> = {};
const open: SseStream[] = [];

const session = (name: keyof typeof sessions): Session => {
  const found = sessions[name];
  if (!found) throw new Error(`no session ${name}`);
  return found;
};
const stream = async (name: keyof typeof sessions, headers: Record<string, string> = {}, query = '') => {
  const opened = await openSessionStream(t.app, baseUrl, session(name), headers, query);
  open.push(opened);
  return opened;
};
const messages = () => createMessagesService({ db: t.db });
const message = (userId: string, title: string, kind: 1 | 2 | 3 = 1): NewMessage => ({
  userId,
  kind,
  title,
  body: `${title} body`,
  source: 'test',
  refId: null,
});
const notice = (title?: string) => ofType<NoticeEvent>('notice', (data) => title === undefined || data.message?.title === title);
const dashboard = (shopId: string) => ofType<DashboardEvent>('dashboard', (data) => data.shopId === shopId);
const titles = (events: SseStream['events']) =>
  events.filter((event) => event.event === 'notice').map((event) => (JSON.parse(event.data) as NoticeEvent).message?.title ?? null);
const now = () => new Date().toISOString();

beforeAll(async () => {
  // A short heartbeat, so sessions are checked within the tests' patience; an SQLite file, so a second instance can open it.
  t = await createTestApp({ realtime: { pollMs: 50, heartbeatMs: 400, lifetimeMs: 10 * 60_000 } }, undefined, { sqliteFile: 'realtime.db' });
  baseUrl = await listen(t.app);
  c1 = await buildCustomer(t.db, 'Realtime Co');
  c2 = await buildCustomer(t.db, 'Other Realtime Co');
  const region = await buildOrg(t.db, c1.customerId, c1.rootOrgId, 'North');
  shop1 = await buildShop(t.db, c1.customerId, region, { number: 'RT-1' });
  shop2 = await buildShop(t.db, c1.customerId, c1.rootOrgId, { number: 'RT-2' });
  box1 = await buildBox(t.db, c1.customerId, shop1, 1);
  box2 = await buildBox(t.db, c1.customerId, shop2, 1);
  const noTraffic = await buildRoleWithout(t.db, c1.customerId, ['cueretail_traffic_nav']);
  const noMessages = await buildRoleWithout(t.db, c1.customerId, ['message_nav']);
  people.whole = await buildUser(t.db, [{ customerId: c1.customerId, roleId: RoleId.manager }]);
  people.colleague = await buildUser(t.db, [{ customerId: c1.customerId, roleId: RoleId.manager }]);
  people.limited = await buildUser(t.db, [{ customerId: c1.customerId, roleId: RoleId.storeManage, shopIds: [shop1] }]);
  people.noTraffic = await buildUser(t.db, [{ customerId: c1.customerId, roleId: noTraffic }]);
  people.noMessages = await buildUser(t.db, [{ customerId: c1.customerId, roleId: noMessages }]);
  people.other = await buildUser(t.db, [{ customerId: c2.customerId, roleId: RoleId.superManager }]);
  people.both = await buildUser(t.db, [
    { customerId: c1.customerId, roleId: RoleId.manager },
    { customerId: c2.customerId, roleId: RoleId.manager },
  ]);
  for (const name of ['whole', 'colleague', 'limited', 'noTraffic', 'noMessages', 'both'] as const)
    sessions[name] = await signIn(t.app, people[name].loginName, c1.customerId);
  sessions.other = await signIn(t.app, people.other.loginName, c2.customerId);
  sessions.bothInC2 = await signIn(t.app, people.both.loginName, c2.customerId);
});
afterAll(async () => {
  for (const opened of open) opened.close();
  resetClock();
  await t.close();
});

describe('the stream ticket', () => {
  it('opens one stream, once: the stream is text/event-stream, the same ticket again answers 401', async () => {
    const ticket = await streamTicket(t.app, session('whole'));
    expect(ticket.url).toMatch(/^\/api\/realtime\/stream\?ticket=/);
    expect(ticket.url).not.toContain(session('whole').token);
    const first = await openStream(baseUrl, ticket.url);
    open.push(first);
    expect(first.status).toBe(200);
    expect(first.contentType).toContain('text/event-stream');
    const again = await openStream(baseUrl, ticket.url);
    await again.ended;
    expect(again.status).toBe(401);
    expect(JSON.parse(again.text())).toMatchObject({ status: 401 });
  });

  it('refuses a stream without a ticket, a malformed one and a forged one, in every language', async () => {
    const none = await openStream(baseUrl, '/api/realtime/stream');
    await none.ended;
    expect(none.status).toBe(400);
    const malformed = await openStream(baseUrl, '/api/realtime/stream?ticket=%3Cscript%3E');
    await malformed.ended;
    expect(malformed.status).toBe(400);
    const forged = `/api/realtime/stream?ticket=${c1.customerId}.${'A'.repeat(32)}`;
    await expectMessageInAllLanguages((lang) => call(t.app, 'GET', forged, undefined, { lang }), 'realtime.ticketInvalid', undefined, 401);
  });

  it('expires after 30 seconds', async () => {
    const ticket = await streamTicket(t.app, session('whole'));
    advanceClock(REALTIME.ticketTtlMs + 1000);
    try {
      const late = await openStream(baseUrl, ticket.url);
      await late.ended;
      expect(late.status).toBe(401);
    } finally {
      resetClock();
    }
  });

  it('is given only to a signed-in caller with the customer selected', async () => {
    expect((await call(t.app, 'POST', '/api/realtime/ticket')).http).toBe(401);
    expect((await call(t.app, 'POST', '/api/realtime/ticket', undefined, { token: session('whole').token, cid: c2.customerId })).http).toBe(409);
  });

  it('is refused once its session ended, and an open stream ends with the session (sign-out)', async () => {
    const signedIn = await signIn(t.app, people.colleague.loginName, c1.customerId);
    const ticket = await streamTicket(t.app, signedIn);
    const live = await openSessionStream(t.app, baseUrl, signedIn);
    open.push(live);
    expect((await invoke(t.app, authOperations.logout, undefined, signedIn)).body.status).toBe(200);
    const unused = await openStream(baseUrl, ticket.url);
    await unused.ended;
    expect(unused.status).toBe(401);
    // The next heartbeat finds the session revoked: the stream says so and ends.
    await live.next(ofType<{ reason: string }>('reconnect', (data) => data.reason === 'session'));
    await live.ended;
  });
});

describe('notice events (messages.post)', () => {
  it('reach the recipient’s open streams with the new counts and the message, and nobody else’s', async () => {
    const [whole, colleague, noMessages, other, bothInC1, bothInC2] = await Promise.all([
      stream('whole'),
      stream('colleague'),
      stream('noMessages'),
      stream('other'),
      stream('both'),
      stream('bothInC2'),
    ]);
    await messages().post(c1.customerId, [
      message(people.whole.userId, 'Camera offline at RT-1'),
      message(people.noMessages.userId, 'Not for a role without messages'),
    ]);
    await messages().post(c1.customerId, [message(people.both.userId, 'For both, in Realtime Co')]);
    await messages().post(c2.customerId, [message(people.other.userId, 'For the other customer')]);

    const got = JSON.parse((await whole.next(notice('Camera offline at RT-1'))).data) as NoticeEvent;
    const counts = await invoke(t.app, sessionOperations.currentNoticeCount, undefined, session('whole'));
    expect(got.counts).toEqual(counts.body.data);
    expect(got.counts.alert).toBe(1);
    expect(got.message).toMatchObject({ kind: 1, title: 'Camera offline at RT-1', body: 'Camera offline at RT-1 body', source: 'test' });
    await bothInC1.next(notice('For both, in Realtime Co'));
    await other.next(notice('For the other customer'));

    // Events go out in order: once a later one arrived, an earlier one for the same stream would have too.
    await messages().post(c1.customerId, [message(people.colleague.userId, 'Barrier colleague')]);
    await colleague.next(notice('Barrier colleague'));
    await messages().post(c1.customerId, [message(people.both.userId, 'Barrier both')]);
    await bothInC1.next(notice('Barrier both'));
    await messages().post(c2.customerId, [message(people.both.userId, 'Barrier both in the other customer')]);
    await bothInC2.next(notice('Barrier both in the other customer'));
    expect(titles(colleague.events)).toEqual(['Barrier colleague']);
    expect(titles(noMessages.events)).toEqual([]);
    expect(titles(other.events)).toEqual(['For the other customer']);
    // The same person, signed in to the other customer: only that customer's message.
    expect(titles(bothInC2.events)).toEqual(['Barrier both in the other customer']);
    expect(titles(whole.events)).toEqual(['Camera offline at RT-1']);
  });

  it("tell the reader's other tabs when messages are read (counts, no message)", async () => {
    const tab = await stream('whole');
    await messages().post(c1.customerId, [message(people.whole.userId, 'Unread plan', 2)]);
    await tab.next(notice('Unread plan'));
    expect((await call(t.app, 'POST', '/api/message/readAll', { kind: 2 }, session('whole'))).body.data).toEqual({ updated: 1 });
    const read = await tab.next(ofType<NoticeEvent>('notice', (data) => data.message === null));
    expect((JSON.parse(read.data) as NoticeEvent).counts.plan).toBe(0);
  });
});

describe('dashboard events (the device API)', () => {
  it("reach the people whose data scope holds the shop and who see traffic, after a box's batch commits", async () => {
    const [whole, limited, noTraffic] = await Promise.all([stream('whole'), stream('limited'), stream('noTraffic')]);
    const posted = await sendBatch(t.app, box2.token, [line(box2.cameraIds[0] ?? '', now(), 'in', 3)]);
    expect(posted.body.status).toBe(200);
    const event = JSON.parse((await whole.next(dashboard(shop2))).data) as DashboardEvent;
    expect(event.shopId).toBe(shop2);
    // The limited manager sees shop 1 only: its event comes, shop 2's never did.
    expect((await sendBatch(t.app, box1.token, [line(box1.cameraIds[0] ?? '', now(), 'in', 2)])).body.status).toBe(200);
    await limited.next(dashboard(shop1));
    await whole.next(dashboard(shop1));
    expect(limited.events.filter((one) => one.event === 'dashboard').map((one) => (JSON.parse(one.data) as DashboardEvent).shopId)).toEqual([shop1]);
    expect(noTraffic.events.filter((one) => one.event === 'dashboard')).toEqual([]);
  });

  it('are not sent for a batch delivered again (nothing new was stored)', async () => {
    const whole = await stream('whole');
    const batchId = `again-${Date.now()}`;
    const events = [line(box1.cameraIds[0] ?? '', now(), 'in', 1)];
    expect((await sendBatch(t.app, box1.token, events, batchId)).body.status).toBe(200);
    await whole.next(dashboard(shop1));
    const before = t.app.realtime.connectionCount();
    expect(before).toBeGreaterThan(0);
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('realtime_events')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('shop_id', '=', shop1)
            .executeTakeFirst()
        )?.n,
      );
    const stored = await count();
    expect((await sendBatch(t.app, box1.token, events, batchId)).body.status).toBe(200);
    expect(await count()).toBe(stored);
  });
});

describe('across processes sharing one database', () => {
  let second: { app: FastifyInstance; db: DB; close: () => Promise<void>; baseUrl: string };
  beforeAll(async () => {
    // A second web process (ROLE=web) on its own connection to the same database.
    const opened = openDatabase(t.config, 'realtime.db');
    const app = await buildApp({ ...t.config, role: 'web' }, opened.db, opened.dialect);
    await app.ready();
    second = {
      app,
      db: opened.db,
      baseUrl: await listen(app),
      close: async () => {
        await app.close();
        await opened.close();
      },
    };
  });
  afterAll(async () => second?.close());

  it('delivers what one instance publishes to the streams of the other, both ways', async () => {
    const onFirst = await stream('whole');
    const onSecond = await openSessionStream(second.app, second.baseUrl, session('whole'));
    open.push(onSecond);
    // A box posts to the second instance; the first instance's stream hears of it.
    expect((await sendBatch(second.app, box2.token, [line(box2.cameraIds[0] ?? '', now(), 'in', 1)])).body.status).toBe(200);
    await onFirst.next(dashboard(shop2));
    // A worker on the second connection posts a message: both instances' streams get it.
    await createMessagesService({ db: second.db }).post(c1.customerId, [message(people.whole.userId, 'From the worker process')]);
    await onFirst.next(notice('From the worker process'));
    await onSecond.next(notice('From the worker process'));
    // And the first instance's publications reach the second's streams.
    await messages().post(c1.customerId, [message(people.whole.userId, 'From the first process')]);
    await onSecond.next(notice('From the first process'));
    // A ticket issued by one instance opens a stream on the other (single use still holds).
    const ticket = await streamTicket(t.app, session('whole'));
    const crossed = await openStream(second.baseUrl, ticket.url);
    open.push(crossed);
    expect(crossed.status).toBe(200);
    const reused = await openStream(baseUrl, ticket.url);
    await reused.ended;
    expect(reused.status).toBe(401);
  });
});

describe('reconnecting with Last-Event-ID', () => {
  it('replays what the client missed, in order, and nothing it had or that is not its', async () => {
    const first = await stream('whole');
    await messages().post(c1.customerId, [message(people.whole.userId, 'Seen before the drop')]);
    const seen = await first.next(notice('Seen before the drop'));
    first.close();
    await messages().post(c1.customerId, [message(people.whole.userId, 'Missed 1'), message(people.colleague.userId, 'Not mine')]);
    await messages().post(c1.customerId, [message(people.whole.userId, 'Missed 2')]);

    const byHeader = await stream('whole', { 'last-event-id': seen.id ?? '' });
    await byHeader.next(notice('Missed 2'));
    expect(titles(byHeader.events).slice(0, 2)).toEqual(['Missed 1', 'Missed 2']);
    const ids = byHeader.events.map((event) => Number(event.id));
    expect(ids.every((id) => id > Number(seen.id))).toBe(true);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    // The web client sends it as a query parameter (a new EventSource cannot set the header).
    const byQuery = await stream('whole', {}, `&lastEventId=${seen.id}`);
    await byQuery.next(notice('Missed 2'));
    expect(titles(byQuery.events).slice(0, 2)).toEqual(['Missed 1', 'Missed 2']);
  });

  it('asks the client to read everything again when it missed more than a replay holds', async () => {
    const first = await stream('whole');
    await messages().post(c1.customerId, [message(people.whole.userId, 'Last seen')]);
    const seen = await first.next(notice('Last seen'));
    first.close();
    await messages().post(
      c1.customerId,
      Array.from({ length: REALTIME.replayLimit + 1 }, (_, index) => message(people.whole.userId, `Flood ${index}`)),
    );
    // Once this process has read them, they are history for a new stream (before, they would simply come live).
    await t.app.realtime.pollNow();
    const again = await stream('whole', { 'last-event-id': seen.id ?? '' });
    const resync = await again.next((event) => event.event === 'resync');
    expect(JSON.parse(resync.data)).toEqual({ reason: 'tooManyMissed' });
    expect(resync.id).toBeNull();
    // Live events follow as usual.
    await messages().post(c1.customerId, [message(people.whole.userId, 'After the flood')]);
    await again.next(notice('After the flood'));
    expect(titles(again.events)).toEqual(['After the flood']);
  });

  it('asks the client to read everything again once the events it missed were pruned (the log keeps 24 hours)', async () => {
    const first = await stream('whole');
    await messages().post(c1.customerId, [message(people.whole.userId, 'Before the prune')]);
    const seen = await first.next(notice('Before the prune'));
    for (const opened of open) opened.close();
    await expect.poll(() => t.app.realtime.connectionCount()).toBe(0);
    advanceClock((REALTIME.retentionHours + 1) * 3_600_000);
    try {
      await realtimePruneJob(t.db).handler({} as never);
    } finally {
      resetClock();
    }
    expect(await t.db.selectFrom('realtime_events').select('id').execute()).toEqual([]);
    const again = await stream('whole', { 'last-event-id': seen.id ?? '' });
    expect(JSON.parse((await again.next((event) => event.event === 'resync')).data)).toEqual({ reason: 'expired' });
  });
});
