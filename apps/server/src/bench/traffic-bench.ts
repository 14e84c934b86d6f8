import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RoleId } from '@storelens/contracts';
import { sql } from 'kysely';
import { loadConfig } from '../config.ts';
import { createCalendarService } from '../modules/calendar/calendar.service.ts';
import { createCustomersService } from '../modules/customers/customers.service.ts';
import { batchesOf, createSimulator, type SimShop } from '../modules/demo/simulator.ts';
import { createDeviceApiService } from '../modules/device-api/device-api.service.ts';
import { createDevicesService } from '../modules/devices/devices.service.ts';
import { createFloorplanService } from '../modules/floorplan/floorplan.service.ts';
import { createOrgAdminService } from '../modules/org/org-admin.service.ts';
import { createMoneyService } from '../modules/sales/money.service.ts';
import { createTrafficReportFigures } from '../modules/sales/traffic-report-figures.ts';
import { analyticsRepo } from '../modules/traffic/analytics.repo.ts';
import { createTrafficServices } from '../modules/traffic/traffic.module.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import { resolveActor } from '../platform/authz/actor.ts';
import { type DB, type DialectName, migrateToLatest, openDatabase } from '../platform/db/database.ts';
import { createScratchDatabase, databaseUrlFor } from '../platform/db/scratch-database.ts';
import type { CustomerActor } from '../platform/http/context.ts';
import { objectStorageOf } from '../platform/storage/storage-config.ts';
import { tenantScope } from '../platform/tenancy/scoped.ts';
import { now } from '../platform/time/clock.ts';
import { addDays, monthOf, todayIn } from '../platform/time/local-time.ts';
import { loadDuckDbPeer, type RawEventPeer } from './duckdb-peer.ts';
import { benchArgs, printTable } from './support.ts';

