import { messageRef } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { type JobDefinition, JobInterrupted, PermanentJobError } from '../../platform/jobs/jobs.ts';
import type { Schedule } from '../../platform/jobs/scheduler.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import { addDays, todayIn } from '../../platform/time/local-time.ts';
import type { CalendarService } from '../calendar/calendar.service.ts';
import { sharedCount } from './audience-sets.ts';
import { allCustomerIds, crowdRepo } from './crowd.repo.ts';
import { AudienceFailure, computeAudience } from './generation.ts';

export const CROWD_GENERATE_JOB = 'crowd.generate';
export const CROWD_EVALUATE_JOB = 'crowd.evaluate';
export const CROWD_PURGE_JOB = 'crowd.retention-purge';
export const CROWD_GENERATE_MAX_ATTEMPTS = 3;

export interface AudienceJobPayload {
  audienceId: string;
  /** The audience's version when the job was queued: a later change or request makes this job stand down. */
  version: number;
}

/** A customer's audience jobs run one at a time in the order asked, so a combined audience follows its sources. */
export const crowdConcurrencyKey = (customerId: string) => `crowd:${customerId}`;

async function shopsOfAudience(db: DB, customerId: string, audienceId: string): Promise<string[]> {
  return (await crowdRepo(tenantScope(db, customerId)).audienceShops()).filter((row) => row.audience_id === audienceId).map((row) => row.shop_id);
}

/**
 * Generating an audience as a durable job (DESIGN R1): the audience row keeps what a person watches
 * (status, progress, failure), the job row who runs it. The members are written in one transaction
 * at the end, so a process that dies mid-way leaves the audience 'generating' with no half list; the
 * next worker takes the job back and computes it again from the start.
 */
export function generateAudienceJob(deps: { db: DB; log?: (message: string, error: unknown) => void }): JobDefinition<AudienceJobPayload> {
  const { db } = deps;
  const fail = async (customerId: string, audienceId: string, version: number, failure: string) =>
    crowdRepo(tenantScope(db, customerId)).updateAudience(audienceId, { status: 'failed', progress: 100, failure, updated_at: nowIso() }, version);
  return {
    name: CROWD_GENERATE_JOB,
    maxAttempts: CROWD_GENERATE_MAX_ATTEMPTS,
    backoffMs: { base: 0, max: 0 },
    handler: async ({ job, payload, progress, stopping }) => {
      const customerId = job.customer_id;
      if (!customerId) throw new PermanentJobError('an audience job names its customer');
      const repo = crowdRepo(tenantScope(db, customerId));
      const audience = await repo.audience(payload.audienceId);
      if (!audience || audience.version !== payload.version || audience.status !== 'generating') return;
      const report = async (percent: number) => {
        if (stopping()) throw new JobInterrupted('the worker is stopping');
        if (!(await progress(percent))) throw new JobInterrupted('another worker took the job');
        await repo.updateAudience(audience.id, { progress: Math.max(1, Math.min(99, percent)) }, payload.version);
      };
      try {
        const shopIds = await shopsOfAudience(db, customerId, audience.id);
        const computed = await computeAudience(db, customerId, audience, shopIds, report);
        await report(90);
        await db.transaction().execute(async (trx) => {
          const scoped = crowdRepo(tenantScope(trx, customerId));
          const current = await scoped.audience(audience.id);
          if (!current || current.version !== payload.version || current.status !== 'generating') return;
          await scoped.replaceMembers(audience.id, computed.members);
          await scoped.updateAudience(
            audience.id,
            {
              status: 'generated',
              progress: 100,
              failure: null,
              size: computed.members.length,
              mac_quantity: computed.macQuantity,
              randomized_count: computed.randomized,
              generated_at: nowIso(),
            },
            payload.version,
          );
        });
      } catch (error) {
        if (error instanceof JobInterrupted) throw error;
        if (error instanceof AudienceFailure) {
          await fail(customerId, audience.id, payload.version, error.ref);
          return;
        }
        deps.log?.(`audience ${audience.id} could not be generated`, error);
        await fail(customerId, audience.id, payload.version, messageRef('crowd.generationFailed'));
        throw new PermanentJobError(error instanceof Error ? error.message : String(error));
      }
    },
    onGiveUp: async (job) => {
      if (!job.customer_id) return;
      const payload = JSON.parse(job.payload) as AudienceJobPayload;
      await fail(job.customer_id, payload.audienceId, payload.version, messageRef('crowd.generationFailed'));
    },
  };
}

