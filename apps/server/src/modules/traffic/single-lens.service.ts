import { SINGLE_LENS, type SingleLensResponse, type singleLensRequestSchema } from '@storelens/contracts';
import type { z } from 'zod';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now as nowDate } from '../../platform/time/clock.ts';
import { addDays, datesOf, localParts } from '../../platform/time/local-time.ts';
import { analyticsRepo } from './analytics.repo.ts';
import { retentionRepo } from './retention.repo.ts';
import { singleLensRepo } from './single-lens.repo.ts';

/**
 * Single-lens analysis (issue 12 section 5a): one camera's entries and exits (its lines, the
 * entrance rollups) and stays and dwell (its zones: the zone rollup by day, the zone events by
 * hour) of a shop-local day and the days before it. The camera is checked through the access module.
 */
export function createSingleLensService(deps: { db: DB }) {
  const { db } = deps;
  return {
    async cameraStatistics(actor: CustomerActor, input: z.infer<typeof singleLensRequestSchema>): Promise<SingleLensResponse> {
      await accessOf(db, actor).cameras([input.cameraId]);
      const scope = tenantScope(db, actor.customerId);
      const repo = singleLensRepo(scope);
      const camera = await repo.camera(input.cameraId);
      if (!camera) throw notFound();
      const from = addDays(input.date, -(SINGLE_LENS.days - 1));
      const [entranceHours, zoneHours, entranceDays, zoneDays, coverage, retainedFrom] = await Promise.all([
        repo.entranceHours(camera.id, input.date),
        repo.zoneHours(camera.id, input.date),
        repo.entranceDays(camera.id, from, input.date),
        repo.zoneDays(camera.id, from, input.date),
        analyticsRepo(scope).coverage([camera.shop_id], from, input.date),
        retentionRepo(scope).retainedFrom(camera.shop_id),
      ]);
      const byHour = <T extends { hour: number }>(rows: readonly T[]) => new Map(rows.map((row) => [Number(row.hour), row]));
      const byDate = <T extends { local_date: string }>(rows: readonly T[]) => new Map(rows.map((row) => [row.local_date, row]));
      const lines = byHour(entranceHours);
      const zones = byHour(zoneHours);
      const lineDays = byDate(entranceDays);
      const zoneDaysOf = byDate(zoneDays);
      // No data is not zero (issue 11): an hour or a day the shop's devices sent no report for is unknown.
      const reportedHours = new Set(coverage.filter((row) => row.local_date === input.date).map((row) => Number(row.hour)));
      const reportedDays = new Set(coverage.map((row) => row.local_date));
      // Hourly stays are grouped from the zone events, which the privacy retention purges.
      const hourlyStaysPurged = retainedFrom !== null && input.date < retainedFrom;
      const now = localParts(camera.time_zone, nowDate().getTime());
      const hoursPassed = input.date < now.date ? 24 : input.date === now.date ? now.hour + 1 : 0;
      const known = (reported: boolean, value: number | string | undefined) => (reported ? Number(value ?? 0) : null);
      return {
        cameraId: camera.id,
        cameraName: camera.name,
        shopId: camera.shop_id,
        shopName: camera.shop_name,
        timeZone: camera.time_zone,
        date: input.date,
        hourly: Array.from({ length: 24 }, (_, hour) => {
          const reported = reportedHours.has(hour) || lines.has(hour) || zones.has(hour);
          return {
            hour,
            entries: known(reported, lines.get(hour)?.entries),
            exits: known(reported, lines.get(hour)?.exits),
            stays: known(reported && !hourlyStaysPurged, zones.get(hour)?.stays),
            dwellSeconds: known(reported && !hourlyStaysPurged, zones.get(hour)?.dwell),
          };
        }),
        daily: datesOf(from, input.date).map((date) => {
          const reported = reportedDays.has(date) || lineDays.has(date) || zoneDaysOf.has(date);
          return {
            date,
            entries: known(reported, lineDays.get(date)?.entries),
            exits: known(reported, lineDays.get(date)?.exits),
            stays: known(reported, zoneDaysOf.get(date)?.stays),
            dwellSeconds: known(reported, zoneDaysOf.get(date)?.dwell),
          };
        }),
        hoursWithoutReports: Array.from({ length: hoursPassed }, (_, hour) => hour).filter(
          (hour) => !reportedHours.has(hour) && !lines.has(hour) && !zones.has(hour),
        ).length,
        hourlyStaysPurged,
      };
    },
  };
}
