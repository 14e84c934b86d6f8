import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AgeBand, DeviceEvent, Gender } from '@storelens/contracts';
import { sql } from 'kysely';
import { type Browser, chromium } from 'playwright-core';
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
import { parsePlanPoints } from '../modules/floorplan/tracks/ingest.ts';
import { FloorplanDeltas } from '../modules/floorplan/tracks/track-rollups.ts';
import { createOrgAdminService } from '../modules/org/org-admin.service.ts';
import { migrateToLatest, openDatabase } from '../platform/db/database.ts';
import { localObjectStorage } from '../platform/storage/storage-config.ts';
import { now } from '../platform/time/clock.ts';
import { addDays, todayIn } from '../platform/time/local-time.ts';
import { benchArgs, printTable } from './support.ts';

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
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

const pointsOf = (events: readonly DeviceEvent[]) => events.reduce((sum, event) => sum + (event.type === 'track' ? event.points.length : 0), 0);

/**
 * `npm run bench -- floorplan`: 200 stores with the demo floor plan (default), tracks and heat grids
 * from the demo simulator. Ingestion is timed through the device API's service on a durable SQLite
 * (synchronous=FULL) with a sample of shop-days; one plan gets `planDays` days of tracks through the
 * same path; the other plans' rollups for `days` days are copies of that plan's (generation stays quick:
 * the reads touch one plan's rows through their indexes). Then one plan's heat map (a day, 30 days) and
 * from-and-go (30 days) from the rollups beside the same answers from the raw tracks and heat minutes,
 * and drawing a day's trajectories (at least 2,000 tracks) in headless Chromium.
 */
export async function runFloorplanBench(options: FloorplanBenchOptions): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storelens-fpbench-'));
  const { db, close } = openDatabase({ databaseUrl: null, dataDir });
  await sql.raw('pragma synchronous = FULL').execute(db);
  await migrateToLatest(db);
  const storage = localObjectStorage(dataDir);
  const floorplan = createFloorplanService({ db, storage });
  const deviceApi = createDeviceApiService({ db, calendar: createCalendarService({ db }), floorplan, storage: localObjectStorage(dataDir) });
  const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

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
  log(`ingested ${sampleEvents} events (${samplePoints} track points) in ${ingestSeconds.toFixed(1)} s`);

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
  log(`measured plan: ${options.planDays} days, ${planPoints} track points`);

  // ---- volume: the other stores' plans for `days` days, copies of the measured plan's rollups
  const copied = await copyRollups(db, customerId, plan.id, options.stores, options.days, today);
  log(`copied ${copied} rollup rows for ${options.stores - 1} more plans x ${options.days} days`);

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
      .select(['camera_id', 'started_at', 'plan_points', 'gender', 'age_band'])
      .where('customer_id', '=', customerId)
      .where('plan_id', '=', plan.id)
      .where('local_date', '>=', addDays(range.startDate, -1))
      .where('local_date', '<=', range.endDate)
      .execute();
    const deltas = new FloorplanDeltas();
    for (const row of rows) {
      const startedMs = Date.parse(row.started_at);
      deltas.addTrack(
        {
          shopId: measured.device.shopId,
          planId: plan.id,
          timeZone: ZONE,
          startedMs,
          points: parsePlanPoints(row.plan_points ?? '[]', startedMs),
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

  // ---- drawing a day's trajectories in headless Chromium, as /area/storeFlow draws them
  // The busiest day's tracks, as the page asks for them.
  const tracks = (await analysis.trajectories(actor, { planId: plan.id, date: busiest.local_date, fromHour: 0, toHour: 23, limit: 5000 })).tracks.map(
    (track) => track.points,
  );
  const drawMs = await drawInChromium(tracks, plan.widthM, plan.heightM);

  const size = fs.statSync(path.join(dataDir, 'storelens.db'), { throwIfNoEntry: false })?.size ?? 0;
  console.log(
    `\nfloor-plan bench: ${options.stores} plans x ${options.days} days of rollups (SQLite, synchronous=FULL, ${(size / 1_048_576).toFixed(0)} MB), ${os.cpus().length} cores`,
  );
  printTable(
    ['ingestion (device API service, durable)', 'events', 'track points', 'seconds', 'points/s', 'target'],
    [['tracks + heat grids', `${sampleEvents}`, `${samplePoints}`, ingestSeconds.toFixed(1), (samplePoints / ingestSeconds).toFixed(0), '>= 20,000']],
  );
  printTable(['query (server side, ms)', 'p50', 'p95', 'target p95', 'naive p50', 'naive p95', 'same answer'], rows);
  printTable(['drawing in headless Chromium', 'tracks', 'ms (median of 5)', 'target'], [["a day's trajectories", `${tracks.length}`, ms(drawMs), '500']]);
  await close();
  fs.rmSync(dataDir, { recursive: true, force: true });
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
    const dated = <T extends { local_date: string; plan_id: string }>(rows: readonly T[]) =>
      Array.from({ length: days }, (_, back) => addDays(today, -back)).flatMap((date, index) => {
        const source = rows.filter((row) => row.local_date === (daily[index % daily.length] as { local_date: string }).local_date);
        return source.map((row) => ({ ...row, plan_id: target, local_date: date }));
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

/** Draws the tracks on a canvas the size of the plan at 1200 px, as StoreFlowPage does; the median of 5 draws. */
async function drawInChromium(tracks: [number, number][][], widthM: number, heightM: number): Promise<number> {
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: CHROME_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    const page = await browser.newPage();
    await page.setContent('<canvas id="plan"></canvas>');
    const durations = await page.evaluate(
      ({ tracks, widthM, heightM }) => {
        const canvas = document.getElementById('plan') as HTMLCanvasElement;
        canvas.width = 1200;
        const scale = 1200 / widthM;
        canvas.height = Math.round(heightM * scale);
        const context = canvas.getContext('2d') as CanvasRenderingContext2D;
        const runs: number[] = [];
        for (let run = 0; run < 5; run += 1) {
          const started = performance.now();
          context.clearRect(0, 0, canvas.width, canvas.height);
          context.lineWidth = 1.2;
          context.strokeStyle = 'rgba(22, 119, 255, 0.25)';
          // As StoreFlowPage: strokes of 25 tracks each.
          for (let start = 0; start < tracks.length; start += 25) {
            context.beginPath();
            for (const track of tracks.slice(start, start + 25)) {
              track.forEach(([x, y], index) => {
                if (index === 0) context.moveTo(x * scale, y * scale);
                else context.lineTo(x * scale, y * scale);
              });
            }
            context.stroke();
          }
          // Reading a pixel waits for the drawing to finish.
          context.getImageData(0, 0, 1, 1);
          runs.push(performance.now() - started);
        }
        return runs;
      },
      { tracks, widthM, heightM },
    );
    return percentiles(durations).p50;
  } finally {
    await browser?.close();
  }
}
