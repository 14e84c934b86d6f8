import fsp from 'node:fs/promises';
import path from 'node:path';
import { type DownloadRow, videoDownloadOperations as ops, RoleId } from '@storelens/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildCamera, buildCustomer, buildShop, buildUser, TEST_PASSWORD } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { type ServerProcess, sessionHeaders, startServerProcess, stopServerProcess } from '../../../../test/support/server-process.ts';
import { FFMPEG, FFPROBE, tempDir, testClip } from '../../../../test/support/video.ts';
import { type DB, migrateToLatest, openDatabase } from '../../../platform/db/database.ts';
import { objectStorageOf } from '../../../platform/storage/storage-config.ts';
import { probeDuration } from '../ffmpeg.ts';
import { indexClipLoops } from '../recorded-loops.ts';
import { createSegmentIndex } from '../segment-index.ts';
import { segmentClip } from '../synthetic-source.ts';

/**
 * DESIGN R1 for a download task: the server process is killed (SIGKILL) while it cuts a two-hour
 * clip; the task stays 'generating' and nothing is stored; the next server process takes the job
 * back and makes the whole clip (its duration checked with ffprobe). Both are the real server
 * (`main.ts serve`) on an SQLite file in DATA_DIR, or this file's PostgreSQL database, on the real
 * clock (the range is the last hours).
 */
const HOUR = 3_600_000;
let t: TestApp;
let db: DB;
let closeDb: () => Promise<void> = async () => {};
let dir: string;
let customerId: string;
let cameraId: string;
let loginName: string;
let server: ServerProcess | null = null;
let fromMs: number;
let toMs: number;

beforeAll(async () => {
  t = await createTestApp();
  if (t.config.databaseUrl) db = t.db;
  else {
    const opened = openDatabase({ databaseUrl: null, dataDir: t.config.dataDir });
    db = opened.db;
    closeDb = opened.close;
    await migrateToLatest(db);
  }
  dir = await tempDir('download-restart');
  const customer = await buildCustomer(db, 'Download Restart Co');
  customerId = customer.customerId;
  cameraId = await buildCamera(db, customerId, await buildShop(db, customerId, customer.rootOrgId));
  loginName = (await buildUser(db, [{ customerId, roleId: RoleId.superManager }])).loginName;

  // A minute of clip in 2-second segments, stored once, indexed over the two hours before the last one
  // (one run per loop, as the demo's history): 3,600 segments to join.
  const index = createSegmentIndex({ db, storage: objectStorageOf(t.config) });
  const pieces = await segmentClip(FFMPEG, await testClip(dir, 60), await fsp.mkdtemp(path.join(dir, 'seg-')), 2);
  toMs = Math.floor((Date.now() - HOUR) / 1000) * 1000;
  fromMs = toMs - 2 * HOUR;
  await indexClipLoops({ index, customerId, cameraId, pieces, fromMs, loops: 120, loopMs: 60_000 });
}, 180_000);
afterAll(async () => {
  await stopServerProcess(server, 'SIGKILL');
  await closeDb();
  await t.close();
  await fsp.rm(t.config.dataDir, { recursive: true, force: true });
  await fsp.rm(dir, { recursive: true, force: true });
});

async function status(base: string, headers: Record<string, string>, id: string) {
  const answer = (await (await fetch(`${base}${ops.downloadStatus.path}?id=${id}`, { headers })).json()) as {
    data: { status: DownloadRow['status']; progress: number };
  };
  return answer.data;
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

it('a server killed mid-cut leaves the task generating, and the next one makes the whole clip', { timeout: 600_000 }, async () => {
  const env = { dataDir: t.config.dataDir, databaseUrl: t.config.databaseUrl ?? null, extra: { VIDEO_RECORD: 'false', DEMO_VIDEO: 'false' } };
  server = await startServerProcess(env);
  let headers = await sessionHeaders(server.base, loginName, TEST_PASSWORD, customerId);
  const added = (await (
    await fetch(`${server.base}${ops.downloadBatchAdd.path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ cameraIds: [cameraId], start: new Date(fromMs).toISOString(), end: new Date(toMs).toISOString() }),
    })
  ).json()) as { data: { ids: string[] } };
  const id = added.data.ids[0] ?? '';
  const base = server.base;
  await until(
    async () => {
      const now = await status(base, headers, id);
      return now.status === 'generating' && now.progress >= 5;
    },
    120_000,
    'the cut to be under way',
  );
  await stopServerProcess(server, 'SIGKILL');
  server = null;

  const left = await db.selectFrom('video_downloads').selectAll().where('customer_id', '=', customerId).where('id', '=', id).executeTakeFirstOrThrow();
  expect(left).toMatchObject({ status: 'generating', attempts: 1, location: null });
  expect(left.progress).toBeLessThan(100);
  // A minute of silence passes before the next server starts (recovery waits 30 s of it).
  const job = await db
    .selectFrom('jobs')
    .selectAll()
    .where('payload', '=', JSON.stringify({ downloadId: id }))
    .executeTakeFirstOrThrow();
  expect(job.status).toBe('running');
  await db
    .updateTable('jobs')
    .set({ heartbeat_at: new Date(Date.parse(job.heartbeat_at ?? '') - 60_000).toISOString() })
    .where('id', '=', job.id)
    .execute();

  server = await startServerProcess(env);
  headers = await sessionHeaders(server.base, loginName, TEST_PASSWORD, customerId);
  const restarted = server.base;
  await until(async () => (await status(restarted, headers, id)).status === 'generated', 300_000, 'the clip to be generated');
  const done = await db.selectFrom('video_downloads').selectAll().where('customer_id', '=', customerId).where('id', '=', id).executeTakeFirstOrThrow();
  expect(done).toMatchObject({ status: 'generated', attempts: 2, progress: 100 });

  const file = path.join(dir, 'two-hours.mp4');
  const answer = await fetch(`${restarted}${ops.downloadFile.path}?id=${id}`, { headers });
  expect(answer.status).toBe(200);
  await fsp.writeFile(file, Buffer.from(await answer.arrayBuffer()));
  expect(Math.abs((await probeDuration(FFPROBE, file)) - 7200)).toBeLessThanOrEqual(0.2);
  await stopServerProcess(server, 'SIGTERM');
  server = null;
});
