import { ALL_PERMISSION_KEYS, completePermissionMap, Perm, type PermissionKey } from '@storelens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { admits, createRealtimeHub, type Subscriber } from './hub.ts';
import type { RealtimeEventRow } from './realtime.repo.ts';
import { createShopDataSignal } from './shop-signal.ts';

const everything = completePermissionMap(Object.fromEntries(ALL_PERMISSION_KEYS.map((key) => [key, Perm.shown])));
const without = (key: PermissionKey) => ({ ...everything, [key]: Perm.hidden });

function row(overrides: Partial<RealtimeEventRow>): RealtimeEventRow {
  return { id: 1, customer_id: 'c1', user_id: null, shop_id: null, type: 'notice', data: '{}', created_at: new Date().toISOString(), ...overrides };
}

/** A subscriber that keeps what it is sent. */
function collector(overrides: Partial<Subscriber> = {}) {
  const frames: string[] = [];
  let ended = false;
  const subscriber: Subscriber = {
    customerId: 'c1',
    userId: 'u1',
    sessionId: 's1',
    permissions: everything,
    shops: null,
    write: (frame) => {
      frames.push(frame);
      return true;
    },
    end: () => {
      ended = true;
    },
    ...overrides,
  };
  return {
    subscriber,
    frames,
    ended: () => ended,
    ids: () => frames.flatMap((frame) => (/^id: (\d+)/.exec(frame)?.[1] ? [Number(/^id: (\d+)/.exec(frame)?.[1])] : [])),
  };
}

describe('who receives an event', () => {
  const me = { customerId: 'c1', userId: 'u1', permissions: everything, shops: new Set(['s1']) };
  it.each([
    ['an event of my customer for everyone', row({}), true],
    ['an event of another customer', row({ customer_id: 'c2' }), false],
    ['an event for me', row({ user_id: 'u1' }), true],
    ['an event for someone else', row({ user_id: 'u2' }), false],
    ['a shop in my data scope', row({ type: 'dashboard', shop_id: 's1' }), true],
    ['a shop outside my data scope', row({ type: 'dashboard', shop_id: 's2' }), false],
    ['a type nobody declared', row({ type: 'secret' }), false],
  ])('%s: %s', (_, event, expected) => {
    expect(admits(me, event)).toBe(expected);
  });

  it('needs the permission of the type (message_nav for notices, cueretail_traffic_nav for dashboards); a whole-customer scope sees every shop', () => {
    expect(admits({ ...me, permissions: without('message_nav') }, row({ user_id: 'u1' }))).toBe(false);
    expect(admits({ ...me, permissions: without('cueretail_traffic_nav') }, row({ type: 'dashboard', shop_id: 's1' }))).toBe(false);
    expect(admits({ ...me, shops: null }, row({ type: 'dashboard', shop_id: 'anywhere' }))).toBe(true);
  });
});

describe('the hub', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const insert = (id: number, overrides: Partial<RealtimeEventRow> = {}) =>
    t.db
      .insertInto('realtime_events')
      .values({ ...row({ id, data: JSON.stringify({ n: id }) }), ...overrides })
      .execute();

  it('delivers an id that became visible late (a later transaction committed first), and gives up on one that never comes', async () => {
    // Explicit ids stand for what PostgreSQL's sequence hands concurrent transactions.
    await insert(1000);
    const hub = createRealtimeHub(t.db, {
      pollMs: 10_000,
      heartbeatMs: 10_000,
      lifetimeMs: 60_000,
      gapTimeoutMs: 300,
      activeSessions: async () => new Set(['s1']),
    });
    const client = collector();
    const { ready } = hub.attach(client.subscriber, null);
    await ready;
    await insert(1003);
    await hub.pollNow();
    expect(client.ids()).toEqual([1003]);
    expect(hub.awaitedIds().sort()).toEqual([1001, 1002]);
    await insert(1001);
    await hub.pollNow();
    expect(client.ids()).toEqual([1003, 1001]);
    expect(hub.awaitedIds()).toEqual([1002]);
    // Past the timeout 1002 is taken for a rolled-back transaction.
    await expect
      .poll(async () => {
        await hub.pollNow();
        return hub.awaitedIds();
      })
      .toEqual([]);
    await insert(1002);
    await insert(1004);
    await hub.pollNow();
    expect(client.ids()).toEqual([1003, 1001, 1004]);
    hub.stop();
    expect(client.ended()).toBe(true);
    expect(client.frames.at(-1)).toBe('event: reconnect\ndata: {"reason":"shutdown"}\n\n');
  });

  it('writes heartbeats, ends a stream after its lifetime with a reconnect, and one whose session ended', async () => {
    let sessionActive = true;
    const hub = createRealtimeHub(t.db, {
      pollMs: 20,
      heartbeatMs: 50,
      lifetimeMs: 60_000,
      activeSessions: async () => (sessionActive ? new Set(['s1']) : new Set()),
    });
    const client = collector();
    await hub.attach(client.subscriber, null).ready;
    await expect.poll(() => client.frames.filter((frame) => frame === ': ping\n\n').length).toBeGreaterThanOrEqual(2);
    sessionActive = false;
    await expect.poll(() => client.ended()).toBe(true);
    expect(client.frames.at(-1)).toBe('event: reconnect\ndata: {"reason":"session"}\n\n');
    expect(hub.connectionCount()).toBe(0);

    const short = createRealtimeHub(t.db, { pollMs: 20, heartbeatMs: 50, lifetimeMs: 200, activeSessions: async () => new Set(['s1']) });
    const aging = collector();
    await short.attach(aging.subscriber, null).ready;
    await expect.poll(() => aging.ended()).toBe(true);
    expect(aging.frames.at(-1)).toBe('event: reconnect\ndata: {"reason":"lifetime"}\n\n');
  });

  it('lets a client that cannot keep up go (it replays on reconnect)', async () => {
    const hub = createRealtimeHub(t.db, { pollMs: 10_000, heartbeatMs: 10_000, lifetimeMs: 60_000, activeSessions: async () => new Set(['s1']) });
    const slow = collector({ write: () => false });
    await hub.attach(slow.subscriber, null).ready;
    await insert(2000);
    await hub.pollNow();
    expect(slow.ended()).toBe(true);
    expect(hub.connectionCount()).toBe(0);
  });
});

describe("a shop's dashboard signal", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('publishes the first change at once and the rest of its window as one event at the window’s end', async () => {
    const signal = createShopDataSignal({ db: t.db, windowMs: 300 });
    const count = async (shopId: string) =>
      Number(
        (
          await t.db
            .selectFrom('realtime_events')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('shop_id', '=', shopId)
            .executeTakeFirst()
        )?.n,
      );
    signal.changed('c1', 'shop-a');
    signal.changed('c1', 'shop-a');
    signal.changed('c1', 'shop-a');
    signal.changed('c1', 'shop-b');
    await expect.poll(() => count('shop-a')).toBe(1);
    await expect.poll(() => count('shop-b')).toBe(1);
    expect(signal.waiting()).toBe(1);
    await expect.poll(() => signal.waiting()).toBe(0);
    await expect.poll(() => count('shop-a')).toBe(2);
    const [event] = await t.db.selectFrom('realtime_events').select(['customer_id', 'type', 'data']).where('shop_id', '=', 'shop-b').execute();
    expect(event).toMatchObject({ customer_id: 'c1', type: 'dashboard' });
    expect(JSON.parse(event?.data ?? '{}')).toMatchObject({ shopId: 'shop-b' });
    signal.stop();
  });
});
