import { todoOperations as ops, ResponseStatus, type ResultMedia } from '@storelens/contracts';
import { isHttpError } from '../../../shared/lib/http.ts';
import { callOperation, postFormToOperation } from '../../../shared/lib/operations.ts';
import type { OfflineStore, QueuedSubmission } from './store.ts';

/** A client key for a photo or a submission: random, so two phones never collide. */
export const newClientKey = (): string => crypto.randomUUID();

/**
 * Whether a failure means "try again later" rather than the server's refusal: no answer, a proxy's
 * 5xx page, or the server's own envelope saying it failed (serverError) or is too busy
 * (tooManyRequests). Those are not about the inspection: marking it refused would stop its resend.
 */
function unanswered(error: unknown): boolean {
  if (!isHttpError(error) || error.kind === 'network' || error.kind === 'timeout') return true;
  if (error.kind === 'http') return (error.httpStatus ?? 500) >= 500;
  return error.kind === 'status' && (error.status === ResponseStatus.serverError || error.status === ResponseStatus.tooManyRequests);
}

const listeners = new Set<() => void>();
/** The page re-reads the queue when a send changed it. */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => {
  for (const listener of listeners) listener();
};

/**
 * Sends one queued submission: its photos not yet kept (each under its client key), then the
 * results under the submission's idempotency key. Anything sent twice (an answer lost on the way,
 * two tabs) is answered by the server with the first result (docs/API.md), so a resend is safe.
 */
async function sendOne(store: OfflineStore, submission: QueuedSubmission, at: () => string): Promise<void> {
  try {
    for (const photo of await store.photos(submission.assignmentId)) {
      if (photo.mediaId) continue;
      const form = new FormData();
      form.append('assignmentId', photo.assignmentId);
      form.append('itemId', photo.itemId);
      form.append('clientKey', photo.clientKey);
      form.append('file', photo.blob, photo.name);
      const kept = (await postFormToOperation(ops.todoUploadImage, form, { silent: true })) as ResultMedia;
      await store.addPhoto({ ...photo, mediaId: kept.mediaId });
    }
    await callOperation(
      ops.todoSubmit,
      { assignmentId: submission.assignmentId, method: 'onsite', idempotencyKey: submission.idempotencyKey, results: submission.results },
      { silent: true },
    );
    await store.putSubmission({ ...submission, state: 'sent', sentAt: at(), error: null, attempts: submission.attempts + 1 });
  } catch (error) {
    if (unanswered(error)) {
      await store.putSubmission({ ...submission, attempts: submission.attempts + 1 });
      return;
    }
    await store.putSubmission({
      ...submission,
      state: 'refused',
      error: error instanceof Error ? error.message : String(error),
      attempts: submission.attempts + 1,
    });
  }
}

let running: Promise<void> | null = null;

/**
 * Sends every queued submission, one send at a time in this tab (a second call while one runs
 * joins it) and, where the browser has Web Locks, one at a time across tabs.
 */
export function sendQueued(store: OfflineStore, at: () => string = () => new Date().toISOString()): Promise<void> {
  if (running) return running;
  const work = async () => {
    for (const submission of await store.submissions()) {
      if (submission.state !== 'queued') continue;
      if (typeof navigator !== 'undefined' && !navigator.onLine) break;
      await sendOne(store, submission, at);
      changed();
    }
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  running = (locks ? locks.request('storelens-inspection-send', work) : work()).finally(() => {
    running = null;
  });
  return running;
}

/**
 * How long to wait before sending again while connected and something is still queued. The first
 * try after a connection returns often gets no answer (the radio still waking, a captive portal),
 * and the browser says "online" only once: without these, the work would wait for the next
 * offline-online turn.
 */
export const RESEND_DELAYS_MS: readonly number[] = [2_000, 5_000, 15_000, 30_000, 60_000];

/**
 * Sends the queue now, then again after each delay while anything stays queued (refused
 * submissions wait for the inspector). Returns the function that stops it (going offline, leaving
 * the page). `afterRound` runs after every send round.
 */
export function keepSending(
  store: OfflineStore,
  { at, afterRound, delays = RESEND_DELAYS_MS }: { at?: () => string; afterRound?: () => void; delays?: readonly number[] } = {},
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let round = 0;
  const attempt = async () => {
    await sendQueued(store, at).catch(() => undefined);
    if (stopped) return;
    afterRound?.();
    const waiting = (await store.submissions().catch(() => [])).some((submission) => submission.state === 'queued');
    if (!waiting || stopped) return;
    timer = setTimeout(() => void attempt(), delays[Math.min(round, delays.length - 1)]);
    round += 1;
  };
  void attempt();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Queues a submission (replacing a refused one of the same assignment, with a new key). */
export async function queueSubmission(store: OfflineStore, submission: Omit<QueuedSubmission, 'state' | 'sentAt' | 'error' | 'attempts' | 'idempotencyKey'>) {
  await store.putSubmission({ ...submission, idempotencyKey: newClientKey(), state: 'queued', sentAt: null, error: null, attempts: 0 });
  changed();
}

export { changed as notifyQueueChange };
