import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { DB } from '../../platform/db/database.ts';
import type { JobWorker, JobWorkerOptions } from '../../platform/jobs/jobs.ts';
import { createWebhookWorker } from './webhooks.jobs.ts';
import { registerWebhooksRoutes } from './webhooks.routes.ts';
import { createWebhooksService } from './webhooks.service.ts';

/**
 * Webhooks (issue 15 section 5): the settings operations, and the delivery worker in a process
 * with the HTTP app (ROLE=all); a web-only process (ROLE=web) queues deliveries, the workers send them.
 */
export function registerWebhooksModule(
  app: FastifyInstance,
  deps: { db: DB; config: Pick<AppConfig, 'role' | 'webhooks'>; onJobOutcome?: JobWorkerOptions['onOutcome'] },
): JobWorker {
  const { db, config } = deps;
  registerWebhooksRoutes(app, createWebhooksService({ db, allowPrivateTargets: config.webhooks.allowPrivateTargets }));
  const { worker } = createWebhookWorker(db, {
    allowPrivateTargets: config.webhooks.allowPrivateTargets,
    log: (message, error) => app.log.error({ err: error }, message),
    ...(deps.onJobOutcome ? { onOutcome: deps.onJobOutcome } : {}),
  });
  if (config.role !== 'web') {
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  }
  return worker;
}
