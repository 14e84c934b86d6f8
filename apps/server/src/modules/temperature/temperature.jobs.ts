import { TEMPERATURE_LIMITS } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Schedule } from '../../platform/jobs/scheduler.ts';
import { now } from '../../platform/time/clock.ts';
import { customersWithOpenAlerts, customersWithPendingBreaches, purgeChunk } from './temperature.repo.ts';
import { raiseDueBreaches, remindOpenAlerts } from './temperature-engine.ts';
import { hourOf } from './temperature-rollup.ts';

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

/**
 * Retention (docs/decisions/temperature.md): raw readings after 7 days, 5-minute rollups after 35,
 * hours after 400. Deleted in chunks of about 5,000 rows, each its own short write, so the device
 * batches' transactions get in between (10,000 sensors add 600,000 readings an hour).
 */
export async function purgeTemperature(db: DB, at: Date = now()): Promise<{ readings: number; rollups: number; hours: number }> {
  const before = (days: number) => new Date(at.getTime() - days * DAY).toISOString();
  const purged = { readings: 0, rollups: 0, hours: 0 };
  const drain = async (table: Parameters<typeof purgeChunk>[1], cutoff: string) => {
    let total = 0;
    for (let deleted = await purgeChunk(db, table, cutoff); deleted > 0; deleted = await purgeChunk(db, table, cutoff)) total += deleted;
    return total;
  };
  purged.readings = await drain('temperature_readings', before(TEMPERATURE_LIMITS.rawDays));
  purged.rollups = await drain('temperature_rollups', before(TEMPERATURE_LIMITS.rollupDays));
  // An hour goes when it has wholly passed the horizon.
  purged.hours = await drain('temperature_hours', hourOf(before(TEMPERATURE_LIMITS.hourDays)));
  return purged;
}

export function temperaturePurgeJob(deps: { db: DB; log?: (message: string) => void }): JobDefinition<null> {
  return {
    name: TEMPERATURE_PURGE_JOB,
    maxAttempts: 1,
    handler: async () => {
      const purged = await purgeTemperature(deps.db);
      if (purged.readings + purged.rollups + purged.hours > 0) {
        deps.log?.(`temperature: ${purged.readings} readings, ${purged.rollups} rollups and ${purged.hours} hours purged`);
      }
    },
  };
}

export const BREACH_CHECK_SCHEDULE: Schedule = { name: 'temperature-breaches', job: BREACH_CHECK_JOB, everyMinutes: 1 };
export const TEMPERATURE_PURGE_SCHEDULE: Schedule = { name: 'temperature-purge', job: TEMPERATURE_PURGE_JOB, everyMinutes: 60 };
