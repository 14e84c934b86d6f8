import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { RoleId } from '@storelens/contracts';
import sharp from 'sharp';
import { loadConfig } from '../config.ts';
import { createCustomersService } from '../modules/customers/customers.service.ts';
import { createDevicesService } from '../modules/devices/devices.service.ts';
import { createMessagesService } from '../modules/messages/messages.service.ts';
import { createOrgAdminService } from '../modules/org/org-admin.service.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import { openDatabase } from '../platform/db/database.ts';
import { createScratchDatabase, databaseUrlFor } from '../platform/db/scratch-database.ts';
import { startBuiltServer } from './bench-server.ts';
import { benchArgs, printTable } from './support.ts';

export interface RealtimeBenchOptions {
  clients: number;
  samples: number;
  shops: number;
}

export function realtimeBenchOptions(args: string[]): RealtimeBenchOptions {
  const { int } = benchArgs(args);
  return { clients: int('clients', 100, 2000), samples: int('samples', 40, 1000), shops: int('shops', 10, 200) };
}

const PASSWORD = 'Bench#2026pass';
/** The polls the channel replaces: the dashboard's every 30 s, the bell's every 60 s. */
const DASHBOARD_POLL_MS = 30_000;
const BELL_POLL_MS = 60_000;

interface Received {
  type: string;
  data: { shopId?: string; message?: { title: string } | null };
  at: number;
}

