import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Schedule } from '../../platform/jobs/scheduler.ts';
import { now } from '../../platform/time/clock.ts';
import { CAPTURE_FRAMES_JOB, type CaptureFramesPayload, type FrameCapture } from './rectification-capture.ts';
import type { DeadlineWork } from './rectification-deadlines.ts';

export const DEADLINE_SCAN_JOB = 'rectification.deadline-scan';

/** Due soon, overdue, escalation, frames due and unused uploads, for every customer (each notice claimed once). */
export function deadlineScanJob(deps: { deadlines: DeadlineWork; log?: (message: string) => void }): JobDefinition<null> {
  return {
    name: DEADLINE_SCAN_JOB,
    // A missed round is made good by the next one, five minutes later.
    maxAttempts: 1,
    handler: async () => {
      const round = await deps.deadlines.run(now());
      if (round.dueSoon + round.overdue + round.escalated + round.frames + round.uploadsDeleted > 0)
        deps.log?.(
          `rectification: ${round.dueSoon} due soon, ${round.overdue} overdue, ${round.escalated} escalated, ${round.frames} frames, ${round.uploadsDeleted} unused uploads deleted`,
        );
    },
  };
}

/** One item's frames, enqueued when it is made (the evidence) and for just after its deadline (the comparison). */
export function captureFramesJob(deps: { capture: FrameCapture }): JobDefinition<CaptureFramesPayload> {
  return {
    name: CAPTURE_FRAMES_JOB,
    maxAttempts: 3,
    backoffMs: { base: 10_000, max: 300_000 },
    handler: async ({ payload }) => {
      // A recording not indexed yet is left for the scan, which tries again until it gives up.
      await deps.capture.capture(payload.customerId, payload.rectificationId);
    },
  };
}

export const DEADLINE_SCAN_SCHEDULE: Schedule = { name: 'rectification-deadlines', job: DEADLINE_SCAN_JOB, everyMinutes: 5 };
