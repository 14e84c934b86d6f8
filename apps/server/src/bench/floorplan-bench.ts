import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AgeBand, type DeviceEvent, type Gender, RoleId } from '@storelens/contracts';
import { sql } from 'kysely';
import { type Browser, chromium, type Page } from 'playwright-core';
import { loadConfig } from '../config.ts';
import { createCalendarService } from '../modules/calendar/calendar.service.ts';
import { createCustomersService } from '../modules/customers/customers.service.ts';
import { seedDemoFloorplans } from '../modules/demo/demo-floorplans.ts';
import { simPlanOf } from '../modules/demo/demo-tracks.ts';
import { seedActor } from '../modules/demo/seed-actor.ts';
import { createSimulator, type SimShop } from '../modules/demo/simulator.ts';
import { createDeviceApiService } from '../modules/device-api/device-api.service.ts';
import { createDevicesService } from '../modules/devices/devices.service.ts';
import { createAreaAnalysisService } from '../modules/floorplan/analysis/analysis.service.ts';
import { createFloorplanService } from '../modules/floorplan/floorplan.service.ts';
import { anchorOf, resolveGeometry } from '../modules/floorplan/tracks/geometry-source.ts';
import { heatShapeOf, projectHeatGrid } from '../modules/floorplan/tracks/heat.ts';
import { planPointsOf } from '../modules/floorplan/tracks/track-points.ts';
import { FloorplanDeltas } from '../modules/floorplan/tracks/track-rollups.ts';
import { tracksRepo } from '../modules/floorplan/tracks/tracks.repo.ts';
import { createOrgAdminService } from '../modules/org/org-admin.service.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import { type DB, type DialectName, migrateToLatest, openDatabase } from '../platform/db/database.ts';
import { createScratchDatabase } from '../platform/db/scratch-database.ts';
import { localObjectStorage } from '../platform/storage/storage-config.ts';
import { tenantScope } from '../platform/tenancy/scoped.ts';
import { now } from '../platform/time/clock.ts';
import { addDays, todayIn } from '../platform/time/local-time.ts';
import { ensureWebBuild, type RunningServer, signInOnPage, startBuiltServer } from './bench-server.ts';
import { benchArgs, printTable, settle } from './support.ts';

export interface FloorplanBenchOptions {
  stores: number;
  days: number;
  /** Days of tracks of the measured plan (heat and from-and-go over 30 days read them). */
  planDays: number;
  /** Customer visits per day of the measured plan's store (about 3 tracks each). */
  visits: number;
  /** Shop-days sent through the device API to time ingestion. */
  ingestShopDays: number;
  samples: number;
}

export function floorplanBenchOptions(args: string[]): FloorplanBenchOptions {
  const { int } = benchArgs(args);
  return {
    stores: int('stores', 200, 5000),
    days: int('days', 90, 395),
    planDays: int('plan-days', 30, 60),
    visits: int('visits', 300, 5000),
    ingestShopDays: int('ingest-shop-days', 40, 2000),
    samples: int('samples', 30, 1000),
  };
}

const ZONE = 'Asia/Shanghai';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function percentiles(durations: number[]): { p50: number; p95: number } {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}
async function timed<T>(samples: number, run: () => Promise<T>): Promise<{ p50: number; p95: number; answer: T }> {
  const answer = await run();
  const durations: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    await run();
    durations.push(performance.now() - started);
  }
  return { ...percentiles(durations), answer };
}
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

const pointsOf = (events: readonly DeviceEvent[]) => events.reduce((sum, event) => sum + (event.type === 'track' ? event.points.length : 0), 0);

/**
 * `npm run bench -- floorplan`: 200 stores with the demo floor plan (default), tracks and heat grids
 * from the demo simulator, on the embedded SQLite (synchronous=FULL) or, with DATABASE_URL, in a
 * database of its own on that PostgreSQL server (dropped at the end). Ingestion is timed through the
 * device API's service with a sample of shop-days; one plan gets `planDays` days of tracks through the
 * same path; the other plans get copies of its raw tracks (the days kept raw) and of its rollups for
 * `days` days, in bulk SQL. Then one plan's heat map (a day, 30 days) and from-and-go (30 days) from
 * the rollups beside the same answers from the raw tracks and heat minutes, and the real
 * /area/storeFlow page of the built app, served from this database, drawing the busiest day's
 * trajectories in headless Chromium, timed by the page's own performance measure.
 */
