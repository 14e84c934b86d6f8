import { REALTIME } from '@storelens/contracts';
import type { DB } from '../db/database.ts';
import type { JobDefinition } from '../jobs/jobs.ts';
import type { Schedule } from '../jobs/scheduler.ts';
import { now } from '../time/clock.ts';
import { realtimeEventsRepo } from './realtime.repo.ts';

export const REALTIME_PRUNE_JOB = 'realtime.prune';

/** Events older than the replay window (24 hours) go: a client away longer is told to read everything again. */
export function realtimePruneJob(db: DB): JobDefinition<null> {
  return {
    name: REALTIME_PRUNE_JOB,
    maxAttempts: 1,
    handler: async () => {
      await realtimeEventsRepo(db).deleteBefore(new Date(now().getTime() - REALTIME.retentionHours * 3_600_000).toISOString());
    },
  };
}

export const REALTIME_PRUNE_SCHEDULE: Schedule = { name: 'realtime-prune', job: REALTIME_PRUNE_JOB, everyMinutes: 60 };
