import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { DB } from '../../platform/db/database.ts';
import { type JobDefinition, type JobWorker, type JobWorkerOptions, moduleJobs } from '../../platform/jobs/jobs.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { evaluateAudienceJob, generateAudienceJob } from './crowd.jobs.ts';
import { registerCrowdRoutes } from './crowd.routes.ts';
import { type CrowdService, createCrowdService } from './crowd.service.ts';
import { createPromotionsService, type PromotionsService } from './promotions.service.ts';

/** Audiences without HTTP: the services, their queue and the worker that generates and assesses (the demo seed uses it). */
export function createCrowd(deps: {
  db: DB;
  storage: ObjectStorage;
  log?: (message: string, error: unknown) => void;
  onOutcome?: JobWorkerOptions['onOutcome'];
}): { crowd: CrowdService; promotions: PromotionsService; worker: JobWorker } {
  const definitions = [
    generateAudienceJob({ db: deps.db, ...(deps.log ? { log: deps.log } : {}) }),
    evaluateAudienceJob({ db: deps.db }),
  ] as JobDefinition<never>[];
  const { queue, worker } = moduleJobs(deps.db, definitions, { log: deps.log, onOutcome: deps.onOutcome });
  const crowd = createCrowdService({ db: deps.db, queue });
  return { crowd, promotions: createPromotionsService({ db: deps.db, storage: deps.storage, crowd }), worker };
}

/**
 * Audiences, channels and promotions (issue 17 section 1): routes, and the worker that generates
 * and assesses audiences in the server process from `ready` to `close` (as the POS imports), so a
 * restart resumes the queue. A web-only process (ROLE=web) queues; the worker processes run them
 * (background.ts).
 */
export function registerCrowdModule(
  app: FastifyInstance,
  deps: { db: DB; storage: ObjectStorage; config: Pick<AppConfig, 'role'>; onJobOutcome?: JobWorkerOptions['onOutcome'] },
): JobWorker {
  const { crowd, promotions, worker } = createCrowd({
    db: deps.db,
    storage: deps.storage,
    log: (message, error) => app.log.error({ err: error }, message),
    ...(deps.onJobOutcome ? { onOutcome: deps.onJobOutcome } : {}),
  });
  registerCrowdRoutes(app, { crowd, promotions });
  if (deps.config.role !== 'web') {
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  }
  return worker;
}
