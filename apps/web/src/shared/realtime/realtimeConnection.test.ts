import { describe, expect, it } from 'vitest';
import { createRealtimeConnection, type EventSourceLike, type RealtimeStatus, reconnectDelay } from './realtimeConnection.ts';

/** An EventSource the test drives: open, events, errors. */
class FakeSource implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
  }
  open(): void {
    this.onopen?.(new Event('open'));
  }
  fail(): void {
    this.onerror?.(new Event('error'));
  }
  send(type: string, data: unknown, id = ''): void {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
  }
}

function harness() {
  const sources: FakeSource[] = [];
  const statuses: RealtimeStatus[] = [];
  const events: [string, unknown][] = [];
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  let resyncs = 0;
  let tickets = 0;
  let failTickets = false;
  const connection = createRealtimeConnection({
    fetchTicket: async () => {
      tickets += 1;
      if (failTickets) throw new Error('offline');
      return { url: `/api/realtime/stream?ticket=t${tickets}` };
    },
    openEventSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    onEvent: (type, data) => events.push([type, data]),
    onResync: () => {
      resyncs += 1;
    },
    onStatus: (status) => statuses.push(status),
    schedule: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    random: () => 0,
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    connection,
    sources,
    statuses,
    events,
    timers,
    settle,
    resyncs: () => resyncs,
    failTickets: (value: boolean) => {
      failTickets = value;
    },
  };
}

describe('the real-time connection', () => {
  it('opens a stream on a ticket and hands events on', async () => {
    const h = harness();
    h.connection.start();
    await h.settle();
    expect(h.sources.map((source) => source.url)).toEqual(['/api/realtime/stream?ticket=t1']);
    h.sources[0]?.open();
    h.sources[0]?.send('notice', { counts: { alert: 1, plan: 0, rectification: 0 }, message: null }, '7');
    expect(h.events).toEqual([['notice', { counts: { alert: 1, plan: 0, rectification: 0 }, message: null }]]);
    expect(h.statuses).toEqual(['connecting', 'open']);
    expect(h.connection.lastEventId()).toBe('7');
  });

  it('opened without an event to resume from, tells the pages to read again (what changed before it began is not replayed)', async () => {
    const h = harness();
    h.connection.start();
    await h.settle();
    expect(h.resyncs()).toBe(0);
    h.sources[0]?.open();
    expect(h.resyncs()).toBe(1);
    // Resumed from an event, the server replays: no extra reading.
    h.sources[0]?.send('dashboard', { shopId: 's1', at: 'now' }, '12');
    h.sources[0]?.fail();
    h.timers[0]?.run();
    await h.settle();
    h.sources[1]?.open();
    expect(h.resyncs()).toBe(1);
  });

  it('after an error, reconnects with backoff on a new ticket, naming the last event it received', async () => {
    const h = harness();
    h.connection.start();
    await h.settle();
    h.sources[0]?.open();
    h.sources[0]?.send('dashboard', { shopId: 's1', at: 'now' }, '41');
    h.sources[0]?.fail();
    expect(h.sources[0]?.closed).toBe(true);
    expect(h.statuses.at(-1)).toBe('down');
    expect(h.timers.map((timer) => timer.ms)).toEqual([1000]);
    h.timers[0]?.run();
    await h.settle();
    expect(h.sources[1]?.url).toBe('/api/realtime/stream?ticket=t2&lastEventId=41');
    // Failing again waits longer, up to 30 s.
    h.sources[1]?.fail();
    expect(h.timers.map((timer) => timer.ms)).toEqual([1000, 2000]);
    expect(reconnectDelay(10, () => 0)).toBe(30_000);
    expect(reconnectDelay(1, () => 1)).toBe(1200);
  });

  it('retries when no ticket can be had (the network is down)', async () => {
    const h = harness();
    h.failTickets(true);
    h.connection.start();
    await h.settle();
    expect(h.sources).toEqual([]);
    expect(h.statuses).toEqual(['connecting', 'down']);
    h.failTickets(false);
    h.timers[0]?.run();
    await h.settle();
    expect(h.sources).toHaveLength(1);
  });

  it('reconnects at once when the server asks (lifetime, shutdown), and passes a resync on', async () => {
    const h = harness();
    h.connection.start();
    await h.settle();
    h.sources[0]?.open();
    const onOpen = h.resyncs();
    h.sources[0]?.send('resync', { reason: 'tooManyMissed' });
    expect(h.resyncs()).toBe(onOpen + 1);
    h.sources[0]?.send('notice', { counts: { alert: 0, plan: 0, rectification: 0 }, message: null }, '9');
    h.sources[0]?.send('reconnect', { reason: 'lifetime' });
    await h.settle();
    expect(h.timers).toEqual([]);
    expect(h.sources[1]?.url).toContain('lastEventId=9');
  });

  it('stops: the stream closes, no retry is left, and events of the closed stream are ignored', async () => {
    const h = harness();
    h.connection.start();
    await h.settle();
    const first = h.sources[0];
    first?.open();
    h.connection.stop();
    expect(first?.closed).toBe(true);
    first?.send('notice', {}, '3');
    first?.fail();
    expect(h.events).toEqual([]);
    expect(h.timers).toEqual([]);
    expect(h.statuses.at(-1)).toBe('idle');
  });
});
