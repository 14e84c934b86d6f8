import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { type AppConfig, developmentRoutesEnabled } from './config.ts';
import { registerAiTaskRoutes } from './modules/ai-tasks/ai-tasks.routes.ts';
import { createAiTasksService } from './modules/ai-tasks/ai-tasks.service.ts';
import { createAlarmAnalysisService } from './modules/alarms/alarm-analysis.service.ts';
import { createAlarmClips } from './modules/alarms/alarm-clips.ts';
import { createAlarmDebugService } from './modules/alarms/alarm-debug.service.ts';
import { createAlarmReportsService } from './modules/alarms/alarm-reports.service.ts';
import { registerAlarmsRoutes } from './modules/alarms/alarms.routes.ts';
import { createAlarmsService } from './modules/alarms/alarms.service.ts';
import { createAlertSettingsService } from './modules/alarms/alert-settings.service.ts';
import { authRepo } from './modules/auth/auth.repo.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { registerBatchRoutes } from './modules/batch/batch.routes.ts';
import { createBatchService } from './modules/batch/batch.service.ts';
import { registerBoardsRoutes } from './modules/boards/boards.routes.ts';
import { createBoardsService } from './modules/boards/boards.service.ts';
import { registerCalendarRoutes } from './modules/calendar/calendar.routes.ts';
import { createCalendarService } from './modules/calendar/calendar.service.ts';
import { registerCrowdModule } from './modules/crowd/crowd.module.ts';
import { registerDevRoutes } from './modules/dev/dev.routes.ts';
import { registerDeviceApiRoutes } from './modules/device-api/device-api.routes.ts';
import { createDeviceApiService } from './modules/device-api/device-api.service.ts';
import { registerDevicesRoutes } from './modules/devices/devices.routes.ts';
import { createDevicesService } from './modules/devices/devices.service.ts';
import { registerExtensionsRoutes } from './modules/extensions/extensions.routes.ts';
import { createExtensionsService } from './modules/extensions/extensions.service.ts';
import { registerAreaAnalysisRoutes } from './modules/floorplan/analysis/analysis.routes.ts';
import { registerFloorplanRoutes } from './modules/floorplan/floorplan.routes.ts';
import { createFloorplanService } from './modules/floorplan/floorplan.service.ts';
import { createTracksMaintenance } from './modules/floorplan/tracks/maintenance.ts';
import { registerHygieneRoutes } from './modules/hygiene/hygiene.routes.ts';
import { createHygieneService } from './modules/hygiene/hygiene.service.ts';
import { createAnalysisService } from './modules/inspection/analysis.service.ts';
import { occurrenceScheduling } from './modules/inspection/inspection.jobs.ts';
import { registerInspectionRoutes } from './modules/inspection/inspection.routes.ts';
import { createPlansService } from './modules/inspection/plans.service.ts';
import { createSopService } from './modules/inspection/sop.service.ts';
import { createSopImportService } from './modules/inspection/sop-import.service.ts';
import { createTodoService } from './modules/inspection/todo.service.ts';
import { registerMessagesRoutes } from './modules/messages/messages.routes.ts';
import { createMessagesService } from './modules/messages/messages.service.ts';
import { registerOrgRoutes } from './modules/org/org.routes.ts';
import { createOrgService } from './modules/org/org.service.ts';
import { registerOrgAdminRoutes } from './modules/org/org-admin.routes.ts';
import { createOrgAdminService } from './modules/org/org-admin.service.ts';
import { createShopGroupsService } from './modules/org/shop-groups.service.ts';
import { createShopImportService } from './modules/org/shop-import.service.ts';
import { registerRectificationRoutes } from './modules/rectification/rectification.routes.ts';
import { createRectificationService } from './modules/rectification/rectification.service.ts';
import { createDailyTransactions } from './modules/sales/daily-transactions.ts';
import { createMoneyService } from './modules/sales/money.service.ts';
import { registerSalesModule } from './modules/sales/sales.module.ts';
import { createTrafficReportFigures } from './modules/sales/traffic-report-figures.ts';
import { registerSessionRoutes } from './modules/session/session.routes.ts';
import { createSessionService } from './modules/session/session.service.ts';
import { registerTemperatureRoutes } from './modules/temperature/temperature.routes.ts';
import { createTemperatureService } from './modules/temperature/temperature.service.ts';
import { registerSingleLensRoutes } from './modules/traffic/single-lens.routes.ts';
import { createTrafficServices } from './modules/traffic/traffic.module.ts';
import { registerTrafficRoutes } from './modules/traffic/traffic.routes.ts';
import { createRolesService } from './modules/users/roles.service.ts';
import { createUserImportService } from './modules/users/user-import.service.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { registerDownloadsModule } from './modules/video/downloads/downloads.module.ts';
import { registerLiveRoutes } from './modules/video/live/live.routes.ts';
import { createLiveService } from './modules/video/live/live.service.ts';
import { createLiveRelay } from './modules/video/live/live-relay.ts';
import { processLiveTaps } from './modules/video/live/live-taps.ts';
import { registerKeyframesRoutes } from './modules/video/single-lens/keyframes.routes.ts';
import { createKeyframesService } from './modules/video/single-lens/keyframes.service.ts';
import { spoolDirOf } from './modules/video/spool.ts';
import { registerVideoRoutes } from './modules/video/video.routes.ts';
import { createVideoService } from './modules/video/video.service.ts';
import { registerVirtualStoreRoutes } from './modules/virtual-store/virtual-store.routes.ts';
import { createVirtualStoreService } from './modules/virtual-store/virtual-store.service.ts';
import { registerWarehouseRoutes } from './modules/warehouse/warehouse.routes.ts';
import { createWarehouseService } from './modules/warehouse/warehouse.service.ts';
import { webhookEmitter } from './modules/webhooks/webhooks.events.ts';
import { registerWebhooksModule } from './modules/webhooks/webhooks.module.ts';
import { registerSessionResolution } from './platform/auth/session-hook.ts';
import { sessionsRepo } from './platform/auth/sessions.repo.ts';
import { createThrottle } from './platform/auth/throttle.ts';
import { registerGuard } from './platform/authz/guard.ts';
import { type DB, type DialectName, poolStatsOf } from './platform/db/database.ts';
import { registerCompression } from './platform/http/compression.ts';
import { registerErrorHandling } from './platform/http/error-handler.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { registerWebApp } from './platform/http/web-app.ts';
import { registerWellFormedText } from './platform/http/well-formed-text.ts';
import { jobsRepo } from './platform/jobs/jobs.repo.ts';
import { createJobQueue } from './platform/jobs/jobs.ts';
import { createDelivery } from './platform/mail/delivery.ts';
import { createMetrics, type Metrics } from './platform/observability/metrics.ts';
import { registerMetrics } from './platform/observability/metrics-route.ts';
import { registerRealtime } from './platform/realtime/realtime.routes.ts';
import { createShopDataSignal } from './platform/realtime/shop-signal.ts';
import { objectStorageOf } from './platform/storage/storage-config.ts';

