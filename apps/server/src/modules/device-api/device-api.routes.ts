import {
  batchSummarySchema,
  DEVICE_API_LIMITS,
  deviceConfigSchema,
  type EventBatch,
  eventBatchSchema,
  isMessageKey,
  parseMessageRef,
} from '@storelens/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { deviceOf } from '../../platform/authz/guard.ts';
import type { OperationGuard } from '../../platform/http/context.ts';
import { type AppError, badRequest } from '../../platform/http/errors.ts';
import { defineOperation } from '../../platform/http/operation.ts';
import { t } from '../../platform/i18n/translate.ts';
import type { DeviceApiService } from './device-api.service.ts';

const device: OperationGuard = { auth: 'device' };

/**
 * A malformed batch answers 400 with a message that names the event (its index in `events`) and
 * the field, so the people writing box firmware find the fault without reading server logs.
 */
function batchError(request: FastifyRequest, error: Error): AppError {
  if (!hasZodFastifySchemaValidationErrors(error)) return badRequest('errors.invalidRequest', { detail: error.message });
  const fields = error.validation.map((issue) => {
    const unknownKeys = issue.keyword === 'unrecognized_keys' ? ((issue.params as { keys?: string[] }).keys ?? []) : [];
    // An unknown field is reported at its object: name the field itself.
    const path = [...issue.instancePath.replace(/^\//, '').split('/').filter(Boolean), ...unknownKeys.slice(0, 1)];
    const field = path.join('.');
    const ref = issue.message ?? '';
    const problem =
      issue.keyword === 'unrecognized_keys'
        ? t(request.locale, 'validation.unknownField', { field: unknownKeys.join(', ') })
        : isMessageKey(parseMessageRef(ref).key)
          ? t(request.locale, ref)
          : t(request.locale, 'validation.invalidValue', { field: path.at(-1) ?? 'body' });
    return { path, field, problem };
  });
  const first = fields[0];
  const data = { fields: fields.map(({ field, problem }) => ({ field, message: problem })) };
  if (first && first.path[0] === 'events' && first.path[1] !== undefined && /^\d+$/.test(first.path[1])) {
    const index = Number(first.path[1]);
    const field = first.path.slice(2).join('.') || 'type';
    return badRequest('deviceApi.badEvent', { index, field, problem: first.problem }, { ...data, index, field });
  }
  return badRequest('deviceApi.badBatch', { field: first?.field || 'body', problem: first?.problem ?? '' }, data);
}

/** Whether an If-None-Match header names this entity tag (a list, weak tags and `*` included). */
function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim().replace(/^W\//, '');
    return candidate === '*' || candidate === etag;
  });
}

export function registerDeviceApiRoutes(app: FastifyInstance, deviceApi: DeviceApiService): void {
  // An encapsulated context, so the larger body limit and the event-naming validation answer
  // apply to the device route only.
  app.register(async (scoped) => {
    scoped.addHook('onRoute', (route) => {
      route.bodyLimit = DEVICE_API_LIMITS.bodyLimitBytes;
      route.attachValidation = true;
    });
    defineOperation(scoped, {
      method: 'POST',
      url: '/api/device/v1/events',
      summary: "Deliver a batch of a box's events (Authorization: Bearer <device token>); idempotent per batchId",
      tags: ['device-api'],
      guard: device,
      body: eventBatchSchema,
      response: batchSummarySchema,
      handler: async ({ body, request, reply }) => {
        if (request.validationError) throw batchError(request, request.validationError);
        const { summary, replayed } = await deviceApi.receiveBatch(deviceOf(request), body as EventBatch);
        if (replayed) reply.header('idempotent-replayed', 'true');
        return summary;
      },
    });
  });

  // Boxes poll their configuration: an unchanged one answers 304 with no body to the version
  // they already have (ETag / If-None-Match), so polling every minute costs next to nothing.
  app.register(async (scoped) => {
    scoped.addHook('onSend', async (request, reply, payload) => {
      const etag = reply.getHeader('etag');
      if (reply.statusCode !== 200 || typeof etag !== 'string' || !etagMatches(request.headers['if-none-match'], etag)) return payload;
      reply.code(304);
      reply.removeHeader('content-type');
      return null;
    });
    defineOperation(scoped, {
      method: 'GET',
      url: '/api/device/v1/config',
      summary:
        "The box's configuration (Authorization: Bearer <device token>): time to store, face blurring, the shop's time zone and business hours, the box's cameras; ETag = version, If-None-Match answers 304",
      tags: ['device-api'],
      guard: device,
      response: deviceConfigSchema,
      handler: async ({ request, reply }) => {
        const config = await deviceApi.deviceConfig(deviceOf(request));
        reply.header('etag', `"${config.version}"`);
        reply.header('cache-control', 'no-cache');
        return config;
      },
    });
  });
}
