import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCamera, buildCustomer, buildShop } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { recordClip, tempDir, testClip } from '../../../test/support/video.ts';
import { createLocalStorage } from '../../platform/storage/local-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { advanceClock, now, setClock } from '../../platform/time/clock.ts';
import { createSegmentIndex } from './segment-index.ts';
import { videoRepo } from './video.repo.ts';
import { createVideoRetention } from './video-retention.ts';

/**
 * Retention with the clock moved and the disk guard on a disk of the test's own size, both over
 * real segment files in a real storage directory.
 */
const NOW = '2026-06-01T00:00:00.000Z';
const DAY = 86_400_000;

let t: TestApp;
let dir: string;
let clip: string;
let customerId: string;
let otherCustomerId: string;
let cameraId: string;
let otherCameraId: string;

beforeAll(async () => {
  t = await createTestApp();
  dir = await tempDir('retention');
  clip = await testClip(dir, 8);
  for (const which of ['one', 'other'] as const) {
    const customer = await buildCustomer(t.db);
    const camera = await buildCamera(t.db, customer.customerId, await buildShop(t.db, customer.customerId, customer.rootOrgId));
    if (which === 'one') [customerId, cameraId] = [customer.customerId, camera];
    else [otherCustomerId, otherCameraId] = [customer.customerId, camera];
  }
}, 60_000);
afterAll(async () => {
  await t.close();
  await fsp.rm(dir, { recursive: true, force: true });
});

