import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ComplianceRow, DEVICE_API_LIMITS, defaultPrivileges, RoleId, TEMPERATURE_LIMITS, type TemperatureEvent } from '@storelens/contracts';
import { sql } from 'kysely';
import { loadConfig } from '../config.ts';
import { createCalendarService } from '../modules/calendar/calendar.service.ts';
import { createCustomersService } from '../modules/customers/customers.service.ts';
import { createDeviceApiService } from '../modules/device-api/device-api.service.ts';
import { createDevicesService } from '../modules/devices/devices.service.ts';
import { createFloorplanService } from '../modules/floorplan/floorplan.service.ts';
import { occurrenceScheduling } from '../modules/inspection/inspection.jobs.ts';
import { createPlansService } from '../modules/inspection/plans.service.ts';
import { createOrgAdminService } from '../modules/org/org-admin.service.ts';
import { createShopGroupsService } from '../modules/org/shop-groups.service.ts';
import { limitsOf } from '../modules/temperature/breach.ts';
import { temperatureRepo } from '../modules/temperature/temperature.repo.ts';
import { createTemperatureService } from '../modules/temperature/temperature.service.ts';
import { limitSetOf } from '../modules/temperature/temperature-engine.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import { warehouseRepo } from '../modules/warehouse/warehouse.repo.ts';
import { createWarehouseService } from '../modules/warehouse/warehouse.service.ts';
import { createCheckWork } from '../modules/warehouse/warehouse-checks.ts';
import { type DB, type DialectName, migrateToLatest, openDatabase } from '../platform/db/database.ts';
import { createScratchDatabase, databaseUrlFor } from '../platform/db/scratch-database.ts';
import type { CustomerActor } from '../platform/http/context.ts';
import type { ObjectStorage } from '../platform/storage/object-storage.ts';
import { localObjectStorage } from '../platform/storage/storage-config.ts';
import { tenantScope } from '../platform/tenancy/scoped.ts';
import { asOf, now } from '../platform/time/clock.ts';
import { addDays, todayIn, utcOfLocal } from '../platform/time/local-time.ts';
import { benchArgs, printTable, seeded, settle, timedRounds as timed } from './support.ts';

export interface ExtensionsBenchOptions {
  /** Stores with temperature sensors, and sensors per store. */
  stores: number;
  sensors: number;
  /** Days of history, one reading every `every` minutes. */
  days: number;
  every: number;
  /** Stores whose whole history goes through the device API's service as raw readings (timed, and the naive answers' source). */
  sampleStores: number;
  /** Minutes every store's box then sends live, one batch of its sensors' readings a minute. */
  liveMinutes: number;
  /** Days of 5-minute rollups written for the other stores (their hours cover all the days). */
  rollupDays: number;
  /** Stores of the warehouse plan, its check times per day and days of history. */
  warehouseStores: number;
  warehouseDays: number;
  samples: number;
  /**
   * SQLite's synchronous setting for the run: full by default, as the traffic bench (every batch on
   * disk before it is answered: durable through a power cut), or normal (the app's default,
   * platform/db/database.ts: durable through a crash of the process).
   */
  sync: 'normal' | 'full';
}

