import os from 'node:os';
import type { DB } from '../db/database.ts';
import type { JobsTable } from '../db/schema.ts';
import { newId } from '../ids.ts';
import { now, nowIso } from '../time/clock.ts';
import { type JobRow, jobsRepo } from './jobs.repo.ts';

/**
 * platform/jobs (DESIGN R1, issue 10): durable jobs on the application database. A module declares
 * a job (a name and a handler) beside the service that owns the work; anyone enqueues it; the
 * workers of any process that runs the worker role claim due jobs one at a time (FOR UPDATE SKIP
 * LOCKED on PostgreSQL), report progress a person can watch, retry failures with backoff, and take
 * back the jobs of a process that died (its heartbeat stopped). Nothing is kept in memory that a
 * restart would lose.
 */

export interface JobContext<Payload> {
  job: JobRow;
  payload: Payload;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  /** Reports progress (0-100) and keeps the job's heartbeat; false when this worker lost the job. */
  progress(percent: number): Promise<boolean>;
  /** True once the worker is stopping (graceful shutdown): a long handler may stop between steps and throw JobInterrupted. */
  stopping(): boolean;
}

export interface JobDefinition<Payload> {
  name: string;
  handler: (context: JobContext<Payload>) => Promise<void>;
  /** Runs, at most, this many times in all (default 3). */
  maxAttempts?: number;
  /** Delay before the n-th retry: base * 2^(n-1), capped (defaults 5 s and 10 min). */
  backoffMs?: { base: number; max: number };
  /** Called once when the job fails for good (its last attempt failed, or it died too often). */
  onGiveUp?: (job: JobRow, reason: string) => Promise<void>;
}

/** Thrown by a handler that cannot succeed however often it is tried: the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** Thrown by a handler that stopped because the worker is stopping: the job waits for the next worker, its attempt not counted. */
export class JobInterrupted extends Error {
  override name = 'JobInterrupted';
}

export interface EnqueueOptions {
  customerId?: string | null;
  /** Not before this time (default now). */
  runAt?: Date;
  /** One job per key: enqueueing a taken key adds nothing (schedule occurrences, idempotent requests). */
  uniqueKey?: string;
  /** At most one running job per key (e.g. one import per customer, in order). */
  concurrencyKey?: string;
  /** Runs at most this many times; by default the definition's, when this queue was given it (else 3). */
  maxAttempts?: number;
}

export const JOB_DEFAULTS = { pollMs: 2000, staleMs: 30_000, heartbeatMs: 5000, maxAttempts: 3, backoffMs: { base: 5000, max: 600_000 } } as const;

let lastSeq = 0;
/** Enqueue order: milliseconds x 1000, strictly rising within this process (jobs enqueued in one millisecond keep their order). */
function nextSeq(): number {
  lastSeq = Math.max(lastSeq + 1, Date.now() * 1000);
  return lastSeq;
}

export function backoffDelay(retry: number, backoff: { base: number; max: number } = JOB_DEFAULTS.backoffMs): number {
  return Math.min(backoff.max, backoff.base * 2 ** Math.max(0, retry - 1));
}

/** Enqueues jobs; every process may (web and worker alike). */
/** Where the job of an idempotent request stands (its unique key), for a module that shows it to people; null: no such job. */
export async function jobStateOf(db: DB, uniqueKey: string): Promise<{ status: JobsTable['status']; progress: number } | null> {
  const row = await jobsRepo(db).byUniqueKey(uniqueKey);
  return row ? { status: row.status, progress: row.progress } : null;
}