/** A storage directory, its index, and the clip's four 2-second segments indexed from `baseMs`. */
async function recordAt(storageDir: string, customer: string, camera: string, baseMs: number) {
  const storage = createLocalStorage(storageDir);
  const index = createSegmentIndex({ db: t.db, storage });
  await recordClip(index, { clip, directory: dir, customerId: customer, cameraId: camera, baseMs, runId: `run-${baseMs}` });
  return { storage, index };
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await fsp.readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function bytesUnder(directory: string): Promise<number> {
  let sum = 0;
  for (const file of await filesUnder(directory)) sum += (await fsp.stat(file)).size;
  return sum;
}

describe('retention', () => {
  it('deletes recordings past 30 days (index, rollup and files), downloads past 30 days, alarm media past a year', async () => {
    setClock(NOW);
    const storageDir = path.join(dir, 'purge');
    const nowMs = now().getTime();
    // Recorded 29 days and 1 hour ago, and again 1 day ago.
    const { storage, index } = await recordAt(storageDir, customerId, cameraId, nowMs - 29 * DAY - 3_600_000);
    await recordAt(storageDir, customerId, cameraId, nowMs - DAY);
    await storage.putBuffer(`downloads/${customerId}/task-1.mp4`, Buffer.from('clip'));
    await storage.putBuffer(`alarm-media/${customerId}/alarm-1.jpg`, Buffer.from('jpeg'));
    // File times on the server's clock, which the test moves (the machine's own date plays no part):
    // the download task's file was written 29 days ago, the alarm picture now.
    const written = new Date(nowMs - 29 * DAY);
    await fsp.utimes(path.join(storageDir, 'downloads', customerId, 'task-1.mp4'), written, written);
    await fsp.utimes(path.join(storageDir, 'alarm-media', customerId, 'alarm-1.jpg'), now(), now());
    const retention = createVideoRetention({ db: t.db, storage, index, dataDir: storageDir, minFreeMb: 0, log: () => undefined });
    const repo = videoRepo(tenantScope(t.db, customerId));

    // Today nothing is past its policy.
    expect(await retention.purge()).toEqual({ segments: 0, bytes: 0, files: { 'alarm-media/': 0, 'downloads/': 0, 'thumbnails/': 0 } });
    expect((await filesUnder(storageDir)).length).toBe(10);

    // Two days later the first recording is 31 days old, the download task's file too (policy 30 days); the alarm picture is not (1 year).
    advanceClock(2 * DAY);
    const bytesBefore = await bytesUnder(path.join(storageDir, 'recordings'));
    const result = await retention.purge();
    expect(result.segments).toBe(4);
    expect(result.files).toEqual({ 'alarm-media/': 0, 'downloads/': 1, 'thumbnails/': 0 });
    expect(result.bytes).toBe(bytesBefore - (await bytesUnder(path.join(storageDir, 'recordings'))));
    const left = await repo.segmentsBetween(cameraId, 0, nowMs + 10 * DAY);
    expect(left.map((row) => row.start_ms - (nowMs - DAY))).toEqual([0, 2000, 4000, 6000]);
    expect((await repo.buckets(cameraId, 0)).map((row) => Number(row.recorded_ms))).toEqual([8000]);
    expect((await filesUnder(storageDir)).map((file) => path.relative(storageDir, file)).filter((file) => !file.startsWith('recordings/'))).toEqual([
      `alarm-media/${customerId}/alarm-1.jpg`,
    ]);
    for (const row of left) expect(await storage.size(row.location)).toBe(Number(row.bytes));

    // A year and a day later everything has gone.
    advanceClock(365 * DAY);
    const last = await retention.purge();
    expect(last.segments).toBe(4);
    expect(last.files['alarm-media/']).toBe(1);
    expect(await filesUnder(storageDir)).toEqual([]);
    expect(await repo.buckets(cameraId, 0)).toEqual([]);
  });

  it('keeps a stored file while another segment still names it (the demo history shares its clip)', async () => {
    setClock(NOW);
    const storageDir = path.join(dir, 'shared');
    const nowMs = now().getTime();
    const { storage, index } = await recordAt(storageDir, customerId, cameraId, nowMs - 40 * DAY);
    const repo = videoRepo(tenantScope(t.db, customerId));
    const old = await repo.segmentsBetween(cameraId, nowMs - 41 * DAY, nowMs - 39 * DAY);
    // The same files indexed again, two days ago.
    await index.insert(
      customerId,
      old.map((row) => ({ ...row, id: `${row.id}x`, start_ms: row.start_ms + 38 * DAY, end_ms: row.end_ms + 38 * DAY })),
    );
    const retention = createVideoRetention({ db: t.db, storage, index, dataDir: storageDir, minFreeMb: 0, log: () => undefined });
    const result = await retention.purge();
    expect(result.segments).toBe(4);
    expect(result.bytes).toBe(0);
    for (const row of old) expect(await storage.size(row.location)).toBe(Number(row.bytes));
  });
});

describe('free-disk guard', () => {
  it('deletes the oldest recordings of every customer first until 10 % above the minimum is free, and logs it', async () => {
    setClock(NOW);
    // Only this test's recordings on its disk: the earlier tests' index rows name other directories.
    await t.db.deleteFrom('video_segments').execute();
    await t.db.deleteFrom('video_availability').execute();
    const storageDir = path.join(dir, 'guard');
    const nowMs = now().getTime();
    const { storage, index } = await recordAt(storageDir, otherCustomerId, otherCameraId, nowMs - 3 * DAY);
    await recordAt(storageDir, customerId, cameraId, nowMs - 2 * DAY);
    await recordAt(storageDir, otherCustomerId, otherCameraId, nowMs - DAY);
    // Every segment, oldest first, with its size: what the guard must delete, in that order.
    const all = [
      ...(await videoRepo(tenantScope(t.db, otherCustomerId)).oldestSegments(100)),
      ...(await videoRepo(tenantScope(t.db, customerId)).oldestSegments(100)),
    ].sort((a, b) => a.start_ms - b.start_ms);
    expect(all).toHaveLength(12);
    const firstFive = all.slice(0, 5).reduce((sum, row) => sum + Number(row.bytes), 0);
    // A disk sized so that free space reaches the guard's target (10 % above the minimum) exactly when the five oldest are gone.
    const minFreeMb = 0.05;
    const target = minFreeMb * 1024 * 1024 * 1.1;
    const capacity = (await bytesUnder(storageDir)) - firstFive + Math.ceil(target);
    const logged: Record<string, unknown>[] = [];
    const retention = createVideoRetention({
      db: t.db,
      storage,
      index,
      dataDir: storageDir,
      minFreeMb,
      guardBatch: 1,
      freeBytes: async () => capacity - (await bytesUnder(storageDir)),
      log: (_message, details) => logged.push(details ?? {}),
    });
    expect(capacity - (await bytesUnder(storageDir))).toBeLessThan(minFreeMb * 1024 * 1024);
    const result = await retention.guardDisk();
    expect(result.segments).toBe(5);
    expect(result.bytes).toBe(firstFive);
    const remaining = new Set(
      [
        ...(await videoRepo(tenantScope(t.db, otherCustomerId)).oldestSegments(100)),
        ...(await videoRepo(tenantScope(t.db, customerId)).oldestSegments(100)),
      ].map((row) => row.id),
    );
    expect(all.map((row) => remaining.has(row.id))).toEqual([false, false, false, false, false, true, true, true, true, true, true, true]);
    // Oldest first: the three-day-old recording of the other customer went before anything of this one.
    expect(result.oldestDeleted).toBe(new Date(nowMs - 3 * DAY).toISOString());
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ minFreeMb, segments: 5 });
    // With room to spare it does nothing and logs nothing.
    const again = await retention.guardDisk();
    expect(again.segments).toBe(0);
    expect(logged).toHaveLength(1);
  });
});
