import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { pageOf, pageRequestSchema } from '../org/paging.ts';
import { messageRef } from '../platform/messages.ts';
import { optionalText } from '../platform/validation.ts';

/**
 * Webhooks (issue 15 section 5, beyond the spec): a customer's administrator registers HTTPS
 * endpoints for events; each delivery is JSON signed with HMAC-SHA256 over the timestamp and the
 * body, retried with backoff, and logged. docs/API.md "Webhooks", docs/decisions/webhooks.md.
 */
export const WEBHOOKS = {
  /** Endpoints per customer. */
  maxEndpoints: 20,
  urlMaxChars: 2000,
  /** Deliveries are tried this many times in all (the first and 7 retries, over about an hour with the backoff below). */
  maxAttempts: 8,
  /** Before the n-th retry: 30 s x 2^(n-1), at most an hour (30 s, 1 min, 2, 4, 8, 16, 32 min, 1 h). */
  backoffMs: { base: 30_000, max: 3_600_000 },
  /** One attempt waits this long for the receiver's answer. */
  timeoutMs: 10_000,
  /** A receiver should refuse a signature whose timestamp is further than this from its clock (replays). */
  toleranceSeconds: 300,
  /** After a rotation the old secret still signs (a second v1 signature) this long, so receivers can switch without losing deliveries. */
  previousSecretHours: 24,
  /** So much of a receiver's answer is kept in the log. */
  responseExcerptChars: 500,
  /** Deliveries (and their attempts) are kept this long, then deleted by the prune job. */
  retentionDays: 30,
  /** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (a second v1 during a rotation). */
  signatureHeader: 'X-Storelens-Signature',
  eventHeader: 'X-Storelens-Event',
  deliveryHeader: 'X-Storelens-Delivery',
} as const;

/** The events an endpoint may subscribe to. `webhook.test` is sent by the test button only. */
export const WEBHOOK_EVENT_TYPES = ['alarm.raised', 'alarm.confirmed', 'rectification.overdue', 'device.offline', 'pos.import.finished'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookDeliveryEventType = WebhookEventType | 'webhook.test';

/** What `device.offline` carries: the camera that went quiet and its store. */
export const deviceOfflinePayloadSchema = z.object({
  cameraId: z.string(),
  cameraName: z.string(),
  cameraNumber: z.string(),
  boxId: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  shopNumber: z.string(),
  lastReportAt: z.string().nullable(),
  offlineAfterMinutes: z.number().int(),
});
export type DeviceOfflinePayload = z.infer<typeof deviceOfflinePayloadSchema>;

/** What `pos.import.finished` carries: an upload's outcome, completed or failed (the English text of its failure). */
export const posImportFinishedPayloadSchema = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  status: z.enum(['completed', 'failed']),
  rowsTotal: z.number().int().nullable(),
  importedRows: z.number().int().nullable(),
  errorRows: z.number().int().nullable(),
  failure: z.string().nullable(),
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  shopCount: z.number().int().nullable(),
  finishedAt: z.string().nullable(),
});
export type PosImportFinishedPayload = z.infer<typeof posImportFinishedPayloadSchema>;

/**
 * The data of each event. The alarm and rectification events are emitted by their modules, which
 * own their fields (an object of JSON values; docs/API.md lists them once they exist).
 */
export interface WebhookPayloads {
  'alarm.raised': Record<string, unknown>;
  'alarm.confirmed': Record<string, unknown>;
  'rectification.overdue': Record<string, unknown>;
  'device.offline': DeviceOfflinePayload;
  'pos.import.finished': PosImportFinishedPayload;
  'webhook.test': { message: string };
}

/** The body of every delivery. */
export interface WebhookBody<T extends WebhookDeliveryEventType = WebhookDeliveryEventType> {
  /** The event's id: the same in every attempt and for every endpoint (receivers de-duplicate on it). */
  id: string;
  type: T;
  createdAt: string;
  customerId: string;
  data: WebhookPayloads[T];
}

const urlSchema = z
  .string({ error: messageRef('validation.required') })
  .trim()
  .min(1, { error: messageRef('validation.required'), abort: true })
  .max(WEBHOOKS.urlMaxChars, { error: messageRef('validation.maxChars', { n: WEBHOOKS.urlMaxChars }), abort: true })
  .regex(/^https?:\/\/[^\s]+$/i, { error: messageRef('webhooks.urlInvalid') });

export const webhookInputSchema = z.object({
  url: urlSchema,
  description: optionalText(200).default(''),
  events: z
    .array(webhookEventTypeSchema)
    .min(1, { error: messageRef('webhooks.eventsRequired') })
    .max(WEBHOOK_EVENT_TYPES.length),
  enabled: z.boolean().default(true),
});
export const webhookUpdateSchema = webhookInputSchema.extend({ endpointId: idSchema });
export const webhookIdSchema = z.object({ endpointId: idSchema });

export const webhookEndpointSchema = z.object({
  endpointId: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** The secret's last four characters, so a person can tell which one a receiver holds. */
  secretHint: z.string(),
  secretRotatedAt: z.string().nullable(),
  /** Until then the previous secret signs too. */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastDelivery: z.object({ status: z.enum(['pending', 'succeeded', 'failed']), at: z.string(), statusCode: z.number().int().nullable() }).nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookListSchema = z.object({ list: z.array(webhookEndpointSchema) });
/** The secret is shown once, on creation and on rotation. */
export const webhookWithSecretSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const webhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);
export const webhookDeliveriesRequestSchema = pageRequestSchema.extend({ endpointId: idSchema, status: webhookDeliveryStatusSchema.optional() });
export const webhookDeliveryRowSchema = z.object({
  deliveryId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  /** The last attempt's HTTP status (null: no answer), duration and error. */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  test: z.boolean(),
});
export type WebhookDeliveryRow = z.infer<typeof webhookDeliveryRowSchema>;
export const webhookDeliveryPageSchema = pageOf(webhookDeliveryRowSchema);
export const webhookDeliveryRequestSchema = z.object({ deliveryId: idSchema });
export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  responseExcerpt: z.string().nullable(),
});
export const webhookDeliveryDetailSchema = webhookDeliveryRowSchema.extend({
  endpointId: z.string(),
  /** The JSON body as sent (every attempt sends the same body; the signature's timestamp is new each time). */
  body: z.string(),
  attemptLog: z.array(webhookAttemptSchema),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;
/** The test button's outcome, at once (the test is also in the delivery log). */
export const webhookTestResultSchema = z.object({
  deliveryId: z.string(),
  ok: z.boolean(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});
