import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../config.ts';
import type { DB } from '../../../platform/db/database.ts';
import { type JobDefinition, type JobWorker, type JobWorkerOptions, moduleJobs } from '../../../platform/jobs/jobs.ts';
import type { ObjectStorage } from '../../../platform/storage/object-storage.ts';
import { objectStorageOf } from '../../../platform/storage/storage-config.ts';
import { spoolDirOf } from '../spool.ts';
import { type DownloadJobDeps, downloadClipJob } from './downloads.jobs.ts';
import { registerDownloadsRoutes } from './downloads.routes.ts';
import { createDownloadsService, type DownloadsService } from './downloads.service.ts';

/** Where the clip job joins segments: a local directory beside the recorder's spool. */
export const downloadWorkRoot = (config: Pick<AppConfig, 'dataDir'>) => path.join(spoolDirOf(config), 'downloads');

/** The download path without HTTP: the service, its queue and the worker that cuts the clips (the benchmark uses it as is). */
export function createDownloads(deps: Omit<DownloadJobDeps, 'storage'> & { storage: ObjectStorage; onOutcome?: JobWorkerOptions['onOutcome'] }): {
  downloads: DownloadsService;
  worker: JobWorker;
} {
  const definitions = [downloadClipJob(deps) as JobDefinition<never>];
  const { queue, worker } = moduleJobs(deps.db, definitions, { log: deps.log, onOutcome: deps.onOutcome });
  return { downloads: createDownloadsService({ db: deps.db, storage: deps.storage, queue, recordings: deps.recordings }), worker };
}

/**
 * Video download tasks (issue 12 section 3): routes, and the worker that cuts clips in the server
 * process from `ready` to `close` (as the POS imports), so a restart resumes the queue. A web-only
 * process (ROLE=web) queues tasks; the worker processes cut them (background.ts).
 */
export function registerDownloadsModule(
  app: FastifyInstance,
  deps: { db: DB; config: Pick<AppConfig, 'dataDir' | 'role' | 'video'> & Parameters<typeof objectStorageOf>[0]; onJobOutcome?: JobWorkerOptions['onOutcome'] },
): JobWorker {
  const { db, config } = deps;
  const { downloads, worker } = createDownloads({
    db,
    storage: objectStorageOf(config),
    ffmpegPath: config.video.ffmpegPath,
    workRoot: downloadWorkRoot(config),
    log: (message, error) => app.log.error({ err: error }, message),
    ...(deps.onJobOutcome ? { onOutcome: deps.onJobOutcome } : {}),
  });
  registerDownloadsRoutes(app, downloads);
  if (config.role !== 'web') {
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  }
  return worker;
}
