import { RECTIFICATION_LIMITS } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import { type RectificationStored, rectificationRepo } from './rectification.repo.ts';
import type { FrameSource } from './rectification.service.ts';
import { historyEntry } from './rectification-history.ts';
import { frameKey, jpegSize } from './rectification-image.ts';

export const CAPTURE_FRAMES_JOB = 'rectification.capture-frames';
export interface CaptureFramesPayload {
  customerId: string;
  rectificationId: string;
}

const MINUTE = 60_000;
/** What became of one frame: taken, recorded as missing, or still to wait for (the recording may not be indexed yet). */
export type FrameOutcome = 'captured' | 'missing' | 'waiting' | 'settled';

/**
 * The frames of a rectification's camera, taken from its recording by the video module's
 * server-side screenshots: a manual item's evidence at the time its founder gave, and the
 * comparison frame at the deadline (the 'after' beside the evidence's 'before'). Without a
 * recording at that instant the item says so (frame missing, with the reason, in its history)
 * rather than failing; a recording not indexed yet is waited for up to frameGiveUpMinutes.
 * Each outcome is set once (a conditional update), however many workers try.
 */
export function createFrameCapture(deps: { db: DB; storage: ObjectStorage; frames: FrameSource }) {
  const { db, storage, frames } = deps;

  async function settleMissing(customerId: string, row: RectificationStored, which: 'evidence' | 'frame', note: string): Promise<FrameOutcome> {
    return db.transaction().execute(async (trx) => {
      const repo = rectificationRepo(tenantScope(trx, customerId));
      if (!(await repo.settleFrame(row.id, which, 'missing', note))) return 'settled';
      await repo.insertHistory([historyEntry(row.id, 'frameMissing', { note })]);
      return 'missing';
    });
  }

  async function take(customerId: string, row: RectificationStored, which: 'evidence' | 'frame'): Promise<FrameOutcome> {
    const status = which === 'evidence' ? row.evidence_frame_status : row.frame_status;
    const instant = which === 'evidence' ? row.evidence_at : row.deadline;
    if (status !== 'pending') return 'settled';
    if (!row.camera_id || !instant) return settleMissing(customerId, row, which, 'rectification.frameNoVideo');
    const nowMs = now().getTime();
    const instantMs = Date.parse(instant);
    if (which === 'frame' && nowMs < instantMs + RECTIFICATION_LIMITS.frameSettleMinutes * MINUTE) return 'waiting';
    let shot: { jpeg: Buffer; sha256: string };
    try {
      shot = await frames.frameAt(customerId, row.camera_id, instant);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.messageKey === 'errors.videoTooOld') return settleMissing(customerId, row, which, 'rectification.frameTooOld');
      const missingKey = which === 'evidence' ? 'rectification.evidenceNoVideo' : 'rectification.frameNoVideo';
      // No segment at the instant yet: the recorder may still be writing it. Past the limit it is missing.
      if (
        error.messageKey === 'errors.noVideoAtTime' &&
        nowMs < Math.max(instantMs, Date.parse(row.created_at)) + RECTIFICATION_LIMITS.frameGiveUpMinutes * MINUTE
      )
        return 'waiting';
      return settleMissing(customerId, row, which, missingKey);
    }
    const key = frameKey(customerId, row.id, which, shot.sha256);
    const size = await jpegSize(shot.jpeg);
    // The key is the frame's hash: a second worker taking the same frame writes the same object.
    await storage.putBuffer(key, shot.jpeg);
    return db.transaction().execute(async (trx) => {
      const repo = rectificationRepo(tenantScope(trx, customerId));
      if (!(await repo.settleFrame(row.id, which, 'captured', null))) return 'settled';
      const mediaId = newId();
      await repo.insertMedia([
        {
          id: mediaId,
          rectification_id: row.id,
          role: which,
          kind: 'screenshot',
          storage_key: key,
          sha256: shot.sha256,
          width: size.width,
          height: size.height,
          camera_id: row.camera_id,
          captured_at: new Date(instantMs).toISOString(),
          source_media_id: null,
          round: 0,
          position: 0,
          created_by: null,
          created_at: nowIso(),
        },
      ]);
      await repo.insertHistory([historyEntry(row.id, 'frame', { mediaIds: [mediaId] })]);
      return 'captured';
    });
  }

  return {
    /** Takes whatever frames of the item are due now. */
    async capture(customerId: string, rectificationId: string): Promise<{ evidence: FrameOutcome; frame: FrameOutcome }> {
      const row = await rectificationRepo(tenantScope(db, customerId)).find(rectificationId);
      if (!row) return { evidence: 'settled', frame: 'settled' };
      return { evidence: await take(customerId, row, 'evidence'), frame: await take(customerId, row, 'frame') };
    },
  };
}
export type FrameCapture = ReturnType<typeof createFrameCapture>;
