import { webhookOperations } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/authz/guard.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import type { WebhooksService } from './webhooks.service.ts';

export function registerWebhooksRoutes(app: FastifyInstance, webhooks: WebhooksService): void {
  registerOperation(app, webhookOperations.list, ({ request }) => webhooks.list(actorOf(request)));
  registerOperation(app, webhookOperations.add, ({ body, request }) => webhooks.add(actorOf(request), body));
  registerOperation(app, webhookOperations.update, ({ body, request }) => webhooks.update(actorOf(request), body));
  registerOperation(app, webhookOperations.delete, ({ body, request }) => webhooks.remove(actorOf(request), body.endpointId));
  registerOperation(app, webhookOperations.rotateSecret, ({ body, request }) => webhooks.rotateSecret(actorOf(request), body.endpointId));
  registerOperation(app, webhookOperations.test, ({ body, request }) => webhooks.test(actorOf(request), body.endpointId));
  registerOperation(app, webhookOperations.deliveries, ({ body, request }) => webhooks.deliveries(actorOf(request), body));
  registerOperation(app, webhookOperations.delivery, ({ body, request }) => webhooks.delivery(actorOf(request), body.deliveryId));
  registerOperation(app, webhookOperations.redeliver, ({ body, request }) => webhooks.redeliver(actorOf(request), body.deliveryId));
}