export function createJobQueue(db: DB, definitions: readonly JobDefinition<never>[] = []) {
  const repo = jobsRepo(db);
  const maxAttemptsOf = new Map(definitions.map((definition) => [definition.name, definition.maxAttempts ?? JOB_DEFAULTS.maxAttempts]));
  const listeners = new Set<() => void>();
  return {
    /** The new job's id, or undefined when its unique key was taken already. */
    async enqueue<Payload>(name: string, payload: Payload, options: EnqueueOptions = {}): Promise<string | undefined> {
      const id = newId();
      const added = await repo.insert({
        id,
        name,
        customer_id: options.customerId ?? null,
        payload: JSON.stringify(payload ?? null),
        status: 'waiting',
        run_at: (options.runAt ?? now()).toISOString(),
        attempts: 0,
        max_attempts: options.maxAttempts ?? maxAttemptsOf.get(name) ?? JOB_DEFAULTS.maxAttempts,
        progress: 0,
        unique_key: options.uniqueKey ?? null,
        concurrency_key: options.concurrencyKey ?? null,
        seq: nextSeq(),
        created_at: nowIso(),
      });
      if (!added) return undefined;
      for (const listener of listeners) listener();
      return id;
    },
    get: (id: string) => repo.get(id),
    /** A worker in this process hears of new jobs at once instead of at its next poll. */
    onEnqueue(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;

export interface JobWorkerOptions {
  db: DB;
  queue: JobQueue;
  definitions: readonly JobDefinition<never>[];
  pollMs?: number;
  staleMs?: number;
  heartbeatMs?: number;
  log?: { error(details: Record<string, unknown>, message: string): void; info?(details: Record<string, unknown>, message: string): void };
  /** Counts for /metrics and logs. */
  onOutcome?: (name: string, outcome: 'completed' | 'retried' | 'failed' | 'interrupted') => void;
}

/** Runs due jobs of the given definitions, one at a time, until stopped. */
export function createJobWorker(options: JobWorkerOptions) {
  const { db } = options;
  const repo = jobsRepo(db);
  const pollMs = options.pollMs ?? JOB_DEFAULTS.pollMs;
  const staleMs = options.staleMs ?? JOB_DEFAULTS.staleMs;
  const heartbeatMs = options.heartbeatMs ?? JOB_DEFAULTS.heartbeatMs;
  const log = options.log ?? { error: (details: Record<string, unknown>, message: string) => console.error(message, details) };
  const definitions = new Map(options.definitions.map((definition) => [definition.name, definition]));
  const names = [...definitions.keys()];
  const workerId = `${os.hostname()}:${process.pid}:${newId()}`;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;
  let unsubscribe: (() => void) | null = null;
  const idleWaiters: (() => void)[] = [];

  async function giveUp(job: JobRow, reason: string): Promise<void> {
    await definitions
      .get(job.name)
      ?.onGiveUp?.(job, reason)
      .catch((error: unknown) => log.error({ err: error, job: job.id }, `job ${job.name}: giving up failed`));
  }

  /** Jobs of dead workers: back to the queue, or failed once they have died too often. */
  async function recover(): Promise<number> {
    const before = new Date(now().getTime() - staleMs).toISOString();
    let moved = 0;
    for (const job of await repo.stale(before)) {
      if (!definitions.has(job.name)) continue;
      const exhausted = job.attempts >= job.max_attempts;
      const reason = `the worker running it stopped reporting (attempt ${job.attempts} of ${job.max_attempts})`;
      const patch = exhausted
        ? { status: 'failed' as const, last_error: reason, finished_at: nowIso(), locked_by: null, heartbeat_at: null }
        : { status: 'waiting' as const, last_error: reason, locked_by: null, heartbeat_at: null, started_at: null };
      if (await repo.release(job.id, job.heartbeat_at, patch)) {
        moved += 1;
        if (exhausted) {
          options.onOutcome?.(job.name, 'failed');
          await giveUp(job, reason);
        }
      }
    }
    return moved;
  }

  async function claim(): Promise<JobRow | undefined> {
    const busyKeys: string[] = [];
    // A conflict means the candidate's concurrency key is busy: leave every job of that key for
    // this round (taking a later one would break their order) and try the next key.
    for (let tries = 0; tries < 20; tries += 1) {
      const at = nowIso();
      const claimed = await repo.claimNext(names, workerId, at, busyKeys);
      if (claimed !== 'conflict') return claimed;
      const candidate = await repo.nextCandidateKey(names, at, busyKeys);
      if (!candidate?.concurrency_key) return undefined;
      busyKeys.push(candidate.concurrency_key);
    }
    return undefined;
  }

  async function execute(job: JobRow): Promise<void> {
    const definition = definitions.get(job.name);
    if (!definition) return;
    let lost = false;
    let lastBeat = Date.now();
    const beat = async (patch: { progress?: number } = {}) => {
      lastBeat = Date.now();
      const changed = await repo.updateHeld(job.id, workerId, { ...patch, heartbeat_at: nowIso() });
      if (changed === 0) lost = true;
      return !lost;
    };
    // The heartbeat goes on while the handler works, so a long step is not taken for a dead worker.
    const heartbeat = setInterval(() => {
      if (Date.now() - lastBeat >= heartbeatMs) beat().catch(() => undefined);
    }, heartbeatMs);
    heartbeat.unref();
    const finish = (patch: Parameters<typeof repo.updateHeld>[2]) => repo.updateHeld(job.id, workerId, { locked_by: null, heartbeat_at: null, ...patch });
    try {
      await definition.handler({
        job,
        payload: JSON.parse(job.payload) as never,
        attempt: job.attempts,
        progress: (percent) => beat({ progress: Math.max(0, Math.min(100, Math.round(percent))) }),
        stopping: () => stopping,
      });
      await finish({ status: 'completed', progress: 100, finished_at: nowIso(), last_error: null });
      options.onOutcome?.(job.name, 'completed');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof JobInterrupted) {
        // Handed back untouched: the attempt does not count against the job.
        await finish({ status: 'waiting', attempts: Math.max(0, job.attempts - 1), started_at: null });
        options.onOutcome?.(job.name, 'interrupted');
        return;
      }
      const permanent = error instanceof PermanentJobError;
      if (!permanent) log.error({ err: error, job: job.id }, `job ${job.name} attempt ${job.attempts} failed`);
      if (!permanent && job.attempts < job.max_attempts) {
        const runAt = new Date(now().getTime() + backoffDelay(job.attempts, definition.backoffMs));
        await finish({ status: 'waiting', run_at: runAt.toISOString(), last_error: message, started_at: null });
        options.onOutcome?.(job.name, 'retried');
        return;
      }
      await finish({ status: 'failed', finished_at: nowIso(), last_error: message });
      options.onOutcome?.(job.name, 'failed');
      await giveUp({ ...job, last_error: message }, message);
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      await recover();
      for (let job = await claim(); job && !stopping; job = stopping ? undefined : await claim()) await execute(job);
    } while (again && !stopping);
  }

  function kick(): void {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, 'job worker round failed'))
      .finally(() => {
        running = null;
        for (const resolve of idleWaiters.splice(0)) resolve();
      });
  }

  return {
    workerId,
    recover,
    kick,
    start(): void {
      stopping = false;
      unsubscribe ??= options.queue.onEnqueue(kick);
      if (!timer) {
        timer = setInterval(kick, pollMs);
        timer.unref();
      }
      kick();
    },
    /** Stops taking jobs and waits for the one under way (a long handler sees stopping() and may hand its job back). */
    async stop(): Promise<void> {
      stopping = true;
      unsubscribe?.();
      unsubscribe = null;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    /** Runs every due job now, in the caller's time (tests, the demo seed). */
    async runDue(): Promise<void> {
      await running;
      const wasStopping = stopping;
      stopping = false;
      try {
        await drain();
      } finally {
        stopping = wasStopping;
      }
    },
    /** Resolves when the worker has nothing under way. */
    idle(): Promise<void> {
      return running ? new Promise((resolve) => idleWaiters.push(resolve)) : Promise.resolve();
    },
  };
}
export type JobWorker = ReturnType<typeof createJobWorker>;

/**
 * A module's own job queue and worker over its job definitions (the POS import, the download
 * clips): one worker per module, so one kind of long work never waits behind another's.
 */
export function moduleJobs(
  db: DB,
  definitions: readonly JobDefinition<never>[],
  options: { log?: ((message: string, error: unknown) => void) | undefined; onOutcome?: JobWorkerOptions['onOutcome'] | undefined } = {},
): { queue: JobQueue; worker: JobWorker } {
  const queue = createJobQueue(db, definitions);
  const { log, onOutcome } = options;
  const worker = createJobWorker({
    db,
    queue,
    definitions,
    ...(log ? { log: { error: (details, message) => log(message, details.err) } } : {}),
    ...(onOutcome ? { onOutcome } : {}),
  });
  return { queue, worker };
}
