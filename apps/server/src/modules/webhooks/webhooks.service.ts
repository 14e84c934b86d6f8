import { type Page, WEBHOOKS, type WebhookDeliveryDetail, type WebhookDeliveryRow, type WebhookEndpoint, type WebhookEventType } from '@storelens/contracts';
import type { DB } from '../../platform/db/database.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { badRequest, notFound, refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { createJobQueue } from '../../platform/jobs/jobs.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { isoIn, nowIso } from '../../platform/time/clock.ts';
import { newWebhookSecret } from './signature.ts';
import { checkTarget, TargetRefused } from './target.ts';
import { attemptDelivery, type DeliveryOptions } from './webhooks.delivery.ts';
import { queueDelivery, WEBHOOK_DELIVER_JOB, type WebhookDeliverPayload, webhookBody } from './webhooks.events.ts';
import { type DeliveryRow, type EndpointRow, webhooksRepo } from './webhooks.repo.ts';

export interface WebhookInput {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
}

function deliveryRow(row: DeliveryRow): WebhookDeliveryRow {
  return {
    deliveryId: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    statusCode: row.status_code,
    durationMs: row.duration_ms,
    error: row.error,
    createdAt: row.created_at,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    finishedAt: row.finished_at,
    test: row.test === 1,
  };
}

/**
 * Webhook endpoints of a customer (the webhooks settings page): registration with the target
 * checked against SSRF (target.ts), the secret shown once and rotatable, the test button, the
 * delivery log and redelivery. Deliveries themselves are made by `emitWebhookEvent` and the job.
 */
