import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { startBackground } from './background.ts';
import { OFFLINE_CHECK_JOB } from './modules/devices/devices.jobs.ts';
import { RETENTION_PURGE_JOB } from './modules/traffic/retention.jobs.ts';
import { DOWNLOADS_EXPIRE_JOB } from './modules/video/downloads/downloads.jobs.ts';
import { VIDEO_DISK_GUARD_JOB, VIDEO_RETENTION_JOB } from './modules/video/video.jobs.ts';
import { JOBS_CLEANUP_JOB } from './platform/jobs/housekeeping.ts';

const quiet = { info: () => undefined, error: () => undefined, debug: () => undefined };

describe('the worker role', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('schedules the periodic work as jobs and runs each occurrence once', async () => {
    const first = startBackground({ db: t.db, config: t.config, log: quiet });
    const second = startBackground({ db: t.db, config: t.config, log: quiet });
    try {
      const finished = async () =>
        (await t.db.selectFrom('jobs').select(['name', 'status']).where('status', '=', 'completed').orderBy('name').execute()).map((row) => row.name);
      await expect
        .poll(finished, { timeout: 10_000 })
        .toEqual([OFFLINE_CHECK_JOB, JOBS_CLEANUP_JOB, RETENTION_PURGE_JOB, VIDEO_DISK_GUARD_JOB, VIDEO_RETENTION_JOB, DOWNLOADS_EXPIRE_JOB].sort());
      // Two processes' schedulers race: still one job per occurrence.
      expect(await first.scheduler.tick()).toEqual([]);
      expect(await second.scheduler.tick()).toEqual([]);
      const all = await t.db.selectFrom('jobs').select('name').execute();
      expect(all).toHaveLength(6);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });
});
