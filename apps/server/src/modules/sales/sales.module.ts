import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { DB } from '../../platform/db/database.ts';
import { type JobDefinition, type JobWorker, type JobWorkerOptions, moduleJobs } from '../../platform/jobs/jobs.ts';
import { webhookEmitter } from '../webhooks/webhooks.events.ts';
import { createMoneyService } from './money.service.ts';
import { posImportJob } from './pos-import.job.ts';
import { createPosUploadService, type PosUploadService } from './pos-upload.service.ts';
import { registerSalesRoutes } from './sales.routes.ts';
import { createSalesAnalyticsService } from './sales-analytics.service.ts';
import { createSalesTemplateService, type SalesTemplateService } from './sales-template.service.ts';

/** The POS upload path without HTTP: what the demo seed and the benchmark import through. */
export function createPosImporter(deps: {
  db: DB;
  dataDir: string;
  log?: (message: string, error?: unknown) => void;
  onOutcome?: JobWorkerOptions['onOutcome'];
}): {
  uploads: PosUploadService;
  worker: JobWorker;
  templates: SalesTemplateService;
} {
  const templates = createSalesTemplateService({ db: deps.db });
  // Every import, whoever runs it (the app's worker, the demo seed, a test), tells the customer's webhooks how it ended.
  const definitions = [
    posImportJob({ db: deps.db, dataDir: deps.dataDir, webhooks: webhookEmitter(deps.db), ...(deps.log ? { log: deps.log } : {}) }) as JobDefinition<never>,
  ];
  const { queue, worker } = moduleJobs(deps.db, definitions, { log: deps.log, onOutcome: deps.onOutcome });
  const uploads = createPosUploadService({ db: deps.db, dataDir: deps.dataDir, queue, worker, templates });
  return { uploads, worker, templates };
}

/**
 * Sales (issue 5): templates, POS uploads and their import worker, sales and consumption
 * analytics. The worker runs in the server process from `ready` to `close`, so a file uploaded to
 * any server of the database is imported by one of them, and a restart resumes the queue.
 */
export function registerSalesModule(
  app: FastifyInstance,
  deps: {
    db: DB;
    config: Pick<AppConfig, 'dataDir' | 'role'>;
    onJobOutcome?: JobWorkerOptions['onOutcome'];
  },
): JobWorker {
  const { db, config } = deps;
  const { uploads, worker, templates } = createPosImporter({
    db,
    dataDir: config.dataDir,
    log: (message, error) => app.log.error({ err: error }, message),
    ...(deps.onJobOutcome ? { onOutcome: deps.onJobOutcome } : {}),
  });
  const money = createMoneyService({ db });
  registerSalesRoutes(app, { templates, uploads, money, analytics: createSalesAnalyticsService({ db, money }) });
  // A web-only process (ROLE=web) queues imports; the worker processes run them.
  if (config.role !== 'web') {
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  }
  return worker;
}