export function extensionsBenchOptions(args: string[]): ExtensionsBenchOptions {
  const read = benchArgs(args);
  return {
    stores: read.int('stores', 1_000, 5_000),
    sensors: read.int('sensors', 10, 20),
    days: read.int('days', 90, 92),
    every: read.int('every', 1, 60),
    sampleStores: read.int('sample-stores', 1, 20),
    liveMinutes: read.int('live-minutes', 3, 120),
    rollupDays: read.int('rollup-days', 1, 35),
    warehouseStores: read.int('warehouse-stores', 300, 5_000),
    warehouseDays: read.int('warehouse-days', 90, 365),
    samples: read.int('samples', 20, 200),
    sync: read.value('sync') === 'normal' ? 'normal' : 'full',
  };
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const ZONE = 'Asia/Shanghai';
const ms = (value: number) => value.toFixed(1);
const count = (value: number) => Math.round(value).toLocaleString('en');
const bucketOf = (time: number) => time - (time % (5 * MINUTE));
/** A fridge's limits, and off-hours ones on every other sensor (so the compliance applies both). */
const LIMITS = { low: 0, high: 8 };
const OFF_HOURS = { low: 0, high: 10 };

/** A sensor's reading at a minute: 3 to 6 °C, a door left open now and then, and sensor 0 warming 25 minutes every night. */
function celsiusAt(random: () => number, sensor: number, minute: number): number {
  const local = (minute + 8 * 60) % 1440;
  let celsius = 3 + random() * 3;
  if (random() < 0.01) celsius += 4 + random() * 2;
  if (sensor === 0 && local >= 120 && local < 145) celsius = 9 + random();
  return Math.round(celsius * 10) / 10;
}

interface Sums {
  n: number;
  sum: number;
  min: number;
  max: number;
}
const add = (sums: Sums | undefined, celsius: number): Sums =>
  sums
    ? { n: sums.n + 1, sum: sums.sum + celsius, min: Math.min(sums.min, celsius), max: Math.max(sums.max, celsius) }
    : { n: 1, sum: celsius, min: celsius, max: celsius };
const avgOf = (sums: Sums) => Math.round((sums.sum / sums.n) * 100) / 100;
const sameCurve = (points: readonly { at: string; min: number; avg: number; max: number }[], naive: Map<number, Sums>) =>
  points.length === naive.size &&
  points.every((point) => {
    const sums = naive.get(Date.parse(point.at));
    // The average within its rounding: the stored sums add bucket sums, the naive one readings, in another order.
    return sums !== undefined && sums.min === point.min && sums.max === point.max && Math.abs(avgOf(sums) - point.avg) <= 0.010001;
  });

/** What the temperature tables take on SQLite (their indexes with them): what the retention decision weighs. */
async function printTemperatureStorage(db: DB): Promise<void> {
  const sizes = await sql<{ table: string; bytes: number }>`select s.tbl_name as "table", sum(d.pgsize) as bytes
    from dbstat d join sqlite_schema s on s.name = d.name where s.tbl_name like 'temperature_%' group by s.tbl_name`.execute(db);
  const lines: string[][] = [];
  for (const { table, bytes } of sizes.rows) {
    const counted = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    const rowCount = Number(counted.rows[0]?.n ?? 0);
    lines.push([table, count(rowCount), (bytes / 2 ** 20).toFixed(1), rowCount > 0 ? count(bytes / rowCount) : '']);
  }
  printTable(['table (SQLite, indexes included)', 'rows', 'MiB', 'bytes/row'], lines);
}

type Step = (what: string) => void;

/** The temperature part: sensors, history, timed ingest, timed reads beside naive answers. */
async function temperaturePart(
  db: DB,
  dialect: DialectName,
  customerId: string,
  actor: CustomerActor,
  stores: readonly { shopId: string; boxId: string }[],
  storage: ObjectStorage,
  options: ExtensionsBenchOptions,
  rows: string[][],
  step: Step,
): Promise<void> {
  const deviceApi = createDeviceApiService({ db, calendar: createCalendarService({ db }), floorplan: createFloorplanService({ db, storage }), storage });
  const temperature = createTemperatureService({ db });
  const tRepo = temperatureRepo(tenantScope(db, customerId));
  const sensorsOf: string[][] = [];
  for (const store of stores) {
    const own: string[] = [];
    for (let sensor = 0; sensor < options.sensors; sensor += 1) {
      const saved = await temperature.sensorSave(actor, {
        boxId: store.boxId,
        name: `Fridge ${sensor + 1}`,
        kind: 'fridge',
        limits: LIMITS,
        offHoursLimits: sensor % 2 === 1 ? OFF_HOURS : null,
        delayMinutes: 15,
        enabled: true,
      });
      own.push(saved.sensorId);
    }
    sensorsOf.push(own);
  }
  step(`${stores.length * options.sensors} sensors`);
  const every = options.every * MINUTE;
  // History up to `until`; the live minutes after it end before now (the device API refuses the future).
  const until = Math.floor((now().getTime() - (options.liveMinutes + 1) * MINUTE) / (5 * MINUTE)) * 5 * MINUTE;
  const from = until - options.days * DAY;
  const endDate = todayIn(ZONE, new Date(until - DAY));
  const startDate = addDays(endDate, -(options.days - 1));
  const rangeFrom = utcOfLocal(ZONE, startDate, 0);
  const rangeTo = utcOfLocal(ZONE, addDays(endDate, 1), 0);
  const random = seeded(16_05);
  const sampleCount = Math.min(options.sampleStores, stores.length);

  // ------------------------------------------------ the sample stores' raw readings through the device API
  const batchMs = Math.floor((Math.min(DEVICE_API_LIMITS.maxEvents / options.sensors, 480) * every) / HOUR) * HOUR || every;
  const t0 = performance.now();
  let sent = 0;
  let batches = 0;
  for (let index = 0; index < sampleCount; index += 1) {
    const store = stores[index] as { shopId: string; boxId: string };
    const own = sensorsOf[index] ?? [];
    for (let start = from; start < until; start += batchMs) {
      const events: TemperatureEvent[] = [];
      for (let at = start; at < Math.min(start + batchMs, until); at += every)
        for (const [sensor, sensorId] of own.entries())
          events.push({ type: 'temperature', sensorId, at: new Date(at).toISOString(), celsius: celsiusAt(random, sensor, at / MINUTE) });
      for (let first = 0; first < events.length; first += DEVICE_API_LIMITS.maxEvents) {
        await deviceApi.receiveBatch(
          { customerId, boxId: store.boxId, shopId: store.shopId },
          { batchId: `t-${store.boxId}-${start}-${first}`, events: events.slice(first, first + DEVICE_API_LIMITS.maxEvents) },
        );
        batches += 1;
      }
      sent += events.length;
    }
  }
  const ingestSeconds = (performance.now() - t0) / 1000;
  step(`${count(sent)} raw readings of ${sampleCount} stores in ${count(batches)} batches`);
  rows.push([
    `readings in (device API service, ${count(sent / batches)} a batch, each committed): ${count(sent)} in ${ingestSeconds.toFixed(1)} s`,
    `${count(sent / ingestSeconds)} readings/s`,
    '',
    '',
  ]);

  // ------------------------------------------------ the other stores' history: the sample's rows, copied
  // The hours and the last `rollupDays` of 5-minute rollups that the ingest wrote for the sample
  // stores' sensors, copied by SQL to the other stores' (10,000 sensors' 90 days of readings could
  // not go through the ingest in a bench run). So the tables hold the rows, and another
  // store's compliance must equal its sample store's.
  const h0 = performance.now();
  const rollupsSince = new Date(until - options.rollupDays * DAY).toISOString();
  const sampleOf = new Map<string, string>();
  let copied = 0;
  for (let index = sampleCount; index < stores.length; index += 50) {
    const pairs: { from: string; to: string }[] = [];
    for (let other = index; other < Math.min(index + 50, stores.length); other += 1) {
      const source = other % sampleCount;
      sampleOf.set((stores[other] as { shopId: string }).shopId, (stores[source] as { shopId: string }).shopId);
      for (const [sensor, sensorId] of (sensorsOf[other] ?? []).entries()) pairs.push({ from: sensorsOf[source]?.[sensor] ?? '', to: sensorId });
    }
    await tRepo.copyHistory(pairs, rollupsSince);
    copied += pairs.length;
  }
  const fillSeconds = (performance.now() - h0) / 1000;
  const perSensor = Math.ceil((until - from) / HOUR) + (options.rollupDays * DAY) / (5 * MINUTE);
  step(`history of ${stores.length - sampleCount} stores copied: ${count(copied)} sensors`);
  rows.push([
    `history of ${stores.length - sampleCount} other stores: the sample's hours and ${options.rollupDays} day(s) of 5-minute rollups copied (about ${count(copied * perSensor)} rows)`,
    `${fillSeconds.toFixed(1)} s`,
    '',
    '',
  ]);

  // ------------------------------------------------ every box live, one batch a minute
  const l0 = performance.now();
  let liveSent = 0;
  let liveBatches = 0;
  for (let at = until; at < until + options.liveMinutes * MINUTE; at += every) {
    for (const [index, store] of stores.entries()) {
      const events: TemperatureEvent[] = (sensorsOf[index] ?? []).map((sensorId, sensor) => ({
        type: 'temperature',
        sensorId,
        at: new Date(at).toISOString(),
        celsius: celsiusAt(random, sensor, at / MINUTE),
      }));
      await deviceApi.receiveBatch({ customerId, boxId: store.boxId, shopId: store.shopId }, { batchId: `live-${store.boxId}-${at}`, events });
      liveSent += events.length;
      liveBatches += 1;
    }
  }
  const liveSeconds = (performance.now() - l0) / 1000;
  step(`${count(liveSent)} live readings in ${count(liveBatches)} batches`);
  rows.push([
    `live: every box one batch a minute (${options.sensors} readings), ${count(liveBatches)} batches`,
    `${count(liveSent / liveSeconds)} readings/s (${count(liveBatches / liveSeconds)} batches/s)`,
    '',
    '',
  ]);

  await settle(db, dialect, ['temperature_hours', 'temperature_rollups', 'temperature_readings']);
  step('statistics and visibility settled');

  // ------------------------------------------------ reads beside naive answers from the raw readings
  const sensorId = sensorsOf[0]?.[0] ?? '';
  const dayFrom = utcOfLocal(ZONE, endDate, 0);
  const dayCurve = await timed(options.samples, () => temperature.curve(actor, { sensorId, startDate: endDate, endDate }));
  const naiveDay = await timed(Math.min(options.samples, 5), async () => {
    const buckets = new Map<number, Sums>();
    for (const row of await tRepo.readings([sensorId], new Date(dayFrom).toISOString(), new Date(dayFrom + DAY).toISOString())) {
      const key = bucketOf(Date.parse(row.at));
      buckets.set(key, add(buckets.get(key), row.celsius));
    }
    return buckets;
  });
  if (!sameCurve(dayCurve.answer.points, naiveDay.answer)) throw new Error("a day's curve: the naive answer differs");
  rows.push([
    `a sensor's day curve (${dayCurve.answer.points.length} 5-minute points)`,
    ms(dayCurve.p50),
    ms(dayCurve.p95),
    `${ms(naiveDay.p50)} (raw readings)`,
  ]);

  const oldEnd = addDays(endDate, -Math.min(57, options.days - 33));
  const oldStart = addDays(oldEnd, -30);
  // Only when those days lie in the history and past the 5-minute rollups' retention (so the curve reads hours).
  if (utcOfLocal(ZONE, oldStart, 0) > from && utcOfLocal(ZONE, oldStart, 0) < now().getTime() - TEMPERATURE_LIMITS.rollupDays * DAY) {
    const oldCurve = await timed(options.samples, () => temperature.curve(actor, { sensorId, startDate: oldStart, endDate: oldEnd }));
    const oldFrom = utcOfLocal(ZONE, oldStart, 0);
    const oldTo = utcOfLocal(ZONE, addDays(oldEnd, 1), 0);
    const naiveOld = await timed(Math.min(options.samples, 3), async () => {
      const hours = new Map<number, Sums>();
      for (const row of await tRepo.readings([sensorId], new Date(oldFrom).toISOString(), new Date(oldTo).toISOString())) {
        const time = Date.parse(row.at);
        const key = time - (time % HOUR);
        hours.set(key, add(hours.get(key), row.celsius));
      }
      return hours;
    });
    if (!sameCurve(oldCurve.answer.points, naiveOld.answer)) throw new Error('a 31-day curve: the naive answer differs');
    rows.push([
      `a sensor's 31-day curve two months back (${oldCurve.answer.points.length} hourly points)`,
      ms(oldCurve.p50),
      ms(oldCurve.p95),
      `${ms(naiveOld.p50)} (raw readings)`,
    ]);
  }

  const sample = stores[0] as { shopId: string };
  const range = { startDate, endDate };
  const compliance = await timed(options.samples, () => temperature.compliance(actor, { shopIds: [sample.shopId], ...range }));
  const naiveCompliance = await timed(Math.min(options.samples, 2), async () => {
    const sensors = (await tRepo.sensorsOfShops([sample.shopId])).filter((sensor) => sensor.enabled === 1);
    let measured = 0;
    let within = 0;
    for (const sensor of sensors) {
      const buckets = new Map<number, Sums>();
      for (const row of await tRepo.readings([sensor.id], new Date(rangeFrom).toISOString(), new Date(rangeTo).toISOString())) {
        const key = bucketOf(Date.parse(row.at));
        buckets.set(key, add(buckets.get(key), row.celsius));
      }
      const limits = limitsOf(limitSetOf(sensor), { timeZone: sensor.time_zone, businessHours: sensor.business_hours });
      for (const [bucket, sums] of buckets) {
        measured += 1;
        const { low, high } = limits(bucket);
        if (sums.min >= low && sums.max <= high) within += 1;
      }
    }
    return { measuredMinutes: measured * 5, withinMinutes: within * 5 };
  });
  const [row] = compliance.answer;
  if (row?.measuredMinutes !== naiveCompliance.answer.measuredMinutes || row.withinMinutes !== naiveCompliance.answer.withinMinutes)
    throw new Error("a store's compliance: the naive answer differs");
  rows.push([
    `a store's ${options.days}-day compliance (${options.sensors} sensors, share ${row.share})`,
    ms(compliance.p50),
    ms(compliance.p95),
    `${ms(naiveCompliance.p50)} (raw readings)`,
  ]);

  const sampleSensors = sensorsOf[0] ?? [];
  const allHours = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));
  const hoursRead = await timed(options.samples, () =>
    tRepo.complianceSums(
      sampleSensors,
      new Date(rangeFrom).toISOString().slice(0, 13),
      new Date(rangeTo).toISOString().slice(0, 13),
      allHours,
      allHours.slice(2, 14),
    ),
  );
  rows.push([`  of which the hours' counts summed in SQL (${count(hoursRead.answer.measured / 12)} hours)`, ms(hoursRead.p50), ms(hoursRead.p95), '']);

  const others = stores.slice(sampleCount);
  if (others.length > 0) {
    const sampleAnswers = new Map<string, ComplianceRow | undefined>();
    for (const store of stores.slice(0, sampleCount))
      sampleAnswers.set(store.shopId, (await temperature.compliance(actor, { shopIds: [store.shopId], ...range }))[0]);
    const pick = seeded(5);
    const any = await timed(options.samples, async () => {
      const store = others[Math.floor(pick() * others.length)] as { shopId: string };
      const [answer] = await temperature.compliance(actor, { shopIds: [store.shopId], ...range });
      const expected = sampleAnswers.get(sampleOf.get(store.shopId) ?? '');
      if (answer?.measuredMinutes !== expected?.measuredMinutes || answer?.withinMinutes !== expected?.withinMinutes)
        throw new Error("another store's compliance differs from its sample store's");
      return answer;
    });
    rows.push([`a random other store's ${options.days}-day compliance (checked equal to its sample store's)`, ms(any.p50), ms(any.p95), '']);
  }
}

