import { WEBHOOKS, type WebhookBody, type WebhookDeliveryEventType, type WebhookEventType, type WebhookPayloads } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import { newId } from '../../platform/ids.ts';
import { createJobQueue } from '../../platform/jobs/jobs.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { type EndpointRow, webhooksRepo } from './webhooks.repo.ts';

export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver';

export interface WebhookDeliverPayload {
  deliveryId: string;
}

/** The JSON body of an event, as every endpoint and every attempt receive it. */
export function webhookBody<T extends WebhookDeliveryEventType>(eventId: string, type: T, customerId: string, data: WebhookPayloads[T], at: string): string {
  const body: WebhookBody<T> = { id: eventId, type, createdAt: at, customerId, data };
  return JSON.stringify(body);
}

/** A delivery of an event to one endpoint, and its job; nothing when this endpoint has it already. */
export async function queueDelivery(
  db: DB,
  customerId: string,
  endpoint: Pick<EndpointRow, 'id'>,
  event: { id: string; type: WebhookDeliveryEventType; body: string },
  options: { test?: boolean } = {},
): Promise<string | null> {
  const deliveryId = newId();
  const at = nowIso();
  const added = await webhooksRepo(tenantScope(db, customerId)).insertDelivery({
    id: deliveryId,
    endpoint_id: endpoint.id,
    event_id: event.id,
    event_type: event.type,
    body: event.body,
    status: 'pending',
    attempts: 0,
    status_code: null,
    duration_ms: null,
    error: null,
    next_attempt_at: at,
    test: options.test ? 1 : 0,
    created_at: at,
    finished_at: null,
  });
  if (!added) return null;
  if (!options.test) {
    await createJobQueue(db).enqueue<WebhookDeliverPayload>(
      WEBHOOK_DELIVER_JOB,
      { deliveryId },
      { customerId, uniqueKey: `webhook:${customerId}:${deliveryId}`, maxAttempts: WEBHOOKS.maxAttempts },
    );
  }
  return deliveryId;
}

/**
 * THE way to send a webhook event (issue 15 section 5): every enabled endpoint of the customer that
 * subscribed to `type` gets a delivery, signed and sent by the webhook worker with retries and
 * backoff through the jobs platform. Call it from any process, after (or inside) the transaction
 * that made the change: pass the transaction as `db` and nothing is sent for a rolled-back change.
 *
 * `eventId` makes the call idempotent: a second call with the same id (a job that ran twice) adds
 * nothing for an endpoint that has the event already. Give one derived from what happened (the
 * alarm's id and its transition, the upload's id); left out, each call is a new event.
 * Answers the number of deliveries queued.
 */
export async function emitWebhookEvent<T extends WebhookEventType>(
  db: DB,
  customerId: string,
  type: T,
  data: WebhookPayloads[T],
  options: { eventId?: string } = {},
): Promise<number> {
  const endpoints = (await webhooksRepo(tenantScope(db, customerId)).endpoints()).filter(
    (endpoint) => endpoint.enabled === 1 && (JSON.parse(endpoint.events) as string[]).includes(type),
  );
  if (endpoints.length === 0) return 0;
  const eventId = options.eventId ?? `evt_${newId()}`;
  const body = webhookBody(eventId, type, customerId, data, nowIso());
  let queued = 0;
  for (const endpoint of endpoints) if (await queueDelivery(db, customerId, endpoint, { id: eventId, type, body })) queued += 1;
  return queued;
}

/** What modules that emit webhooks receive (a port they can be given, or leave out in tests and seeds). */
export type WebhookEmitter = <T extends WebhookEventType>(
  customerId: string,
  type: T,
  data: WebhookPayloads[T],
  options?: { eventId?: string },
) => Promise<number>;

/** The emitter over a database handle. */
export function webhookEmitter(db: DB): WebhookEmitter {
  return (customerId, type, data, options) => emitWebhookEvent(db, customerId, type, data, options);
}
