import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import { type AudienceRow, crowdOperations as ops, RoleId } from '@storelens/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildCustomer, buildShop, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { type ServerProcess, sessionHeaders, startServerProcess, stopServerProcess } from '../../../test/support/server-process.ts';
import { type DB, migrateToLatest, openDatabase } from '../../platform/db/database.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { addDays, todayIn } from '../../platform/time/local-time.ts';
import { CustomTally } from './audience-sets.ts';
import { crowdRepo } from './crowd.repo.ts';

/**
 * DESIGN R1 for an audience: the server process is killed (SIGKILL) while it generates an audience
 * over 40 stores and 90 days of sightings; the audience stays 'generating' with no members written;
 * the next server process takes the job back and generates the whole audience, whose members equal
 * the set computed here from the same sightings. Both are the real server (`main.ts serve`) on an
 * SQLite file in DATA_DIR, or this file's PostgreSQL database, on the real clock.
 */
const SHOPS = 40;
const DAYS = 90;
const PEOPLE = 24_000;
let t: TestApp;
let db: DB;
let closeDb: () => Promise<void> = async () => {};
let customerId: string;
let loginName: string;
const shopIds: string[] = [];
let startDate: string;
let endDate: string;
let server: ServerProcess | null = null;

beforeAll(async () => {
  t = await createTestApp();
  if (t.config.databaseUrl) db = t.db;
  else {
    const opened = openDatabase({ databaseUrl: null, dataDir: t.config.dataDir });
    db = opened.db;
    closeDb = opened.close;
    await migrateToLatest(db);
  }
  const customer = await buildCustomer(db, 'Audience Restart Co');
  customerId = customer.customerId;
  for (let i = 0; i < SHOPS; i += 1) shopIds.push(await buildShop(db, customerId, customer.rootOrgId, { timeZone: 'Asia/Shanghai' }));
  loginName = (await buildUser(db, [{ customerId, roleId: RoleId.superManager }])).loginName;
  endDate = addDays(todayIn('Asia/Shanghai', new Date()), -1);
  startDate = addDays(endDate, -(DAYS - 1));
  // Sightings written as ingest writes them: each person visits a store on some days (seeded, deterministic).
  const repo = crowdRepo(tenantScope(db, customerId));
  let rows: Parameters<typeof repo.insertSightings>[0][number][] = [];
  for (let p = 0; p < PEOPLE; p += 1) {
    const wifiId = crypto.createHash('sha256').update(`restart-${p}`).digest('hex');
    const shop = shopIds[p % SHOPS] ?? '';
    for (let d = p % 7; d < DAYS; d += 3 + (p % 11)) {
      const date = addDays(startDate, d);
      const hour = 10 + ((p + d) % 10);
      rows.push({
        shop_id: shop,
        wifi_id: wifiId,
        first_seen_at: `${date}T${String(hour - 8).padStart(2, '0')}:00:00.000Z`,
        last_seen_at: `${date}T${String(hour - 8).padStart(2, '0')}:20:00.000Z`,
        local_date: date,
        hour,
        dwell_s: 1200,
        presence: 'inStore',
        batch_ref: 'restart-fixture',
      });
      if (rows.length >= 5000) {
        await repo.insertSightings(rows);
        rows = [];
      }
    }
  }
  await repo.insertSightings(rows);
}, 300_000);
afterAll(async () => {
  await stopServerProcess(server, 'SIGKILL');
  await closeDb();
  await t.close();
  await fsp.rm(t.config.dataDir, { recursive: true, force: true });
});

async function detail(base: string, headers: Record<string, string>, audienceId: string): Promise<AudienceRow> {
  const answer = await fetch(`${base}${ops.crowdDetail.path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ audienceId }),
  });
  return ((await answer.json()) as { data: AudienceRow }).data;
}
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

it('a server killed mid-generation leaves the audience generating, and the next one generates all of it', { timeout: 600_000 }, async () => {
  const env = { dataDir: t.config.dataDir, databaseUrl: t.config.databaseUrl ?? null, extra: { VIDEO_RECORD: 'false', DEMO_VIDEO: 'false' } };
  server = await startServerProcess(env);
  let headers = await sessionHeaders(server.base, loginName, TEST_PASSWORD, customerId);
  const conditions = { shopIds, startDate, endDate, minVisits: 8, fromHour: 11, toHour: 19 };
  const added = (await (
    await fetch(`${server.base}${ops.crowdAddTask.path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Frequent daytime visitors', type: 'inStore', strategy: 'custom', conditions }),
    })
  ).json()) as { data: { audienceId: string } };
  const audienceId = added.data.audienceId;
  // Watched in the database itself (a request to the server would take longer than a step of the work).
  await until(
    async () => {
      const row = await db
        .selectFrom('crowd_audiences')
        .select(['status', 'progress'])
        .where('customer_id', '=', customerId)
        .where('id', '=', audienceId)
        .executeTakeFirst();
      if (row?.status === 'generated') throw new Error('the generation finished before it could be interrupted: make the fixture larger');
      return row?.status === 'generating' && row.progress >= 5;
    },
    120_000,
    'the generation to be under way',
  );
  await stopServerProcess(server, 'SIGKILL');
  server = null;

  const left = await db.selectFrom('crowd_audiences').selectAll().where('customer_id', '=', customerId).where('id', '=', audienceId).executeTakeFirstOrThrow();
  expect(left.status).toBe('generating');
  expect(left.progress).toBeLessThan(100);
  const written = await db
    .selectFrom('crowd_audience_members')
    .select('wifi_id')
    .where('customer_id', '=', customerId)
    .where('audience_id', '=', audienceId)
    .execute();
  expect(written).toEqual([]);
  // A minute of silence passes before the next server starts (recovery waits 30 s of it).
  const job = await db.selectFrom('jobs').selectAll().where('name', '=', 'crowd.generate').where('customer_id', '=', customerId).executeTakeFirstOrThrow();
  expect(job.status).toBe('running');
  await db
    .updateTable('jobs')
    .set({ heartbeat_at: new Date(Date.parse(job.heartbeat_at ?? '') - 60_000).toISOString() })
    .where('id', '=', job.id)
    .execute();

  server = await startServerProcess(env);
  headers = await sessionHeaders(server.base, loginName, TEST_PASSWORD, customerId);
  const restarted = server.base;
  await until(async () => (await detail(restarted, headers, audienceId)).status === 'generated', 300_000, 'the audience to be generated');

  // The members equal the set computed here from the same sightings.
  const tally = new CustomTally({ ...conditions, sourceIds: [] });
  const repo = crowdRepo(tenantScope(db, customerId));
  for (const shopId of shopIds) tally.add(await repo.sightings(shopId, startDate, endDate, ['inStore']));
  const expected = tally.members();
  expect(expected.length).toBeGreaterThan(100);
  const members = await repo.members(audienceId);
  expect(members).toEqual(expected);
  const done = await detail(restarted, headers, audienceId);
  expect(done).toMatchObject({ status: 'generated', progress: 100, size: expected.length });
  const finished = await db.selectFrom('jobs').select(['attempts', 'status']).where('id', '=', job.id).executeTakeFirstOrThrow();
  expect(finished).toMatchObject({ status: 'completed', attempts: 2 });
  await stopServerProcess(server, 'SIGTERM');
  server = null;
});
