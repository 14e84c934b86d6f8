import { now } from '../time/clock.ts';
import { addDays, localParts, utcOfLocal } from '../time/local-time.ts';
import type { JobQueue } from './jobs.ts';

/**
 * Periodic and calendar work as jobs. Each schedule has occurrences (every N minutes, or each day
 * at a local time in a time zone); the scheduler enqueues the latest due occurrence with a unique
 * key `schedule:<name>:<occurrence>`, so however many worker processes run a scheduler, each
 * occurrence becomes one job, and a restart neither repeats nor loses it. Missed older
 * occurrences are not caught up: periodic work (a purge, an offline check, a demo round) only
 * needs its latest run.
 */
export type Schedule<Payload = unknown> = {
  name: string;
  job: string;
  payload?: Payload;
} & ({ everyMinutes: number } | { dailyAt: { time: `${number}:${number}`; timeZone: string } });

export interface Occurrence {
  key: string;
  runAt: Date;
}

/** The latest occurrence of a schedule at or before `at`. */
export function latestOccurrence(schedule: Schedule, at: Date): Occurrence {
  if ('everyMinutes' in schedule) {
    const periodMs = schedule.everyMinutes * 60_000;
    const start = Math.floor(at.getTime() / periodMs) * periodMs;
    return { key: `schedule:${schedule.name}:${new Date(start).toISOString()}`, runAt: new Date(start) };
  }
  const { time, timeZone } = schedule.dailyAt;
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const today = localParts(timeZone, at.getTime()).date;
  const todayRun = utcOfLocal(timeZone, today, hour, minute);
  const date = todayRun <= at.getTime() ? today : addDays(today, -1);
  return { key: `schedule:${schedule.name}:${date}`, runAt: new Date(utcOfLocal(timeZone, date, hour, minute)) };
}

export function createScheduler(deps: { queue: JobQueue; schedules: readonly Schedule[]; tickMs?: number }) {
  let timer: NodeJS.Timeout | null = null;

  /** Enqueues each schedule's latest occurrence unless it is enqueued already; the ids of the jobs it added. */
  async function tick(at: Date = now()): Promise<string[]> {
    const added: string[] = [];
    for (const schedule of deps.schedules) {
      const occurrence = latestOccurrence(schedule, at);
      const id = await deps.queue.enqueue(schedule.job, schedule.payload ?? null, { uniqueKey: occurrence.key, runAt: occurrence.runAt });
      if (id) added.push(id);
    }
    return added;
  }

  return {
    tick,
    start(onError: (error: unknown) => void): void {
      const round = () => void tick().catch(onError);
      round();
      timer ??= setInterval(round, deps.tickMs ?? 15_000);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