export function createWebhooksService(deps: { db: DB } & DeliveryOptions) {
  const { db } = deps;

  async function checked(url: string): Promise<void> {
    try {
      await checkTarget(url, deps.allowPrivateTargets);
    } catch (error) {
      if (error instanceof TargetRefused) throw badRequest(error.refusal);
      throw error;
    }
  }

  async function present(customerId: string, row: EndpointRow): Promise<WebhookEndpoint> {
    const last = await webhooksRepo(tenantScope(db, customerId)).lastDelivery(row.id);
    return {
      endpointId: row.id,
      url: row.url,
      description: row.description,
      events: JSON.parse(row.events) as WebhookEventType[],
      enabled: row.enabled === 1,
      secretHint: row.secret.slice(-4),
      secretRotatedAt: row.secret_rotated_at,
      previousSecretUntil: row.previous_secret_until && row.previous_secret_until > nowIso() ? row.previous_secret_until : null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      lastDelivery: last ? { status: last.status, at: last.created_at, statusCode: last.status_code } : null,
    };
  }

  async function endpointOf(actor: CustomerActor, endpointId: string): Promise<EndpointRow> {
    const endpoint = await webhooksRepo(tenantScope(db, actor.customerId)).endpoint(endpointId);
    if (!endpoint) throw notFound();
    return endpoint;
  }

  async function deliveryOf(actor: CustomerActor, deliveryId: string): Promise<DeliveryRow> {
    const delivery = await webhooksRepo(tenantScope(db, actor.customerId)).delivery(deliveryId);
    if (!delivery) throw notFound();
    return delivery;
  }

  return {
    async list(actor: CustomerActor): Promise<{ list: WebhookEndpoint[] }> {
      const rows = await webhooksRepo(tenantScope(db, actor.customerId)).endpoints();
      return { list: await Promise.all(rows.map((row) => present(actor.customerId, row))) };
    },

    async add(actor: CustomerActor, input: WebhookInput): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
      const repo = webhooksRepo(tenantScope(db, actor.customerId));
      if ((await repo.endpointCount()) >= WEBHOOKS.maxEndpoints) throw refused('webhooks.tooMany', { n: WEBHOOKS.maxEndpoints });
      await checked(input.url);
      const id = newId();
      const secret = newWebhookSecret();
      const at = nowIso();
      await repo.insertEndpoint({
        id,
        url: input.url,
        description: input.description,
        events: JSON.stringify([...new Set(input.events)]),
        enabled: input.enabled ? 1 : 0,
        secret,
        previous_secret: null,
        previous_secret_until: null,
        secret_rotated_at: null,
        created_by: actor.userId,
        created_at: at,
        updated_at: at,
      });
      return { endpoint: await present(actor.customerId, await endpointOf(actor, id)), secret };
    },

    async update(actor: CustomerActor, input: WebhookInput & { endpointId: string }): Promise<WebhookEndpoint> {
      await endpointOf(actor, input.endpointId);
      await checked(input.url);
      await webhooksRepo(tenantScope(db, actor.customerId)).updateEndpoint(input.endpointId, {
        url: input.url,
        description: input.description,
        events: JSON.stringify([...new Set(input.events)]),
        enabled: input.enabled ? 1 : 0,
        updated_at: nowIso(),
      });
      return present(actor.customerId, await endpointOf(actor, input.endpointId));
    },

    async remove(actor: CustomerActor, endpointId: string): Promise<null> {
      await endpointOf(actor, endpointId);
      await db.transaction().execute((trx) => webhooksRepo(tenantScope(trx, actor.customerId)).deleteEndpoint(endpointId));
      return null;
    },

    /** A new secret, shown once; the old one keeps signing (a second v1) for a day, so receivers switch without a gap. */
    async rotateSecret(actor: CustomerActor, endpointId: string): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
      const endpoint = await endpointOf(actor, endpointId);
      const secret = newWebhookSecret();
      const at = nowIso();
      await webhooksRepo(tenantScope(db, actor.customerId)).updateEndpoint(endpointId, {
        secret,
        previous_secret: endpoint.secret,
        previous_secret_until: isoIn(WEBHOOKS.previousSecretHours * 3_600_000),
        secret_rotated_at: at,
        updated_at: at,
      });
      return { endpoint: await present(actor.customerId, await endpointOf(actor, endpointId)), secret };
    },

    /** The test button: a signed `webhook.test` event sent now, one attempt, answered at once and kept in the log. */
    async test(actor: CustomerActor, endpointId: string) {
      const endpoint = await endpointOf(actor, endpointId);
      const eventId = `evt_${newId()}`;
      const body = webhookBody(
        eventId,
        'webhook.test',
        actor.customerId,
        { message: 'A test delivery from Storelens: the signature verifies with your secret.' },
        nowIso(),
      );
      const deliveryId = await queueDelivery(db, actor.customerId, endpoint, { id: eventId, type: 'webhook.test', body }, { test: true });
      if (!deliveryId) throw notFound();
      const delivery = await deliveryOf(actor, deliveryId);
      const outcome = await attemptDelivery(db, actor.customerId, endpoint, delivery, deps);
      if (!outcome.ok) {
        await webhooksRepo(tenantScope(db, actor.customerId)).updateDelivery(deliveryId, { status: 'failed', finished_at: nowIso(), next_attempt_at: null });
      }
      return { deliveryId, ok: outcome.ok, statusCode: outcome.statusCode, durationMs: outcome.durationMs, error: outcome.error };
    },

    async deliveries(
      actor: CustomerActor,
      input: { endpointId: string; status?: DeliveryRow['status'] | undefined; page: number; pageSize: number },
    ): Promise<Page<WebhookDeliveryRow>> {
      await endpointOf(actor, input.endpointId);
      const { total, rows } = await webhooksRepo(tenantScope(db, actor.customerId)).deliveryPage(
        input.endpointId,
        input.status,
        (input.page - 1) * input.pageSize,
        input.pageSize,
      );
      return { total, page: input.page, pageSize: input.pageSize, list: rows.map(deliveryRow) };
    },

    async delivery(actor: CustomerActor, deliveryId: string): Promise<WebhookDeliveryDetail> {
      const delivery = await deliveryOf(actor, deliveryId);
      const attempts = await webhooksRepo(tenantScope(db, actor.customerId)).attempts(deliveryId);
      return {
        ...deliveryRow(delivery),
        endpointId: delivery.endpoint_id,
        body: delivery.body,
        attemptLog: attempts.map((attempt) => ({
          attempt: attempt.attempt,
          at: attempt.at,
          statusCode: attempt.status_code,
          durationMs: attempt.duration_ms,
          error: attempt.error,
          responseExcerpt: attempt.response_excerpt,
        })),
      };
    },

    /** A finished delivery goes out again (the same event id and body) with a new round of attempts. */
    async redeliver(actor: CustomerActor, deliveryId: string): Promise<WebhookDeliveryRow> {
      const delivery = await deliveryOf(actor, deliveryId);
      await endpointOf(actor, delivery.endpoint_id);
      if (delivery.status !== 'pending') {
        await db.transaction().execute(async (trx) => {
          await webhooksRepo(tenantScope(trx, actor.customerId)).updateDelivery(deliveryId, {
            status: 'pending',
            finished_at: null,
            next_attempt_at: nowIso(),
          });
          await createJobQueue(trx).enqueue<WebhookDeliverPayload>(
            WEBHOOK_DELIVER_JOB,
            { deliveryId },
            { customerId: actor.customerId, uniqueKey: `webhook:${actor.customerId}:${deliveryId}:${delivery.attempts}`, maxAttempts: WEBHOOKS.maxAttempts },
          );
        });
      }
      return deliveryRow(await deliveryOf(actor, deliveryId));
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