/**
 * Assessing an audience (spec section 4: not assessed, assessing, completed): its size by its
 * conditions today, and how many people it shares with every generated audience of the customer.
 */
export function evaluateAudienceJob(deps: { db: DB }): JobDefinition<AudienceJobPayload> {
  const { db } = deps;
  return {
    name: CROWD_EVALUATE_JOB,
    backoffMs: { base: 0, max: 0 },
    handler: async ({ job, payload, stopping }) => {
      const customerId = job.customer_id;
      if (!customerId) throw new PermanentJobError('an audience job names its customer');
      const repo = crowdRepo(tenantScope(db, customerId));
      const audience = await repo.audience(payload.audienceId);
      if (audience?.evaluation_status !== 'assessing') return;
      let estimatedSize: number | null = null;
      const overlaps: { audienceId: string; shared: number }[] = [];
      try {
        const computed = await computeAudience(db, customerId, audience, await shopsOfAudience(db, customerId, audience.id));
        estimatedSize = computed.members.length;
        const mine = new Set(computed.members);
        for (const other of await repo.audiences()) {
          if (stopping()) throw new JobInterrupted('the worker is stopping');
          if (other.id === audience.id || other.status !== 'generated') continue;
          const shared = sharedCount(await repo.members(other.id), mine);
          if (shared > 0) overlaps.push({ audienceId: other.id, shared });
        }
      } catch (error) {
        if (!(error instanceof AudienceFailure)) throw error;
      }
      overlaps.sort((a, b) => b.shared - a.shared);
      await repo.updateAudience(audience.id, {
        evaluation_status: 'completed',
        evaluation: JSON.stringify({ estimatedSize, overlaps, assessedAt: nowIso() }),
      });
    },
    onGiveUp: async (job) => {
      if (!job.customer_id) return;
      const payload = JSON.parse(job.payload) as AudienceJobPayload;
      await crowdRepo(tenantScope(db, job.customer_id)).updateAudience(payload.audienceId, { evaluation_status: 'notAssessed' });
    },
  };
}

/**
 * Privacy retention for Wi-Fi sightings (the customer's retentionDays, as traffic's purge): each
 * store's sightings and randomised counts of local dates before its horizon go. Audiences already
 * generated keep their members (the customer made them to export; deleting the audience deletes them).
 */
export function crowdPurgeJob(deps: { db: DB; calendar: CalendarService; log?: (message: string) => void }): JobDefinition<null> {
  return {
    name: CROWD_PURGE_JOB,
    handler: async ({ progress }) => {
      const deleted = await purgeSightings(deps.db, deps.calendar);
      await progress(100);
      deps.log?.(`purged ${deleted} Wi-Fi sightings past their retention`);
    },
  };
}

export async function purgeSightings(db: DB, calendar: CalendarService, at: Date = now()): Promise<number> {
  let deleted = 0;
  for (const customer of await allCustomerIds(db)) {
    const { retentionDays } = await calendar.privacySettings(customer.id);
    const repo = crowdRepo(tenantScope(db, customer.id));
    for (const shop of await repo.shopZones()) deleted += await repo.purgeBefore(shop.id, addDays(todayIn(shop.time_zone, at), -retentionDays));
  }
  return deleted;
}

export const CROWD_PURGE_SCHEDULE: Schedule = { name: 'crowd-retention-purge', job: CROWD_PURGE_JOB, dailyAt: { time: '00:15', timeZone: 'UTC' } };