/** One simulated browser tab: its open event stream and what arrived when. */
interface Client {
  userId: string;
  token: string;
  events: Received[];
  waiters: Set<() => void>;
  close(): void;
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en-US')} ms` : '--');

function cpuSecondsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

async function api<T>(baseUrl: string, pathname: string, body: unknown, session?: { token: string; cid: string }): Promise<T> {
  const response = await fetch(`${baseUrl}${pathname}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(session ? { authorization: `Bearer ${session.token}`, 'x-customer-code': session.cid } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
  const envelope = (await response.json()) as { status: number; msg: string; data: T };
  if (envelope.status !== 200) throw new Error(`${pathname}: ${envelope.status} ${envelope.msg}`);
  return envelope.data;
}

/** Opens a stream as a browser's EventSource would, keeping each event with its arrival time. */
function openClient(baseUrl: string, url: string, userId: string, token: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const events: Received[] = [];
    const waiters = new Set<() => void>();
    const request = http.get(`${baseUrl}${url}`, { headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`stream answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (type && data) events.push({ type, data: JSON.parse(data) as Received['data'], at });
        }
        for (const wake of [...waiters]) wake();
      });
      resolve({ userId, token, events, waiters, close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

/** The arrival time of the first event after `since` that matches, waiting up to `timeoutMs`. */
function arrival(client: Client, since: number, match: (event: Received) => boolean, timeoutMs = 30_000): Promise<number | null> {
  return new Promise((resolve) => {
    const check = () => {
      const hit = client.events.find((event) => event.at >= since && match(event));
      if (!hit) return;
      clearTimeout(timer);
      client.waiters.delete(check);
      resolve(hit.at);
    };
    const timer = setTimeout(() => {
      client.waiters.delete(check);
      resolve(null);
    }, timeoutMs);
    client.waiters.add(check);
    check();
  });
}

/**
 * `npm run bench -- realtime` (issue 15 section 6, the SSE part): the real server in its own
 * process; 100 simulated browsers with open event streams (100 people of one customer); then
 * (1) a box's traffic events posted to the device API over HTTP, timed to the `dashboard` event at
 * every client, (2) messages posted by another process (the worker's messages.post, as a
 * camera-offline alarm is), timed to the `notice` event at the recipient, and (3) a box's AI alarm
 * with its JPEG, timed to every client's bell (`notice`) and alarm list (`alarm` event). Beside them the naive
 * answer the channel replaces: the pages' polls (30 s dashboard, 60 s bell), modelled as the poll
 * interval (an event waits for the next poll: uniform over the interval) plus a measured read.
 */
export async function runRealtimeBench(options: RealtimeBenchOptions): Promise<void> {
  const serverUrl = loadConfig().databaseUrl;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storelens-realtime-bench-'));
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'storelens_bench_') : null;
  const databaseUrl = scratch && serverUrl ? databaseUrlFor(serverUrl, scratch.name) : null;
  console.log(`realtime bench: ${options.clients} clients, ${options.samples} samples, ${options.shops} shops, ${databaseUrl ? 'PostgreSQL' : 'SQLite'}`);
  console.log(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  const server = await startBuiltServer(dataDir, {
    APP_MODE: 'production',
    SEED_DEMO: 'false',
    DEMO_VIDEO: 'false',
    VIDEO_RECORD: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const port = new URL(server.baseUrl).port;
  // This process stands for a worker: its own connection to the server's database.
  const { db, close } = openDatabase({ databaseUrl, dataDir: path.join(dataDir, port) });
  const clients: Client[] = [];
  try {
    const { customerId, rootOrgId } = await createCustomersService({ db }).createCustomer({
      name: 'Realtime Bench',
      countries: ['CN'],
      defaultTimeZone: 'Asia/Shanghai',
    });
    const orgAdmin = createOrgAdminService({ db });
    const devices = createDevicesService({ db });
    const boxes: { shopId: string; token: string; cameraId: string }[] = [];
    for (let index = 0; index < options.shops; index += 1) {
      const number = `RT-${String(index + 1).padStart(3, '0')}`;
      const shopId = await orgAdmin.addShop(customerId, { orgId: rootOrgId, name: `Bench ${number}`, number, timeZone: 'Asia/Shanghai' });
      const mac = `02:BE:00:00:${Math.floor(index / 256)
        .toString(16)
        .padStart(2, '0')}:${(index % 256).toString(16).padStart(2, '0')}`.toUpperCase();
      const { boxId, token } = await devices.registerBox(customerId, { shopId, mac, name: `Box ${number}` });
      boxes.push({ shopId, token, cameraId: await devices.addCamera(customerId, { shopId, boxId, name: 'Entrance', number: `${number}-C1` }) });
    }
    const users = createUsersService({ db });
    const people: { userId: string; loginName: string }[] = [];
    for (let index = 0; index < options.clients; index += 1) {
      const loginName = `bench${index}@realtime.bench`;
      const userId = await users.createUser({ loginName, password: PASSWORD, surname: 'Bench', givenName: `User ${index}` });
      await users.addMembership(customerId, { userId, roleId: RoleId.manager });
      people.push({ userId, loginName });
    }

    // Every person signs in and opens a stream, as the shell does.
    const connectStarted = performance.now();
    for (const person of people) {
      const { token } = await api<{ token: string }>(server.baseUrl, '/api/auth/login', { account: person.loginName, password: PASSWORD });
      await fetch(`${server.baseUrl}/api/current/selectcus`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-customer-code': '-1' },
        body: JSON.stringify({ cid: customerId }),
      });
      const ticket = await api<{ url: string }>(server.baseUrl, '/api/realtime/ticket', {}, { token, cid: customerId });
      clients.push(await openClient(server.baseUrl, ticket.url, person.userId, token));
    }
    const connectMs = performance.now() - connectStarted;

    // Idle: what 100 open streams cost the server (heartbeats, the log's reads) while nothing happens.
    const idleSeconds = 10;
    const cpuBefore = server.pid ? cpuSecondsOf(server.pid) : Number.NaN;
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const idleCpu = server.pid ? (cpuSecondsOf(server.pid) - cpuBefore) / idleSeconds : Number.NaN;

    // (1) A box posts; every client (all see every shop) gets the shop's dashboard event.
    const dashboardLatencies: number[] = [];
    const dashboardAll: number[] = [];
    const postMs: number[] = [];
    let dashboardLost = 0;
    const runStarted = performance.now();
    const cpuRun = server.pid ? cpuSecondsOf(server.pid) : Number.NaN;
    for (let sample = 0; sample < options.samples; sample += 1) {
      const box = boxes[sample % boxes.length] as (typeof boxes)[number];
      // Each shop's events are published at once and at most once a second (its throttle): posts to one shop are paced wider.
      const paceMs = Math.max(0, 1100 / boxes.length);
      await new Promise((resolve) => setTimeout(resolve, paceMs));
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/api/device/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${box.token}` },
        body: JSON.stringify({
          batchId: `bench-${sample}-${Date.now()}`,
          events: [{ type: 'line', cameraId: box.cameraId, direction: 'in', at: new Date().toISOString(), count: 1 }],
        }),
      });
      await response.arrayBuffer();
      postMs.push(performance.now() - started);
      const arrivals = await Promise.all(
        clients.map((client) => arrival(client, started, (event) => event.type === 'dashboard' && event.data.shopId === box.shopId)),
      );
      for (const at of arrivals) {
        if (at === null) dashboardLost += 1;
        else dashboardLatencies.push(at - started);
      }
      const got = arrivals.filter((at): at is number => at !== null);
      if (got.length > 0) dashboardAll.push(Math.max(...got) - started);
    }

    // (2) Another process posts a message (as the camera-offline job does); the recipient's bell hears of it.
    const messages = createMessagesService({ db });
    const bellLatencies: number[] = [];
    let bellLost = 0;
    for (let sample = 0; sample < options.samples; sample += 1) {
      const client = clients[sample % clients.length] as Client;
      const title = `Bench alarm ${sample}`;
      const started = performance.now();
      await messages.post(customerId, [{ userId: client.userId, kind: 1, title, body: 'bench', source: 'bench', refId: null }]);
      const at = await arrival(client, started, (event) => event.type === 'notice' && event.data.message?.title === title);
      if (at === null) bellLost += 1;
      else bellLatencies.push(at - started);
    }
    // (3) A box posts an AI alarm with its image (issue 15 section 6): every client's bell hears of it
    // (the kind-1 message each person who sees the shop gets) and its alarm list (the `alarm` event).
    const jpeg = (
      await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 180, g: 160, b: 120 } } })
        .jpeg()
        .toBuffer()
    ).toString('base64');
    const alarmBell: number[] = [];
    const alarmBellLast: number[] = [];
    const alarmEvent: number[] = [];
    let alarmLost = 0;
    const alarmSamples = Math.max(1, Math.round(options.samples / 4));
    for (let sample = 0; sample < alarmSamples; sample += 1) {
      const box = boxes[sample % boxes.length] as (typeof boxes)[number];
      const eventCode = `bench_alarm_${sample}`;
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/api/device/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${box.token}` },
        body: JSON.stringify({
          batchId: `bench-alarm-${sample}-${Date.now()}`,
          events: [
            {
              type: 'alarm',
              eventId: `bench-alarm-${sample}-${Date.now()}`,
              cameraId: box.cameraId,
              eventCode,
              at: new Date().toISOString(),
              priority: 'high',
              images: [{ image: jpeg }],
            },
          ],
        }),
      });
      const answer = (await response.json()) as { status: number; msg: string };
      if (answer.status !== 200) throw new Error(`alarm post: ${answer.status} ${answer.msg}`);
      const [bells, lists] = await Promise.all([
        Promise.all(
          clients.map((client) => arrival(client, started, (event) => event.type === 'notice' && (event.data.message?.title ?? '').includes(eventCode))),
        ),
        Promise.all(clients.map((client) => arrival(client, started, (event) => event.type === 'alarm' && event.data.shopId === box.shopId))),
      ]);
      for (const at of bells) {
        if (at === null) alarmLost += 1;
        else alarmBell.push(at - started);
      }
      const got = bells.filter((at): at is number => at !== null);
      if (got.length > 0) alarmBellLast.push(Math.max(...got) - started);
      for (const at of lists) if (at !== null) alarmEvent.push(at - started);
    }
    const runSeconds = (performance.now() - runStarted) / 1000;
    const runCpu = server.pid ? (cpuSecondsOf(server.pid) - cpuRun) / runSeconds : Number.NaN;

    // The naive peer: what one poll of the dashboard and of the counts takes.
    const session = { token: clients[0]?.token ?? '', cid: customerId };
    const dashboardRead: number[] = [];
    const countRead: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      let started = performance.now();
      await api(server.baseUrl, '/api/traffic/dashboard', { shopIds: boxes.map((box) => box.shopId) }, session);
      dashboardRead.push(performance.now() - started);
      started = performance.now();
      await api(server.baseUrl, '/api/current/noticeCount', {}, session);
      countRead.push(performance.now() - started);
    }

    console.log(`\n${clients.length} streams opened (sign-in, ticket, stream) in ${(connectMs / 1000).toFixed(1)} s`);
    printTable(
      ['path', 'median', 'p95', 'max', 'deliveries', 'lost'],
      [
        [
          'box post -> dashboard event, per client (SSE)',
          ms(percentile(dashboardLatencies, 50)),
          ms(percentile(dashboardLatencies, 95)),
          ms(Math.max(...dashboardLatencies)),
          String(dashboardLatencies.length),
          String(dashboardLost),
        ],
        [
          `box post -> dashboard event, last of ${clients.length} clients`,
          ms(percentile(dashboardAll, 50)),
          ms(percentile(dashboardAll, 95)),
          ms(Math.max(...dashboardAll)),
          String(dashboardAll.length),
          '',
        ],
        ['  of which the device API post itself', ms(percentile(postMs, 50)), ms(percentile(postMs, 95)), ms(Math.max(...postMs)), String(postMs.length), ''],
        [
          'messages.post (other process) -> bell event (SSE)',
          ms(percentile(bellLatencies, 50)),
          ms(percentile(bellLatencies, 95)),
          ms(Math.max(...bellLatencies)),
          String(bellLatencies.length),
          String(bellLost),
        ],
        [
          'box AI alarm post -> bell (notice), per client (SSE)',
          ms(percentile(alarmBell, 50)),
          ms(percentile(alarmBell, 95)),
          ms(Math.max(...alarmBell)),
          String(alarmBell.length),
          String(alarmLost),
        ],
        [
          `box AI alarm post -> bell, last of ${clients.length} clients`,
          ms(percentile(alarmBellLast, 50)),
          ms(percentile(alarmBellLast, 95)),
          ms(Math.max(...alarmBellLast)),
          String(alarmBellLast.length),
          '',
        ],
        [
          'box AI alarm post -> alarm list event, per client (SSE)',
          ms(percentile(alarmEvent, 50)),
          ms(percentile(alarmEvent, 95)),
          ms(Math.max(...alarmEvent)),
          String(alarmEvent.length),
          '',
        ],
        [
          'naive: dashboard poll every 30 s (modelled + measured read)',
          ms(DASHBOARD_POLL_MS * 0.5 + percentile(dashboardRead, 50)),
          ms(DASHBOARD_POLL_MS * 0.95 + percentile(dashboardRead, 95)),
          ms(DASHBOARD_POLL_MS + Math.max(...dashboardRead)),
          '',
          '',
        ],
        [
          'naive: bell poll every 60 s (modelled + measured read)',
          ms(BELL_POLL_MS * 0.5 + percentile(countRead, 50)),
          ms(BELL_POLL_MS * 0.95 + percentile(countRead, 95)),
          ms(BELL_POLL_MS + Math.max(...countRead)),
          '',
          '',
        ],
      ],
    );
    printTable(
      ['server cost', 'value'],
      [
        [`CPU, ${clients.length} idle streams (heartbeats, log reads every 250 ms)`, `${(idleCpu * 100).toFixed(1)} % of a core`],
        ['CPU during the measured posts', `${(runCpu * 100).toFixed(1)} % of a core`],
        [
          `naive polling load: ${clients.length} dashboards / 30 s`,
          `${(clients.length / 30).toFixed(1)} dashboard reads/s (median read ${ms(percentile(dashboardRead, 50))})`,
        ],
        [
          `naive polling load: ${clients.length} bells / 60 s`,
          `${(clients.length / 60).toFixed(1)} count reads/s (median read ${ms(percentile(countRead, 50))})`,
        ],
      ],
    );
    const target = percentile(dashboardLatencies, 50) <= 2000 && percentile(bellLatencies, 50) <= 2000 && percentile(alarmBell, 50) <= 2000;
    console.log(`target (median <= 2 s, box post to event at the client): ${target ? 'met' : 'NOT met'}`);
  } finally {
    for (const client of clients) client.close();
    server.stop();
    await close();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
