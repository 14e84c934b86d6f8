import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { advanceClock, nowIso, resetClock, setClock } from '../time/clock.ts';
import { jobsRepo } from './jobs.repo.ts';
import { createJobQueue, createJobWorker, JOB_DEFAULTS, type JobDefinition, JobInterrupted, PermanentJobError } from './jobs.ts';
import { createScheduler, latestOccurrence } from './scheduler.ts';

const quietLog = { error: () => undefined };

describe('platform jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    resetClock();
    await t.db.deleteFrom('jobs').execute();
  });

  function setUp(definitions: JobDefinition<never>[], options: { staleMs?: number } = {}) {
    const queue = createJobQueue(t.db, definitions);
    const worker = createJobWorker({ db: t.db, queue, definitions, log: quietLog, ...options });
    return { queue, worker };
  }

  it('runs a job once, with the progress it reported and its payload', async () => {
    const seen: { n: number; attempt: number }[] = [];
    const progressSeen: number[] = [];
    const definition: JobDefinition<{ n: number }> = {
      name: 'test.count',
      handler: async ({ payload, attempt, progress, job }) => {
        seen.push({ n: payload.n, attempt });
        await progress(40);
        progressSeen.push((await jobsRepo(t.db).get(job.id))?.progress ?? -1);
      },
    };
    const { queue, worker } = setUp([definition as JobDefinition<never>]);
    const id = await queue.enqueue('test.count', { n: 7 }, { customerId: 'c1' });
    await worker.runDue();
    expect(seen).toEqual([{ n: 7, attempt: 1 }]);
    expect(progressSeen).toEqual([40]);
    const job = await queue.get(id ?? '');
    expect(job).toMatchObject({ status: 'completed', progress: 100, attempts: 1, customer_id: 'c1', locked_by: null, last_error: null });
    await worker.runDue();
    expect(seen).toHaveLength(1);
  });

  it('retries a failing job with growing backoff, then fails it for good and says why', async () => {
    setClock('2026-05-01T10:00:00Z');
    let runs = 0;
    const gaveUp: string[] = [];
    const { queue, worker } = setUp([
      {
        name: 'test.flaky',
        maxAttempts: 3,
        handler: async () => {
          runs += 1;
          throw new Error(`boom ${runs}`);
        },
        onGiveUp: async (_job, reason) => {
          gaveUp.push(reason);
        },
      },
    ]);
    const id = (await queue.enqueue('test.flaky', null)) ?? '';
    await worker.runDue();
    expect(runs).toBe(1);
    let job = await queue.get(id);
    expect(job).toMatchObject({ status: 'waiting', attempts: 1, last_error: 'boom 1' });
    expect(Date.parse(job?.run_at ?? '') - Date.parse('2026-05-01T10:00:00Z')).toBeGreaterThanOrEqual(JOB_DEFAULTS.backoffMs.base);
    // Not due yet: nothing runs.
    await worker.runDue();
    expect(runs).toBe(1);
    advanceClock(JOB_DEFAULTS.backoffMs.base + 1000);
    await worker.runDue();
    expect(runs).toBe(2);
    job = await queue.get(id);
    // The second retry waits twice as long.
    expect(Date.parse(job?.run_at ?? '') - Date.parse(job?.started_at ?? job?.run_at ?? '')).toBeLessThanOrEqual(2 * JOB_DEFAULTS.backoffMs.base);
    advanceClock(2 * JOB_DEFAULTS.backoffMs.base + 1000);
    await worker.runDue();
    expect(runs).toBe(3);
    expect(await queue.get(id)).toMatchObject({ status: 'failed', attempts: 3, last_error: 'boom 3' });
    expect(gaveUp).toEqual(['boom 3']);
  });

  it('fails a job at once on a permanent error', async () => {
    const { queue, worker } = setUp([
      {
        name: 'test.bad-input',
        handler: async () => {
          throw new PermanentJobError('the file is not a spreadsheet');
        },
      },
    ]);
    const id = (await queue.enqueue('test.bad-input', null)) ?? '';
    await worker.runDue();
    expect(await queue.get(id)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'the file is not a spreadsheet' });
  });

  it('hands an interrupted job back without counting the attempt', async () => {
    let runs = 0;
    const { queue, worker } = setUp([
      {
        name: 'test.long',
        handler: async () => {
          runs += 1;
          if (runs === 1) throw new JobInterrupted('stopping');
        },
      },
    ]);
    const id = (await queue.enqueue('test.long', null)) ?? '';
    await worker.runDue();
    // The interrupted job is due again at once; the same round takes it and completes it.
    expect(runs).toBe(2);
    expect(await queue.get(id)).toMatchObject({ status: 'completed', attempts: 1 });
  });

  it('takes back the job of a worker that died, and fails it once it has died too often', async () => {
    setClock('2026-05-01T10:00:00Z');
    let runs = 0;
    const definitions: JobDefinition<never>[] = [
      {
        name: 'test.survivor',
        maxAttempts: 2,
        handler: async () => {
          runs += 1;
        },
      },
    ];
    const { queue, worker } = setUp(definitions, { staleMs: 30_000 });
    const id = (await queue.enqueue('test.survivor', null)) ?? '';
    // A process claims it and dies: no heartbeat after the claim.
    const claimed = await jobsRepo(t.db).claimNext(['test.survivor'], 'dead-process', nowIso(), []);
    expect(claimed).toMatchObject({ id, status: 'running', locked_by: 'dead-process' });
    await worker.runDue();
    expect(runs).toBe(0);
    advanceClock(31_000);
    await worker.runDue();
    expect(runs).toBe(1);
    expect(await queue.get(id)).toMatchObject({ status: 'completed', attempts: 2 });

    // A job whose workers keep dying fails with the reason after its last attempt.
    const doomed = (await queue.enqueue('test.survivor', null)) ?? '';
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(await jobsRepo(t.db).claimNext(['test.survivor'], `dead-${attempt}`, nowIso(), [])).toMatchObject({
        id: doomed,
      });
      advanceClock(31_000);
      await worker.recover();
    }
    expect(await queue.get(doomed)).toMatchObject({ status: 'failed', attempts: 2 });
    expect((await queue.get(doomed))?.last_error).toContain('stopped reporting');
  });

  it('gives every job to exactly one of two racing workers', async () => {
    const ran: string[] = [];
    const definitions: JobDefinition<never>[] = [
      {
        name: 'test.race',
        handler: async ({ job }) => {
          ran.push(job.id);
          await new Promise((resolve) => setImmediate(resolve));
        },
      },
    ];
    const queue = createJobQueue(t.db, definitions);
    const workers = [0, 1].map(() => createJobWorker({ db: t.db, queue, definitions, log: quietLog }));
    const ids: string[] = [];
    for (let n = 0; n < 30; n += 1) ids.push((await queue.enqueue('test.race', { n })) ?? '');
    await Promise.all(workers.map((worker) => worker.runDue()));
    expect(ran.sort()).toEqual([...ids].sort());
    const statuses = await t.db.selectFrom('jobs').select('status').distinct().execute();
    expect(statuses).toEqual([{ status: 'completed' }]);
  });

  it('runs at most one job per concurrency key at a time, in order', async () => {
    const order: string[] = [];
    let runningNow = 0;
    let most = 0;
    const definitions: JobDefinition<never>[] = [
      {
        name: 'test.serial',
        handler: async ({ payload }) => {
          runningNow += 1;
          most = Math.max(most, runningNow);
          order.push(String((payload as { file: string }).file));
          await new Promise((resolve) => setTimeout(resolve, 5));
          runningNow -= 1;
        },
      },
    ];
    const queue = createJobQueue(t.db, definitions);
    const workers = [0, 1, 2].map(() => createJobWorker({ db: t.db, queue, definitions, log: quietLog }));
    for (const file of ['a', 'b', 'c', 'd']) await queue.enqueue('test.serial', { file }, { concurrencyKey: 'customer-1' });
    await Promise.all(workers.map((worker) => worker.runDue()));
    // Workers that found the key busy leave the job for later: run the rest.
    await workers[0]?.runDue();
    expect(most).toBe(1);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
  });

  it('enqueues one job per occurrence of a schedule, however many schedulers race', async () => {
    setClock('2026-05-01T10:00:20Z');
    const queue = createJobQueue(t.db, []);
    const schedules = [
      { name: 'offline', job: 'test.offline', everyMinutes: 1 },
      { name: 'purge', job: 'test.purge', dailyAt: { time: '03:30', timeZone: 'Asia/Shanghai' } } as const,
    ];
    const schedulers = [0, 1, 2].map(() => createScheduler({ queue, schedules }));
    const added = (await Promise.all(schedulers.map((scheduler) => scheduler.tick()))).flat();
    expect(added).toHaveLength(2);
    expect((await schedulers[0]?.tick()) ?? []).toHaveLength(0);
    advanceClock(60_000);
    // The next minute is a new occurrence of the minute schedule; the day's purge is not.
    expect((await schedulers[1]?.tick()) ?? []).toHaveLength(1);
    const keys = (await t.db.selectFrom('jobs').select('unique_key').orderBy('unique_key').execute()).map((row) => row.unique_key);
    expect(keys).toEqual(['schedule:offline:2026-05-01T10:00:00.000Z', 'schedule:offline:2026-05-01T10:01:00.000Z', 'schedule:purge:2026-05-01']);
  });

  it('places daily occurrences at the local time of their zone', () => {
    const purge = { name: 'purge', job: 'x', dailyAt: { time: '03:30', timeZone: 'Asia/Shanghai' } } as const;
    // 19:29 UTC is 03:29 in Shanghai: the day's run is still ahead, the latest is yesterday's.
    expect(latestOccurrence(purge, new Date('2026-05-01T19:29:00Z'))).toEqual({
      key: 'schedule:purge:2026-05-01',
      runAt: new Date('2026-04-30T19:30:00Z'),
    });
    expect(latestOccurrence(purge, new Date('2026-05-01T19:30:00Z'))).toEqual({
      key: 'schedule:purge:2026-05-02',
      runAt: new Date('2026-05-01T19:30:00Z'),
    });
    const sydney = { name: 'p', job: 'x', dailyAt: { time: '02:30', timeZone: 'Australia/Sydney' } } as const;
    // Sydney leaves daylight saving on 2026-04-05 (UTC+11 -> UTC+10).
    expect(latestOccurrence(sydney, new Date('2026-04-05T20:00:00Z')).runAt).toEqual(new Date('2026-04-05T16:30:00Z'));
    expect(latestOccurrence(sydney, new Date('2026-04-03T20:00:00Z')).runAt).toEqual(new Date('2026-04-03T15:30:00Z'));
  });
});
