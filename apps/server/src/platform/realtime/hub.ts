import { Perm, type PermissionMap, REALTIME, REALTIME_EVENTS, type RealtimeEventType, type ResyncEvent } from '@storelens/contracts';
import type { DB } from '../db/database.ts';
import { type RealtimeEventRow, realtimeEventsRepo } from './realtime.repo.ts';

/** One open event stream: whose it is, what they may receive, and how to write to it. */
export interface Subscriber {
  customerId: string;
  userId: string;
  sessionId: string;
  permissions: PermissionMap;
  /** The shops of the person's data scope; null: every shop of the customer. */
  shops: ReadonlySet<string> | null;
  /** Writes one SSE frame; false when the client cannot keep up (the stream is then closed, and the client replays). */
  write(frame: string): boolean;
  /** Ends the stream (after a last control event, when there is one). */
  end(): void;
}

/** Control events carry no id, so they never move the client's Last-Event-ID. */
export type ControlEvent = { type: 'resync'; data: ResyncEvent } | { type: 'reconnect'; data: { reason: 'lifetime' | 'session' | 'shutdown' } };

export interface HubOptions {
  /** How often the log is read while streams are open. */
  pollMs: number;
  heartbeatMs: number;
  /** A stream is ended (the client reconnects with a new ticket) after this long. */
  lifetimeMs: number;
  /** A missing id is waited for this long (a transaction that drew it may still commit), then given up. */
  gapTimeoutMs?: number;
  replayLimit?: number;
  /** Which of these sessions are still valid for this customer (not revoked, not expired, user enabled, customer unchanged). */
  activeSessions(sessions: readonly { sessionId: string; customerId: string }[]): Promise<Set<string>>;
  log?: (message: string, error?: unknown) => void;
}

const READ_LIMIT = 1000;
/** More missing ids than this at once are not waited for (a huge rolled-back batch). */
const MAX_TRACKED_GAPS = 10_000;

export function eventFrame(row: Pick<RealtimeEventRow, 'id' | 'type' | 'data'>): string {
  return `id: ${row.id}\nevent: ${row.type}\ndata: ${row.data}\n\n`;
}

