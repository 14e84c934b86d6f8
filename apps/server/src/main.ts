import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { runBench } from './bench/bench.ts';
import { loadConfig } from './config.ts';
import { createCalendarService } from './modules/calendar/calendar.service.ts';
import { DEMO_ACCOUNTS } from './modules/demo/demo-plan.ts';
import { createDemoFeeder } from './modules/demo/demo-traffic.ts';
import { demoHistoryDays, seedDemo } from './modules/demo/seed-demo.ts';
import { createDeviceApiService } from './modules/device-api/device-api.service.ts';
import { createDevicesService } from './modules/devices/devices.service.ts';
import { createRebuildService } from './modules/traffic/rebuild.ts';
import { createRetentionService, type PurgeResult } from './modules/traffic/retention.ts';
import { createWeatherService, WeatherImportError } from './modules/weather/weather.service.ts';
import { migrateToLatest, openDatabase } from './platform/db/database.ts';
import { createDelivery } from './platform/mail/delivery.ts';
import { outboxRepo } from './platform/mail/outbox.repo.ts';

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
  outbox     development only: print the latest mail/SMS outbox messages (recovery codes)

  SIMULATE=false keeps \`start\` from feeding the demo live traffic.`;

/** The value after a --flag on the command line. */
function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const DAY_MS = 86_400_000;

function purgeSummary(result: PurgeResult): string {
  const { traffic_visits, traffic_zone_events, traffic_line_events, traffic_passerby_events } = result.deleted;
  return `purged ${result.shops} shops of ${result.customers} customers: ${traffic_visits} visits, ${traffic_zone_events} zone stays, ${traffic_line_events} line crossings, ${traffic_passerby_events} passer-by counts`;
}

async function main(): Promise<void> {
  const command = process.argv[2] ?? 'start';
  // Benchmarks build their own database: a temporary DATA_DIR, or a new database on DATABASE_URL's server.
  if (command === 'bench') return runBench(process.argv.slice(3));
  const config = loadConfig();
  const { db, dialect, close } = openDatabase(config);

  if (command === 'migrate') {
    const applied = await migrateToLatest(db);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
    return close();
  }
  if (command === 'seed-demo') {
    await migrateToLatest(db);
    const { created, events } = await seedDemo(db, config.dataDir, { historyDays: demoHistoryDays() });
    console.log(created ? `demo data created (${events ?? 0} traffic events)` : 'database is not empty: demo seed skipped');
    return close();
  }
  if (command === 'simulate') {
    await migrateToLatest(db);
    const feeder = createDemoFeeder({ db, deviceApi: createDeviceApiService({ db, calendar: createCalendarService({ db }) }), dataDir: config.dataDir });
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

  if (command === 'outbox') {
    if (config.mode === 'production') throw new Error('the outbox is not readable in production mode');
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
  const seed = command === 'start' && config.seedDemo ? await seedDemo(db, config.dataDir, { historyDays: demoHistoryDays() }) : { created: false };
  const seeded = seed.created;
  const app = await buildApp(config, db, dialect);
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

  // Camera-offline alarms: every minute, cameras past their customer's threshold raise an alarm
  // (each claimed with a conditional update, so several servers may run this timer).
  const devices = createDevicesService({ db, delivery: createDelivery(config, db) });
  const offlineTimer = setInterval(() => {
    devices.detectOfflineCameras().catch((error: unknown) => app.log.error({ err: error }, 'offline detection failed'));
  }, 60_000);
  offlineTimer.unref();

  // Privacy retention: visit-level data older than each customer's retention days is deleted at
  // start and then daily (rollups stay). Safe to run on several servers: deletes repeat harmlessly.
  const retention = createRetentionService({ db, calendar: createCalendarService({ db }) });
  const purge = () =>
    retention
      .purge()
      .then((result) => app.log.info(purgeSummary(result)))
      .catch((error: unknown) => app.log.error({ err: error }, 'retention purge failed'));
  void purge();
  const purgeTimer = setInterval(purge, DAY_MS);
  purgeTimer.unref();

  // The demo keeps moving: every minute each demo shop's box delivers what it saw, through the
  // device API's service (SIMULATE=false turns this off, e.g. for end-to-end tests).
  let simulatorTimer: NodeJS.Timeout | null = null;
  if (command === 'start' && process.env.SIMULATE !== 'false') {
    const feeder = createDemoFeeder({ db, deviceApi: createDeviceApiService({ db, calendar: createCalendarService({ db }) }), dataDir: config.dataDir });
    if (seed.historyUntil) feeder.startFrom(seed.historyUntil);
    const feed = () => feeder.tick().catch((error: unknown) => app.log.error({ err: error }, 'simulator round failed'));
    void feed();
    simulatorTimer = setInterval(feed, 60_000);
    simulatorTimer.unref();
  }

  const shutdown = async () => {
    clearInterval(offlineTimer);
    clearInterval(purgeTimer);
    if (simulatorTimer) clearInterval(simulatorTimer);
    await app.close();
    await close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