export interface TrafficBenchOptions {
  stores: number;
  days: number;
  visits: number;
  samples: number;
  sync: 'full' | 'normal';
  keep: boolean;
  /**
   * Time the queries again on a chain kept by an earlier run (--keep) without rebuilding it: a
   * DATA_DIR on SQLite, a database name on the PostgreSQL server of DATABASE_URL.
   */
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

async function time<T>(samples: number, run: () => Promise<T>): Promise<Timing & { answer: T }> {
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
const count = (value: number) => value.toLocaleString('en');

/** The database a run builds its chain in, and how to report on it and put it away. */
interface BenchStore {
  db: DB;
  dialect: DialectName;
  /** Where the chain is, and how to time it again (--reuse). */
  where: string;
  size: () => Promise<number>;
  close: () => Promise<void>;
}

/**
 * On PostgreSQL (DATABASE_URL=postgres://...) a database of the run's own on that server, dropped
 * at the end unless --keep: the benchmark never touches data it did not make. Otherwise the
 * embedded SQLite in a fresh temporary DATA_DIR.
 */
async function openBenchStore(options: TrafficBenchOptions): Promise<BenchStore> {
  const serverUrl = loadConfig().databaseUrl;
  if (serverUrl) {
    const scratch = options.reuse ? null : await createScratchDatabase(serverUrl, 'storelens_bench_');
    const name = options.reuse ?? scratch?.name ?? '';
    const { db, dialect, close } = openDatabase({ databaseUrl: databaseUrlFor(serverUrl, name), dataDir: os.tmpdir() });
    await migrateToLatest(db);
    return {
      db,
      dialect,
      where: `PostgreSQL database ${name}`,
      size: async () => num((await sql<{ bytes: number }>`select pg_database_size(current_database()) as bytes`.execute(db)).rows[0]?.bytes),
      close: async () => {
        await close();
        if (options.keep) console.log(`kept database ${name} (--reuse ${name})`);
        else await scratch?.drop();
      },
    };
  }
  const dataDir = options.reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), 'storelens-bench-'));
  const { db, dialect, close } = openDatabase({ databaseUrl: null, dataDir });
  // Durable commits: with synchronous=FULL every committed batch is on disk (WAL fsync) before it is answered.
  await sql.raw(`pragma synchronous = ${options.sync.toUpperCase()}`).execute(db);
  await migrateToLatest(db);
  return {
    db,
    dialect,
    where: `SQLite in ${dataDir} (synchronous=${options.sync})`,
    size: async () => fs.statSync(path.join(dataDir, 'storelens.db')).size,
    close: async () => {
      await close();
      if (options.keep) console.log(`kept ${dataDir} (--reuse ${dataDir})`);
      else fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The traffic benchmark (issue 4): a chain built through the device API's service on SQLite or
 * PostgreSQL, then the analytics queries timed (p50, p95) beside the same answers computed from
 * raw events twice: by naive SQL on our database, and by DuckDB in process on a copy of the raw
 * events. The answers must agree: a fast wrong number would be worth nothing.
 */
export async function runTrafficBench(options: TrafficBenchOptions): Promise<void> {
  const started = Date.now();
  const store = await openBenchStore(options);
  const { db } = store;
  console.log(`traffic bench: ${options.stores} shops x ${options.days} days, ~${options.visits} visits per shop-day, on ${store.where}`);
  console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
  if (store.dialect === 'postgres') {
    const server = await sql<{ version: string; commit: string }>`select version() as version, current_setting('synchronous_commit') as commit`.execute(db);
    console.log(`${server.rows[0]?.version.split(' on ')[0]}, synchronous_commit=${server.rows[0]?.commit}`);
  }
  const duckDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storelens-duckdb-'));
  try {
    let chain: BenchChain;
    if (options.reuse) {
      chain = await findBenchChain(db);
      console.log(`reusing the chain of ${chain.shops.length} shops; ingestion is not measured again`);
    } else {
      chain = await buildBenchChain(db, options, console.log);
      console.log(`database: ${((await store.size()) / 2 ** 30).toFixed(2)} GiB`);
    }

    const duckdb = await loadDuckDbPeer(
      analyticsRepo(tenantScope(db, chain.customerId)),
      chain.shops.map((shop) => shop.shopId),
      path.join(duckDir, 'peer.duckdb'),
    );
    const { lines, passers, visits, ms: loadMs } = duckdb.loaded;
    console.log(
      `DuckDB peer: ${count(lines + passers + visits)} raw rows (${count(lines)} line events, ${count(passers)} passer-by counts, ${count(visits)} visits) loaded in ${(loadMs / 1000).toFixed(1)} s`,
    );
    try {
      const answers = await answerTrafficQuestions(db, chain, { duckdb }, { samples: options.samples, days: options.days });
      printTable(
        ['query', 'ours p50/p95 ms', 'p95<=100', 'naive SQL p50/p95 ms', 'DuckDB p50/p95 ms', 'same answer'],
        answers.map((answer) => [
          answer.name,
          `${ms(answer.ours.p50)} / ${ms(answer.ours.p95)}`,
          answer.ours.p95 <= 100 ? 'yes' : 'NO',
          `${ms(answer.naive.p50)} / ${ms(answer.naive.p95)}`,
          `${ms(answer.duckdb.p50)} / ${ms(answer.duckdb.p95)}`,
          sameAnswer(answer),
        ]),
      );
      console.log(
        `ours: ${options.samples} samples each after one warm-up; naive SQL ${baselineSamples(options.samples)}, DuckDB ${options.samples}. Total ${((Date.now() - started) / 60_000).toFixed(1)} min.`,
      );
    } finally {
      duckdb.close();
    }
  } finally {
    fs.rmSync(duckDir, { recursive: true, force: true });
    await store.close();
  }
}

/** 'yes' when both peers agree with us, else which of them does not. */
export function sameAnswer(answer: QuestionAnswer): string {
  const naive = answer.answers.naive === answer.answers.ours;
  const duckdb = answer.answers.duckdb === answer.answers.ours;
  if (naive && duckdb) return 'yes';
  if (!naive && !duckdb) return 'NO (both)';
  return naive ? 'NO (DuckDB)' : 'NO (naive SQL)';
}

export interface BenchChain {
  customerId: string;
  shops: { shopId: string; timeZone: string }[];
}

async function findBenchChain(db: DB): Promise<BenchChain> {
  const customer = await db.selectFrom('customers').select('id').where('name', '=', 'Bench Chain').executeTakeFirstOrThrow();
  const shops = await tenantScope(db, customer.id).selectFrom('shops').select(['id', 'time_zone']).orderBy('number').execute();
  return { customerId: customer.id, shops: shops.map((shop) => ({ shopId: shop.id, timeZone: shop.time_zone })) };
}

/**
 * A chain of `stores` shops under 10 regions with `days` days of simulated traffic up to now,
 * ingested through the device API's service; ingestion throughput is logged.
 */
export async function buildBenchChain(
  db: DB,
  options: Pick<TrafficBenchOptions, 'stores' | 'days' | 'visits'>,
  log: (line: string) => void,
): Promise<BenchChain> {
  const started = Date.now();
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
    const mac = `02:BE:${[(index >> 16) & 255, (index >> 8) & 255, index & 255, 1].map((byte) => byte.toString(16).padStart(2, '0')).join(':')}`.toUpperCase();
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
  const deviceApi = createDeviceApiService({
    db,
    calendar: createCalendarService({ db }),
    floorplan: createFloorplanService({ db, storage: objectStorageOf(loadConfig()) }),
    storage: objectStorageOf(loadConfig()),
  });
  // Boxes of a chain count entrances per hour; visits are reported one by one.
  const simulator = createSimulator(42, { countMinutes: 60 });
  const until = now();
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
      log(`  ${index + 1}/${options.stores} shops, ${count(events)} events, ${count(Math.round(events / (ingestMs / 1000)))} events/s`);
    }
  }
  const throughput = events / (ingestMs / 1000);
  const counts = await Promise.all(
    (['traffic_visits', 'traffic_line_events', 'traffic_passerby_events', 'traffic_shop_hourly', 'traffic_shop_daily'] as const).map(async (table) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return `${table} ${count(num(row.n))}`;
    }),
  );
  log(`built in ${((Date.now() - started) / 60_000).toFixed(1)} min (simulator ${(generateMs / 1000).toFixed(0)} s); rows: ${counts.join(', ')}`);
  log(
    `ingestion through the device API's service: ${count(events)} events in ${count(batchCount)} batches, ${count(Math.round(throughput))} events/s (target >= 20,000)`,
  );
  return { customerId, shops: shops.map((shop) => ({ shopId: shop.device.shopId, timeZone: shop.timeZone })) };
}

