import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Schedule } from '../../platform/jobs/scheduler.ts';
import type { AlertSettingsService } from './alert-settings.service.ts';

export const ALARM_NOTICES_JOB = 'alarms.alert-notices';

/** Alarm alerts by text message, phone and e-mail: each channel whose interval has passed sends what came in since. */
export function alarmNoticesJob(deps: { alerts: Pick<AlertSettingsService, 'sendDue'> }): JobDefinition<null> {
  return {
    name: ALARM_NOTICES_JOB,
    // A missed minute is made good by the next one (the alarms wait in the channel's window): no retries.
    maxAttempts: 1,
    handler: async () => {
      await deps.alerts.sendDue();
    },
  };
}

/** Every minute: the interval (at least 5 minutes) is kept to within a minute. */
export const ALARM_NOTICES_SCHEDULE: Schedule = { name: 'alarm-notices', job: ALARM_NOTICES_JOB, everyMinutes: 1 };
