import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { startBackground } from './background.ts';
import { ALARM_NOTICES_JOB } from './modules/alarms/alert-settings.jobs.ts';
import { CROWD_PURGE_JOB } from './modules/crowd/crowd.jobs.ts';
import { OFFLINE_CHECK_JOB } from './modules/devices/devices.jobs.ts';
import { FLOORPLAN_OCCUPANCY_JOB, FLOORPLAN_PURGE_JOB, FLOORPLAN_RECOMPUTE_WATCH_JOB } from './modules/floorplan/tracks/tracks.jobs.ts';
import { CERTIFICATE_REMINDERS_JOB } from './modules/hygiene/hygiene.jobs.ts';
import { PLAN_NOTICES_JOB, SCAN_OCCURRENCES_JOB } from './modules/inspection/inspection.jobs.ts';
import { DEADLINE_SCAN_JOB } from './modules/rectification/rectification.jobs.ts';
import { BREACH_CHECK_JOB, TEMPERATURE_PURGE_JOB } from './modules/temperature/temperature.jobs.ts';
import { RETENTION_PURGE_JOB } from './modules/traffic/retention.jobs.ts';
import { DOWNLOADS_EXPIRE_JOB } from './modules/video/downloads/downloads.jobs.ts';
import { VIDEO_DISK_GUARD_JOB, VIDEO_RETENTION_JOB } from './modules/video/video.jobs.ts';
import { WAREHOUSE_SCAN_JOB } from './modules/warehouse/warehouse.jobs.ts';
import { WEBHOOKS_PRUNE_JOB } from './modules/webhooks/webhooks.jobs.ts';
import { JOBS_CLEANUP_JOB } from './platform/jobs/housekeeping.ts';
import { REALTIME_PRUNE_JOB } from './platform/realtime/realtime.jobs.ts';
import { resetClock, setClock } from './platform/time/clock.ts';

const quiet = { info: () => undefined, error: () => undefined, debug: () => undefined };

describe('the worker role', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    resetClock();
    await t.close();
  });

  it('schedules the periodic work as jobs and runs each occurrence once', async () => {
    // The first second of a minute: the every-minute schedules' next occurrence is a minute away,
    // however slowly a loaded machine runs this test (it once crossed a minute and ran them twice).
    setClock('2026-03-10T02:00:01.000Z');
    const first = startBackground({ db: t.db, config: t.config, log: quiet });
    const second = startBackground({ db: t.db, config: t.config, log: quiet });
    try {
      const finished = async () =>
        (await t.db.selectFrom('jobs').select(['name', 'status']).where('status', '=', 'completed').orderBy('name').execute()).map((row) => row.name);
      await expect
        .poll(finished, { timeout: 10_000 })
        .toEqual(
          [
            OFFLINE_CHECK_JOB,
            JOBS_CLEANUP_JOB,
            RETENTION_PURGE_JOB,
            VIDEO_DISK_GUARD_JOB,
            VIDEO_RETENTION_JOB,
            DOWNLOADS_EXPIRE_JOB,
            SCAN_OCCURRENCES_JOB,
            PLAN_NOTICES_JOB,
            FLOORPLAN_PURGE_JOB,
            FLOORPLAN_RECOMPUTE_WATCH_JOB,
            FLOORPLAN_OCCUPANCY_JOB,
            REALTIME_PRUNE_JOB,
            WEBHOOKS_PRUNE_JOB,
            CROWD_PURGE_JOB,
            DEADLINE_SCAN_JOB,
            BREACH_CHECK_JOB,
            TEMPERATURE_PURGE_JOB,
            CERTIFICATE_REMINDERS_JOB,
            ALARM_NOTICES_JOB,
            WAREHOUSE_SCAN_JOB,
          ].sort(),
        );
      // Two processes' schedulers race: still one job per occurrence.
      expect(await first.scheduler.tick()).toEqual([]);
      expect(await second.scheduler.tick()).toEqual([]);
      const all = await t.db.selectFrom('jobs').select('name').execute();
      expect(all).toHaveLength(20);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });
});
