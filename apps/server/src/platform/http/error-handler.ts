import { httpStatusFor, isMessageKey, parseMessageRef, ResponseStatus, type ResponseStatusCode } from '@storelens/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { t } from '../i18n/translate.ts';
import { AppError, TooManyRequests } from './errors.ts';

function send(reply: FastifyReply, status: ResponseStatusCode, msg: string, data: unknown = null, httpStatus?: number) {
  return reply
    .status(httpStatus ?? httpStatusFor[status])
    .type('application/json; charset=utf-8')
    .send({ status, msg, data });
}

interface FieldError {
  field: string;
  message: string;
}

/** Every failure leaves as an envelope with a localized msg; malformed input is never a 5xx. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = request.locale ?? 'en';
    if (error instanceof TooManyRequests) reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    if (error instanceof AppError) {
      return send(reply, error.status as ResponseStatusCode, t(locale, error.messageKey, error.params), error.data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldError[] = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const ref = issue.message ?? '';
        const message = isMessageKey(parseMessageRef(ref).key)
          ? t(locale, ref)
          : t(locale, 'validation.invalidValue', { field: field || error.validationContext || 'body' });
        return { field, message };
      });
      return send(reply, ResponseStatus.badRequest, fields[0]?.message ?? t(locale, 'errors.invalidRequest', { detail: '' }), { fields });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(reply, ResponseStatus.badRequest, t(locale, 'errors.malformedJson'));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return send(reply, ResponseStatus.badRequest, t(locale, 'errors.payloadTooLarge'), null, 413);
    }
    if (error.statusCode === 429) {
      return send(reply, ResponseStatus.tooManyRequests, t(locale, 'errors.tooManyRequests'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, ResponseStatus.badRequest, t(locale, 'errors.invalidRequest', { detail: error.message }), null, error.statusCode);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, ResponseStatus.serverError, t(locale, 'errors.serverError'));
  });

  app.setNotFoundHandler((request, reply) => send(reply, ResponseStatus.notFound, t(request.locale ?? 'en', 'errors.notFound')));
}