export function controlFrame(event: ControlEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** Whether a connection receives an event: its customer, its person (when named), its data scope (when a shop is named), the type's permission. */
export function admits(subscriber: Pick<Subscriber, 'customerId' | 'userId' | 'permissions' | 'shops'>, row: RealtimeEventRow): boolean {
  if (row.customer_id !== subscriber.customerId) return false;
  if (row.user_id !== null && row.user_id !== subscriber.userId) return false;
  if (row.shop_id !== null && subscriber.shops !== null && !subscriber.shops.has(row.shop_id)) return false;
  const kind = REALTIME_EVENTS[row.type as RealtimeEventType];
  return kind !== undefined && subscriber.permissions[kind.permission] === Perm.shown;
}

interface Connection {
  subscriber: Subscriber;
  openedAt: number;
  /** Until its replay is written, live events wait here (so nothing comes twice or out of order). */
  pending: RealtimeEventRow[] | null;
  closed: boolean;
}

/**
 * The real-time hub of one web process: it follows the event log (every process appends to it)
 * and writes each new event to the open streams that may receive it.
 *
 * The log is read by id. On PostgreSQL an id is drawn when a row is inserted but becomes visible
 * at commit, so a later id can be seen before an earlier one: the hub remembers the missing ids
 * below the highest it has seen and reads them again until they appear (delivered late, but
 * delivered) or `gapTimeoutMs` passes (a rolled-back transaction). On SQLite writers take turns, so
 * ids appear in order.
 *
 * Polling runs only while streams are open. Mechanism timers (poll, heartbeat), not business
 * work: nothing here needs to survive a restart, since a client reconnects and replays.
 */
export function createRealtimeHub(db: DB, options: HubOptions) {
  const repo = realtimeEventsRepo(db);
  const gapTimeoutMs = options.gapTimeoutMs ?? 60_000;
  const replayLimit = options.replayLimit ?? REALTIME.replayLimit;
  const byCustomer = new Map<string, Set<Connection>>();
  const connections = new Set<Connection>();
  /** The highest id seen; every id at or below it has been dispatched, except those in `gaps`. */
  let high = 0;
  const gaps = new Map<number, number>();
  let following: Promise<void> | null = null;
  let pollTimer: NodeJS.Timeout | null = null;
  let heartbeatTimer: NodeJS.Timeout | null = null;
  let polling = false;
  let stopped = false;
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error));

  function close(connection: Connection, control?: ControlEvent): void {
    if (connection.closed) return;
    connection.closed = true;
    connections.delete(connection);
    const mine = byCustomer.get(connection.subscriber.customerId);
    mine?.delete(connection);
    if (mine?.size === 0) byCustomer.delete(connection.subscriber.customerId);
    try {
      if (control) connection.subscriber.write(controlFrame(control));
      connection.subscriber.end();
    } catch {
      // The socket is gone already.
    }
    if (connections.size === 0) pause();
  }

  function send(connection: Connection, row: RealtimeEventRow): void {
    if (connection.closed || !admits(connection.subscriber, row)) return;
    if (connection.pending) {
      connection.pending.push(row);
      return;
    }
    // A client that cannot keep up is let go: it reconnects and replays from its last event.
    if (!connection.subscriber.write(eventFrame(row))) close(connection);
  }

  function dispatch(rows: readonly RealtimeEventRow[]): void {
    for (const row of rows) {
      if (row.customer_id === null) continue;
      for (const connection of byCustomer.get(row.customer_id) ?? []) send(connection, row);
    }
  }

  /** One read of the log: new events after the highest seen, and the late ones that filled a gap. */
  async function poll(): Promise<void> {
    const fresh = await repo.after(high, READ_LIMIT);
    const late = gaps.size > 0 ? await repo.byIds([...gaps.keys()].slice(0, READ_LIMIT)) : [];
    for (const row of late) gaps.delete(row.id);
    for (const row of fresh) {
      // From an empty log (high 0) the first id says nothing of missing ones.
      if (high > 0 && row.id > high + 1 && row.id - high - 1 <= MAX_TRACKED_GAPS) {
        const seenAt = Date.now();
        for (let missing = high + 1; missing < row.id; missing += 1) gaps.set(missing, seenAt);
      }
      high = Math.max(high, row.id);
    }
    const giveUpBefore = Date.now() - gapTimeoutMs;
    for (const [id, seenAt] of gaps) if (seenAt < giveUpBefore) gaps.delete(id);
    dispatch([...late, ...fresh]);
    // A full read means more is waiting: read again at once.
    if (fresh.length === READ_LIMIT) return poll();
  }

  /** Reads one at a time: two reads at once would both dispatch what they found. */
  let reading: Promise<void> = Promise.resolve();
  function readLog(): Promise<void> {
    const next = reading.then(poll);
    reading = next.catch(() => undefined);
    return next;
  }

  function schedulePoll(): void {
    if (!polling || stopped) return;
    pollTimer = setTimeout(() => {
      readLog()
        .catch((error: unknown) => log('real-time poll failed', error))
        .finally(schedulePoll);
    }, options.pollMs);
    pollTimer.unref();
  }

  async function heartbeat(): Promise<void> {
    const nowMs = Date.now();
    const open = [...connections];
    for (const connection of open) {
      if (nowMs - connection.openedAt >= options.lifetimeMs) close(connection, { type: 'reconnect', data: { reason: 'lifetime' } });
      else if (!connection.pending && !connection.subscriber.write(': ping\n\n')) close(connection);
    }
    const alive = [...connections];
    if (alive.length === 0) return;
    const active = await options.activeSessions(
      alive.map((connection) => ({ sessionId: connection.subscriber.sessionId, customerId: connection.subscriber.customerId })),
    );
    for (const connection of alive) if (!active.has(connection.subscriber.sessionId)) close(connection, { type: 'reconnect', data: { reason: 'session' } });
  }

  /** Starts following the log from its end (the first stream of this process, or the first after a quiet spell). */
  function follow(): Promise<void> {
    following ??= (async () => {
      try {
        high = await repo.maxId();
      } catch (error) {
        following = null;
        throw error;
      }
      gaps.clear();
      polling = true;
      schedulePoll();
      heartbeatTimer = setInterval(() => {
        heartbeat().catch((error: unknown) => log('real-time heartbeat failed', error));
      }, options.heartbeatMs);
      heartbeatTimer.unref();
    })();
    return following;
  }

  function pause(): void {
    polling = false;
    following = null;
    if (pollTimer) clearTimeout(pollTimer);
    if (heartbeatTimer) clearInterval(heartbeatTimer);
    pollTimer = null;
    heartbeatTimer = null;
  }

  /** The replay, then the live events that arrived meanwhile. */
  async function start(connection: Connection, lastEventId: number | null): Promise<void> {
    const { subscriber } = connection;
    try {
      await follow();
      // What this process has dispatched so far: the replay covers it, the live events cover the rest.
      const upTo = high;
      const missing = new Set(gaps.keys());
      const replay: RealtimeEventRow[] = [];
      let resync: ResyncEvent | null = null;
      if (lastEventId !== null) {
        const oldest = await repo.minId();
        // Pruned since (an empty log, or its oldest event after the client's), or an id this log never had: start afresh.
        if (oldest === null || oldest > lastEventId + 1 || lastEventId > upTo) resync = { reason: 'expired' };
        else if (lastEventId < upTo) {
          const rows = await repo.forReplay(subscriber.customerId, lastEventId, upTo, replayLimit + 1);
          if (rows.length > replayLimit) resync = { reason: 'tooManyMissed' };
          else replay.push(...rows.filter((row) => !missing.has(row.id) && admits(subscriber, row)));
        }
      }
      if (connection.closed) return;
      // Events dispatched while the replay was read may be in both: each is written once.
      const live = connection.pending ?? [];
      connection.pending = null;
      if (resync && !subscriber.write(controlFrame({ type: 'resync', data: resync }))) close(connection);
      const written = new Set<number>();
      for (const row of [...replay, ...live]) {
        if (written.has(row.id)) continue;
        written.add(row.id);
        send(connection, row);
      }
    } catch (error) {
      log('real-time stream could not start', error);
      close(connection);
    }
  }

  return {
    /**
     * Opens a stream: live events from now on, and first, when the client names the last event it
     * saw, the customer's events after it (at most `replayLimit`; more, or some already pruned:
     * a `resync` event tells the client to read everything again).
     */
    attach(subscriber: Subscriber, lastEventId: number | null): { detach: () => void; ready: Promise<void> } {
      if (stopped) {
        subscriber.end();
        return { detach: () => undefined, ready: Promise.resolve() };
      }
      const connection: Connection = { subscriber, openedAt: Date.now(), pending: [], closed: false };
      connections.add(connection);
      const mine = byCustomer.get(subscriber.customerId) ?? new Set<Connection>();
      mine.add(connection);
      byCustomer.set(subscriber.customerId, mine);
      return { detach: () => close(connection), ready: start(connection, lastEventId) };
    },

    /** Open streams of this process (metrics, tests). */
    connectionCount: () => connections.size,

    /** Ids still awaited below the highest seen (tests). */
    awaitedIds: () => [...gaps.keys()],

    /** Reads the log now (tests: no waiting for the poll interval). */
    pollNow: () => (polling ? readLog() : Promise.resolve()),

    /** Ends every stream with a `reconnect` (the server is stopping): clients come back to another process. */
    stop(): void {
      stopped = true;
      for (const connection of [...connections]) close(connection, { type: 'reconnect', data: { reason: 'shutdown' } });
      pause();
    },
  };
}
export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
