import type { DB } from '../../platform/db/database.ts';
import { createJobQueue, type JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Schedule } from '../../platform/jobs/scheduler.ts';
import { now } from '../../platform/time/clock.ts';
import { createOccurrenceService, GENERATE_OCCURRENCES_JOB, type OccurrencePayload } from './occurrences.ts';
import type { PlanNoticeWork } from './plan-notices.ts';

export const SCAN_OCCURRENCES_JOB = 'inspection.scan-occurrences';

/** One assignment per store and occurrence, made by a job per plan, zone and local date. */
export function generateOccurrencesJob(deps: { db: DB }): JobDefinition<OccurrencePayload> {
  const occurrences = createOccurrenceService({ db: deps.db, queue: createJobQueue(deps.db) });
  return {
    name: GENERATE_OCCURRENCES_JOB,
    // A lost race on the assignments' unique key is retried at once-ish; the retry makes only what is missing.
    maxAttempts: 5,
    backoffMs: { base: 1000, max: 60_000 },
    handler: async ({ payload }) => {
      await occurrences.generate(payload);
    },
  };
}

/** What the plans service schedules with: a queue that knows the occurrence job's attempts. */
export function occurrenceScheduling(db: DB) {
  return createOccurrenceService({ db, queue: createJobQueue(db, [generateOccurrencesJob({ db }) as JobDefinition<never>]) });
}

/**
 * The scan: each active plan in each time zone of its stores, the local dates that have begun
 * there. Its own queue carries the occurrence jobs' attempts (the definitions' settings).
 */
export function scanOccurrencesJob(deps: { db: DB }): JobDefinition<null> {
  const occurrences = occurrenceScheduling(deps.db);
  return {
    name: SCAN_OCCURRENCES_JOB,
    // A missed scan is made good by the next one (a quarter of an hour later).
    maxAttempts: 1,
    handler: async () => {
      await occurrences.scan(now());
    },
  };
}

/** Every quarter of an hour: a store's occurrence of the day is made within 15 minutes of its local midnight. */
export const OCCURRENCE_SCAN_SCHEDULE: Schedule = { name: 'inspection-occurrences', job: SCAN_OCCURRENCES_JOB, everyMinutes: 15 };

export const PLAN_NOTICES_JOB = 'inspection.plan-notices';

/** Plan messages (task assigned, due soon, overdue) for every customer, each claimed once. */
export function planNoticesJob(deps: { notices: PlanNoticeWork; log?: (message: string) => void }): JobDefinition<null> {
  return {
    name: PLAN_NOTICES_JOB,
    // A missed round is made good by the next one, five minutes later.
    maxAttempts: 1,
    handler: async () => {
      const round = await deps.notices.run(now());
      if (round.sent > 0) deps.log?.(`inspection: ${round.sent} plan notices sent (${round.messages} messages)`);
    },
  };
}

/** Every five minutes: an assignment made at a store's midnight is announced within minutes, "due soon" is said 2 h before (± 5 min). */
export const PLAN_NOTICES_SCHEDULE: Schedule = { name: 'inspection-plan-notices', job: PLAN_NOTICES_JOB, everyMinutes: 5 };
