import { z } from 'zod';
import { declareOperation, type OperationGuard } from '../platform/operation.ts';
import { SETTINGS_PAGE_FLAGS } from '../platform/permissions.ts';
import { RoleId } from '../platform/roles.ts';
import {
  webhookDeliveriesRequestSchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryRequestSchema,
  webhookDeliveryRowSchema,
  webhookEndpointSchema,
  webhookIdSchema,
  webhookInputSchema,
  webhookListSchema,
  webhookTestResultSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
} from './index.ts';

const tags = ['webhooks'];
/**
 * The webhooks page (common settings): its keys, the whole customer (an endpoint receives every
 * store's events), and never the observer.
 */
const guard: OperationGuard = { auth: 'customer', permission: SETTINGS_PAGE_FLAGS.webhooks, wholeCustomer: true, barRoles: [RoleId.observer] };

export const webhookOperations = {
  list: declareOperation({
    name: 'webhooks.list',
    method: 'POST',
    path: '/api/webhook/list',
    summary: "The customer's webhook endpoints with their events and last delivery (never the secret)",
    tags,
    guard,
    response: webhookListSchema,
  }),
  add: declareOperation({
    name: 'webhooks.add',
    method: 'POST',
    path: '/api/webhook/add',
    summary: 'Register an endpoint (https; private and loopback addresses refused in production): the answer shows its signing secret once',
    tags,
    guard,
    body: webhookInputSchema,
    response: webhookWithSecretSchema,
  }),
  update: declareOperation({
    name: 'webhooks.update',
    method: 'POST',
    path: '/api/webhook/update',
    summary: "Change an endpoint's address, description, events or whether it is enabled",
    tags,
    guard,
    body: webhookUpdateSchema,
    response: webhookEndpointSchema,
  }),
  delete: declareOperation({
    name: 'webhooks.delete',
    method: 'POST',
    path: '/api/webhook/delete',
    summary: 'Delete an endpoint, its pending deliveries and its log',
    tags,
    guard,
    body: webhookIdSchema,
    response: z.null(),
  }),
  rotateSecret: declareOperation({
    name: 'webhooks.rotateSecret',
    method: 'POST',
    path: '/api/webhook/rotateSecret',
    summary: 'A new signing secret, shown once; the previous one still signs for 24 hours',
    tags,
    guard,
    body: webhookIdSchema,
    response: webhookWithSecretSchema,
  }),
  test: declareOperation({
    name: 'webhooks.test',
    method: 'POST',
    path: '/api/webhook/test',
    summary: 'Send a signed webhook.test event to the endpoint now and answer its outcome (also in the delivery log)',
    tags,
    guard,
    body: webhookIdSchema,
    response: webhookTestResultSchema,
  }),
  deliveries: declareOperation({
    name: 'webhooks.deliveries',
    method: 'POST',
    path: '/api/webhook/deliveries',
    summary: "An endpoint's delivery log, newest first: event, status, attempts, last response code and duration",
    tags,
    guard,
    body: webhookDeliveriesRequestSchema,
    response: webhookDeliveryPageSchema,
  }),
  delivery: declareOperation({
    name: 'webhooks.delivery',
    method: 'POST',
    path: '/api/webhook/delivery',
    summary: 'One delivery: the body sent and every attempt (time, response code, duration, error, the start of the answer)',
    tags,
    guard,
    body: webhookDeliveryRequestSchema,
    response: webhookDeliveryDetailSchema,
  }),
  redeliver: declareOperation({
    name: 'webhooks.redeliver',
    method: 'POST',
    path: '/api/webhook/redeliver',
    summary: 'Send a finished delivery again (the same event id and body), with a new round of attempts',
    tags,
    guard,
    body: webhookDeliveryRequestSchema,
    response: webhookDeliveryRowSchema,
  }),
} as const;
