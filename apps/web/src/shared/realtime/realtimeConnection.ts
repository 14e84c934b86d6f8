import { REALTIME_EVENT_TYPES, type RealtimeEventType } from '@storelens/contracts';

/** Where the channel stands: open (events flow), connecting, or down (the pages fall back to polling). */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'down';

/** What the connection needs of an EventSource (the browser's, or a test's). */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface RealtimeConnectionDeps {
  /** An authenticated call for a single-use ticket (POST /api/realtime/ticket). */
  fetchTicket(): Promise<{ url: string }>;
  openEventSource(url: string): EventSourceLike;
  onEvent(type: RealtimeEventType, data: unknown): void;
  /** `resync`: events were missed beyond what the server replays: read everything again. */
  onResync(): void;
  onStatus(status: RealtimeStatus): void;
  /** A timer (tests give their own). */
  schedule?: (run: () => void, ms: number) => () => void;
  random?: () => number;
}

/** The first retry after a failure waits about a second; then doubling, at most 30 s (plus up to 20 % jitter, so tabs spread out). */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (1 + 0.2 * random()));
}

const defaultSchedule = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/**
 * The page's end of the real-time channel (issue 15). A browser's EventSource reconnects by itself
 * with the same URL, but our ticket is single use: so this connection closes a failed source and
 * opens a new one on a new ticket, with backoff, carrying the id of the last event it received
 * (`lastEventId`): the server replays what was missed. A `reconnect` from the server (a stream's
 * lifetime ended, the server is stopping) reconnects at once.
 */
export function createRealtimeConnection(deps: RealtimeConnectionDeps) {
  const schedule = deps.schedule ?? defaultSchedule;
  let source: EventSourceLike | null = null;
  let lastEventId: string | null = null;
  let failures = 0;
  let running = false;
  let cancelRetry: (() => void) | null = null;
  /** Each connect has a generation: what an older one does after a newer began is ignored. */
  let generation = 0;

  function closeSource(): void {
    source?.close();
    source = null;
  }

  function retryLater(): void {
    closeSource();
    if (!running) return;
    failures += 1;
    deps.onStatus('down');
    cancelRetry?.();
    cancelRetry = schedule(
      () => {
        cancelRetry = null;
        void connect();
      },
      reconnectDelay(failures, deps.random),
    );
  }

  async function connect(): Promise<void> {
    if (!running) return;
    generation += 1;
    const mine = generation;
    closeSource();
    deps.onStatus('connecting');
    let url: string;
    try {
      url = (await deps.fetchTicket()).url;
    } catch {
      if (mine === generation) retryLater();
      return;
    }
    if (!running || mine !== generation) return;
    // Without an event to resume from, the server replays nothing: what changed between the pages'
    // reads and this stream's start would be lost, so the pages read again once it opens.
    const resumesFrom = lastEventId;
    const opened = deps.openEventSource(resumesFrom ? `${url}&lastEventId=${encodeURIComponent(resumesFrom)}` : url);
    source = opened;
    opened.onopen = () => {
      if (source !== opened) return;
      failures = 0;
      deps.onStatus('open');
      if (resumesFrom === null) deps.onResync();
    };
    opened.onerror = () => {
      if (source === opened) retryLater();
    };
    for (const type of REALTIME_EVENT_TYPES) {
      opened.addEventListener(type, (event) => {
        if (source !== opened) return;
        if (event.lastEventId) lastEventId = event.lastEventId;
        try {
          deps.onEvent(type, JSON.parse(event.data));
        } catch {
          // A malformed event is dropped; the next ones still count.
        }
      });
    }
    opened.addEventListener('resync', () => {
      if (source === opened) deps.onResync();
    });
    opened.addEventListener('reconnect', () => {
      if (source !== opened) return;
      closeSource();
      void connect();
    });
  }

  return {
    start(): void {
      if (running) return;
      running = true;
      failures = 0;
      void connect();
    },
    /** Closes the stream (signed out, another customer, a tab hidden for long); `start` resumes from the last event. */
    stop(): void {
      running = false;
      generation += 1;
      cancelRetry?.();
      cancelRetry = null;
      closeSource();
      deps.onStatus('idle');
    },
    /** Forgets the last event (another customer's ids mean nothing here). */
    forget(): void {
      lastEventId = null;
    },
    lastEventId: () => lastEventId,
  };
}
export type RealtimeConnection = ReturnType<typeof createRealtimeConnection>;
