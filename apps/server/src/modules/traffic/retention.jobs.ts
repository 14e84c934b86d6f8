import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Schedule } from '../../platform/jobs/scheduler.ts';
import type { PurgeResult, RetentionService } from './retention.ts';

export const RETENTION_PURGE_JOB = 'traffic.retention-purge';

/** Privacy retention (issue 4) as a daily job: visit-level data past each customer's retention days goes; rollups stay. */
export function retentionPurgeJob(deps: { retention: RetentionService; log: (message: string) => void }): JobDefinition<null> {
  return {
    name: RETENTION_PURGE_JOB,
    handler: async ({ progress }) => {
      const result = await deps.retention.purge();
      await progress(100);
      deps.log(purgeSummary(result));
    },
  };
}

/** Once a day, early in the UTC day: the first start of a day runs that day's purge at once (as the old start-up purge did). */
export const RETENTION_PURGE_SCHEDULE: Schedule = { name: 'retention-purge', job: RETENTION_PURGE_JOB, dailyAt: { time: '00:05', timeZone: 'UTC' } };

export function purgeSummary(result: PurgeResult): string {
  const { traffic_visits, traffic_zone_events, traffic_line_events, traffic_passerby_events } = result.deleted;
  return `purged ${result.shops} shops of ${result.customers} customers: ${traffic_visits} visits, ${traffic_zone_events} zone stays, ${traffic_line_events} line crossings, ${traffic_passerby_events} passer-by counts`;
}
