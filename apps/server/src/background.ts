import type { AppConfig } from './config.ts';
import { createCalendarService } from './modules/calendar/calendar.service.ts';
import { DEMO_FEED_SCHEDULE, demoFeedJob } from './modules/demo/demo.jobs.ts';
import type { DemoFeeder } from './modules/demo/demo-traffic.ts';
import { OFFLINE_CHECK_SCHEDULE, offlineCheckJob } from './modules/devices/devices.jobs.ts';
import { createDevicesService } from './modules/devices/devices.service.ts';
import { posImportJob } from './modules/sales/pos-import.job.ts';
import { RETENTION_PURGE_SCHEDULE, retentionPurgeJob } from './modules/traffic/retention.jobs.ts';
import { createRetentionService } from './modules/traffic/retention.ts';
import { DOWNLOADS_EXPIRE_SCHEDULE, downloadClipJob, downloadsExpireJob } from './modules/video/downloads/downloads.jobs.ts';
import { downloadWorkRoot } from './modules/video/downloads/downloads.module.ts';
import { processLiveTaps } from './modules/video/live/live-taps.ts';
import { createRecordingSupervisor, type RecordingSupervisor } from './modules/video/recording-supervisor.ts';
import { createSegmentIndex } from './modules/video/segment-index.ts';
import { spoolDirOf } from './modules/video/spool.ts';
import { VIDEO_DISK_GUARD_SCHEDULE, VIDEO_RETENTION_SCHEDULE, videoDiskGuardJob, videoRetentionJob } from './modules/video/video.jobs.ts';
import { createVideoRetention } from './modules/video/video-retention.ts';
import type { DB } from './platform/db/database.ts';
import { JOBS_CLEANUP_SCHEDULE, jobsCleanupJob } from './platform/jobs/housekeeping.ts';
import { createJobQueue, createJobWorker, type JobDefinition, type JobQueue, type JobWorker, type JobWorkerOptions } from './platform/jobs/jobs.ts';
import { createScheduler, type Schedule, type Scheduler } from './platform/jobs/scheduler.ts';
import { createDelivery } from './platform/mail/delivery.ts';
import { objectStorageOf } from './platform/storage/storage-config.ts';

export interface BackgroundLog {
  info(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
  debug(details: Record<string, unknown>, message: string): void;
}

export interface Background {
  queue: JobQueue;
  worker: JobWorker;
  scheduler: Scheduler;
  /** The camera recorders (VIDEO_RECORD, the default), or null. */
  recorders: RecordingSupervisor | null;
  /** Stops scheduling and taking jobs; waits for the job under way. */
  stop(): Promise<void>;
}

/**
 * The worker role (ROLE=worker or all): every module's jobs and schedules, one job worker and one
 * scheduler. The composition root of background work, as app.ts is of the HTTP routes; no business
 * timer lives anywhere else. `demoFeeder` is given by the process that started the demo.
 */
export function startBackground(deps: {
  db: DB;
  config: AppConfig;
  log: BackgroundLog;
  demoFeeder?: DemoFeeder;
  posImports?: boolean;
  onJobOutcome?: JobWorkerOptions['onOutcome'];
}): Background {
  const { db, config, log } = deps;
  const calendar = createCalendarService({ db });
  const videoStorage = objectStorageOf(config);
  const segmentIndex = createSegmentIndex({ db, storage: videoStorage });
  const videoRetention = createVideoRetention({
    db,
    storage: videoStorage,
    index: segmentIndex,
    dataDir: config.dataDir,
    minFreeMb: config.video.minFreeMb,
    log: (message, details) => log.info(details ?? {}, message),
  });
  const definitions: JobDefinition<never>[] = [
    retentionPurgeJob({ retention: createRetentionService({ db, calendar }), log: (message) => log.info({}, message) }),
    offlineCheckJob({ devices: createDevicesService({ db, delivery: createDelivery(config, db, log) }) }),
    jobsCleanupJob(db),
    videoRetentionJob({ retention: videoRetention, log: (message) => log.info({}, message) }),
    videoDiskGuardJob({ retention: videoRetention }),
    downloadsExpireJob({ db, storage: videoStorage, log: (message) => log.info({}, message) }),
  ];
  const schedules: Schedule[] = [
    RETENTION_PURGE_SCHEDULE,
    OFFLINE_CHECK_SCHEDULE,
    JOBS_CLEANUP_SCHEDULE,
    VIDEO_RETENTION_SCHEDULE,
    VIDEO_DISK_GUARD_SCHEDULE,
    DOWNLOADS_EXPIRE_SCHEDULE,
  ];
  // In a process with the HTTP app the sales module's worker runs the POS imports; a worker-only process runs them here.
  if (deps.posImports)
    definitions.push(
      posImportJob({ db, dataDir: config.dataDir, log: (message, error) => log.error({ err: error }, message) }) as JobDefinition<never>,
      // Likewise the video download clips (downloads.module.ts runs them in a process with the HTTP app).
      downloadClipJob({
        db,
        storage: videoStorage,
        ffmpegPath: config.video.ffmpegPath,
        workRoot: downloadWorkRoot(config),
        log: (message, error) => log.error({ err: error }, message),
      }) as JobDefinition<never>,
    );
  if (deps.demoFeeder) {
    definitions.push(demoFeedJob({ feeder: deps.demoFeeder, log: (message) => log.debug({}, message) }));
    schedules.push(DEMO_FEED_SCHEDULE);
  }
  const queue = createJobQueue(db, definitions);
  const worker = createJobWorker({ db, queue, definitions, log, ...(deps.onJobOutcome ? { onOutcome: deps.onJobOutcome } : {}) });
  const scheduler = createScheduler({ queue, schedules });
  worker.start();
  scheduler.start((error) => log.error({ err: error }, 'scheduler round failed'));
  // One ffmpeg per continuously recorded camera; not a job: a recording never ends by itself.
  const recorders = config.video.record
    ? createRecordingSupervisor({
        db,
        index: segmentIndex,
        ffmpegPath: config.video.ffmpegPath,
        ffprobePath: config.video.ffprobePath,
        spoolRoot: spoolDirOf(config),
        log,
        liveTaps: processLiveTaps,
      })
    : null;
  recorders?.start().catch((error: unknown) => log.error({ err: error }, 'recorders did not start'));
  return {
    queue,
    worker,
    scheduler,
    recorders,
    async stop() {
      scheduler.stop();
      await Promise.all([worker.stop(), recorders?.stop()]);
    },
  };
}
