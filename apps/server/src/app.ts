import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { type AppConfig, developmentRoutesEnabled } from './config.ts';
import { authRepo } from './modules/auth/auth.repo.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { registerCalendarRoutes } from './modules/calendar/calendar.routes.ts';
import { createCalendarService } from './modules/calendar/calendar.service.ts';
import { registerDevRoutes } from './modules/dev/dev.routes.ts';
import { registerDeviceApiRoutes } from './modules/device-api/device-api.routes.ts';
import { createDeviceApiService } from './modules/device-api/device-api.service.ts';
import { registerDevicesRoutes } from './modules/devices/devices.routes.ts';
import { createDevicesService } from './modules/devices/devices.service.ts';
import { registerMessagesRoutes } from './modules/messages/messages.routes.ts';
import { createMessagesService } from './modules/messages/messages.service.ts';
import { registerOrgRoutes } from './modules/org/org.routes.ts';
import { createOrgService } from './modules/org/org.service.ts';
import { registerOrgAdminRoutes } from './modules/org/org-admin.routes.ts';
import { createOrgAdminService } from './modules/org/org-admin.service.ts';
import { createShopGroupsService } from './modules/org/shop-groups.service.ts';
import { createShopImportService } from './modules/org/shop-import.service.ts';
import { createMoneyService } from './modules/sales/money.service.ts';
import { registerSalesModule } from './modules/sales/sales.module.ts';
import { createTrafficReportFigures } from './modules/sales/traffic-report-figures.ts';
import { registerSessionRoutes } from './modules/session/session.routes.ts';
import { createSessionService } from './modules/session/session.service.ts';
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
import { registerVideoRoutes } from './modules/video/video.routes.ts';
import { createVideoService } from './modules/video/video.service.ts';
import { registerVirtualStoreRoutes } from './modules/virtual-store/virtual-store.routes.ts';
import { createVirtualStoreService } from './modules/virtual-store/virtual-store.service.ts';
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
import { createDelivery } from './platform/mail/delivery.ts';
import { createMetrics, type Metrics } from './platform/observability/metrics.ts';
import { registerMetrics } from './platform/observability/metrics-route.ts';
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
  registerSecurityHeaders(app);
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
  registerDevicesRoutes(app, createDevicesService({ db, delivery }));
  registerMessagesRoutes(app, createMessagesService({ db }));
  const calendar = createCalendarService({ db });
  registerDeviceApiRoutes(app, createDeviceApiService({ db, calendar }), (accepted) => metrics.deviceEvents.inc(accepted));
  registerCalendarRoutes(app, calendar);
  // Sales adds its indicators to traffic's reports through traffic's interface: traffic never imports sales.
  const traffic = createTrafficServices({ db, calendar, extraIndicators: createTrafficReportFigures({ db, money: createMoneyService({ db }) }) });
  registerTrafficRoutes(app, traffic);
  registerSingleLensRoutes(app, { db });
  const storage = objectStorageOf(config);
  registerVideoRoutes(app, createVideoService({ db, storage, ffmpegPath: config.video.ffmpegPath }));
  registerKeyframesRoutes(app, createKeyframesService({ db, storage, ffmpegPath: config.video.ffmpegPath }));
  registerDownloadsModule(app, { db, config, onJobOutcome: (job, outcome) => metrics.jobOutcomes.inc({ job, outcome }) });
  const liveRelay = createLiveRelay({ ffmpegPath: config.video.ffmpegPath, taps: processLiveTaps, log: (message, details) => app.log.warn(details, message) });
  app.addHook('onClose', async () => liveRelay.close());
  registerLiveRoutes(app, { live: createLiveService({ db }), relay: liveRelay });
  registerVirtualStoreRoutes(app, createVirtualStoreService({ db, storage, dataDir: config.dataDir }));
  registerSalesModule(app, { db, config, onJobOutcome: (job, outcome) => metrics.jobOutcomes.inc({ job, outcome }) });
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
