import os from 'node:os';
import { messageRef } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import { posQueueRepo, posRepo } from './pos.repo.ts';
import { runImport } from './pos-import.ts';

export interface PosWorkerOptions {
  db: DB;
  dataDir: string;
  /** How often the queue is looked at when nobody kicks it. */
  pollMs?: number;
  /** An import whose heartbeat is older than this was abandoned (its process died). */
  staleMs?: number;
  /** Attempts before an import that keeps dying is failed with its reason. */
  maxAttempts?: number;
  log?: (message: string, error?: unknown) => void;
}

export const POS_WORKER_DEFAULTS = { pollMs: 2000, staleMs: 30_000, maxAttempts: 3 } as const;

/**
 * The POS import worker of a server process (DESIGN R1: long work runs as a durable job that
 * survives a restart). Jobs are rows of pos_uploads: waiting -> uploading -> completed | failed.
 * Several processes may run a worker on one database: a job is claimed by a conditional update,
 * and one customer's files are imported one at a time, in upload order. A job left 'uploading' by
 * a process that died (its heartbeat stopped) goes back to the queue and is read again from the
 * start (nothing of it was committed), or is failed with its reason after `maxAttempts`.
 */
export function createPosWorker(options: PosWorkerOptions) {
  const { db, dataDir } = options;
  const pollMs = options.pollMs ?? POS_WORKER_DEFAULTS.pollMs;
  const staleMs = options.staleMs ?? POS_WORKER_DEFAULTS.staleMs;
  const maxAttempts = options.maxAttempts ?? POS_WORKER_DEFAULTS.maxAttempts;
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error));
  const workerId = `${os.hostname()}:${process.pid}:${newId()}`;
  const queue = posQueueRepo(db);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;
  const idleWaiters: (() => void)[] = [];

  /** Abandoned imports: back to the queue, or failed once they have died too often. */
  async function recover(): Promise<number> {
    const before = new Date(now().getTime() - staleMs).toISOString();
    let moved = 0;
    for (const job of await queue.stale(before)) {
      const patch =
        job.attempts >= maxAttempts
          ? {
              status: 'failed' as const,
              progress: 100,
              failure: messageRef('pos.interrupted', { attempts: job.attempts }),
              finished_at: nowIso(),
              worker_id: null,
              heartbeat_at: null,
            }
          : { status: 'waiting' as const, progress: 0, worker_id: null, heartbeat_at: null, started_at: null };
      if (await queue.release(job.customer_id, job.id, job.heartbeat_at, patch)) moved += 1;
    }
    return moved;
  }

  /** Claims and runs one job (a given one, or the next in the queue); false when there was none. */
  async function runOne(target?: { customerId: string; uploadId: string }): Promise<boolean> {
    const next = target ? { customer_id: target.customerId, id: target.uploadId } : await queue.nextWaiting();
    if (!next) return false;
    if (!(await queue.claim(next.customer_id, next.id, workerId, nowIso()))) return !target;
    const upload = await posRepo(tenantScope(db, next.customer_id)).upload(next.id);
    if (!upload) return true;
    try {
      await runImport({ db, dataDir, workerId, shouldStop: () => stopping }, upload);
    } catch (error) {
      // A bug, not bad input: the job fails with the server-error message and the process goes on.
      log(`POS import ${upload.id} failed`, error);
      await posRepo(tenantScope(db, upload.customer_id))
        .updateUpload(
          upload.id,
          { status: 'failed', progress: 100, failure: 'errors.serverError', finished_at: nowIso(), worker_id: null, heartbeat_at: null },
          ['uploading'],
          workerId,
        )
        .catch((inner: unknown) => log(`POS import ${upload.id}: could not record the failure`, inner));
    }
    return true;
  }

  async function drainQueue(): Promise<void> {
    do {
      again = false;
      await recover();
      while (!stopping && (await runOne())) {
        // one job after the other until the queue is empty
      }
    } while (again && !stopping);
  }

  /** Looks at the queue now (after an upload) rather than at the next poll. */
  function kick(): void {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = drainQueue()
      .catch((error: unknown) => log('POS worker round failed', error))
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
      if (!timer) {
        timer = setInterval(kick, pollMs);
        timer.unref();
      }
      kick();
    },
    /** Stops taking jobs; an import under way gives its job back to the queue (or finishes its commit). */
    async stop(): Promise<void> {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    /** Imports one upload now, in the caller's time (the demo seed), through the same job path. */
    async runNow(customerId: string, uploadId: string): Promise<void> {
      await running;
      await runOne({ customerId, uploadId });
    },
    /** Resolves when the worker has nothing under way (tests). */
    idle(): Promise<void> {
      return running ? new Promise((resolve) => idleWaiters.push(resolve)) : Promise.resolve();
    },
  };
}
export type PosWorker = ReturnType<typeof createPosWorker>;
