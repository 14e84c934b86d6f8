import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultPrivileges, RoleId } from '@storelens/contracts';
import sharp from 'sharp';
import { loadConfig } from '../config.ts';
import { createAlarmAnalysisService, judgementOf } from '../modules/alarms/alarm-analysis.service.ts';
import { createAlarmsService } from '../modules/alarms/alarms.service.ts';
import { createCalendarService } from '../modules/calendar/calendar.service.ts';
import { createCustomersService } from '../modules/customers/customers.service.ts';
import { createDeviceApiService } from '../modules/device-api/device-api.service.ts';
import { createDevicesService } from '../modules/devices/devices.service.ts';
import { createFloorplanService } from '../modules/floorplan/floorplan.service.ts';
import { createOrgAdminService } from '../modules/org/org-admin.service.ts';
import { createRectificationService } from '../modules/rectification/rectification.service.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import { migrateToLatest, openDatabase } from '../platform/db/database.ts';
import { createScratchDatabase, databaseUrlFor } from '../platform/db/scratch-database.ts';
import type { CustomerActor } from '../platform/http/context.ts';
import { localObjectStorage } from '../platform/storage/storage-config.ts';
import { tenantScope } from '../platform/tenancy/scoped.ts';
import { now } from '../platform/time/clock.ts';
import { BENCH_ALARM_CODES, type BenchStore, writeAlarmHistory } from './alarms-bench-history.ts';
import { benchArgs, printTable, seeded, settle, timedRounds as timed } from './support.ts';

export interface AlarmsBenchOptions {
  stores: number;
  /** Alarms posted through the device API, each with one image. */
  ingest: number;
  /** Alarms of the history the list and the analysis read. */
  alarms: number;
  days: number;
  keep: boolean;
}

export function alarmsBenchOptions(args: string[]): AlarmsBenchOptions {
  const read = benchArgs(args);
  return {
    stores: read.int('stores', 1_000, 20_000),
    ingest: read.int('ingest', 2_000, 100_000),
    alarms: read.int('alarms', 5_000_000, 50_000_000),
    days: read.int('days', 90, 365),
    keep: read.flag('keep'),
  };
}

const DAY = 86_400_000;
/** The tables the history fills. */
const ALARM_TABLES = [
  'alarms',
  'alarm_reports',
  'alarm_images',
  'alarm_history',
  'alarm_day_totals',
  'alarm_month_totals',
  'alarm_shop_day_totals',
  'alarm_shop_period_totals',
  'alarm_camera_period_totals',
];

/**
 * `npm run bench -- alarms` (issue 15 section 6): alarm ingestion through the device API's service
 * with one image each (target 500 alarms/s, durable, images on local storage) beside the same
 * alarms posted one per request; then a history of alarms (default 5 million over 90 days in 1,000
 * stores, oldest first with the report, image row, history and totals of each, by the repository's
 * multi-row inserts and a rebuild of the totals (alarms-bench-history.ts): through the device API it
 * would take hours, the rows are the same) and p50/p95 of the alarm list with filters and of the analysis (targets
 * 100 ms) beside naive answers that read the rows into the application (same answer checked).
 */
