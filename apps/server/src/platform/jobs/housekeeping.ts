import type { DB } from '../db/database.ts';
import { now } from '../time/clock.ts';
import { jobsRepo } from './jobs.repo.ts';
import type { JobDefinition } from './jobs.ts';
import type { Schedule } from './scheduler.ts';

export const JOBS_CLEANUP_JOB = 'jobs.cleanup';
/** Finished jobs are kept this long for operators and /metrics, then deleted (a minute schedule adds ~1,500 rows a day). */
export const FINISHED_JOB_RETENTION_DAYS = 7;

export function jobsCleanupJob(db: DB): JobDefinition<null> {
  return {
    name: JOBS_CLEANUP_JOB,
    handler: async () => {
      await jobsRepo(db).deleteFinishedBefore(new Date(now().getTime() - FINISHED_JOB_RETENTION_DAYS * 86_400_000).toISOString());
    },
  };
}

export const JOBS_CLEANUP_SCHEDULE: Schedule = { name: 'jobs-cleanup', job: JOBS_CLEANUP_JOB, dailyAt: { time: '01:00', timeZone: 'UTC' } };
