import { WAREHOUSE_LIMITS } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { JobQueue } from '../../platform/jobs/jobs.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { utcOfLocal } from '../../platform/time/local-time.ts';
import { completeAssignmentWithCounts } from '../inspection/assignment-completion.ts';
import { jpegSize } from '../rectification/rectification-image.ts';
import { type CheckInsert, customersWithWarehousePlans, warehouseRepo } from './warehouse.repo.ts';

export const CAPTURE_CHECK_JOB = 'warehouse.capture-check';
export interface CaptureCheckPayload {
  customerId: string;
  checkId: string;
}

/** The video module's frame of a recording at an instant (refuses with errors.noVideoAtTime / errors.videoTooOld). */
export interface CheckFrameSource {
  frameAt(customerId: string, cameraId: string, at: string): Promise<{ jpeg: Buffer; sha256: string }>;
}

const MINUTE = 60_000;
/** A frame is asked for a minute after the check's time: the recorder closes the segment holding it by then. */
const CAPTURE_AFTER_MS = MINUTE;
/** Frames taken per customer and scan; the rest wait for the next scan. */
const CAPTURES_PER_SCAN = 200;

/** Keys are made here only, from ids the server generated (platform/storage assertKey). */
export const checkFrameKey = (customerId: string, checkId: string, sha256: string) => `warehouse/${customerId}/${checkId}/${sha256.slice(0, 32)}.jpg`;

export type CaptureOutcome = 'captured' | 'noVideo' | 'waiting' | 'settled';

/** The check slots of one assignment: each camera at each set time, in the store's zone on that date. */
export function checkSlots(
  assignment: { id: string; plan_id: string; shop_id: string; batch_date: string; time_zone: string; plan_created_at: string },
  settings: { checkTimes: readonly string[]; windowMinutes: number },
  cameraIds: readonly string[],
  at: string,
): CheckInsert[] {
  const slots: CheckInsert[] = [];
  for (const time of settings.checkTimes) {
    const [hour = 0, minute = 0] = time.split(':').map(Number);
    const due = utcOfLocal(assignment.time_zone, assignment.batch_date, hour, minute);
    const windowEnd = new Date(due + settings.windowMinutes * MINUTE).toISOString();
    // A check whose window had ended before the plan existed was never due (a plan made in the afternoon).
    if (windowEnd <= assignment.plan_created_at) continue;
    for (const cameraId of cameraIds)
      slots.push({
        id: newId(),
        plan_id: assignment.plan_id,
        assignment_id: assignment.id,
        shop_id: assignment.shop_id,
        camera_id: cameraId,
        check_date: assignment.batch_date,
        check_time: time,
        due_at: new Date(due).toISOString(),
        window_end: windowEnd,
        capture_status: 'pending',
        storage_key: null,
        sha256: null,
        width: null,
        height: null,
        result: null,
        result_source: null,
        remark: null,
        decided_by: null,
        decided_at: null,
        created_at: at,
      });
  }
  return slots;
}

/**
 * The warehouse checks' background work (issue 16 section 2), on the inspection engine's
 * assignments: a scan (every five minutes) makes the checks of the assignments the occurrence jobs
 * made (one per camera and set time), enqueues a capture job for each check whose time has come,
 * and completes the assignments with nothing left open (each check with a result, or missed). A
 * capture takes the frame of the camera's recording at the check's instant through the video
 * module; without a recording there the check says so ('noVideo') once the recorder had time to
 * index it (WAREHOUSE_LIMITS.frameGiveUpMinutes). Every write is once: unique slots, conditional
 * updates, so scans and workers may race.
 */
