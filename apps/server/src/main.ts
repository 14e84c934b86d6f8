import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.ts';
import { startBackground } from './background.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createAlarmClips } from './modules/alarms/alarm-clips.ts';
import { createCalendarService } from './modules/calendar/calendar.service.ts';
import { createDemoAlarmClips } from './modules/demo/demo-alarm-clips.ts';
import { DEMO_ACCOUNTS } from './modules/demo/demo-plan.ts';
import { createDemoFeeder, type DemoFeeder } from './modules/demo/demo-traffic.ts';
import { seedDemoVideo, startDemoStreams } from './modules/demo/demo-video.ts';
import { seedDemo } from './modules/demo/seed-demo.ts';
import { createDeviceApiService } from './modules/device-api/device-api.service.ts';
import { createFloorplanService } from './modules/floorplan/floorplan.service.ts';
import { createRebuildService } from './modules/traffic/rebuild.ts';
import { purgeSummary } from './modules/traffic/retention.jobs.ts';
import { createRetentionService } from './modules/traffic/retention.ts';
import { assertExecutable, FfmpegMissingError } from './modules/video/ffmpeg.ts';
import { spoolDirOf } from './modules/video/spool.ts';
import { createWeatherService, WeatherImportError } from './modules/weather/weather.service.ts';
import { backupSqlite, markServerRunning, restoreSqlite } from './platform/db/backup.ts';
import { migrateToLatest, openDatabase } from './platform/db/database.ts';
import { outboxRepo } from './platform/mail/outbox.repo.ts';
import { createShopDataSignal } from './platform/realtime/shop-signal.ts';
import { objectStorageOf } from './platform/storage/storage-config.ts';

const USAGE = `usage: tsx src/main.ts <command>
  start      migrate, seed the demo on an empty database, serve API and web app
  serve      migrate and serve (no demo seed)
  migrate    bring the database schema up to date (safe to repeat)
  seed-demo  create the demo customers, shops, devices, accounts and DEMO_HISTORY_DAYS (90) days of traffic
  simulate   feed the demo shops live traffic through the device API every minute (--once: one round)
  rebuild-rollups  recompute every traffic rollup from the raw events (--customer <id>, --shop <id>)
  purge-visits     delete visit-level data older than each customer's retention days (--customer <id>);
                   \`start\` and \`serve\` run it at start and then daily
  import-weather <file.csv> [--source <name>]
                   record a weather source's daily weather per city (header:
                   country,city,date,condition,highC,lowC,precipitationMm); all or nothing
  bench      benchmarks: bench traffic [--stores N --days D --visits V]
  backup [--to <file>]  an online, consistent copy of the embedded SQLite database (DATA_DIR/backups/ by default)
  restore <file>        put a backup in place of the embedded database (the server must be stopped; the old one is kept)
  outbox     print the latest mail/SMS outbox messages (recovery codes when no SMTP/SMS provider is set)

  SIMULATE=false keeps \`start\` from feeding the demo live traffic. DEMO_VIDEO=false: no demo video;
  VIDEO_RECORD=false: this process records no camera (ffmpeg at FFMPEG_PATH, /usr/bin/ffmpeg by default).`;

