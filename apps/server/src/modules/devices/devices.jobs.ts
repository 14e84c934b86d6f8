import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Schedule } from '../../platform/jobs/scheduler.ts';
import type { DevicesService } from './devices.service.ts';

export const OFFLINE_CHECK_JOB = 'devices.offline-check';

/** Camera-offline alarms: cameras past their customer's threshold raise an alarm (each claimed by a conditional update). */
export function offlineCheckJob(deps: { devices: Pick<DevicesService, 'detectOfflineCameras'> }): JobDefinition<null> {
  return {
    name: OFFLINE_CHECK_JOB,
    // A missed minute is made good by the next one: no retries.
    maxAttempts: 1,
    handler: async () => {
      await deps.devices.detectOfflineCameras();
    },
  };
}

export const OFFLINE_CHECK_SCHEDULE: Schedule = { name: 'offline-check', job: OFFLINE_CHECK_JOB, everyMinutes: 1 };
