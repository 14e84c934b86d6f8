import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Schedule } from '../../platform/jobs/scheduler.ts';
import { now } from '../../platform/time/clock.ts';
import { CAPTURE_CHECK_JOB, type CaptureCheckPayload, type CheckWork } from './warehouse-checks.ts';

export const WAREHOUSE_SCAN_JOB = 'warehouse.scan';

/** Checks of new assignments, capture jobs for checks whose time has come, completed assignments: every customer. */
export function warehouseScanJob(deps: { work: CheckWork; log?: (message: string) => void }): JobDefinition<null> {
  return {
    name: WAREHOUSE_SCAN_JOB,
    // A missed round is made good by the next one, five minutes later.
    maxAttempts: 1,
    handler: async () => {
      const round = await deps.work.scan(now());
      if (round.made + round.enqueued + round.completed > 0)
        deps.log?.(`warehouse: ${round.made} checks made, ${round.enqueued} frames asked for, ${round.completed} assignments completed`);
    },
  };
}

/** One check's frame from the recording at its instant. */
export function captureCheckJob(deps: { work: CheckWork }): JobDefinition<CaptureCheckPayload> {
  return {
    name: CAPTURE_CHECK_JOB,
    maxAttempts: 3,
    backoffMs: { base: 10_000, max: 300_000 },
    handler: async ({ payload }) => {
      // A recording not indexed yet is left for the next scan, which asks again until it gives up.
      await deps.work.capture(payload.customerId, payload.checkId, now());
    },
  };
}

/** Every five minutes: a check's frame is asked for within minutes of its time, a missed check completes its day soon after. */
export const WAREHOUSE_SCAN_SCHEDULE: Schedule = { name: 'warehouse-scan', job: WAREHOUSE_SCAN_JOB, everyMinutes: 5 };