export async function runAlarmsBench(options: AlarmsBenchOptions): Promise<void> {
  const serverUrl = loadConfig().databaseUrl;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storelens-alarms-bench-'));
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'storelens_bench_') : null;
  const { db, dialect, close } = openDatabase({ databaseUrl: scratch && serverUrl ? databaseUrlFor(serverUrl, scratch.name) : null, dataDir });
  console.log(`alarms bench: ${options.stores} stores, ${options.ingest} alarms ingested, ${options.alarms.toLocaleString('en')} in the history, ${dialect}`);
  console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
  try {
    await migrateToLatest(db);
    const { customerId, rootOrgId } = await createCustomersService({ db }).createCustomer({
      name: 'Alarms Bench',
      countries: ['CN'],
      defaultTimeZone: 'Asia/Shanghai',
    });
    const orgAdmin = createOrgAdminService({ db });
    const devices = createDevicesService({ db });
    const phaseStarted = performance.now();
    const stores: BenchStore[] = [];
    for (let index = 0; index < options.stores; index += 1) {
      const number = `A${String(index + 1).padStart(5, '0')}`;
      const shopId = await orgAdmin.addShop(customerId, { orgId: rootOrgId, name: `Alarm store ${index + 1}`, number, timeZone: 'Asia/Shanghai' });
      const mac =
        `02:AB:${[(index >> 16) & 255, (index >> 8) & 255, index & 255, 1].map((byte) => byte.toString(16).padStart(2, '0')).join(':')}`.toUpperCase();
      const { boxId } = await devices.registerBox(customerId, { shopId, mac, name: `${number} box` });
      const cameraIds: string[] = [];
      for (const [camera, area] of ['entrance', 'floor', 'floor'].entries())
        cameraIds.push(
          await devices.addCamera(customerId, { shopId, boxId, name: `Camera ${camera + 1}`, number: `${number}-C${camera + 1}`, deploymentArea: area }),
        );
      stores.push({ shopId, boxId, cameraIds });
    }
    console.log(`stores: ${options.stores} with a box and 3 cameras each in ${((performance.now() - phaseStarted) / 1000).toFixed(0)} s`);
    const users = createUsersService({ db });
    const userId = await users.createUser({ loginName: 'bench@alarms.bench', password: 'Bench#2026pass', surname: 'Bench', givenName: 'Admin' });
    await users.addMembership(customerId, { userId, roleId: RoleId.superManager });
    const actor: CustomerActor = {
      userId,
      customerId,
      roleId: RoleId.superManager,
      roleName: 'bench',
      permissions: defaultPrivileges(RoleId.superManager),
      orgScopeId: null,
    };

    // ---------------------------------------------------------------- ingestion
    const storage = localObjectStorage(dataDir);
    const deviceApi = createDeviceApiService({ db, calendar: createCalendarService({ db }), floorplan: createFloorplanService({ db, storage }), storage });
    const still = (
      await sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 190, g: 180, b: 160 } } })
        .jpeg({ quality: 75 })
        .toBuffer()
    ).toString('base64');
    const random = seeded(20261128);
    let sequence = 0;
    const alarmEvent = (store: (typeof stores)[number], at: number) => {
      sequence += 1;
      return {
        type: 'alarm' as const,
        eventId: `bench-${sequence}`,
        cameraId: store.cameraIds[sequence % store.cameraIds.length] as string,
        // A code per event so none fold: every one is a new alarm with its image.
        eventCode: `${BENCH_ALARM_CODES[sequence % BENCH_ALARM_CODES.length]}_${sequence}`,
        at: new Date(at).toISOString(),
        priority: sequence % 3 === 0 ? ('low' as const) : ('high' as const),
        images: [{ image: still }],
      };
    };
    const post = async (count: number, perBatch: number): Promise<number> => {
      const t0 = performance.now();
      for (let sent = 0; sent < count; sent += perBatch) {
        const store = stores[Math.floor(random() * stores.length)] as (typeof stores)[number];
        const events = Array.from({ length: Math.min(perBatch, count - sent) }, (_, index) => alarmEvent(store, now().getTime() - 60_000 - index * 1000));
        await deviceApi.receiveBatch({ customerId, boxId: store.boxId, shopId: store.shopId }, { batchId: `bench-batch-${sequence}`, events });
      }
      return (count / (performance.now() - t0)) * 1000;
    };
    const ingestStarted = performance.now();
    const batched = await post(options.ingest, 100);
    const single = await post(Math.max(50, Math.floor(options.ingest / 10)), 1);
    console.log(`ingestion: ${((performance.now() - ingestStarted) / 1000).toFixed(0)} s`);

    // ---------------------------------------------------------------- history
    const until = now().getTime();
    const from = until - options.days * DAY;
    const stillBytes = Buffer.from(still, 'base64');
    const written = await writeAlarmHistory(db, {
      customerId,
      reviewerId: userId,
      stores,
      count: options.alarms,
      from,
      until,
      random,
      still: { sha256: crypto.createHash('sha256').update(stillBytes).digest('hex'), bytes: stillBytes.length, width: 640, height: 360 },
    });
    const seconds = (value: number) => `${value.toFixed(0)} s`;
    console.log(
      `history: ${options.alarms.toLocaleString('en')} alarms over ${options.days} days written in ${seconds(written.total)} ` +
        `(alarms ${seconds(written.alarms)}, reports ${seconds(written.reports)}, images ${seconds(written.images)}, ` +
        `history ${seconds(written.history)}, totals ${seconds(written.totals)}; the rest generating and committing; ${seconds(written.cpu)} of CPU)`,
    );
    // Read right after the load, PostgreSQL planned the lists without statistics (150,000 alarms: the 10-store list 242 ms p50).
    const settled = performance.now();
    await settle(db, dialect, ALARM_TABLES);
    if (dialect === 'postgres') console.log(`vacuum analyze: ${((performance.now() - settled) / 1000).toFixed(0)} s`);
    const readsStarted = performance.now();

    // ---------------------------------------------------------------- the list and the analysis
    const alarms = createAlarmsService({ db, storage, rectification: createRectificationService({ db, storage }) });
    const analysis = createAlarmAnalysisService({ db, catalogue: async () => [] });
    const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const today = dateOf(until);
    const week = { startDate: dateOf(until - 6 * DAY), endDate: today };
    const quarter = { startDate: dateOf(until - (options.days - 1) * DAY), endDate: today };
    const tenStores = stores.slice(0, 10).map((store) => store.shopId);
    const heavy = options.alarms > 1_000_000 ? 5 : 20;

    const listWeek = await timed(20, () => alarms.list(actor, { ...week, page: 1, pageSize: 20 }));
    const listFiltered = await timed(20, () =>
      alarms.list(actor, { ...quarter, shopIds: tenStores, priority: 'high', states: ['unconfirmed', 'confirmed'], page: 1, pageSize: 20 }),
    );
    const listQuarter = await timed(heavy, () => alarms.list(actor, { ...quarter, page: 2, pageSize: 20 }));
    // Naively: every alarm of the week read into the application, filtered and sorted there.
    const scope = tenantScope(db, customerId);
    const listNaive = await timed(3, async () => {
      const rows = await scope
        .selectFrom('alarms')
        .select(['id', 'occurred_at', 'state'])
        .where('occurred_at', '>=', `${week.startDate}T00:00:00.000Z`)
        .where('occurred_at', '<', new Date(Date.parse(week.endDate) + DAY).toISOString())
        .execute();
      const kept = rows.filter((row) => row.state !== 'deleted').sort((a, b) => b.occurred_at.localeCompare(a.occurred_at) || b.id.localeCompare(a.id));
      return { total: kept.length, first: kept.slice(0, 20).map((row) => row.id) };
    });

    const analysisWeek = await timed(heavy, () => analysis.analysis(actor, week, 'en'));
    const analysisQuarter = await timed(heavy, () => analysis.analysis(actor, quarter, 'en'));
    const analysisNaive = await timed(1, async () => {
      const rows = await scope
        .selectFrom('alarms')
        .select(['shop_id', 'state', 'tag'])
        .where('occurred_at', '>=', `${quarter.startDate}T00:00:00.000Z`)
        .where('occurred_at', '<', new Date(Date.parse(quarter.endDate) + DAY).toISOString())
        .execute();
      const totals = { alarms: 0, ignored: 0, correct: 0, wrong: 0 };
      const perShop = new Map<string, number>();
      for (const row of rows) {
        if (row.state === 'deleted') continue;
        if (row.state === 'ignored') {
          totals.ignored += 1;
          continue;
        }
        totals.alarms += 1;
        perShop.set(row.shop_id, (perShop.get(row.shop_id) ?? 0) + 1);
        const judged = judgementOf(row.state, row.tag);
        if (judged) totals[judged] += 1;
      }
      const topShops = [...perShop.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 10);
      return { ...totals, topShops: topShops.map(([shopId, alarms]) => `${shopId}:${alarms}`).join() };
    });
    const analysisStores = await timed(heavy, () => analysis.analysis(actor, { ...quarter, shopIds: tenStores }, 'en'));

    const listRight =
      listWeek.answer.total === listNaive.answer.total && listWeek.answer.list.map((row) => row.alarmId).join() === listNaive.answer.first.join();
    const quarterTotals = analysisQuarter.answer.totals;
    const analysisRight =
      quarterTotals.alarms === analysisNaive.answer.alarms &&
      quarterTotals.ignored === analysisNaive.answer.ignored &&
      quarterTotals.correct === analysisNaive.answer.correct &&
      quarterTotals.wrong === analysisNaive.answer.wrong &&
      analysisQuarter.answer.stores.map((store) => `${store.shopId}:${store.alarms}`).join() === analysisNaive.answer.topShops;
    const ms = (value: number) => value.toFixed(1);
    printTable(
      ['ingestion through the device API (one image each)', 'alarms/s', 'target alarms/s'],
      [
        [`batches of 100 events (${options.ingest} alarms)`, batched.toFixed(0), '500'],
        ['naive: one event per request', single.toFixed(0), '-'],
      ],
    );
    printTable(
      ['read (service call)', 'rows', 'p50 ms', 'p95 ms', 'target p95 ms', 'naive p95 ms', 'same answer'],
      [
        [
          'alarm list, last 7 days, first page',
          `${listWeek.answer.total}`,
          ms(listWeek.p50),
          ms(listWeek.p95),
          '100',
          ms(listNaive.p95),
          listRight ? 'yes' : 'NO',
        ],
        ['alarm list, 90 days, 10 stores, high, open', `${listFiltered.answer.total}`, ms(listFiltered.p50), ms(listFiltered.p95), '100', '-', '-'],
        ['alarm list, 90 days, second page', `${listQuarter.answer.total}`, ms(listQuarter.p50), ms(listQuarter.p95), '100', '-', '-'],
        ['analysis, 7 days', `${analysisWeek.answer.totals.alarms}`, ms(analysisWeek.p50), ms(analysisWeek.p95), '100', '-', '-'],
        [
          'analysis, 90 days',
          `${quarterTotals.alarms}`,
          ms(analysisQuarter.p50),
          ms(analysisQuarter.p95),
          '100',
          ms(analysisNaive.p95),
          analysisRight ? 'yes' : 'NO',
        ],
        ['analysis, 90 days, 10 stores', `${analysisStores.answer.totals.alarms}`, ms(analysisStores.p50), ms(analysisStores.p95), '100', '-', '-'],
      ],
    );
    console.log(`reads: ${((performance.now() - readsStarted) / 1000).toFixed(0)} s`);
    if (!listRight || !analysisRight) process.exitCode = 1;
  } finally {
    await close();
    if (scratch && !options.keep) await scratch.drop();
    if (!options.keep) fs.rmSync(dataDir, { recursive: true, force: true });
    else console.log(`kept: ${dataDir}`);
  }
}
