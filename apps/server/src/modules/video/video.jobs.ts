import type { JobDefinition } from '../../platform/jobs/jobs.ts';
import type { Schedule } from '../../platform/jobs/scheduler.ts';
import type { VideoRetention } from './video-retention.ts';

export const VIDEO_RETENTION_JOB = 'video.retention-purge';
export const VIDEO_DISK_GUARD_JOB = 'video.disk-guard';

/** The video retention policies, daily. */
export function videoRetentionJob(deps: { retention: VideoRetention; log: (message: string) => void }): JobDefinition<null> {
  return {
    name: VIDEO_RETENTION_JOB,
    handler: async ({ progress }) => {
      const result = await deps.retention.purge();
      await progress(100);
      const files = Object.entries(result.files)
        .map(([prefix, count]) => `${count} ${prefix}`)
        .join(', ');
      deps.log(
        `video retention: ${result.segments} recorded segments (${Math.round(result.bytes / 1_048_576)} MB) past 30 days deleted; files past their policy: ${files}`,
      );
    },
  };
}

/** The free-disk guard, every five minutes: cheap when the disk has room (one statfs). */
export function videoDiskGuardJob(deps: { retention: VideoRetention }): JobDefinition<null> {
  return {
    name: VIDEO_DISK_GUARD_JOB,
    handler: async () => {
      await deps.retention.guardDisk();
    },
  };
}

export const VIDEO_RETENTION_SCHEDULE: Schedule = { name: 'video-retention', job: VIDEO_RETENTION_JOB, dailyAt: { time: '00:20', timeZone: 'UTC' } };
export const VIDEO_DISK_GUARD_SCHEDULE: Schedule = { name: 'video-disk-guard', job: VIDEO_DISK_GUARD_JOB, everyMinutes: 5 };
