import { SINGLE_LENS, type SingleLensResponse, type singleLensRequestSchema } from '@storelens/contracts';
import type { z } from 'zod';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { addDays, datesOf } from '../../platform/time/local-time.ts';
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
      const repo = singleLensRepo(tenantScope(db, actor.customerId));
      const camera = await repo.camera(input.cameraId);
      if (!camera) throw notFound();
      const from = addDays(input.date, -(SINGLE_LENS.days - 1));
      const [entranceHours, zoneHours, entranceDays, zoneDays] = await Promise.all([
        repo.entranceHours(camera.id, input.date),
        repo.zoneHours(camera.id, input.date),
        repo.entranceDays(camera.id, from, input.date),
        repo.zoneDays(camera.id, from, input.date),
      ]);
      const byHour = <T extends { hour: number }>(rows: readonly T[]) => new Map(rows.map((row) => [Number(row.hour), row]));
      const byDate = <T extends { local_date: string }>(rows: readonly T[]) => new Map(rows.map((row) => [row.local_date, row]));
      const lines = byHour(entranceHours);
      const zones = byHour(zoneHours);
      const lineDays = byDate(entranceDays);
      const zoneDaysOf = byDate(zoneDays);
      return {
        cameraId: camera.id,
        cameraName: camera.name,
        shopId: camera.shop_id,
        shopName: camera.shop_name,
        timeZone: camera.time_zone,
        date: input.date,
        hourly: Array.from({ length: 24 }, (_, hour) => ({
          hour,
          entries: Number(lines.get(hour)?.entries ?? 0),
          exits: Number(lines.get(hour)?.exits ?? 0),
          stays: Number(zones.get(hour)?.stays ?? 0),
          dwellSeconds: Number(zones.get(hour)?.dwell ?? 0),
        })),
        daily: datesOf(from, input.date).map((date) => ({
          date,
          entries: Number(lineDays.get(date)?.entries ?? 0),
          exits: Number(lineDays.get(date)?.exits ?? 0),
          stays: Number(zoneDaysOf.get(date)?.stays ?? 0),
          dwellSeconds: Number(zoneDaysOf.get(date)?.dwell ?? 0),
        })),
      };
    },
  };
}
