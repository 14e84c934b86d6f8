import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultPrivileges, RoleId } from '@storelens/contracts';
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
import { temperatureRepo } from '../modules/temperature/temperature.repo.ts';
import { createTemperatureService } from '../modules/temperature/temperature.service.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import { warehouseRepo } from '../modules/warehouse/warehouse.repo.ts';
import { createWarehouseService } from '../modules/warehouse/warehouse.service.ts';
import { createCheckWork } from '../modules/warehouse/warehouse-checks.ts';
import { migrateToLatest, openDatabase } from '../platform/db/database.ts';
import { createScratchDatabase, databaseUrlFor } from '../platform/db/scratch-database.ts';
import type { CustomerActor } from '../platform/http/context.ts';
import { localObjectStorage } from '../platform/storage/storage-config.ts';
import { tenantScope } from '../platform/tenancy/scoped.ts';
import { asOf, now } from '../platform/time/clock.ts';
import { addDays, todayIn } from '../platform/time/local-time.ts';
import { benchArgs, printTable, seeded, timedRounds as timed } from './support.ts';

export interface ExtensionsBenchOptions {
  /** Stores with temperature sensors. */
  stores: number;
  sensors: number;
  /** Days of readings, one every `every` minutes. */
  days: number;
  every: number;
  /** Stores of the warehouse plan, its check times per day and days of history. */
  warehouseStores: number;
  warehouseDays: number;
  samples: number;
}

