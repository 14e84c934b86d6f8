import { WEBHOOKS } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { backoffDelay, type JobDefinition, PermanentJobError } from '../../platform/jobs/jobs.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { now, nowIso } from '../../platform/time/clock.ts';
import { type SendOutcome, sendWebhook } from './sender.ts';
import { signatureHeader } from './signature.ts';
import { WEBHOOK_DELIVER_JOB, type WebhookDeliverPayload } from './webhooks.events.ts';
import { type DeliveryRow, type EndpointRow, webhooksRepo } from './webhooks.repo.ts';

export interface DeliveryOptions {
  /** Private and loopback targets (development, test, WEBHOOK_ALLOW_PRIVATE_TARGETS). */
  allowPrivateTargets: boolean;
  timeoutMs?: number;
}

/** The secrets that sign now: the current one, and the previous one for a day after a rotation. */
function signingSecrets(endpoint: EndpointRow): string[] {
  const previous = endpoint.previous_secret && endpoint.previous_secret_until && endpoint.previous_secret_until > nowIso() ? [endpoint.previous_secret] : [];
  return [endpoint.secret, ...previous];
}

/**
 * One attempt of a delivery: signed with a fresh timestamp (receivers refuse stale ones), sent,
 * and written to the log (the attempt, and the delivery's latest outcome). The caller decides
 * what a failure means (a retry, or the end).
 */
export async function attemptDelivery(
  db: DB,
  customerId: string,
  endpoint: EndpointRow,
  delivery: DeliveryRow,
  options: DeliveryOptions,
): Promise<SendOutcome> {
  const timestamp = Math.floor(now().getTime() / 1000);
  const outcome = await sendWebhook({
    url: endpoint.url,
    body: delivery.body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Storelens-Webhooks/1',
      [WEBHOOKS.eventHeader.toLowerCase()]: delivery.event_type,
      [WEBHOOKS.deliveryHeader.toLowerCase()]: delivery.id,
      [WEBHOOKS.signatureHeader.toLowerCase()]: signatureHeader(signingSecrets(endpoint), timestamp, delivery.body),
    },
    allowPrivate: options.allowPrivateTargets,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  const attempt = delivery.attempts + 1;
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    const scoped = webhooksRepo(tenantScope(trx, customerId));
    await scoped.insertAttempt({
      delivery_id: delivery.id,
      attempt,
      at,
      status_code: outcome.statusCode,
      duration_ms: outcome.durationMs,
      error: outcome.error,
      response_excerpt: outcome.responseExcerpt,
    });
    await scoped.updateDelivery(delivery.id, {
      attempts: attempt,
      status_code: outcome.statusCode,
      duration_ms: outcome.durationMs,
      error: outcome.error,
      ...(outcome.ok ? { status: 'succeeded', finished_at: at, next_attempt_at: null } : {}),
    });
  });
  return outcome;
}

/**
 * The delivery job: one attempt per run; a failure (no answer, or any answer but 2xx) is retried
 * by the jobs platform with exponential backoff (30 s doubling to an hour, 8 attempts in all, about
 * 4 hours); after the last the delivery is failed. A target that became private is failed at once.
 */
export function webhookDeliveryJob(deps: { db: DB } & DeliveryOptions): JobDefinition<WebhookDeliverPayload> {
  const { db } = deps;
  const fail = (customerId: string, deliveryId: string, error: string | null) =>
    webhooksRepo(tenantScope(db, customerId)).updateDelivery(deliveryId, {
      status: 'failed',
      finished_at: nowIso(),
      next_attempt_at: null,
      ...(error ? { error } : {}),
    });
  return {
    name: WEBHOOK_DELIVER_JOB,
    maxAttempts: WEBHOOKS.maxAttempts,
    backoffMs: WEBHOOKS.backoffMs,
    handler: async ({ job, payload }) => {
      const customerId = job.customer_id;
      if (!customerId) throw new PermanentJobError('a webhook delivery names its customer');
      const repo = webhooksRepo(tenantScope(db, customerId));
      const delivery = await repo.delivery(payload.deliveryId);
      if (delivery?.status !== 'pending') return;
      const endpoint = await repo.endpoint(delivery.endpoint_id);
      if (endpoint?.enabled !== 1) {
        await fail(customerId, delivery.id, endpoint ? 'the endpoint is disabled' : 'the endpoint was deleted');
        return;
      }
      const outcome = await attemptDelivery(db, customerId, endpoint, delivery, deps);
      if (outcome.ok) return;
      const message = outcome.error ?? 'failed';
      if (outcome.refused) {
        await fail(customerId, delivery.id, null);
        throw new PermanentJobError(message);
      }
      if (job.attempts >= job.max_attempts) {
        await fail(customerId, delivery.id, null);
        throw new PermanentJobError(`${message} (attempt ${job.attempts} of ${job.max_attempts}: given up)`);
      }
      await repo.updateDelivery(delivery.id, { next_attempt_at: new Date(now().getTime() + backoffDelay(job.attempts, WEBHOOKS.backoffMs)).toISOString() });
      throw new Error(message);
    },
    onGiveUp: async (job, reason) => {
      if (!job.customer_id) return;
      const payload = JSON.parse(job.payload) as WebhookDeliverPayload;
      const delivery = await webhooksRepo(tenantScope(db, job.customer_id)).delivery(payload.deliveryId);
      // A worker that died mid-attempt too often: the delivery ends failed with that reason.
      if (delivery?.status === 'pending') await fail(job.customer_id, delivery.id, reason);
    },
  };
}
