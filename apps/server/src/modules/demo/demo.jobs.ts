import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Schedule } from '../../platform/jobs/scheduler.ts';
import type { DemoFeeder } from './demo-traffic.ts';

export const DEMO_FEED_JOB = 'demo.feed';

/**
 * The live demo feed as a job: each minute every demo shop's box delivers what it saw through the
 * device API's service, and each finished day's POS file is uploaded. The feeder keeps its place in
 * memory, so only the process that started the demo registers this job (and its schedule): no
 * other worker can claim it and send a shop's minutes twice.
 */
export function demoFeedJob(deps: { feeder: DemoFeeder; log: (message: string) => void }): JobDefinition<null> {
  return {
    name: DEMO_FEED_JOB,
    maxAttempts: 1,
    handler: async () => {
      const sent = await deps.feeder.tick();
      if (sent > 0) deps.log(`demo feed: ${sent} events sent`);
    },
  };
}

export const DEMO_FEED_SCHEDULE: Schedule = { name: 'demo-feed', job: DEMO_FEED_JOB, everyMinutes: 1 };
