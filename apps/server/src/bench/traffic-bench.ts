import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RoleId } from '@storelens/contracts';
import { sql } from 'kysely';
import { createCalendarService } from '../modules/calendar/calendar.service.ts';
import { createCustomersService } from '../modules/customers/customers.service.ts';
import { batchesOf, createSimulator, type SimShop } from '../modules/demo/simulator.ts';
import { createDeviceApiService } from '../modules/device-api/device-api.service.ts';
import { createDevicesService } from '../modules/devices/devices.service.ts';
import { createOrgAdminService } from '../modules/org/org-admin.service.ts';
import { analyticsRepo } from '../modules/traffic/analytics.repo.ts';
import { createAnalyticsService } from '../modules/traffic/analytics.service.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import { resolveActor } from '../platform/authz/actor.ts';
import { type DB, migrateToLatest, openDatabase } from '../platform/db/database.ts';
import type { CustomerActor } from '../platform/http/context.ts';
import { tenantScope } from '../platform/tenancy/scoped.ts';
import { addDays, monthOf, todayIn } from '../platform/time/local-time.ts';
import { benchArgs, printTable } from './support.ts';

export interface TrafficBenchOptions {
  stores: number;
  days: number;
  visits: number;
  samples: number;
  sync: 'full' | 'normal';
  keep: boolean;
  /** A directory kept by an earlier run (--keep): time the queries again without rebuilding the chain. */
  reuse: string | null;
}

export function trafficBenchOptions(args: string[]): TrafficBenchOptions {
  const { value, int, flag } = benchArgs(args);
  return {
    stores: int('stores', 1000, 20_000),
    // The device API refuses events older than 400 days.
    days: int('days', 365, 395),
    visits: int('visits', 40, 2000),
    samples: int('samples', 30, 1000),
    sync: value('sync') === 'normal' ? 'normal' : 'full',
    keep: flag('keep') || value('reuse') !== undefined,
    reuse: value('reuse') ?? null,
  };
}

const ZONES = ['Asia/Shanghai', 'Asia/Seoul', 'Asia/Kuala_Lumpur', 'Australia/Sydney', 'Asia/Ho_Chi_Minh'];
const COUNTRIES: Record<string, string> = {
  'Asia/Shanghai': 'CN',
  'Asia/Seoul': 'KR',
  'Asia/Kuala_Lumpur': 'MY',
  'Australia/Sydney': 'AU',
  'Asia/Ho_Chi_Minh': 'VN',
};

interface Timing {
  p50: number;
  p95: number;
}