export async function runFloorplanBench(options: FloorplanBenchOptions): Promise<void> {
  const phases: string[][] = [];
  let phaseStarted = performance.now();
  /** Ends a phase: its time goes to the log and to the table printed at the end. */
  const phase = (name: string, what = '') => {
    const seconds = (performance.now() - phaseStarted) / 1000;
    phases.push([name, seconds.toFixed(1)]);
    log(`${name}: ${seconds.toFixed(1)} s${what ? ` (${what})` : ''}`);
    phaseStarted = performance.now();
  };
  ensureWebBuild();
  phase('web build (when missing)');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storelens-fpbench-'));
  const serverUrl = loadConfig().databaseUrl;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'storelens_bench_') : null;
  const { db, dialect, close } = openDatabase({ databaseUrl: scratch?.url ?? null, dataDir });
  try {
    if (dialect === 'sqlite') await sql.raw('pragma synchronous = FULL').execute(db);
    await migrateToLatest(db);
    await measure({ db, dialect, dataDir, databaseUrl: scratch?.url ?? null }, options, phase);
    printTable(['phase', 'seconds'], phases);
  } finally {
    await close();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

interface BenchDatabase {
  db: DB;
  dialect: DialectName;
  /** SQLite's DATA_DIR, also the page's server's. */
  dataDir: string;
  /** The PostgreSQL database of the run, null on SQLite. */
  databaseUrl: string | null;
}

/** The bench itself, on an open and migrated database. */
async function measure(
  { db, dialect, dataDir, databaseUrl }: BenchDatabase,
  options: FloorplanBenchOptions,
  phase: (name: string, what?: string) => void,
): Promise<void> {
  const storage = localObjectStorage(dataDir);
  const floorplan = createFloorplanService({ db, storage });
  const deviceApi = createDeviceApiService({ db, calendar: createCalendarService({ db }), floorplan, storage });

  // ---- the chain: stores with a box, four cameras and the demo plan (planned stores only where data is sent)
  const { customerId, rootOrgId } = await createCustomersService({ db }).createCustomer({ name: 'Plan Bench', countries: ['CN'], defaultTimeZone: ZONE });
  const orgAdmin = createOrgAdminService({ db });
  const devices = createDevicesService({ db });
  const planned = Math.min(options.stores, Math.max(2, Math.ceil(options.ingestShopDays / 2)));
  const shops: SimShop[] = [];
  for (let index = 0; index < planned; index += 1) {
    const number = `P${String(index + 1).padStart(5, '0')}`;
    const shopId = await orgAdmin.addShop(customerId, { orgId: rootOrgId, name: `Plan shop ${index + 1}`, number, timeZone: ZONE });
    const mac = `02:FB:00:${[(index >> 8) & 255, index & 255, 1].map((byte) => byte.toString(16).padStart(2, '0')).join(':')}`.toUpperCase();
    const { boxId } = await devices.registerBox(customerId, { shopId, mac, name: `${number} box` });
    const cameraIds: string[] = [];
    for (const [name, area] of [
      ['Entrance', 'entrance'],
      ['Checkout', 'checkout'],
      ['Floor 1', 'floor'],
      ['Side entrance', 'entrance'],
    ] as const) {
      cameraIds.push(await devices.addCamera(customerId, { shopId, boxId, name, number: `${number}-${name}`, deploymentArea: area }));
    }
    await seedDemoFloorplans({ db, storage }, [{ customerId, shopId, cameraIds }]);
    const plan = await simPlanOf(floorplan, customerId, shopId, cameraIds, [cameraIds[0] as string, cameraIds[3] as string]);
    shops.push({
      device: { customerId, boxId, shopId },
      number,
      timeZone: ZONE,
      shopType: 'direct',
      businessHours: '10:00-22:00',
      staffCount: 4,
      country: null,
      entranceCameraIds: [cameraIds[0] as string, cameraIds[3] as string],
      zoneCameraIds: [cameraIds[1] as string, cameraIds[2] as string],
      baseVisits: index === 0 ? options.visits : 150,
      plan: plan ?? undefined,
    });
  }
  phase('stores and plans', `${planned} stores with a box, 4 cameras and the demo plan`);
  const simulator = createSimulator(7);
  const until = now();
  const today = todayIn(ZONE, until);
  const planEvents = (shop: SimShop, date: string) =>
    simulator
      .dayEvents(shop, date)
      .filter((timed) => timed.sendAt <= until.getTime() && (timed.event.type === 'track' || timed.event.type === 'heatGrid'))
      .map((timed) => timed.event);
  let batchNumber = 0;
  const send = async (shop: SimShop, events: DeviceEvent[]) => {
    for (let start = 0; start < events.length; start += 2000) {
      batchNumber += 1;
      await deviceApi.receiveBatch(shop.device, { batchId: `bench-${batchNumber}`, events: events.slice(start, start + 2000) });
    }
  };

  // ---- ingestion: shop-days of the other stores, durable commits
  const sample: { shop: SimShop; events: DeviceEvent[] }[] = [];
  for (let k = 0; k < options.ingestShopDays; k += 1) {
    const shop = shops[1 + (k % (shops.length - 1))] as SimShop;
    sample.push({ shop, events: planEvents(shop, addDays(today, -1 - Math.floor(k / (shops.length - 1)))) });
  }
  const samplePoints = sample.reduce((sum, entry) => sum + pointsOf(entry.events), 0);
  const sampleEvents = sample.reduce((sum, entry) => sum + entry.events.length, 0);
  const ingestStarted = performance.now();
  for (const entry of sample) await send(entry.shop, entry.events);
  const ingestSeconds = (performance.now() - ingestStarted) / 1000;
  phase('ingestion (timed)', `${sampleEvents} events, ${samplePoints} track points`);

  // ---- the measured plan: planDays days of its store
  const measured = shops[0] as SimShop;
  let planPoints = 0;
  for (let back = options.planDays - 1; back >= 0; back -= 1) {
    const events = planEvents(measured, addDays(today, -back));
    planPoints += pointsOf(events);
    await send(measured, events);
  }
  const [plan] = await floorplan.shopPlans(customerId, measured.device.shopId);
  if (!plan) throw new Error('the measured store has no plan');
  phase("measured plan's days", `${options.planDays} days, ${planPoints} track points`);

  // ---- volume: the other plans hold what the measured one holds: its raw tracks (the days kept raw,
  // 30) and its rollups for `days` days
  const tracks = tracksRepo(tenantScope(db, customerId));
  // SQLite: 1 GiB of page cache while copying (the tracks' index by start takes every copy's rows
  // among the others'), the app's 64 MiB again for the reads (platform/db/database.ts).
  if (dialect === 'sqlite') await sql.raw('pragma cache_size = -1048576').execute(db);
  const copyStarted = performance.now();
  for (let store = 1; store < options.stores; store += 1) {
    const copy = { planId: `bench-plan-${store}`, shopId: `bench-shop-${store}`, tag: `b${String(store).padStart(4, '0')}-` };
    await tracks.copyPlanTracks(plan.id, copy);
    if (store % 50 === 0) log(`raw tracks copied to ${store} plans`);
  }
  if (dialect === 'sqlite') await sql.raw('pragma cache_size = -65536').execute(db);
  const copySeconds = (performance.now() - copyStarted) / 1000;
  const raw = await tracks.rawRowCounts();
  phase('volume: raw tracks copied', `${options.stores - 1} more plans; the database holds ${raw.tracks} tracks, ${raw.heatMinutes} heat minutes`);
  const copied = await copyRollups(db, customerId, plan.id, options.stores, options.days, today);
  phase('volume: rollups copied', `${copied} rows for ${options.stores - 1} more plans x ${options.days} days`);
  await settle(db, dialect, ['fp_tracks', 'fp_plan_daily', 'fp_plan_hourly', 'fp_from_go_daily']);
  if (dialect === 'postgres') phase('vacuum analyze (PostgreSQL)');
  const trackBytes = await trackTableBytes(db, dialect);

  const actor = seedActor(customerId);
  const analysis = createAreaAnalysisService({ db, floorplan });
  const resolved = await resolveGeometry(floorplan, customerId, [...measured.entranceCameraIds, ...measured.zoneCameraIds]);
  const elements = resolved.elements(plan.id);
  const busiest = await db
    .selectFrom('fp_plan_daily')
    .select(['local_date', 'tracks'])
    .where('plan_id', '=', plan.id)
    .orderBy('tracks', 'desc')
    .executeTakeFirstOrThrow();
  const day = { planId: plan.id, startDate: busiest.local_date, endDate: busiest.local_date, fromHour: 0, toHour: 23 };
  const month = { planId: plan.id, startDate: addDays(today, -29), endDate: today, fromHour: 0, toHour: 23 };

  /** The heat from the raw heat minutes: each projected, masked and attributed as at ingest. */
  const naiveHeat = async (range: typeof day) => {
    const rows = await db
      .selectFrom('fp_heat_minutes')
      .select(['camera_id', 'cols', 'rows', 'cells'])
      .where('customer_id', '=', customerId)
      .where('plan_id', '=', plan.id)
      .where('local_date', '>=', range.startDate)
      .where('local_date', '<=', range.endDate)
      .execute();
    const sums = new Map<number, number>();
    for (const row of rows) {
      const camera = resolved.camera(row.camera_id);
      if (!camera) continue;
      const shape = heatShapeOf(camera.extent);
      const cells = projectHeatGrid(
        { cols: row.cols, rows: row.rows, cells: JSON.parse(row.cells) as number[] },
        camera,
        shape,
        elements,
        (point) => resolved.ownerOf(plan.id, point) === row.camera_id,
      );
      for (const [cell, value] of cells) sums.set(cell, (sums.get(cell) ?? 0) + value);
    }
    return [...sums]
      .filter(([, value]) => value > 0)
      .sort((a, b) => a[0] - b[0])
      .map(([cell, value]): [number, number] => [cell, Math.round(value) / 1000]);
  };
  /** From-and-go from the raw projected tracks, each measured again. */
  const naiveFromGo = async (range: typeof day) => {
    const rows = await db
      .selectFrom('fp_tracks')
      .select(['camera_id', 'started_ms', 'points', 'gender', 'age_band'])
      .where('customer_id', '=', customerId)
      .where('plan_id', '=', plan.id)
      .where('local_date', '>=', addDays(range.startDate, -1))
      .where('local_date', '<=', range.endDate)
      .execute();
    const deltas = new FloorplanDeltas();
    for (const row of rows) {
      const startedMs = Number(row.started_ms);
      deltas.addTrack(
        {
          shopId: measured.device.shopId,
          planId: plan.id,
          timeZone: ZONE,
          startedMs,
          points: planPointsOf(row.points, startedMs),
          gender: row.gender as Gender,
          ageBand: row.age_band as AgeBand,
        },
        elements,
        (element) => resolved.ownerOf(plan.id, anchorOf(element)) === row.camera_id,
      );
    }
    const cells = new Map<string, number>();
    for (const row of deltas.fromGo.values()) {
      if (row.date < range.startDate || row.date > range.endDate) continue;
      cells.set(`${row.fromId}>${row.toId}`, (cells.get(`${row.fromId}>${row.toId}`) ?? 0) + row.transitions);
    }
    return cells;
  };

  const rows: string[][] = [];
  for (const [label, range, target] of [
    ['heat map, one day', day, 50],
    ['heat map, 30 days', month, 150],
  ] as const) {
    const rollup = await timed(options.samples, () => analysis.heat(actor, range));
    const naive = await timed(Math.max(3, Math.floor(options.samples / 5)), () => naiveHeat(range));
    const same = JSON.stringify(rollup.answer.cells) === JSON.stringify(naive.answer);
    rows.push([label, ms(rollup.p50), ms(rollup.p95), `${target}`, ms(naive.p50), ms(naive.p95), same ? 'yes' : 'NO']);
  }
  {
    const rollup = await timed(options.samples, () => analysis.fromAndGo(actor, month));
    const naive = await timed(Math.max(3, Math.floor(options.samples / 5)), () => naiveFromGo(month));
    const fromRollup = new Map(rollup.answer.cells.map((cell) => [`${cell.fromId}>${cell.toId}`, cell.transitions]));
    const same = fromRollup.size === naive.answer.size && [...naive.answer].every(([key, value]) => fromRollup.get(key) === value);
    rows.push(['from-and-go, 30 days', ms(rollup.p50), ms(rollup.p95), '150', ms(naive.p50), ms(naive.p95), same ? 'yes' : 'NO']);
  }
  phase('reads beside the naive answers', `${options.samples} samples each, the naive ones a fifth`);

  // ---- the real /area/storeFlow page drawing the busiest day, served from this database
  const shown = await analysis.trajectories(actor, { planId: plan.id, date: busiest.local_date, fromHour: 0, toHour: 23, limit: 5000 });
  const drawing = await drawOnPage({ db, dataDir, databaseUrl }, customerId, busiest.local_date, shown.tracks.length);
  phase(
    'drawing on the page',
    `server start, sign-in, ${DRAWS} loads of the page, the tracks drawn in the page's ${drawing.painter === 'worker' ? 'worker' : `${drawing.painter} thread`}`,
  );

  const size = await databaseBytes(db, dialect, dataDir);
  const store = dialect === 'sqlite' ? 'SQLite, synchronous=FULL' : 'PostgreSQL';
  console.log(
    `\nfloor-plan bench: ${options.stores} plans, ${raw.tracks} raw tracks and ${raw.heatMinutes} heat minutes (${options.planDays} days each), ${options.days} days of rollups (${store}, ${(size / 1_048_576).toFixed(0)} MB), ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
  printTable(
    ['ingestion (device API service, durable)', 'events', 'track points', 'seconds', 'points/s', 'target'],
    [['tracks + heat grids', `${sampleEvents}`, `${samplePoints}`, ingestSeconds.toFixed(1), (samplePoints / ingestSeconds).toFixed(0), '>= 20,000']],
  );
  printTable(
    ['raw tracks kept', 'tracks', 'MB with indexes', 'bytes a track', 'copy s a plan'],
    [
      [
        `${options.stores} plans x ${options.planDays} days`,
        `${raw.tracks}`,
        (trackBytes / 1_048_576).toFixed(1),
        (trackBytes / Math.max(1, raw.tracks)).toFixed(0),
        (copySeconds / Math.max(1, options.stores - 1)).toFixed(2),
      ],
    ],
  );
  printTable(['query (server side, ms)', 'p50', 'p95', 'target p95', 'naive p50', 'naive p95', 'same answer'], rows);
  printTable(
    ['drawing on /area/storeFlow in headless Chromium', 'tracks (of the day)', 'canvas px', `ms (median of ${DRAWS})`, 'max ms', 'target'],
    [["a day's trajectories", `${shown.tracks.length} (${shown.total})`, `${drawing.width}`, ms(drawing.median), ms(drawing.max), '500']],
  );
  if (rows.some((row) => row.at(-1) !== 'yes')) {
    console.error('a rollup answer differs from the answer computed from the raw rows');
    process.exitCode = 1;
  }
}

/** Copies the measured plan's daily and hourly rollups to `stores - 1` more plans over `days` days. */
async function copyRollups(
  db: ReturnType<typeof openDatabase>['db'],
  customerId: string,
  planId: string,
  stores: number,
  days: number,
  today: string,
): Promise<number> {
  const daily = await db.selectFrom('fp_plan_daily').selectAll().where('customer_id', '=', customerId).where('plan_id', '=', planId).execute();
  const hourly = await db.selectFrom('fp_plan_hourly').selectAll().where('customer_id', '=', customerId).where('plan_id', '=', planId).execute();
  const fromGo = await db.selectFrom('fp_from_go_daily').selectAll().where('customer_id', '=', customerId).where('plan_id', '=', planId).execute();
  if (daily.length === 0) return 0;
  let copied = 0;
  for (let store = 1; store < stores; store += 1) {
    const target = `bench-plan-${store}`;
    // The same plan and shop as the copy's raw tracks.
    const dated = <T extends { local_date: string; plan_id: string; shop_id: string }>(rows: readonly T[]) =>
      Array.from({ length: days }, (_, back) => addDays(today, -back)).flatMap((date, index) => {
        const source = rows.filter((row) => row.local_date === (daily[index % daily.length] as { local_date: string }).local_date);
        return source.map((row) => ({ ...row, plan_id: target, shop_id: `bench-shop-${store}`, local_date: date }));
      });
    await db.transaction().execute(async (trx) => {
      for (const [table, rows] of [
        ['fp_plan_daily', dated(daily)],
        ['fp_plan_hourly', dated(hourly)],
        ['fp_from_go_daily', dated(fromGo)],
      ] as const) {
        for (let start = 0; start < rows.length; start += 300)
          await trx
            .insertInto(table)
            .values(rows.slice(start, start + 300) as never[])
            .execute();
        copied += rows.length;
      }
    });
  }
  return copied;
}

/** Loads of the page timed, and the page's measure of its drawing (StoreFlowPage.tsx's TRAJECTORIES_MEASURE). */
const DRAWS = 5;
const TRAJECTORIES_MEASURE = 'storeFlow.trajectories';
const BENCH_PERSON = { loginName: 'bench@floorplan.bench', password: 'Bench#2026pass' };

/** Sets the page's day picker to `date` as a person would: types it and confirms. */
async function pickDay(page: Page, testId: string, date: string): Promise<void> {
  const input = page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
  await input.waitFor({ timeout: 60_000 });
  for (let attempt = 0; attempt < 10 && (await input.inputValue()) !== date; attempt += 1) {
    await input.click();
    await input.fill(date);
    await input.press('Enter');
  }
  if ((await input.inputValue()) !== date) throw new Error(`the day picker did not take ${date}`);
}

/**
 * The real /area/storeFlow page of the built app, served by `main.ts start` from the bench's own
 * database, opened `DRAWS` times in headless Chromium by a super manager who picks the day: each
 * time, the page's own measure of its drawing of that day's tracks (StoreFlowPage.tsx,
 * TrajectoryLayer.tsx): from the start of the drawing (the tracks packed on the page's main thread)
 * until the frame that shows them, made by the worker that strokes them on the tracks' layer. The
 * canvas's width is the page's (at most 1,200 px); `painter` is where the page drew ('worker', or
 * 'main' where the browser has no OffscreenCanvas).
 */
async function drawOnPage(
  { db, dataDir, databaseUrl }: Omit<BenchDatabase, 'dialect'>,
  customerId: string,
  date: string,
  tracks: number,
): Promise<{ median: number; max: number; width: number; painter: string }> {
  const users = createUsersService({ db });
  const userId = await users.createUser({ ...BENCH_PERSON, surname: 'Bench', givenName: 'Plans' });
  await users.addMembership(customerId, { userId, roleId: RoleId.superManager });
  // The web process only: a worker's recompute watch would take the copied plans (whose elements it
  // cannot find) for edited ones and recompute them while the page is timed.
  const server = await startBuiltServer(dataDir, {
    APP_MODE: 'production',
    ROLE: 'web',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
  });
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: CHROME_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    // Wide enough for the plan's canvas at its full 1,200 px beside the menu.
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    await signInOnPage(page, BENCH_PERSON.loginName, BENCH_PERSON.password);
    const durations: number[] = [];
    for (let run = 0; run < DRAWS; run += 1) {
      await page.goto('/area/storeFlow');
      await pickDay(page, 'area-flow-date', date);
      // The page keeps its latest drawing's measure; the day's is the one with all its tracks.
      const measured = await page.waitForFunction(
        ([name, count]) => {
          const entry = performance.getEntriesByName(name).at(-1) as PerformanceMeasure | undefined;
          return (entry?.detail as { tracks?: number } | null)?.tracks === count ? entry?.duration : undefined;
        },
        [TRAJECTORIES_MEASURE, tracks] as const,
        { timeout: 60_000 },
      );
      durations.push(Number(await measured.jsonValue()));
    }
    const width = Number(await page.getByTestId('flow-canvas').getAttribute('width'));
    // A page built before the tracks had a layer of their own drew them on its main thread.
    const painter = await page.evaluate(() => document.querySelector('[data-testid="flow-tracks"]')?.getAttribute('data-painter') ?? 'main');
    const sorted = [...durations].sort((a, b) => a - b);
    return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, max: sorted.at(-1) ?? 0, width, painter };
  } finally {
    await browser?.close();
    await stopServer(server);
  }
}

/** Stops the page's server and waits for its process to end: its connections to the scratch database close with it. */
async function stopServer(server: RunningServer): Promise<void> {
  server.stop();
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (let waited = 0; server.pid && alive(server.pid) && waited < 200; waited += 1) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** What the database takes on disk (SQLite: the file and its write-ahead log). */
/**
 * What the kept tracks take on disk with their indexes (docs/PERFORMANCE.md: 2.4 kB a track before
 * migration 0044): SQLite's pages of the table and its indexes (dbstat), PostgreSQL's table, TOAST
 * and indexes.
 */
async function trackTableBytes(db: DB, dialect: DialectName): Promise<number> {
  const result =
    dialect === 'postgres'
      ? await sql<{ bytes: string | number }>`select pg_total_relation_size('fp_tracks') as bytes`.execute(db)
      : await sql<{
          bytes: string | number;
        }>`select sum(pgsize) as bytes from dbstat where name in (select name from sqlite_master where tbl_name = 'fp_tracks')`.execute(db);
  return Number(result.rows[0]?.bytes ?? 0);
}

async function databaseBytes(db: DB, dialect: DialectName, dataDir: string): Promise<number> {
  if (dialect === 'postgres') {
    const result = await sql<{ bytes: string | number }>`select pg_database_size(current_database()) as bytes`.execute(db);
    return Number(result.rows[0]?.bytes ?? 0);
  }
  const bytes = (file: string) => fs.statSync(path.join(dataDir, file), { throwIfNoEntry: false })?.size ?? 0;
  return bytes('storelens.db') + bytes('storelens.db-wal');
}
