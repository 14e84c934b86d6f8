import {
  type Page,
  type WebhookDeliveryDetail,
  type WebhookDeliveryRow,
  type WebhookEndpoint,
  type WebhookEventType,
  webhookOperations,
} from '@storelens/contracts';
import { callOperation } from '../../shared/lib/operations.ts';

/** Webhook endpoints and their delivery log (issue 15; docs/API.md "Webhooks"). */

export interface WebhookForm {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
}
export type { WebhookDeliveryDetail, WebhookDeliveryRow, WebhookEndpoint };

export const fetchWebhooks = () => callOperation(webhookOperations.list, undefined);
/** Refusals (an address not allowed) are shown by the form itself. */
export const addWebhook = (form: WebhookForm) => callOperation(webhookOperations.add, form, { silent: true });
export const updateWebhook = (endpointId: string, form: WebhookForm) => callOperation(webhookOperations.update, { endpointId, ...form }, { silent: true });
export const deleteWebhook = (endpointId: string) => callOperation(webhookOperations.delete, { endpointId });
export const rotateWebhookSecret = (endpointId: string) => callOperation(webhookOperations.rotateSecret, { endpointId });
export const testWebhook = (endpointId: string) => callOperation(webhookOperations.test, { endpointId });
export const fetchDeliveries = (endpointId: string, page: number, pageSize: number): Promise<Page<WebhookDeliveryRow>> =>
  callOperation(webhookOperations.deliveries, { endpointId, page, pageSize });
export const fetchDelivery = (deliveryId: string) => callOperation(webhookOperations.delivery, { deliveryId });
export const redeliver = (deliveryId: string) => callOperation(webhookOperations.redeliver, { deliveryId });