export function extensionsBenchOptions(args: string[]): ExtensionsBenchOptions {
  const read = benchArgs(args);
  return {
    stores: read.int('stores', 50, 2_000),
    sensors: read.int('sensors', 4, 20),
    days: read.int('days', 7, 31),
    every: read.int('every', 5, 60),
    warehouseStores: read.int('warehouse-stores', 300, 5_000),
    warehouseDays: read.int('warehouse-days', 90, 365),
    samples: read.int('samples', 20, 200),
  };
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const ms = (value: number) => value.toFixed(1);
const bucketOf = (at: string) => {
  const time = Date.parse(at);
  return new Date(time - (time % (5 * MINUTE))).toISOString();
};

/**
 * `npm run bench -- extensions` (issue 16): the temperature page's last readings (sensor rows kept
 * current at ingest) and a sensor's week-long curve (5-minute rollups) beside naive answers from
 * the raw readings, after readings went in through the device API's service; then the warehouse
 * patrol analysis over 90 days of a plan's checks (made by the occurrence jobs and the scan, results
 * written by the repository as the AI would) beside a naive answer that reads the checks into the
 * application. Every naive answer is checked to be the same.
 */
export async function runExtensionsBench(options: ExtensionsBenchOptions): Promise<void> {
  const serverUrl = loadConfig().databaseUrl;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storelens-extensions-bench-'));
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'storelens_bench_') : null;
  const { db, dialect, close } = openDatabase({ databaseUrl: scratch && serverUrl ? databaseUrlFor(serverUrl, scratch.name) : null, dataDir });
  const readings = options.stores * options.sensors * ((options.days * DAY) / (options.every * MINUTE));
  console.log(
    `extensions bench: ${options.stores} stores x ${options.sensors} sensors, ${readings.toLocaleString('en')} readings over ${options.days} days; warehouse ${options.warehouseStores} stores x 3 checks x ${options.warehouseDays} days; ${dialect}`,
  );
  console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
  const rows: string[][] = [];
  try {
    await migrateToLatest(db);
    const { customerId, rootOrgId } = await createCustomersService({ db }).createCustomer({
      name: 'Extensions Bench',
      countries: ['CN'],
      defaultTimeZone: 'Asia/Shanghai',
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
      const shopId = await orgAdmin.addShop(customerId, { orgId: rootOrgId, name: `Store ${index + 1}`, number, timeZone: 'Asia/Shanghai' });
      const mac =
        `02:EB:${[(index >> 16) & 255, (index >> 8) & 255, index & 255, 1].map((byte) => byte.toString(16).padStart(2, '0')).join(':')}`.toUpperCase();
      const { boxId } = await devices.registerBox(customerId, { shopId, mac, name: `${number} box` });
      const cameraId = await devices.addCamera(customerId, { shopId, boxId, name: 'Stock room', number: `${number}-C1` });
      stores.push({ shopId, boxId, cameraId });
    }

    // ---------------------------------------------------------------- temperature
    const storage = localObjectStorage(dataDir);
    const deviceApi = createDeviceApiService({ db, calendar: createCalendarService({ db }), floorplan: createFloorplanService({ db, storage }), storage });
    const temperature = createTemperatureService({ db });
    const sensorIds: string[] = [];
    for (const store of stores.slice(0, options.stores))
      for (let sensor = 0; sensor < options.sensors; sensor += 1)
        sensorIds.push(
          (
            await temperature.sensorSave(actor, {
              boxId: store.boxId,
              name: `Fridge ${sensor + 1}`,
              kind: 'fridge',
              limits: { low: 0, high: 8 },
              offHoursLimits: null,
              delayMinutes: 15,
              enabled: true,
            })
          ).sensorId,
        );
    const random = seeded(20261129);
    const until = Math.floor(now().getTime() / (5 * MINUTE)) * 5 * MINUTE - MINUTE;
    const from = until - options.days * DAY;
    const t0 = performance.now();
    let sent = 0;
    for (const [index, store] of stores.slice(0, options.stores).entries()) {
      const own = sensorIds.slice(index * options.sensors, (index + 1) * options.sensors);
      // A day per batch and store: about the size a box uploads after a night offline.
      for (let day = from; day < until; day += DAY) {
        const events = [];
        for (let at = day; at < Math.min(day + DAY, until); at += options.every * MINUTE)
          for (const sensorId of own)
            events.push({ type: 'temperature' as const, sensorId, at: new Date(at).toISOString(), celsius: Math.round((3 + random() * 3) * 10) / 10 });
        for (let start = 0; start < events.length; start += 5000) {
          await deviceApi.receiveBatch(
            { customerId, boxId: store.boxId, shopId: store.shopId },
            { batchId: `t-${store.boxId}-${day}-${start}`, events: events.slice(start, start + 5000) },
          );
        }
        sent += events.length;
      }
    }
    const ingestSeconds = (performance.now() - t0) / 1000;
    rows.push(['temperature readings in (device API service)', `${(sent / ingestSeconds).toFixed(0)} readings/s`, '', '']);

    const tRepo = temperatureRepo(tenantScope(db, customerId));
    const last = await timed(options.samples, () => temperature.last(actor, undefined));
    const naiveLast = await timed(Math.min(options.samples, 5), async () => {
      const raw = await tRepo.readings(sensorIds, new Date(until - 35 * DAY).toISOString(), new Date(until + DAY).toISOString());
      const latest = new Map<string, { at: string; celsius: number }>();
      for (const row of raw) if ((latest.get(row.sensor_id)?.at ?? '') < row.at) latest.set(row.sensor_id, { at: row.at, celsius: row.celsius });
      return latest;
    });
    const same = last.answer.every((row) => naiveLast.answer.get(row.sensorId)?.celsius === row.latest?.celsius);
    if (!same) throw new Error('last readings: the naive answer differs');
    rows.push([`last readings, ${sensorIds.length} sensors`, ms(last.p50), ms(last.p95), `${ms(naiveLast.p50)} (raw readings)`]);

    const sensorId = sensorIds[0] ?? '';
    const endDate = todayIn('Asia/Shanghai', new Date(until));
    const startDate = addDays(endDate, -(options.days - 1));
    const curve = await timed(options.samples, () => temperature.curve(actor, { sensorId, startDate, endDate }));
    const naiveCurve = await timed(options.samples, async () => {
      const raw = await tRepo.readings([sensorId], `${addDays(startDate, -1)}T16:00:00.000Z`, `${endDate}T16:00:00.000Z`);
      const buckets = new Map<string, { n: number; sum: number; min: number; max: number }>();
      for (const row of raw) {
        const key = bucketOf(row.at);
        const bucket = buckets.get(key) ?? { n: 0, sum: 0, min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY };
        bucket.n += 1;
        bucket.sum += row.celsius;
        bucket.min = Math.min(bucket.min, row.celsius);
        bucket.max = Math.max(bucket.max, row.celsius);
        buckets.set(key, bucket);
      }
      return buckets;
    });
    if (curve.answer.points.length !== naiveCurve.answer.size || curve.answer.points.some((point) => naiveCurve.answer.get(point.at)?.max !== point.max))
      throw new Error('curve: the naive answer differs');
    rows.push([
      `a sensor's ${options.days}-day curve (${curve.answer.points.length} points)`,
      ms(curve.p50),
      ms(curve.p95),
      `${ms(naiveCurve.p50)} (raw readings)`,
    ]);

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
    await close();
    if (scratch) await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