async function time(samples: number, run: () => Promise<unknown>): Promise<Timing & { answer: unknown }> {
  const answer = await run();
  const durations: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    await run();
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  const at = (q: number) => durations[Math.min(durations.length - 1, Math.floor(q * durations.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), answer };
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const num = (value: unknown) => Number(value ?? 0);

/**
 * The traffic benchmark (issue 4): a chain built through the device API's service on the embedded
 * SQLite, then the analytics queries timed (p50, p95) beside the same answer computed from raw
 * events. The answers must agree: a fast wrong number would be worth nothing.
 */
export async function runTrafficBench(options: TrafficBenchOptions): Promise<void> {
  const dataDir = options.reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), 'storelens-bench-'));
  const { db, close } = openDatabase({ databaseUrl: null, dataDir });
  // Durable commits: with synchronous=FULL every committed batch is on disk (WAL fsync) before it is answered.
  await sql.raw(`pragma synchronous = ${options.sync.toUpperCase()}`).execute(db);
  await migrateToLatest(db);
  const started = Date.now();
  console.log(
    `traffic bench: ${options.stores} shops x ${options.days} days, ~${options.visits} visits per shop-day, synchronous=${options.sync}, in ${dataDir}`,
  );
  console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);

  try {
    if (options.reuse) {
      const customer = await db.selectFrom('customers').select('id').where('name', '=', 'Bench Chain').executeTakeFirstOrThrow();
      const shops = await tenantScope(db, customer.id).selectFrom('shops').select(['id', 'time_zone']).orderBy('number').execute();
      console.log(`reusing the chain of ${shops.length} shops; ingestion is not measured again`);
      await measureQueries(
        db,
        customer.id,
        shops.map((shop) => ({ shopId: shop.id, timeZone: shop.time_zone })),
        options,
        options.days,
        started,
      );
      return;
    }
    // ---------------------------------------------------------------- the chain
    const { customerId, rootOrgId } = await createCustomersService({ db }).createCustomer({
      name: 'Bench Chain',
      countries: Object.values(COUNTRIES),
      defaultTimeZone: 'Asia/Shanghai',
    });
    const orgAdmin = createOrgAdminService({ db });
    const devices = createDevicesService({ db });
    const regions: string[] = [];
    for (let region = 0; region < 10; region += 1)
      regions.push(await orgAdmin.addOrg(customerId, { parentId: rootOrgId, name: `Region ${region + 1}`, orgcode: `R${region + 1}` }));
    const shops: SimShop[] = [];
    for (let index = 0; index < options.stores; index += 1) {
      const zone = ZONES[index % ZONES.length] ?? 'Asia/Shanghai';
      const number = `B${String(index + 1).padStart(5, '0')}`;
      const shopId = await orgAdmin.addShop(customerId, {
        orgId: regions[index % regions.length] ?? rootOrgId,
        name: `Bench shop ${index + 1}`,
        number,
        timeZone: zone,
        shopType: index % 3 === 0 ? 'franchise' : 'direct',
        province: `${COUNTRIES[zone]}-01`,
      });
      const mac =
        `02:BE:${[(index >> 16) & 255, (index >> 8) & 255, index & 255, 1].map((byte) => byte.toString(16).padStart(2, '0')).join(':')}`.toUpperCase();
      const { boxId } = await devices.registerBox(customerId, { shopId, mac, name: `${number} box` });
      const entrance = await devices.addCamera(customerId, { shopId, boxId, name: 'Entrance', number: `${number}-C1`, deploymentArea: 'entrance' });
      const floor = await devices.addCamera(customerId, { shopId, boxId, name: 'Floor', number: `${number}-C2`, deploymentArea: 'floor' });
      shops.push({
        device: { customerId, boxId, shopId },
        number,
        timeZone: zone,
        shopType: index % 3 === 0 ? 'franchise' : 'direct',
        businessHours: '10:00-22:00',
        staffCount: 4,
        country: COUNTRIES[zone] ?? null,
        entranceCameraIds: [entrance],
        zoneCameraIds: [floor],
        baseVisits: options.visits,
      });
    }

    // ---------------------------------------------------------------- ingestion through the device API's service
    const deviceApi = createDeviceApiService({ db, calendar: createCalendarService({ db }) });
    // Boxes of a chain count entrances per hour; visits are reported one by one.
    const simulator = createSimulator(42, { countMinutes: 60 });
    const until = new Date();
    let events = 0;
    let ingestMs = 0;
    let generateMs = 0;
    let batchCount = 0;
    for (const [index, shop] of shops.entries()) {
      const today = todayIn(shop.timeZone, until);
      let pending: ReturnType<typeof simulator.dayEvents> = [];
      const flush = async () => {
        for (const batch of batchesOf(pending, Number.NEGATIVE_INFINITY, until.getTime())) {
          batchCount += 1;
          const before = performance.now();
          await deviceApi.receiveBatch(shop.device, { batchId: `bench-${batchCount}`, events: batch });
          ingestMs += performance.now() - before;
          events += batch.length;
        }
        pending = [];
      };
      for (let back = options.days - 1; back >= 0; back -= 1) {
        const before = performance.now();
        pending.push(...simulator.dayEvents(shop, addDays(today, -back)));
        generateMs += performance.now() - before;
        if (pending.length >= 4500) await flush();
      }
      await flush();
      if ((index + 1) % Math.max(1, Math.floor(options.stores / 20)) === 0) {
        console.log(
          `  ${index + 1}/${options.stores} shops, ${events.toLocaleString('en')} events, ${Math.round(events / (ingestMs / 1000)).toLocaleString('en')} events/s`,
        );
      }
    }
    const throughput = events / (ingestMs / 1000);
    const counts = await Promise.all(
      (['traffic_visits', 'traffic_line_events', 'traffic_passerby_events', 'traffic_shop_hourly', 'traffic_shop_daily'] as const).map(async (table) => {
        const row = await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return `${table} ${num(row.n).toLocaleString('en')}`;
      }),
    );
    console.log(`built in ${((Date.now() - started) / 60_000).toFixed(1)} min (simulator ${(generateMs / 1000).toFixed(0)} s); rows: ${counts.join(', ')}`);

    console.log(
      `ingestion through the device API's service: ${events.toLocaleString('en')} events in ${batchCount.toLocaleString('en')} batches, ${Math.round(throughput).toLocaleString('en')} events/s (target >= 20,000; synchronous=${options.sync})`,
    );
    await measureQueries(
      db,
      customerId,
      shops.map((shop) => ({ shopId: shop.device.shopId, timeZone: shop.timeZone })),
      options,
      options.days,
      started,
    );
    const size = fs.statSync(path.join(dataDir, 'storelens.db')).size;
    console.log(`database file: ${(size / 2 ** 30).toFixed(2)} GiB`);
  } finally {
    await close();
    if (options.keep) console.log(`kept ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Times each analytics query (p50, p95) beside the same answer computed from raw events. */
async function measureQueries(
  db: DB,
  customerId: string,
  shops: { shopId: string; timeZone: string }[],
  options: TrafficBenchOptions,
  days: number,
  started: number,
): Promise<void> {
  // ---------------------------------------------------------------- queries
  const userId = await createUsersService({ db }).createUser({
    loginName: `bench-${Date.now()}@storelens.test`,
    password: 'Bench#2026pass',
    surname: 'Bench',
    givenName: 'Runner',
  });
  await createUsersService({ db }).addMembership(customerId, { userId, roleId: RoleId.superManager });
  const actor = (await resolveActor(db, userId, customerId)) as CustomerActor;
  const analytics = createAnalyticsService({ db, calendar: createCalendarService({ db }) });
  const raw = analyticsRepo(tenantScope(db, customerId));
  const shopIds = shops.map((shop) => shop.shopId);
  const today = todayIn('Asia/Shanghai', new Date());
  const last90 = { startDate: addDays(today, -89), endDate: today };
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const thisYear = { startDate: yearStart < addDays(today, -(days - 1)) ? addDays(today, -(days - 1)) : yearStart, endDate: today };
  const last30 = { startDate: addDays(today, -29), endDate: today };
  const previous30 = { startDate: addDays(today, -59), endDate: addDays(today, -30) };
  const baselineSamples = Math.max(3, Math.min(10, Math.floor(options.samples / 5)));

  const entriesOf = (rows: { lines: { g: unknown; entries: unknown }[] }) => rows.lines.reduce((sum, row) => sum + num(row.entries), 0);
  const cases: { name: string; rollup: () => Promise<unknown>; baseline: () => Promise<unknown>; check: (rollup: unknown, baseline: unknown) => boolean }[] = [
    {
      name: "today's dashboard",
      rollup: () => analytics.dashboard(actor, {}),
      baseline: async () => {
        // Each shop's own today, by hour, from raw line and passer-by events and the visits table.
        const dates = [...new Set(shops.map((shop) => todayIn(shop.timeZone, new Date())))];
        let entries = 0;
        for (const date of dates) {
          const ids = shops.filter((shop) => todayIn(shop.timeZone, new Date()) === date).map((shop) => shop.shopId);
          const sums = await raw.rawEntrySums(ids, date, date, 'hour');
          await raw.rawEntrySums(ids, addDays(date, -7), addDays(date, -7), 'hour');
          await raw.rawVisitSums(ids, date, date, 'shop_id');
          entries += entriesOf(sums);
        }
        return entries;
      },
      check: (rollup, baseline) => (rollup as { totals: { entries: number } }).totals.entries === baseline,
    },
    {
      name: '90-day daily trend, all shops',
      rollup: () => analytics.trend(actor, { ...last90, granularity: 'day', indicators: ['entries', 'captureRate', 'visits', 'avgDwellMinutes'] }, 'en'),
      baseline: async () => {
        const sums = await raw.rawEntrySums(shopIds, last90.startDate, last90.endDate, 'local_date');
        await raw.rawVisitSums(shopIds, last90.startDate, last90.endDate, 'local_date');
        return entriesOf(sums);
      },
      check: (rollup, baseline) =>
        (rollup as { points: { values: { entries?: number | null } }[] }).points.reduce((sum, point) => sum + (point.values.entries ?? 0), 0) === baseline,
    },
    {
      name: 'this-year monthly trend, all shops',
      rollup: () => analytics.trend(actor, { ...thisYear, granularity: 'month', indicators: ['entries', 'captureRate', 'visits'] }, 'en'),
      baseline: async () => {
        const sums = await raw.rawEntrySums(shopIds, thisYear.startDate, thisYear.endDate, 'local_date');
        await raw.rawVisitSums(shopIds, thisYear.startDate, thisYear.endDate, 'local_date');
        const byMonth = new Map<string, number>();
        for (const row of sums.lines) byMonth.set(monthOf(String(row.g)), (byMonth.get(monthOf(String(row.g))) ?? 0) + num(row.entries));
        return [...byMonth.values()].reduce((a, b) => a + b, 0);
      },
      check: (rollup, baseline) =>
        (rollup as { points: { values: { entries?: number | null } }[] }).points.reduce((sum, point) => sum + (point.values.entries ?? 0), 0) === baseline,
    },
    {
      name: 'store ranking (30 days)',
      rollup: () => analytics.ranking(actor, { ...last30, indicator: 'entries', order: 'desc' }),
      baseline: async () => {
        const sums = await raw.rawEntrySums(shopIds, last30.startDate, last30.endDate, 'shop_id');
        await raw.rawEntrySums(shopIds, previous30.startDate, addDays(last30.startDate, -1), 'shop_id');
        return Math.max(...sums.lines.map((row) => num(row.entries)));
      },
      check: (rollup, baseline) => (rollup as { rows: { value: number | null }[] }).rows[0]?.value === baseline,
    },
    {
      name: 'store comparison (30 vs 30 days)',
      rollup: () => analytics.comparison(actor, { rangeA: previous30, rangeB: last30, indicators: ['entries', 'captureRate', 'visits'] }),
      baseline: async () => {
        const a = await raw.rawEntrySums(shopIds, previous30.startDate, previous30.endDate, 'shop_id');
        const b = await raw.rawEntrySums(shopIds, last30.startDate, last30.endDate, 'shop_id');
        await raw.rawEntrySums(shopIds, previous30.startDate, previous30.endDate, 'local_date');
        await raw.rawEntrySums(shopIds, last30.startDate, last30.endDate, 'local_date');
        await raw.rawVisitSums(shopIds, previous30.startDate, previous30.endDate, 'shop_id');
        await raw.rawVisitSums(shopIds, last30.startDate, last30.endDate, 'shop_id');
        return entriesOf(b) - entriesOf(a);
      },
      check: (rollup, baseline) => {
        const answer = rollup as { totalsA: { entries?: number | null }; totalsB: { entries?: number | null } };
        return (answer.totalsB.entries ?? 0) - (answer.totalsA.entries ?? 0) === baseline;
      },
    },
    {
      name: 'four-quadrant (90 days)',
      rollup: () => analytics.fourQuadrant(actor, { ...last90, xIndicator: 'entries', yIndicator: 'avgDwellMinutes' }),
      baseline: async () => {
        const sums = await raw.rawEntrySums(shopIds, last90.startDate, last90.endDate, 'shop_id');
        await raw.rawVisitSums(shopIds, last90.startDate, last90.endDate, 'shop_id');
        return entriesOf(sums);
      },
      check: (rollup, baseline) => (rollup as { points: { x: number | null }[] }).points.reduce((sum, point) => sum + (point.x ?? 0), 0) === baseline,
    },
    {
      name: 'visitor profile (90 days)',
      rollup: () => analytics.profile(actor, last90),
      baseline: async () => {
        const byGender = await raw.rawVisitSums(shopIds, last90.startDate, last90.endDate, 'gender');
        await raw.rawVisitSums(shopIds, last90.startDate, last90.endDate, 'age_band');
        return byGender.reduce((sum, row) => sum + num(row.visits), 0);
      },
      check: (rollup, baseline) => (rollup as { visits: number }).visits === baseline,
    },
  ];

  const rows: string[][] = [];
  for (const item of cases) {
    const fast = await time(options.samples, item.rollup);
    const slow = await time(baselineSamples, item.baseline);
    const same = item.check(fast.answer, slow.answer);
    rows.push([
      item.name,
      ms(fast.p50),
      ms(fast.p95),
      fast.p95 <= 100 ? 'yes' : 'NO',
      ms(slow.p50),
      ms(slow.p95),
      `${(slow.p50 / fast.p50).toFixed(0)}x`,
      same ? 'yes' : 'NO',
    ]);
    console.log(`  measured ${item.name}`);
  }

  const header = ['query', 'p50 ms', 'p95 ms', 'p95<=100', 'raw p50 ms', 'raw p95 ms', 'speed-up', 'same answer'];
  printTable(header, rows);
  console.log(
    `queries: ${options.samples} samples each after one warm-up; raw baselines ${baselineSamples} samples. Total ${((Date.now() - started) / 60_000).toFixed(1)} min.`,
  );
}