/**
 * `npm run bench -- extensions` (issue 16 section 5): temperature at the shape, 1,000 stores
 * x 10 sensors reading every minute over 90 days, then the warehouse patrol analysis.
 *
 * 1.3 billion raw readings cannot be written in a bench run (nor kept: docs/decisions/temperature.md),
 * so the history is written in two ways. The sample stores' whole 90 days go through the device API's
 * service as raw readings in 8-hour batches (timed: readings committed per second), and every store's
 * box then sends `liveMinutes` minutes one batch a minute (timed too). The other stores' history is
 * written by the repository's rollup path (hours for the 90 days, 5-minute rollups for the last
 * `rollupDays`), so the tables hold the rows. Timed beside naive answers computed from the
 * raw readings, each checked equal: a sensor's day curve, a 31-day curve two months back (hours), a
 * store's 90-day compliance; a random other store's compliance is checked against the hours written.
 */
export async function runExtensionsBench(options: ExtensionsBenchOptions): Promise<void> {
  const serverUrl = loadConfig().databaseUrl;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storelens-extensions-bench-'));
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'storelens_bench_') : null;
  const { db, dialect, close } = openDatabase({ databaseUrl: scratch && serverUrl ? databaseUrlFor(serverUrl, scratch.name) : null, dataDir });
  const readingsAtScale = options.stores * options.sensors * ((options.days * DAY) / (options.every * MINUTE));
  console.log(
    `extensions bench: ${options.stores} stores x ${options.sensors} sensors, one reading every ${options.every} min over ${options.days} days (${count(readingsAtScale)} readings at that scale); ${options.sampleStores} sample stores as raw readings; warehouse ${options.warehouseStores} stores x 3 checks x ${options.warehouseDays} days; ${dialect}`,
  );
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  console.log(dialect === 'sqlite' ? `SQLite synchronous=${options.sync.toUpperCase()} (WAL); load average ${load}` : `load average ${load}`);
  console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
  const rows: string[][] = [];
  const started = performance.now();
  const step = (what: string) => console.log(`  ${((performance.now() - started) / 1000).toFixed(0)} s: ${what}`);
  try {
    await migrateToLatest(db);
    if (dialect === 'sqlite') await sql.raw(`pragma synchronous = ${options.sync.toUpperCase()}`).execute(db);
    const { customerId, rootOrgId } = await createCustomersService({ db }).createCustomer({
      name: 'Extensions Bench',
      countries: ['CN'],
      defaultTimeZone: ZONE,
    });
    const orgAdmin = createOrgAdminService({ db });
    const devices = createDevicesService({ db });
    const users = createUsersService({ db });
    const userId = await users.createUser({ loginName: 'bench@extensions.bench', password: 'Bench#2026pass', surname: 'Bench', givenName: 'Admin' });
    await users.addMembership(customerId, { userId, roleId: RoleId.superManager });
    const actor: CustomerActor = {
      userId,
      customerId,
      roleId: RoleId.superManager,
      roleName: 'bench',
      permissions: defaultPrivileges(RoleId.superManager),
      orgScopeId: null,
    };
    const storeCount = Math.max(options.stores, options.warehouseStores);
    const stores: { shopId: string; boxId: string; cameraId: string }[] = [];
    for (let index = 0; index < storeCount; index += 1) {
      const number = `E${String(index + 1).padStart(5, '0')}`;
      const shopId = await orgAdmin.addShop(customerId, { orgId: rootOrgId, name: `Store ${index + 1}`, number, timeZone: ZONE });
      const mac =
        `02:EB:${[(index >> 16) & 255, (index >> 8) & 255, index & 255, 1].map((byte) => byte.toString(16).padStart(2, '0')).join(':')}`.toUpperCase();
      const { boxId } = await devices.registerBox(customerId, { shopId, mac, name: `${number} box` });
      const cameraId = await devices.addCamera(customerId, { shopId, boxId, name: 'Stock room', number: `${number}-C1` });
      stores.push({ shopId, boxId, cameraId });
    }
    step(`${storeCount} stores`);
    const storage = localObjectStorage(dataDir);
    const random = seeded(20261129);
    await temperaturePart(db, dialect, customerId, actor, stores.slice(0, options.stores), storage, options, rows, step);
    if (dialect === 'sqlite') await printTemperatureStorage(db);

    // ---------------------------------------------------------------- warehouse patrol
    const plans = createPlansService({ db, shopGroups: createShopGroupsService({ db }), occurrences: { scanPlan: () => Promise.resolve(0) } });
    const warehouse = createWarehouseService({ db, storage, plans });
    const chosen = stores.slice(0, options.warehouseStores);
    const today = todayIn('Asia/Shanghai', now());
    const firstDay = addDays(today, -options.warehouseDays);
    const { planId } = await asOf(Date.parse(`${addDays(firstDay, -1)}T10:00:00.000Z`), () =>
      warehouse.planAdd(actor, {
        name: 'Stock rooms',
        shopIds: chosen.map((store) => store.shopId),
        cameraIds: chosen.map((store) => store.cameraId),
        checkTimes: ['10:00', '14:00', '19:00'],
        windowMinutes: 60,
        validFrom: firstDay,
        validTo: addDays(today, 30),
        handlerIds: [userId],
      }),
    );
    const version = (await plans.detail(actor, planId)).updatedAt;
    const occurrences = occurrenceScheduling(db);
    const work = createCheckWork({
      db,
      storage,
      frames: { frameAt: () => Promise.reject(new Error('no frames in the bench')) },
      queue: { enqueue: () => Promise.resolve(undefined) },
    });
    const w0 = performance.now();
    const wRepo = warehouseRepo(tenantScope(db, customerId));
    for (let back = options.warehouseDays; back >= 1; back -= 1) {
      const date = addDays(today, -back);
      await occurrences.generate({ customerId, planId, timeZone: 'Asia/Shanghai', date, version });
      await asOf(Date.parse(`${date}T00:00:00.000Z`), () => work.scan(now()));
    }
    // Results as the boxes' AI gives them (the repository's write; the device API matches each by camera and instant).
    const open = await wRepo.checkRows(firstDay, addDays(today, -1));
    for (const check of open) {
      const draw = random();
      if (draw < 0.85)
        await wRepo.decide(check.id, {
          result: draw < 0.78 ? 'pass' : 'fail',
          result_source: 'ai',
          remark: null,
          decided_by: null,
          decided_at: now().toISOString(),
        });
    }
    rows.push([`warehouse: ${open.length.toLocaleString('en')} checks made and judged`, `${((performance.now() - w0) / 1000).toFixed(1)} s`, '', '']);
    await settle(db, dialect, ['warehouse_checks', 'inspection_assignments']);
    const range = { startDate: addDays(today, -options.warehouseDays), endDate: addDays(today, -1) };
    const analysis = await timed(options.samples, () => warehouse.analysis(actor, range));
    const naive = await timed(Math.min(options.samples, 5), async () => {
      const at = now().toISOString();
      const all = await wRepo.checkRows(range.startDate, range.endDate);
      const totals = { checks: 0, done: 0, passed: 0, missed: 0 };
      for (const row of all) {
        if (row.due_at > at) continue;
        totals.checks += 1;
        if (row.result) totals.done += 1;
        if (row.result === 'pass') totals.passed += 1;
        if (!row.result && row.window_end <= at) totals.missed += 1;
      }
      return totals;
    });
    const t = analysis.answer.totals;
    if (t.checks !== naive.answer.checks || t.done !== naive.answer.done || t.passed !== naive.answer.passed || t.missed !== naive.answer.missed)
      throw new Error('warehouse analysis: the naive answer differs');
    rows.push([
      `warehouse analysis, ${options.warehouseDays} days x ${chosen.length} stores (${t.checks.toLocaleString('en')} checks)`,
      ms(analysis.p50),
      ms(analysis.p95),
      `${ms(naive.p50)} (check rows)`,
    ]);
    printTable(['measure', 'p50 ms', 'p95 ms', 'naive p50 ms'], rows);
  } finally {
    // At the end, the 5- and 15-minute averages cover the run (a timer cannot sample it: SQLite's calls are synchronous).
    console.log(
      `load average at the end (1, 5, 15 min): ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    await close();
    if (scratch) await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
