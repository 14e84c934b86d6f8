import type { RecomputeStatus } from '@storelens/contracts';
import type { DB } from '../../../platform/db/database.ts';
import { type JobQueue, jobStateOf } from '../../../platform/jobs/jobs.ts';
import { tenantScope } from '../../../platform/tenancy/scoped.ts';
import { now } from '../../../platform/time/clock.ts';
import { addDays, todayIn } from '../../../platform/time/local-time.ts';
import { elementSignature, type FloorplanGeometry } from './geometry-source.ts';
import { recomputePlan, TRACK_RETENTION_DAYS } from './recompute.ts';
import { allCustomerIds, tracksRepo } from './tracks.repo.ts';

export const FLOORPLAN_RECOMPUTE_JOB = 'floorplan.recompute';

/** One recompute job per plan and set of element versions. */
const recomputeJobKey = (planId: string, signature: string) => `floorplan-recompute:${planId}:${signature}`;

export interface RecomputePayload {
  customerId: string;
  planId: string;
}

/**
 * The floor-plan data's housekeeping: the 30-day purge of raw tracks and heat minutes, and the
 * recompute of a plan's last 30 days once its regions, halt or enter areas or flow lines changed
 * (a new element version). The watch compares each plan's element versions with those its rollups
 * were computed with, so nothing has to remember to call it after an edit.
 */
export function createTracksMaintenance(deps: { db: DB; geometry: FloorplanGeometry; queue: Pick<JobQueue, 'enqueue'> }) {
  const { db, geometry, queue } = deps;

  async function watchCustomer(customerId: string): Promise<number> {
    let enqueued = 0;
    const since = addDays(todayIn('UTC', now()), -TRACK_RETENTION_DAYS - 1);
    const repo = tracksRepo(tenantScope(db, customerId));
    for (const planId of await repo.plansWithTracks(since)) {
      const signature = elementSignature(await geometry.planElements(customerId, planId));
      if ((await repo.recomputeSignature(planId)) === signature) continue;
      // One job per plan and set of versions, however many watches race.
      const id = await queue.enqueue<RecomputePayload>(
        FLOORPLAN_RECOMPUTE_JOB,
        { customerId, planId },
        { customerId, uniqueKey: recomputeJobKey(planId, signature), concurrencyKey: `floorplan-recompute:${planId}` },
      );
      if (id) enqueued += 1;
    }
    return enqueued;
  }

  return {
    async purge(): Promise<{ tracks: number; heatMinutes: number }> {
      const cutoff = new Date(now().getTime() - TRACK_RETENTION_DAYS * 86_400_000).toISOString();
      const total = { tracks: 0, heatMinutes: 0 };
      for (const customerId of await allCustomerIds(db)) {
        const deleted = await tracksRepo(tenantScope(db, customerId)).purgeBefore(cutoff);
        total.tracks += deleted.tracks;
        total.heatMinutes += deleted.heatMinutes;
      }
      return total;
    },

    /** Enqueues a recompute for every plan whose elements changed since its rollups were computed; returns how many. */
    async watch(): Promise<number> {
      let enqueued = 0;
      for (const customerId of await allCustomerIds(db)) enqueued += await watchCustomer(customerId);
      return enqueued;
    },

    /** The same for one customer's plans: right after an edit, so the recompute starts at once instead of at the next watch. */
    watchCustomer,

    /** The last 30 local days of a plan with its elements now. */
    async recompute(payload: RecomputePayload, progress?: (percent: number) => Promise<unknown>) {
      const shop = await tracksRepo(tenantScope(db, payload.customerId)).shopOfPlan(payload.planId);
      if (!shop) return { days: 0, tracks: 0 };
      const today = todayIn(shop.time_zone, now());
      return recomputePlan(db, geometry, {
        ...payload,
        fromDate: addDays(today, -(TRACK_RETENTION_DAYS - 1)),
        toDate: today,
        ...(progress ? { progress } : {}),
      });
    },
  };
}
export type TracksMaintenance = ReturnType<typeof createTracksMaintenance>;

/**
 * Whether a plan's rollups were made with its elements as they are now, or where the recompute of
 * an edit stands: its job is found by the key the watch gives it. An edit the watch has not seen
 * yet (it looks every few minutes) is queued. A plan without tracks has nothing to recompute.
 */
export async function recomputeStatus(db: DB, geometry: Pick<FloorplanGeometry, 'planElements'>, customerId: string, planId: string): Promise<RecomputeStatus> {
  const computedWith = await tracksRepo(tenantScope(db, customerId)).recomputeSignature(planId);
  const signature = elementSignature(await geometry.planElements(customerId, planId));
  if (computedWith === null || computedWith === signature) return { state: 'current', percent: null };
  const job = await jobStateOf(db, recomputeJobKey(planId, signature));
  if (job?.status === 'running') return { state: 'running', percent: job.progress };
  if (job?.status === 'failed') return { state: 'failed', percent: null };
  // Waiting, not made yet, or completed a moment before another edit.
  return { state: 'queued', percent: null };
}