/** Samples of the naive SQL baseline: it reads every raw row of the range, so fewer. */
const baselineSamples = (samples: number) => Math.max(3, Math.min(10, Math.floor(samples / 5)));

/** One analytics question: our answer through the service, and how to compute it from raw events. */
interface Question {
  name: string;
  /** The figure compared (entries or visits), from our analytics service. */
  ours: () => Promise<number>;
  /** The same figure from raw events, asked of a peer (naive SQL or DuckDB) the same way. */
  fromRaw: (peer: RawEventPeer) => Promise<number>;
}

export interface QuestionAnswer {
  name: string;
  ours: Timing;
  naive: Timing;
  duckdb: Timing;
  answers: { ours: number; naive: number; duckdb: number };
}

/**
 * Times each analytics question through the analytics service with a super manager's actor (data
 * scope resolution included), then the same question from raw events by naive SQL on our database
 * and by the DuckDB peer; returns the timings and the figure each gave.
 */
export async function answerTrafficQuestions(
  db: DB,
  chain: BenchChain,
  peers: { duckdb: RawEventPeer },
  options: { samples: number; days: number },
): Promise<QuestionAnswer[]> {
  const questions = await trafficQuestions(db, chain, options.days);
  const naive = analyticsRepo(tenantScope(db, chain.customerId));
  const answers: QuestionAnswer[] = [];
  for (const question of questions) {
    const ours = await time(options.samples, question.ours);
    const fromNaive = await time(baselineSamples(options.samples), () => question.fromRaw(naive));
    const fromDuckDb = await time(options.samples, () => question.fromRaw(peers.duckdb));
    answers.push({
      name: question.name,
      ours,
      naive: fromNaive,
      duckdb: fromDuckDb,
      answers: { ours: ours.answer, naive: fromNaive.answer, duckdb: fromDuckDb.answer },
    });
  }
  return answers;
}

