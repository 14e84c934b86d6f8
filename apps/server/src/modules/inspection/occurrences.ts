import { cycleMatches, rruleToCycle } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { newId } from '../../platform/ids.ts';
import type { JobQueue } from '../../platform/jobs/jobs.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { addDays, todayIn, utcOfLocal } from '../../platform/time/local-time.ts';
import { customersWithStoppedShops, occurrencesRepo, type SchedulablePlanZone, schedulablePlanZones } from './occurrences.repo.ts';

export const GENERATE_OCCURRENCES_JOB = 'inspection.generate-occurrences';

/** What one occurrence job makes: a plan's assignments for one local date in one time zone. */
export interface OccurrencePayload {
  customerId: string;
  planId: string;
  timeZone: string;
  date: string;
  /** The plan's updated_at when the job was made. */
  version: string;
}

/** Days back the scan still makes a missed occurrence (a worker down over a store's midnight). */
export const CATCH_UP_DAYS = 1;
const DAY_MS = 86_400_000;

/**
 * The unique key of an occurrence job: one job per plan version, zone and local date, however many
 * scans race. A plan changed or reactivated (a new version) gets a new job for the same date, which
 * makes only what is missing (stores added, an occurrence skipped while it was paused).
 */
export const occurrenceKey = (payload: OccurrencePayload) =>
  `inspection.occurrence:${payload.customerId}:${payload.planId}:${payload.timeZone}:${payload.date}:${payload.version}`;

type DuePlan = Pick<SchedulablePlanZone, 'kind' | 'valid_from' | 'valid_to' | 'rrule' | 'time_zone' | 'period_start' | 'period_end' | 'created_at'>;

/**
 * The local dates of a plan in a zone that should have an occurrence by `at` (today and the
 * catch-up days). A catch-up day whose period had already ended when the plan was made is not one:
 * catching up is for a worker that was down, and a plan made this evening (its validity beginning
 * on a date that is already over in a store ahead of the author's zone) must not start with a task
 * missed before it existed.
 */
export function dueDates(plan: DuePlan, at: Date): string[] {
  const today = todayIn(plan.time_zone, at);
  if (plan.kind === 'single') return plan.valid_from <= today && today <= plan.valid_to ? [plan.valid_from] : [];
  const cycle = plan.rrule ? rruleToCycle(plan.rrule) : null;
  const endedBeforePlan = (date: string) => occurrenceWindow(plan, plan.time_zone, date).end <= plan.created_at;
  const dates: string[] = [];
  for (let back = CATCH_UP_DAYS; back >= 0; back -= 1) {
    const date = addDays(today, -back);
    if (date < plan.valid_from || date > plan.valid_to || !cycle || !cycleMatches(cycle, date)) continue;
    if (back > 0 && endedBeforePlan(date)) continue;
    dates.push(date);
  }
  return dates;
}

/** The period of an occurrence as UTC instants: the store-local times on its dates, through the zone's offset on those dates. */
export function occurrenceWindow(
  plan: { kind: 'single' | 'cyclic'; valid_to: string; period_start: string; period_end: string },
  timeZone: string,
  date: string,
): { start: string; end: string } {
  const [startHour = 0, startMinute = 0] = plan.period_start.split(':').map(Number);
  const [endHour = 0, endMinute = 0] = plan.period_end.split(':').map(Number);
  const endDate = plan.kind === 'single' ? plan.valid_to : date;
  return {
    start: new Date(utcOfLocal(timeZone, date, startHour, startMinute)).toISOString(),
    end: new Date(utcOfLocal(timeZone, endDate, endHour, endMinute)).toISOString(),
  };
}

/**
 * Occurrences of plans (issue 14 section 3), as durable and idempotent jobs. A scan (every 15
 * minutes, a schedule) looks at each active plan in each time zone of its stores and enqueues one
 * job per local date that has begun there: the job's unique key means one job per occurrence
 * however many scans or workers race, and the assignments' unique key (plan, store, date) means one
 * assignment per store even if a job runs twice (a worker that died after writing, a retry).
 */
