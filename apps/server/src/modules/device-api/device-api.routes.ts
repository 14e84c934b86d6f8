import { DEVICE_API_LIMITS, deviceApiOperations, type EventBatch, isMessageKey, parseMessageRef } from '@storelens/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { deviceOf } from '../../platform/authz/guard.ts';
import { type AppError, badRequest } from '../../platform/http/errors.ts';
import { registerOperation } from '../../platform/http/operation.ts';
import { t } from '../../platform/i18n/translate.ts';
import type { DeviceApiService } from './device-api.service.ts';

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

export function registerDeviceApiRoutes(app: FastifyInstance, deviceApi: DeviceApiService, onAccepted: (events: number) => void = () => undefined): void {
  // An encapsulated context, so the larger body limit and the event-naming validation answer
  // apply to the device route only.
  app.register(async (scoped) => {
    scoped.addHook('onRoute', (route) => {
      route.bodyLimit = DEVICE_API_LIMITS.bodyLimitBytes;
      route.attachValidation = true;
    });
    registerOperation(scoped, deviceApiOperations.deviceV1Events, async ({ body, request, reply }) => {
      if (request.validationError) throw batchError(request, request.validationError);
      const { summary, replayed } = await deviceApi.receiveBatch(deviceOf(request), body as EventBatch);
      if (replayed) reply.header('idempotent-replayed', 'true');
      else onAccepted(summary.accepted);
      return summary;
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
    registerOperation(scoped, deviceApiOperations.deviceV1Config, async ({ request, reply }) => {
      const config = await deviceApi.deviceConfig(deviceOf(request));
      reply.header('etag', `"${config.version}"`);
      reply.header('cache-control', 'no-cache');
      return config;
    });
  });
}
