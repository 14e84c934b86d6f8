import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DEMO_ACCOUNTS } from './modules/demo/demo-plan.ts';
import { seedDemo } from './modules/demo/seed-demo.ts';
import { createDevicesService } from './modules/devices/devices.service.ts';
import { migrateToLatest, openDatabase } from './platform/db/database.ts';
import { createDelivery } from './platform/mail/delivery.ts';
import { outboxRepo } from './platform/mail/outbox.repo.ts';

const USAGE = `usage: tsx src/main.ts <command>
  start      migrate, seed the demo on an empty database, serve API and web app
  serve      migrate and serve (no demo seed)
  migrate    bring the database schema up to date (safe to repeat)
  seed-demo  create the demo customers, shops, devices and accounts on an empty database
  outbox     development only: print the latest mail/SMS outbox messages (recovery codes)`;

async function main(): Promise<void> {
  const command = process.argv[2] ?? 'start';
  const config = loadConfig();
  const { db, dialect, close } = openDatabase(config);

  if (command === 'migrate') {
    const applied = await migrateToLatest(db);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
    return close();
  }
  if (command === 'seed-demo') {
    await migrateToLatest(db);
    const { created } = await seedDemo(db, config.dataDir);
    console.log(created ? 'demo data created' : 'database is not empty: demo seed skipped');
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
  const seeded = command === 'start' && config.seedDemo ? (await seedDemo(db, config.dataDir)).created : false;
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

  const shutdown = async () => {
    clearInterval(offlineTimer);
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