export function createOccurrenceService(deps: { db: DB; queue: JobQueue }) {
  const { db, queue } = deps;

  async function enqueueDue(at: Date, only?: { customerId: string; planId: string }): Promise<number> {
    const window = {
      startsBefore: new Date(at.getTime() + DAY_MS).toISOString(),
      endsAfter: new Date(at.getTime() - (CATCH_UP_DAYS + 1) * DAY_MS).toISOString(),
    };
    let added = 0;
    for (const zone of await schedulablePlanZones(db, window, only)) {
      for (const date of dueDates(zone, at)) {
        const payload: OccurrencePayload = { customerId: zone.customer_id, planId: zone.plan_id, timeZone: zone.time_zone, date, version: zone.updated_at };
        if (await queue.enqueue(GENERATE_OCCURRENCES_JOB, payload, { customerId: zone.customer_id, uniqueKey: occurrenceKey(payload) })) added += 1;
      }
    }
    return added;
  }

  return {
    /** Enqueues the occurrences due at `at`; and cancels open work of stores whose inspections stopped. The jobs it added. */
    async scan(at: Date): Promise<number> {
      const added = await enqueueDue(at);
      for (const customerId of await customersWithStoppedShops(db))
        await db.transaction().execute((trx) => occurrencesRepo(tenantScope(trx, customerId)).cancelInStoppedShops());
      return added;
    },

    /** The same for one plan, at once: a plan published or reactivated gets today's occurrence without waiting for the next scan. */
    scanPlan: (customerId: string, planId: string, at: Date): Promise<number> => enqueueDue(at, { customerId, planId }),

    /** Makes the assignments of one occurrence that do not exist yet; the number it made. */
    async generate(payload: OccurrencePayload): Promise<number> {
      const repo = occurrencesRepo(tenantScope(db, payload.customerId));
      const plan = await repo.plan(payload.planId);
      // A plan paused, deleted or changed since the scan: nothing (a reactivated plan is scanned again).
      if (plan?.lifecycle !== 'active') return 0;
      if (dueDates({ ...plan, time_zone: payload.timeZone }, new Date(utcOfLocal(payload.timeZone, payload.date, 12))).includes(payload.date) === false)
        return 0;
      const shopIds = await repo.shopsInZone(plan.id, payload.timeZone);
      const existing = await repo.existingShops(plan.id, payload.date, shopIds);
      const missing = shopIds.filter((id) => !existing.has(id));
      if (missing.length === 0) return 0;
      const items = await repo.planItems(plan.id);
      const window = occurrenceWindow(plan, payload.timeZone, payload.date);
      const at = nowIso();
      const assignments = missing.map((shopId) => ({
        id: newId(),
        plan_id: plan.id,
        shop_id: shopId,
        batch_date: payload.date,
        time_zone: payload.timeZone,
        window_start: window.start,
        window_end: window.end,
        status: 'pending' as const,
        method: null,
        item_count: items.length,
        passed: 0,
        failed: 0,
        invalid: 0,
        completed_by: null,
        completed_at: null,
        submission_key: null,
        created_at: at,
      }));
      const assignmentItems = assignments.flatMap((assignment) =>
        items.map((item) => ({
          assignment_id: assignment.id,
          item_id: item.item_id,
          position: item.position,
          item_name: item.name,
          category_name: item.category_name,
          result: null,
          remark: null,
          rectification_id: null,
          recorded_by: null,
          recorded_at: null,
        })),
      );
      try {
        await db.transaction().execute((trx) => occurrencesRepo(tenantScope(trx, payload.customerId)).insert(assignments, assignmentItems));
      } catch (error) {
        // Another run made some of them meanwhile: the retry makes only what is still missing.
        if (isUniqueViolation(error)) throw new Error(`occurrence ${occurrenceKey(payload)} raced another run; retrying`);
        throw error;
      }
      return assignments.length;
    },
  };
}
export type OccurrenceService = ReturnType<typeof createOccurrenceService>;