export interface BuiltApp {
  app: FastifyInstance;
}

/** Registers the platform plugins, then every module. Nothing listens until the caller says so. */
export async function buildApp(config: AppConfig, db: DB, dialect: DialectName): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First, so that every plugin's routes (Swagger UI, static files) inherit these hooks.
  const securityHeaders = registerSecurityHeaders(app);
  if (config.httpCompression) registerCompression(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Storelens API', version: '0.1.0', description: 'Every response is { status, msg, data }; see docs/API.md.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  // The live view's WebSocket; a message from a viewer is never needed, so a small limit.
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });

  registerErrorHandling(app);
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  registerMetrics(app, metrics, config.metricsToken);
  registerPlatformGauges(metrics, db, dialect);
  registerSessionResolution(app, db, config);
  registerGuard(app, db, config);
  registerWellFormedText(app);

  // The real-time channel (issue 15): this process's hub follows the event log every process appends to.
  app.decorate('realtime', registerRealtime(app, { db, options: config.realtime }));
  const shopData = createShopDataSignal({ db, log: (message, error) => app.log.error({ err: error }, message) });
  app.addHook('onClose', async () => shopData.stop());

  const sessions = sessionsRepo(db);
  const delivery = createDelivery(config, db, app.log);
  registerAuthRoutes(app, createAuthService({ repo: authRepo(db), sessions, delivery, config, throttle: createThrottle(db) }));
  registerSessionRoutes(app, createSessionService({ db, sessions }));
  registerOrgRoutes(app, createOrgService({ db }));
  registerOrgAdminRoutes(app, {
    orgAdmin: createOrgAdminService({ db }),
    shopImport: createShopImportService({ db }),
    shopGroups: createShopGroupsService({ db }),
  });
  registerUsersRoutes(app, { users: createUsersService({ db }), roles: createRolesService({ db }), userImport: createUserImportService({ db }) });
  registerDevicesRoutes(app, createDevicesService({ db, delivery, webhooks: webhookEmitter(db) }));
  registerMessagesRoutes(app, createMessagesService({ db }));
  const calendar = createCalendarService({ db });
  registerDeviceApiRoutes(
    app,
    createDeviceApiService({
      db,
      calendar,
      floorplan: createFloorplanService({ db, storage: objectStorageOf(config) }),
      shopData,
      storage: objectStorageOf(config),
      alarmFoldMinutes: config.alarms.foldMinutes,
    }),
    (accepted) => metrics.deviceEvents.inc(accepted),
  );
  registerCalendarRoutes(app, calendar);
  // Sales adds its indicators to traffic's reports through traffic's interface: traffic never imports sales.
  const traffic = createTrafficServices({ db, calendar, extraIndicators: createTrafficReportFigures({ db, money: createMoneyService({ db }) }) });
  registerTrafficRoutes(app, traffic);
  registerSingleLensRoutes(app, { db });
  const storage = objectStorageOf(config);
  const video = createVideoService({ db, storage, ffmpegPath: config.video.ffmpegPath });
  registerVideoRoutes(app, video);
  registerKeyframesRoutes(app, createKeyframesService({ db, storage, ffmpegPath: config.video.ffmpegPath }));
  registerDownloadsModule(app, { db, config, onJobOutcome: (job, outcome) => metrics.jobOutcomes.inc({ job, outcome }) });
  const liveRelay = createLiveRelay({ ffmpegPath: config.video.ffmpegPath, taps: processLiveTaps, log: (message, details) => app.log.warn(details, message) });
  app.addHook('onClose', async () => liveRelay.close());
  registerLiveRoutes(app, {
    live: createLiveService({ db, ticketSecret: config.video.liveTicketSecret }),
    relay: liveRelay,
    // The playback axis's alarm marks come from the alarms module (made below; asked per request).
    alarmMarks: (actor, input) => alarms.cameraMarks(actor, input),
  });
  registerVirtualStoreRoutes(app, createVirtualStoreService({ db, storage, dataDir: config.dataDir }));
  // Rectification (issue 14 section 4); the inspection and alarm modules raise items through its service.
  const rectification = createRectificationService({ db, storage });
  const plans = createPlansService({ db, shopGroups: createShopGroupsService({ db }), occurrences: occurrenceScheduling(db) });
  registerInspectionRoutes(app, {
    sop: createSopService({ db, storage }),
    sopImport: createSopImportService({ db }),
    plans,
    todo: createTodoService({ db, storage, frames: video, rectification }),
    analysis: createAnalysisService({ db }),
  });
  registerRectificationRoutes(app, rectification);
  // AI alarms (issue 15 sections 2 and 3): the device API stores them; people review them here.
  const alarms = createAlarmsService({ db, storage, rectification });
  const aiTasks = createAiTasksService({ db });
  registerAlarmsRoutes(app, alarms, {
    analysis: createAlarmAnalysisService({ db, catalogue: (locale) => aiTasks.items({}, locale) }),
    debug: createAlarmDebugService({ db, alarms }),
    reports: createAlarmReportsService({ db }),
    alerts: createAlertSettingsService({ db }),
    clips: createAlarmClips({
      db,
      storage,
      ffmpegPath: config.video.ffmpegPath,
      ffprobePath: config.video.ffprobePath,
      workRoot: path.join(spoolDirOf(config), 'alarm-clips'),
    }),
  });
  // Temperature monitoring (issue 16 section 1); readings come through the device API.
  const temperature = createTemperatureService({ db });
  registerTemperatureRoutes(app, temperature);
  // Hygiene logs (issue 16 section 3).
  const hygiene = createHygieneService({ db, storage });
  registerHygieneRoutes(app, hygiene);
  // AI tasks (issue 15 section 1); boxes read them in their configuration (modules/device-api).
  registerAiTaskRoutes(app, aiTasks);
  // The extension services' catalogue (issue 16 section 4) reads the two services' summaries.
  // Warehouse patrol (issue 16 section 2): plans of the inspection engine; the box's AI results come through the device API.
  const warehouse = createWarehouseService({ db, storage, plans });
  registerWarehouseRoutes(app, warehouse);
  registerExtensionsRoutes(app, createExtensionsService({ temperature, hygiene, warehouse }));
  const floorplan = createFloorplanService({ db, storage });
  const tracksMaintenance = createTracksMaintenance({ db, geometry: floorplan, queue: createJobQueue(db) });
  registerFloorplanRoutes(app, floorplan, (customerId) => tracksMaintenance.watchCustomer(customerId));
  // Area analysis on floor plans: tracks, heat grids, regions, flow lines (issue 13 part B).
  registerAreaAnalysisRoutes(app, { db, floorplan });
  registerSalesModule(app, { db, config, onJobOutcome: (job, outcome) => metrics.jobOutcomes.inc({ job, outcome }) });
  registerWebhooksModule(app, { db, config, onJobOutcome: (job, outcome) => metrics.jobOutcomes.inc({ job, outcome }) });
  // Issue 17: audiences and promotions (their generation worker runs here like the POS imports),
  // visitor batches (conversion from the sales module's transactions), embedded data boards.
  registerCrowdModule(app, { db, storage, config, onJobOutcome: (job, outcome) => metrics.jobOutcomes.inc({ job, outcome }) });
  registerBatchRoutes(app, createBatchService({ db, storage, sales: createDailyTransactions({ db }) }));
  const boards = createBoardsService({ db });
  registerBoardsRoutes(app, boards);
  securityHeaders.setFrameSources(() => boards.frameOrigins());
  // Development-only routes do not exist unless a person chose development mode (no 404 guard to forget).
  if (developmentRoutesEnabled(config)) registerDevRoutes(app, db);

  app.get('/healthz', { config: {} }, async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ready', database: dialect };
    } catch {
      return reply.status(503).send({ status: 'not ready', database: dialect });
    }
  });

  registerWebApp(app, config);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Gauges read at scrape time: the job queue by name and status, the database pool. */
function registerPlatformGauges(metrics: Metrics, db: DB, dialect: DialectName): void {
  metrics.gauge('storelens_jobs', 'Jobs in the queue table by job name and status', ['job', 'status'], async (gauge) => {
    for (const row of await jobsRepo(db).counts()) gauge.set({ job: row.name, status: row.status }, Number(row.count));
  });
  metrics.gauge(
    'storelens_database_connections',
    'Database pool connections by state (PostgreSQL; SQLite has one embedded connection)',
    ['dialect', 'state'],
    (gauge) => {
      const stats = poolStatsOf(db);
      if (!stats) return gauge.set({ dialect, state: 'open' }, 1);
      gauge.set({ dialect, state: 'total' }, stats.total);
      gauge.set({ dialect, state: 'idle' }, stats.idle);
      gauge.set({ dialect, state: 'waiting' }, stats.waiting);
    },
  );
}
