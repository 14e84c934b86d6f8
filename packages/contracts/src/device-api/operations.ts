import { declareOperation, type OperationGuard } from '../platform/operation.ts';
import { batchSummarySchema, deviceConfigSchema, eventBatchSchema } from './index.ts';

const device: OperationGuard = { auth: 'device' };

export const deviceApiOperations = {
  deviceV1Events: declareOperation({
    name: 'deviceApi.deviceV1Events',
    method: 'POST',
    path: '/api/device/v1/events',
    summary: "Deliver a batch of a box's events (Authorization: Bearer <device token>); idempotent per batchId",
    tags: ['device-api'],
    guard: device,
    body: eventBatchSchema,
    response: batchSummarySchema,
  }),
  deviceV1Config: declareOperation({
    name: 'deviceApi.deviceV1Config',
    method: 'GET',
    path: '/api/device/v1/config',
    summary:
      "The box's configuration (Authorization: Bearer <device token>): time to store, face blurring, the shop's time zone and business hours, the box's cameras; ETag = version, If-None-Match answers 304",
    tags: ['device-api'],
    guard: device,
    response: deviceConfigSchema,
  }),
} as const;
