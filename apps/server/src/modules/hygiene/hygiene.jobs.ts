import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Schedule } from '../../platform/jobs/scheduler.ts';
import { now } from '../../platform/time/clock.ts';
import type { ReminderWork } from './hygiene-reminders.ts';

export const CERTIFICATE_REMINDERS_JOB = 'hygiene.certificate-reminders';

/** Health certificate reminders for every customer (each notice claimed once). */
export function certificateRemindersJob(deps: { reminders: ReminderWork; log?: (message: string) => void }): JobDefinition<null> {
  return {
    name: CERTIFICATE_REMINDERS_JOB,
    // A missed round is made good by the next one, an hour later.
    maxAttempts: 1,
    handler: async () => {
      const round = await deps.reminders.run(now());
      if (round.sent + round.skipped > 0) deps.log?.(`hygiene: ${round.sent} certificate reminders sent, ${round.skipped} superseded`);
    },
  };
}

/** Hourly: a store's new day is noticed within the hour, whatever its zone. */
export const CERTIFICATE_REMINDERS_SCHEDULE: Schedule = { name: 'hygiene-certificate-reminders', job: CERTIFICATE_REMINDERS_JOB, everyMinutes: 60 };
