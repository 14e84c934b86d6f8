import type { AppConfig } from './config.ts';
import { ALARM_NOTICES_SCHEDULE, alarmNoticesJob } from './modules/alarms/alert-settings.jobs.ts';
import { createAlertSettingsService } from './modules/alarms/alert-settings.service.ts';
import { outboxCallProvider } from './modules/alarms/alert-settings-provider.ts';
import { createCalendarService } from './modules/calendar/calendar.service.ts';
import { CROWD_PURGE_SCHEDULE, crowdPurgeJob, evaluateAudienceJob, generateAudienceJob } from './modules/crowd/crowd.jobs.ts';
import { DEMO_FEED_SCHEDULE, demoFeedJob } from './modules/demo/demo.jobs.ts';
import type { DemoFeeder } from './modules/demo/demo-traffic.ts';
import { OFFLINE_CHECK_SCHEDULE, offlineCheckJob } from './modules/devices/devices.jobs.ts';
import { createDevicesService } from './modules/devices/devices.service.ts';
import { createFloorplanService } from './modules/floorplan/floorplan.service.ts';
import { createTracksMaintenance } from './modules/floorplan/tracks/maintenance.ts';
import { createOccupancy } from './modules/floorplan/tracks/occupancy.ts';
import {
  FLOORPLAN_OCCUPANCY_SCHEDULE,
  FLOORPLAN_PURGE_SCHEDULE,
  FLOORPLAN_RECOMPUTE_WATCH_SCHEDULE,
  occupancyCheckJob,
  recomputeJob,
  recomputeWatchJob,
  tracksPurgeJob,
} from './modules/floorplan/tracks/tracks.jobs.ts';
import { CERTIFICATE_REMINDERS_SCHEDULE, certificateRemindersJob } from './modules/hygiene/hygiene.jobs.ts';
import { createReminderWork } from './modules/hygiene/hygiene-reminders.ts';
import {
  generateOccurrencesJob,
  OCCURRENCE_SCAN_SCHEDULE,
  PLAN_NOTICES_SCHEDULE,
  planNoticesJob,
  scanOccurrencesJob,
} from './modules/inspection/inspection.jobs.ts';
import { createPlanNoticeWork } from './modules/inspection/plan-notices.ts';
import { createMessagesService } from './modules/messages/messages.service.ts';
import { captureFramesJob, DEADLINE_SCAN_SCHEDULE, deadlineScanJob } from './modules/rectification/rectification.jobs.ts';
import { createFrameCapture } from './modules/rectification/rectification-capture.ts';
import { createDeadlineWork } from './modules/rectification/rectification-deadlines.ts';
import { posImportJob } from './modules/sales/pos-import.job.ts';
import { BREACH_CHECK_SCHEDULE, breachCheckJob, TEMPERATURE_PURGE_SCHEDULE, temperaturePurgeJob } from './modules/temperature/temperature.jobs.ts';
import { RETENTION_PURGE_SCHEDULE, retentionPurgeJob } from './modules/traffic/retention.jobs.ts';
import { createRetentionService } from './modules/traffic/retention.ts';
import { DOWNLOADS_EXPIRE_SCHEDULE, downloadClipJob, downloadsExpireJob } from './modules/video/downloads/downloads.jobs.ts';
import { downloadWorkRoot } from './modules/video/downloads/downloads.module.ts';
import { processLiveTaps } from './modules/video/live/live-taps.ts';
import { createRecordingSupervisor, type RecordingSupervisor } from './modules/video/recording-supervisor.ts';
import { createSegmentIndex } from './modules/video/segment-index.ts';
import { spoolDirOf } from './modules/video/spool.ts';
import { VIDEO_DISK_GUARD_SCHEDULE, VIDEO_RETENTION_SCHEDULE, videoDiskGuardJob, videoRetentionJob } from './modules/video/video.jobs.ts';
import { createVideoService } from './modules/video/video.service.ts';
import { createVideoRetention } from './modules/video/video-retention.ts';
import { captureCheckJob, WAREHOUSE_SCAN_SCHEDULE, warehouseScanJob } from './modules/warehouse/warehouse.jobs.ts';
import { createCheckWork } from './modules/warehouse/warehouse-checks.ts';
import { webhookEmitter } from './modules/webhooks/webhooks.events.ts';
import { createWebhookWorker, WEBHOOKS_PRUNE_SCHEDULE, webhooksPruneJob } from './modules/webhooks/webhooks.jobs.ts';
import type { DB } from './platform/db/database.ts';
import { JOBS_CLEANUP_SCHEDULE, jobsCleanupJob } from './platform/jobs/housekeeping.ts';
import { createJobQueue, createJobWorker, type JobDefinition, type JobQueue, type JobWorker, type JobWorkerOptions } from './platform/jobs/jobs.ts';
import { createScheduler, type Schedule, type Scheduler } from './platform/jobs/scheduler.ts';
import { createDelivery } from './platform/mail/delivery.ts';
import { REALTIME_PRUNE_SCHEDULE, realtimePruneJob } from './platform/realtime/realtime.jobs.ts';
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
  // The floor plans' data (issue 13): the 30-day purge, and the recompute of a plan whose regions or lines changed.
  const floorplan = createFloorplanService({ db, storage: videoStorage });
  const floorplanMaintenance = createTracksMaintenance({
    db,
    geometry: floorplan,
    queue: { enqueue: (name, payload, options) => queue.enqueue(name, payload, options) },
  });
  // Rectification frames come from the recordings through the video module's screenshots.
  const videoFrames = createVideoService({ db, storage: videoStorage, ffmpegPath: config.video.ffmpegPath });
  const frameCapture = createFrameCapture({ db, storage: videoStorage, frames: videoFrames });
  // Warehouse checks' frames likewise; their capture jobs go through this worker's queue (made below).
  const checkWork = createCheckWork({
    db,
    storage: videoStorage,
    frames: videoFrames,
    queue: { enqueue: (name, payload, options) => queue.enqueue(name, payload, options) },
  });
  const definitions: JobDefinition<never>[] = [
    retentionPurgeJob({ retention: createRetentionService({ db, calendar }), log: (message) => log.info({}, message) }),
    offlineCheckJob({ devices: createDevicesService({ db, delivery: createDelivery(config, db, log), webhooks: webhookEmitter(db) }) }),
    jobsCleanupJob(db),
    videoRetentionJob({ retention: videoRetention, log: (message) => log.info({}, message) }),
    videoDiskGuardJob({ retention: videoRetention }),
    downloadsExpireJob({ db, storage: videoStorage, log: (message) => log.info({}, message) }),
    scanOccurrencesJob({ db }),
    generateOccurrencesJob({ db }) as JobDefinition<never>,
    planNoticesJob({ notices: createPlanNoticeWork({ db }), log: (message) => log.info({}, message) }),
    tracksPurgeJob({ maintenance: floorplanMaintenance, log: (message) => log.info({}, message) }),
    recomputeWatchJob({ maintenance: floorplanMaintenance }),
    recomputeJob({ maintenance: floorplanMaintenance }) as JobDefinition<never>,
    occupancyCheckJob({ occupancy: createOccupancy({ db, floorplan, messages: createMessagesService({ db }) }) }),
    realtimePruneJob(db),
    webhooksPruneJob(db),
    crowdPurgeJob({ db, calendar, log: (message) => log.info({}, message) }),
    deadlineScanJob({ deadlines: createDeadlineWork({ db, storage: videoStorage, capture: frameCapture }), log: (message) => log.info({}, message) }),
    captureFramesJob({ capture: frameCapture }) as JobDefinition<never>,
    breachCheckJob({ db, log: (message) => log.info({}, message) }),
    temperaturePurgeJob({ db, log: (message) => log.info({}, message) }),
    alarmNoticesJob({ alerts: createAlertSettingsService({ db, delivery: createDelivery(config, db, log), provider: outboxCallProvider(db) }) }),
    certificateRemindersJob({ reminders: createReminderWork({ db }), log: (message) => log.info({}, message) }),
    warehouseScanJob({ work: checkWork, log: (message) => log.info({}, message) }),
    captureCheckJob({ work: checkWork }) as JobDefinition<never>,
  ];
  const schedules: Schedule[] = [
    RETENTION_PURGE_SCHEDULE,
    OFFLINE_CHECK_SCHEDULE,
    JOBS_CLEANUP_SCHEDULE,
    VIDEO_RETENTION_SCHEDULE,
    VIDEO_DISK_GUARD_SCHEDULE,
    DOWNLOADS_EXPIRE_SCHEDULE,
    OCCURRENCE_SCAN_SCHEDULE,
    PLAN_NOTICES_SCHEDULE,
    FLOORPLAN_PURGE_SCHEDULE,
    FLOORPLAN_RECOMPUTE_WATCH_SCHEDULE,
    FLOORPLAN_OCCUPANCY_SCHEDULE,
    REALTIME_PRUNE_SCHEDULE,
    WEBHOOKS_PRUNE_SCHEDULE,
    CROWD_PURGE_SCHEDULE,
    DEADLINE_SCAN_SCHEDULE,
    BREACH_CHECK_SCHEDULE,
    TEMPERATURE_PURGE_SCHEDULE,
    CERTIFICATE_REMINDERS_SCHEDULE,
    ALARM_NOTICES_SCHEDULE,
    WAREHOUSE_SCAN_SCHEDULE,
  ];
  // In a process with the HTTP app the sales module's worker runs the POS imports; a worker-only process runs them here.
  if (deps.posImports)
    definitions.push(
      posImportJob({
        db,
        dataDir: config.dataDir,
        webhooks: webhookEmitter(db),
        log: (message, error) => log.error({ err: error }, message),
      }) as JobDefinition<never>,
      // Likewise the video download clips (downloads.module.ts runs them in a process with the HTTP app).
      downloadClipJob({
        db,
        storage: videoStorage,
        ffmpegPath: config.video.ffmpegPath,
        workRoot: downloadWorkRoot(config),
        log: (message, error) => log.error({ err: error }, message),
      }) as JobDefinition<never>,
      // And the audiences' generation and evaluation (crowd.module.ts runs them beside the HTTP app).
      generateAudienceJob({ db, log: (message, error) => log.error({ err: error }, message) }) as JobDefinition<never>,
      evaluateAudienceJob({ db }) as JobDefinition<never>,
    );
  if (deps.demoFeeder) {
    definitions.push(demoFeedJob({ feeder: deps.demoFeeder, log: (message) => log.debug({}, message) }));
    schedules.push(DEMO_FEED_SCHEDULE);
  }
  const queue = createJobQueue(db, definitions);
  const worker = createJobWorker({ db, queue, definitions, log, ...(deps.onJobOutcome ? { onOutcome: deps.onJobOutcome } : {}) });
  // Webhook deliveries have their own worker (a dead receiver holds up nothing else); with the HTTP
  // app in the process (ROLE=all) the webhooks module runs it instead.
  const webhooks = deps.posImports
    ? createWebhookWorker(db, {
        allowPrivateTargets: config.webhooks.allowPrivateTargets,
        log: (message, error) => log.error({ err: error }, message),
        ...(deps.onJobOutcome ? { onOutcome: deps.onJobOutcome } : {}),
      }).worker
    : null;
  webhooks?.start();
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
      await Promise.all([worker.stop(), recorders?.stop(), webhooks?.stop()]);
    },
  };
}