/** The value after a --flag on the command line. */
function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
  const command = process.argv[2] ?? 'start';
  // Benchmarks build their own database: a temporary DATA_DIR, or a new database on DATABASE_URL's server.
  // Loaded only for benchmarks: their peers (Lighthouse, DuckDB) are development tools, not the server's.
  if (command === 'bench') return (await import('./bench/bench.ts')).runBench(process.argv.slice(3));
  const config = loadConfig();
  const { db, dialect, close } = openDatabase(config);

  if (command === 'migrate') {
    const applied = await migrateToLatest(db);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
    return close();
  }
  if (command === 'seed-demo') {
    await migrateToLatest(db);
    const { created, events } = await seedDemo(db, config.dataDir, { historyDays: config.demoHistoryDays, panoramaStorage: objectStorageOf(config) });
    console.log(created ? `demo data created (${events ?? 0} traffic events)` : 'database is not empty: demo seed skipped');
    return close();
  }
  // Floor plans: their cameras' projections turn the demo's walks into tracks (issue 13).
  const floorplan = createFloorplanService({ db, storage: objectStorageOf(config) });
  if (command === 'simulate') {
    await migrateToLatest(db);
    const feeder = createDemoFeeder({
      db,
      deviceApi: createDeviceApiService({
        db,
        calendar: createCalendarService({ db }),
        floorplan,
        storage: objectStorageOf(config),
        alarmFoldMinutes: config.alarms.foldMinutes,
      }),
      dataDir: config.dataDir,
      floorplan,
    });
    const round = async () => console.log(`${new Date().toISOString()}  ${await feeder.tick()} events sent`);
    await round();
    if (process.argv.includes('--once')) return close();
    const timer = setInterval(() => round().catch((error: unknown) => console.error(error)), 60_000);
    process.once('SIGINT', () => {
      clearInterval(timer);
      close().finally(() => process.exit(0));
    });
    return;
  }
  if (command === 'rebuild-rollups') {
    await migrateToLatest(db);
    const customer = option('customer');
    const shop = option('shop');
    const started = Date.now();
    const result = await createRebuildService({ db, calendar: createCalendarService({ db }) }).rebuild({
      ...(customer ? { customerIds: [customer] } : {}),
      ...(shop ? { shopIds: [shop] } : {}),
    });
    console.log(`rebuilt ${result.shops} shops from ${result.events} raw events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return close();
  }

  if (command === 'purge-visits') {
    await migrateToLatest(db);
    const customer = option('customer');
    const result = await createRetentionService({ db, calendar: createCalendarService({ db }) }).purge(customer ? { customerIds: [customer] } : {});
    console.log(purgeSummary(result));
    return close();
  }

  if (command === 'import-weather') {
    await migrateToLatest(db);
    const file = process.argv[3];
    if (!file || file.startsWith('--')) throw new Error('import-weather needs the CSV file: import-weather <file.csv> [--source <name>]');
    const source = option('source') ?? path.basename(file, path.extname(file));
    try {
      const days = await createWeatherService({ db }).importCsv(fs.readFileSync(file, 'utf8'), source);
      console.log(`recorded ${days} city-days of weather from ${source}`);
    } catch (error) {
      if (!(error instanceof WeatherImportError)) throw error;
      console.error(`${file}: nothing recorded, ${error.problems.length} bad line(s):`);
      for (const { line, problem } of error.problems.slice(0, 50)) console.error(`  line ${line}: ${problem}`);
      process.exitCode = 1;
    }
    return close();
  }

  if (command === 'backup' || command === 'restore') {
    if (config.databaseUrl) {
      console.error(
        'On PostgreSQL use its own tools (docs/OPERATIONS.md):\n  pg_dump --format=custom --file=storelens.dump "$DATABASE_URL"\n  pg_restore --clean --if-exists --dbname="$DATABASE_URL" storelens.dump',
      );
      process.exitCode = 2;
      return close();
    }
    await close();
    try {
      if (command === 'backup') {
        const { file, bytes } = await backupSqlite(config.dataDir, option('to'));
        console.log(`backup written: ${file} (${(bytes / 1_048_576).toFixed(1)} MB, checked)`);
      } else {
        const file = process.argv[3];
        if (!file || file.startsWith('--')) throw new Error('restore needs the backup file: restore <file>');
        const { restored, previous } = restoreSqlite(config.dataDir, path.resolve(file));
        console.log(`restored ${file} to ${restored}${previous ? `; the database it replaced is kept at ${previous}` : ''}`);
      }
    } catch (error) {
      console.error((error as Error).message);
      process.exitCode = 1;
    }
    return;
  }

  // Whoever can run this can read the database: the outbox is theirs in every mode (HTTP serves it in development only).
  if (command === 'outbox') {
    await migrateToLatest(db);
    for (const message of await outboxRepo(db).latest(20))
      console.log(`${message.created_at}  ${message.channel}  ${message.recipient}\n  ${message.subject}\n  ${message.body}\n`);
    return close();
  }
  if (command !== 'start' && command !== 'serve') {
    console.error(USAGE);
    process.exitCode = 2;
    return close();
  }

  await migrateToLatest(db);
  const seed =
    command === 'start' && config.seedDemo
      ? await seedDemo(db, config.dataDir, { historyDays: config.demoHistoryDays, panoramaStorage: objectStorageOf(config) })
      : { created: false };
  const seeded = seed.created;
  // Video needs the system ffmpeg: a clear message at start, not a failure at the first recording.
  const demoVideo = command === 'start' && config.video.demo;
  if (config.video.record || demoVideo) {
    assertExecutable('FFMPEG_PATH', config.video.ffmpegPath);
    assertExecutable('FFPROBE_PATH', config.video.ffprobePath);
  }
  if (seeded && demoVideo) await seedDemoVideo({ db, config, log: (message) => console.log(message) });
  // ROLE=web serves HTTP only, ROLE=worker runs jobs and schedules only, ROLE=all (default) both.
  const app = config.role === 'worker' ? null : await buildApp(config, db, dialect);
  const log = app?.log ?? pino({ level: config.logLevel, base: { role: 'worker' } });

  // The demo keeps moving: every minute each demo shop's box delivers what it saw, through the
  // device API's service (SIMULATE=false turns this off, e.g. for end-to-end tests).
  let demoFeeder: DemoFeeder | undefined;
  if (command === 'start' && config.simulate && config.role !== 'web') {
    demoFeeder = createDemoFeeder({
      db,
      // Open dashboards of the demo shops hear of each round (the real-time channel).
      deviceApi: createDeviceApiService({
        db,
        calendar: createCalendarService({ db }),
        floorplan,
        shopData: createShopDataSignal({ db }),
        storage: objectStorageOf(config),
        alarmFoldMinutes: config.alarms.foldMinutes,
      }),
      dataDir: config.dataDir,
      floorplan,
      // Where the demo has video, its boxes post each alarm's clip, cut from the recording.
      ...(config.video.demo
        ? {
            alarmClips: createDemoAlarmClips({
              db,
              storage: objectStorageOf(config),
              ffmpegPath: config.video.ffmpegPath,
              clips: createAlarmClips({
                db,
                storage: objectStorageOf(config),
                ffmpegPath: config.video.ffmpegPath,
                ffprobePath: config.video.ffprobePath,
                workRoot: path.join(spoolDirOf(config), 'alarm-clips'),
              }),
              workRoot: path.join(spoolDirOf(config), 'demo-alarm-clips'),
              log: (message) => console.warn(message),
            }),
          }
        : {}),
    });
    if (seed.historyUntil) demoFeeder.startFrom(seed.historyUntil);
  }
  // The demo cameras that record continuously are real streams the recorders pull (only where recorders
  // run; `serve` too, once a first `start` made the demo's video: nothing happens without its plan file).
  const demoStreams = config.video.demo && config.role !== 'web' && config.video.record ? startDemoStreams(config, (message) => log.warn(message)) : null;
  const background =
    config.role === 'web'
      ? null
      : startBackground({
          db,
          config,
          log,
          posImports: config.role === 'worker',
          ...(demoFeeder ? { demoFeeder } : {}),
          ...(app ? { onJobOutcome: (job: string, outcome: string) => app.metrics.jobOutcomes.inc({ job, outcome }) } : {}),
        });

  const unmark = dialect === 'sqlite' ? markServerRunning(config.dataDir) : () => undefined;
  if (app) {
    await app.listen({ port: config.port, host: config.host });
    const url = `http://localhost:${config.port}`;
    console.log(
      `\nStorelens is running at ${url}  (database: ${dialect === 'postgres' ? 'PostgreSQL' : `SQLite in ${config.dataDir}`}${seeded ? ', demo data created' : ''})`,
    );
    console.log(`API documentation: ${url}/api/docs`);
    if (command === 'start') {
      console.log('\nDemo accounts:');
      for (const account of DEMO_ACCOUNTS) console.log(`  ${account.loginName.padEnd(26)} ${account.password.padEnd(16)} ${account.description}`);
      console.log('');
    }
  } else {
    console.log(`Storelens worker running (database: ${dialect === 'postgres' ? 'PostgreSQL' : `SQLite in ${config.dataDir}`})`);
  }

  // Graceful shutdown: stop accepting, finish the requests under way and the running job step, close
  // the database. A second signal does not wait.
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down: finishing requests and the running job step');
    void (async () => {
      await app?.close();
      await background?.stop();
      await demoStreams?.stop();
      await close();
      unmark();
      process.exit(0);
    })();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof FfmpegMissingError) {
    // A wrong variable is the person's to fix: name it, no stack trace.
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
