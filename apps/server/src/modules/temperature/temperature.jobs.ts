import { TEMPERATURE_LIMITS } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Schedule } from '../../platform/jobs/scheduler.ts';
import { now } from '../../platform/time/clock.ts';
import { customersWithOpenAlerts, customersWithPendingBreaches, purgeOlderThan } from './temperature.repo.ts';
import { raiseDueBreaches, remindOpenAlerts } from './temperature-engine.ts';

const DAY = 86_400_000;
export const BREACH_CHECK_JOB = 'temperature.breach-check';
export const TEMPERATURE_PURGE_JOB = 'temperature.purge';

/** Pending breaches whose delay ran out with no newer reading alert now (a sensor that went quiet while warm); open alerts are reminded. */
export function breachCheckJob(deps: { db: DB; log?: (message: string) => void }): JobDefinition<null> {
  return {
    name: BREACH_CHECK_JOB,
    // A missed minute is made good by the next one.
    maxAttempts: 1,
    handler: async () => {
      const at = now();
      let raised = 0;
      for (const customerId of await customersWithPendingBreaches(deps.db)) raised += await raiseDueBreaches(deps.db, customerId, at);
      // Open alerts are told again every alert-settings interval.
      let reminded = 0;
      for (const customerId of await customersWithOpenAlerts(deps.db)) reminded += await remindOpenAlerts(deps.db, customerId, at);
      if (raised + reminded > 0) deps.log?.(`temperature: ${raised} alerts raised by the clock, ${reminded} reminders`);
    },
  };
}

/** Retention (docs/decisions/temperature.md): raw readings after 35 days, 5-minute rollups after 400. */
export function temperaturePurgeJob(deps: { db: DB; log?: (message: string) => void }): JobDefinition<null> {
  return {
    name: TEMPERATURE_PURGE_JOB,
    maxAttempts: 1,
    handler: async () => {
      const at = now().getTime();
      const purged = await purgeOlderThan(
        deps.db,
        new Date(at - TEMPERATURE_LIMITS.rawDays * DAY).toISOString(),
        new Date(at - TEMPERATURE_LIMITS.rollupDays * DAY).toISOString(),
      );
      if (purged.readings + purged.rollups > 0) deps.log?.(`temperature: ${purged.readings} readings and ${purged.rollups} rollups purged`);
    },
  };
}

export const BREACH_CHECK_SCHEDULE: Schedule = { name: 'temperature-breaches', job: BREACH_CHECK_JOB, everyMinutes: 1 };
export const TEMPERATURE_PURGE_SCHEDULE: Schedule = { name: 'temperature-purge', job: TEMPERATURE_PURGE_JOB, everyMinutes: 60 };
