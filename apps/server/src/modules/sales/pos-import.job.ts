import { messageRef, type PosImportFinishedPayload, translateMessage } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { type JobDefinition, JobInterrupted, PermanentJobError } from '../../platform/jobs/jobs.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.events.ts';
import { posRepo, type UploadRow } from './pos.repo.ts';
import { runImport } from './pos-import.ts';

export const POS_IMPORT_JOB = 'sales.pos-import';
/** An import whose process keeps dying is failed with its reason after this many attempts. */
export const POS_IMPORT_MAX_ATTEMPTS = 3;

export interface PosImportPayload {
  uploadId: string;
}

/** One customer's files are imported one at a time, in upload order: a later file replaces an earlier one's shop-days. */
export const posImportConcurrencyKey = (customerId: string) => `pos-import:${customerId}`;

/**
 * The POS import of one upload as a platform job (DESIGN R1). The upload row keeps what a person
 * watches (status, progress, errors); the job row keeps who runs it. A process that dies mid-import
 * stops its job's heartbeat: a later worker takes the job back and reads the file again from the
 * start (nothing of it was committed), or, after the last attempt, the upload fails with
 * 'pos.interrupted'.
 */
export function posImportJob(deps: {
  db: DB;
  dataDir: string;
  log?: (message: string, error: unknown) => void;
  /** `pos.import.finished` to the customer's webhook endpoints once an upload completed or failed. */
  webhooks?: WebhookEmitter;
}): JobDefinition<PosImportPayload> {
  const { db, dataDir } = deps;
  /** Tells the customer's systems how an upload ended (once per upload: the event id is the upload's). */
  const announce = async (customerId: string, uploadId: string) => {
    if (!deps.webhooks) return;
    const upload = await posRepo(tenantScope(db, customerId)).upload(uploadId);
    if (upload?.status !== 'completed' && upload?.status !== 'failed') return;
    await deps.webhooks(customerId, 'pos.import.finished', finishedPayload(upload), { eventId: `pos.import.finished:${upload.id}` });
  };
  return {
    name: POS_IMPORT_JOB,
    maxAttempts: POS_IMPORT_MAX_ATTEMPTS,
    // A retry is the next worker's take-over, not a timed backoff.
    backoffMs: { base: 0, max: 0 },
    handler: async ({ job, payload, stopping }) => {
      const customerId = job.customer_id;
      if (!customerId) throw new PermanentJobError('a POS import names its customer');
      const repo = posRepo(tenantScope(db, customerId));
      const holder = `job:${job.id}`;
      // Waiting, or left 'uploading' by an attempt whose process died: this job holds it now.
      const taken = await repo.takeForImport(payload.uploadId, holder, nowIso(), job.attempts);
      if (!taken) return;
      try {
        await runImport({ db, dataDir, workerId: holder, shouldStop: stopping, ...(deps.log ? { log: deps.log } : {}) }, taken);
      } catch (error) {
        // A bug, not bad input: the upload fails with the server-error message.
        deps.log?.(`POS import ${taken.id} failed`, error);
        await repo.updateUpload(
          taken.id,
          { status: 'failed', progress: 100, failure: 'errors.serverError', finished_at: nowIso(), worker_id: null, heartbeat_at: null },
          ['uploading'],
          holder,
        );
        await announce(customerId, taken.id);
        throw new PermanentJobError(error instanceof Error ? error.message : String(error));
      }
      // A stop hands the upload back to the queue: the job waits for the next worker, its attempt not counted.
      if ((await repo.upload(taken.id))?.status === 'waiting') throw new JobInterrupted('the worker is stopping');
      await announce(customerId, taken.id);
    },
    onGiveUp: async (job, reason) => {
      if (!job.customer_id) return;
      const payload = JSON.parse(job.payload) as PosImportPayload;
      // Only an upload still in the queue's hands fails here; one that failed on its own keeps its reason.
      await posRepo(tenantScope(db, job.customer_id)).updateUpload(
        payload.uploadId,
        {
          status: 'failed',
          progress: 100,
          failure: reason.includes('stopped reporting') ? messageRef('pos.interrupted', { attempts: job.attempts }) : 'errors.serverError',
          finished_at: nowIso(),
          worker_id: null,
          heartbeat_at: null,
        },
        ['waiting', 'uploading'],
      );
      await announce(job.customer_id, payload.uploadId);
    },
  };
}

/** An upload's outcome as the webhook carries it (the failure in English; receivers are systems, not people). */
function finishedPayload(upload: UploadRow): PosImportFinishedPayload {
  return {
    uploadId: upload.id,
    fileName: upload.file_name,
    status: upload.status === 'completed' ? 'completed' : 'failed',
    rowsTotal: upload.rows_total,
    importedRows: upload.imported_rows,
    errorRows: upload.error_rows,
    failure: upload.failure ? translateMessage('en', upload.failure) : null,
    firstDate: upload.first_date,
    lastDate: upload.last_date,
    shopCount: upload.shop_count,
    finishedAt: upload.finished_at,
  };
}