export function createCheckWork(deps: { db: DB; storage: ObjectStorage; frames: CheckFrameSource; queue: Pick<JobQueue, 'enqueue'> }) {
  const { db, storage, frames, queue } = deps;
  const repoOf = (customerId: string, on: DB = db) => warehouseRepo(tenantScope(on, customerId));

  async function makeChecks(customerId: string): Promise<number> {
    const repo = repoOf(customerId);
    let made = 0;
    for (const assignment of await repo.uncheckedAssignments()) {
      const cameraIds = (await repo.planCamerasInShop(assignment.plan_id, assignment.shop_id)).map((camera) => camera.id);
      const slots = checkSlots(
        assignment,
        { checkTimes: JSON.parse(assignment.check_times) as string[], windowMinutes: assignment.window_minutes },
        cameraIds,
        nowIso(),
      );
      await db.transaction().execute(async (trx) => {
        const inTrx = repoOf(customerId, trx);
        await inTrx.insertChecks(slots);
        // The assignment counts its checks as a patrol assignment counts its items (plan progress reads it).
        await inTrx.setItemCount(assignment.id, slots.length);
      });
      made += slots.length;
    }
    return made;
  }

  async function completeAssignments(customerId: string, at: string): Promise<number> {
    let completed = 0;
    for (const row of await repoOf(customerId).openAssignmentCounts(at)) {
      if (Number(row.pending ?? 0) > 0) continue;
      // Through the inspection engine, which keeps its plan's phase totals in the same transaction.
      const done = await completeAssignmentWithCounts(db, customerId, row.assignment_id, {
        passed: Number(row.passed ?? 0),
        failed: Number(row.failed ?? 0),
        // Missed checks are the assignment's invalid ones: neither passed nor failed.
        invalid: Number(row.missed ?? 0),
        at,
      });
      if (done) completed += 1;
    }
    return completed;
  }

  return {
    /** One round for every customer with warehouse plans. */
    async scan(at: Date): Promise<{ made: number; enqueued: number; completed: number }> {
      const round = { made: 0, enqueued: 0, completed: 0 };
      const before = new Date(at.getTime() - CAPTURE_AFTER_MS).toISOString();
      // A key per check and five-minute round: a frame still waiting for its recording is asked again next round.
      const roundKey = Math.floor(at.getTime() / (5 * MINUTE));
      for (const customerId of await customersWithWarehousePlans(db)) {
        round.made += await makeChecks(customerId);
        for (const check of await repoOf(customerId).dueCaptures(before, CAPTURES_PER_SCAN)) {
          const payload: CaptureCheckPayload = { customerId, checkId: check.id };
          if (await queue.enqueue(CAPTURE_CHECK_JOB, payload, { customerId, uniqueKey: `${CAPTURE_CHECK_JOB}:${check.id}:${roundKey}` })) round.enqueued += 1;
        }
        round.completed += await completeAssignments(customerId, at.toISOString());
      }
      return round;
    },

    /** Takes one check's frame, or records that no recording covers its instant. */
    async capture(customerId: string, checkId: string, at: Date): Promise<CaptureOutcome> {
      const repo = repoOf(customerId);
      const check = await repo.check(checkId);
      if (check?.capture_status !== 'pending') return 'settled';
      let shot: { jpeg: Buffer; sha256: string };
      try {
        shot = await frames.frameAt(customerId, check.camera_id, check.due_at);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Not indexed yet: the recorder may still be writing the segment. Past the limit there is none.
        const givesUpAt = Date.parse(check.due_at) + WAREHOUSE_LIMITS.frameGiveUpMinutes * MINUTE;
        if (error.messageKey === 'errors.noVideoAtTime' && at.getTime() < givesUpAt) return 'waiting';
        const settled = await repo.settleCapture(check.id, { capture_status: 'noVideo', storage_key: null, sha256: null, width: null, height: null });
        return settled ? 'noVideo' : 'settled';
      }
      const key = checkFrameKey(customerId, check.id, shot.sha256);
      const size = await jpegSize(shot.jpeg);
      // The key is the frame's hash: a second worker taking the same frame writes the same object.
      await storage.putBuffer(key, shot.jpeg);
      const settled = await repo.settleCapture(check.id, {
        capture_status: 'captured',
        storage_key: key,
        sha256: shot.sha256,
        width: size.width,
        height: size.height,
      });
      return settled ? 'captured' : 'settled';
    },
  };
}
export type CheckWork = ReturnType<typeof createCheckWork>;
