import { WEBHOOKS } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { type JobDefinition, type JobWorkerOptions, moduleJobs } from '../../platform/jobs/jobs.ts';
import type { Schedule } from '../../platform/jobs/scheduler.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now } from '../../platform/time/clock.ts';
import { type DeliveryOptions, webhookDeliveryJob } from './webhooks.delivery.ts';
import { allCustomerIds, webhooksRepo } from './webhooks.repo.ts';

export const WEBHOOKS_PRUNE_JOB = 'webhooks.prune';

/** The delivery log is kept 30 days. */
export function webhooksPruneJob(db: DB): JobDefinition<null> {
  return {
    name: WEBHOOKS_PRUNE_JOB,
    maxAttempts: 1,
    handler: async () => {
      const before = new Date(now().getTime() - WEBHOOKS.retentionDays * 86_400_000).toISOString();
      for (const customerId of await allCustomerIds(db)) await webhooksRepo(tenantScope(db, customerId)).deleteDeliveriesBefore(before);
    },
  };
}

export const WEBHOOKS_PRUNE_SCHEDULE: Schedule = { name: 'webhooks-prune', job: WEBHOOKS_PRUNE_JOB, dailyAt: { time: '02:30', timeZone: 'UTC' } };

/**
 * The webhook deliveries' own queue and worker (like the POS imports): a slow or dead receiver
 * holds up only other deliveries, never the offline checks or the purges. Run in every process of
 * the worker role: the HTTP process (ROLE=all) starts it with the app, a worker-only process in
 * background.ts.
 */
export function createWebhookWorker(
  db: DB,
  options: DeliveryOptions & { log?: (message: string, error: unknown) => void; onOutcome?: JobWorkerOptions['onOutcome'] },
) {
  return moduleJobs(db, [webhookDeliveryJob({ db, ...options }) as JobDefinition<never>], { log: options.log, onOutcome: options.onOutcome });
}