/** The questions of the analytics screens, for all shops of the chain. */
async function trafficQuestions(db: DB, chain: BenchChain, days: number): Promise<Question[]> {
  const { customerId, shops } = chain;
  const users = createUsersService({ db });
  const userId = await users.createUser({
    loginName: `bench-${randomUUID()}@storelens.test`,
    password: 'Bench#2026pass',
    surname: 'Bench',
    givenName: 'Runner',
  });
  await users.addMembership(customerId, { userId, roleId: RoleId.superManager });
  const actor = (await resolveActor(db, userId, customerId)) as CustomerActor;
  const traffic = createTrafficServices({
    db,
    calendar: createCalendarService({ db }),
    extraIndicators: createTrafficReportFigures({ db, money: createMoneyService({ db }) }),
  });
  const shopIds = shops.map((shop) => shop.shopId);
  const today = todayIn('Asia/Shanghai', now());
  const last90 = { startDate: addDays(today, -89), endDate: today };
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const thisYear = { startDate: yearStart < addDays(today, -(days - 1)) ? addDays(today, -(days - 1)) : yearStart, endDate: today };
  const last30 = { startDate: addDays(today, -29), endDate: today };
  const previous30 = { startDate: addDays(today, -59), endDate: addDays(today, -30) };

  const entriesOf = (sums: { lines: { entries: unknown }[] }) => sums.lines.reduce((sum, row) => sum + num(row.entries), 0);
  const entriesOfPoints = (trend: { points: { values: { entries?: number | null } }[] }) =>
    trend.points.reduce((sum, point) => sum + (point.values.entries ?? 0), 0);
  return [
    {
      name: "today's dashboard",
      ours: async () => (await traffic.overview.dashboard(actor, {})).totals.entries ?? 0,
      fromRaw: async (peer) => {
        // Each shop's own today, by hour, from raw line and passer-by events and the visits table.
        const todayOf = (shop: { timeZone: string }) => todayIn(shop.timeZone, now());
        let entries = 0;
        for (const date of new Set(shops.map(todayOf))) {
          const ids = shops.filter((shop) => todayOf(shop) === date).map((shop) => shop.shopId);
          const sums = await peer.rawEntrySums(ids, date, date, 'hour');
          await peer.rawEntrySums(ids, addDays(date, -7), addDays(date, -7), 'hour');
          await peer.rawVisitSums(ids, date, date, 'shop_id');
          entries += entriesOf(sums);
        }
        return entries;
      },
    },
    {
      name: '90-day daily trend, all shops',
      ours: async () =>
        entriesOfPoints(
          await traffic.overview.trend(actor, { ...last90, granularity: 'day', indicators: ['entries', 'captureRate', 'visits', 'avgDwellMinutes'] }, 'en'),
        ),
      fromRaw: async (peer) => {
        const sums = await peer.rawEntrySums(shopIds, last90.startDate, last90.endDate, 'local_date');
        await peer.rawVisitSums(shopIds, last90.startDate, last90.endDate, 'local_date');
        return entriesOf(sums);
      },
    },
    {
      name: 'this-year monthly trend, all shops',
      ours: async () =>
        entriesOfPoints(await traffic.overview.trend(actor, { ...thisYear, granularity: 'month', indicators: ['entries', 'captureRate', 'visits'] }, 'en')),
      fromRaw: async (peer) => {
        const sums = await peer.rawEntrySums(shopIds, thisYear.startDate, thisYear.endDate, 'local_date');
        await peer.rawVisitSums(shopIds, thisYear.startDate, thisYear.endDate, 'local_date');
        const byMonth = new Map<string, number>();
        for (const row of sums.lines) byMonth.set(monthOf(String(row.g)), (byMonth.get(monthOf(String(row.g))) ?? 0) + num(row.entries));
        return [...byMonth.values()].reduce((a, b) => a + b, 0);
      },
    },
    {
      name: 'store ranking (30 days)',
      ours: async () => (await traffic.shopComparison.ranking(actor, { ...last30, indicator: 'entries', order: 'desc' })).rows[0]?.value ?? 0,
      fromRaw: async (peer) => {
        const sums = await peer.rawEntrySums(shopIds, last30.startDate, last30.endDate, 'shop_id');
        await peer.rawEntrySums(shopIds, previous30.startDate, addDays(last30.startDate, -1), 'shop_id');
        return Math.max(0, ...sums.lines.map((row) => num(row.entries)));
      },
    },
    {
      name: 'store comparison (30 vs 30 days)',
      ours: async () => {
        const answer = await traffic.shopComparison.comparison(actor, { rangeA: previous30, rangeB: last30, indicators: ['entries', 'captureRate', 'visits'] });
        return (answer.totalsB.entries ?? 0) - (answer.totalsA.entries ?? 0);
      },
      fromRaw: async (peer) => {
        const a = await peer.rawEntrySums(shopIds, previous30.startDate, previous30.endDate, 'shop_id');
        const b = await peer.rawEntrySums(shopIds, last30.startDate, last30.endDate, 'shop_id');
        await peer.rawEntrySums(shopIds, previous30.startDate, previous30.endDate, 'local_date');
        await peer.rawEntrySums(shopIds, last30.startDate, last30.endDate, 'local_date');
        await peer.rawVisitSums(shopIds, previous30.startDate, previous30.endDate, 'shop_id');
        await peer.rawVisitSums(shopIds, last30.startDate, last30.endDate, 'shop_id');
        return entriesOf(b) - entriesOf(a);
      },
    },
    {
      name: 'four-quadrant (90 days)',
      ours: async () =>
        (await traffic.shopComparison.fourQuadrant(actor, { ...last90, xIndicator: 'entries', yIndicator: 'avgDwellMinutes' })).points.reduce(
          (sum, point) => sum + (point.x ?? 0),
          0,
        ),
      fromRaw: async (peer) => {
        const sums = await peer.rawEntrySums(shopIds, last90.startDate, last90.endDate, 'shop_id');
        await peer.rawVisitSums(shopIds, last90.startDate, last90.endDate, 'shop_id');
        return entriesOf(sums);
      },
    },
    {
      name: 'visitor profile (90 days)',
      ours: async () => (await traffic.visitors.profile(actor, last90)).visits,
      fromRaw: async (peer) => {
        const byGender = await peer.rawVisitSums(shopIds, last90.startDate, last90.endDate, 'gender');
        await peer.rawVisitSums(shopIds, last90.startDate, last90.endDate, 'age_band');
        return byGender.reduce((sum, row) => sum + num(row.visits), 0);
      },
    },
  ];
}
