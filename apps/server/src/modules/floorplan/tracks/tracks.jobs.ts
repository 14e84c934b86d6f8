import type { JobDefinition } from '../../../platform/jobs/jobs.ts';
import type { Schedule } from '../../../platform/jobs/scheduler.ts';
import { FLOORPLAN_RECOMPUTE_JOB, type RecomputePayload, type TracksMaintenance } from './maintenance.ts';
import type { OccupancyService } from './occupancy.ts';

export const FLOORPLAN_PURGE_JOB = 'floorplan.tracks-purge';
export const FLOORPLAN_RECOMPUTE_WATCH_JOB = 'floorplan.recompute-watch';
export const FLOORPLAN_OCCUPANCY_JOB = 'floorplan.occupancy-check';

/** Raw tracks and heat minutes past 30 days go; rollups stay. */
export function tracksPurgeJob(deps: { maintenance: TracksMaintenance; log: (message: string) => void }): JobDefinition<null> {
  return {
    name: FLOORPLAN_PURGE_JOB,
    handler: async ({ progress }) => {
      const deleted = await deps.maintenance.purge();
      await progress(100);
      deps.log(`floor-plan purge: ${deleted.tracks} tracks and ${deleted.heatMinutes} heat minutes past 30 days deleted`);
    },
  };
}

/** Looks for plans whose elements changed and enqueues their recompute. */
export function recomputeWatchJob(deps: { maintenance: TracksMaintenance }): JobDefinition<null> {
  return {
    name: FLOORPLAN_RECOMPUTE_WATCH_JOB,
    handler: async () => {
      await deps.maintenance.watch();
    },
  };
}

/** The 30-day recompute of one plan, with progress a person can watch (one day per step). */
export function recomputeJob(deps: { maintenance: TracksMaintenance }): JobDefinition<RecomputePayload> {
  return {
    name: FLOORPLAN_RECOMPUTE_JOB,
    handler: async ({ payload, progress }) => {
      await deps.maintenance.recompute(payload, progress);
    },
  };
}

/** Live occupancy against its thresholds, every minute. */
export function occupancyCheckJob(deps: { occupancy: OccupancyService }): JobDefinition<null> {
  return {
    name: FLOORPLAN_OCCUPANCY_JOB,
    maxAttempts: 1,
    handler: async () => {
      await deps.occupancy.check();
    },
  };
}

export const FLOORPLAN_PURGE_SCHEDULE: Schedule = { name: 'floorplan-purge', job: FLOORPLAN_PURGE_JOB, dailyAt: { time: '00:35', timeZone: 'UTC' } };
export const FLOORPLAN_RECOMPUTE_WATCH_SCHEDULE: Schedule = { name: 'floorplan-recompute-watch', job: FLOORPLAN_RECOMPUTE_WATCH_JOB, everyMinutes: 2 };
export const FLOORPLAN_OCCUPANCY_SCHEDULE: Schedule = { name: 'floorplan-occupancy', job: FLOORPLAN_OCCUPANCY_JOB, everyMinutes: 1 };
