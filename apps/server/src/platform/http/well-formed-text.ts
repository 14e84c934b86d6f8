import { isWellFormedText } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

function hasMalformedText(value: unknown, depth = 0): boolean {
  // JSON bodies are at most 1 MiB; the depth bound only keeps a pathological nesting from recursing far.
  if (depth > 64) return false;
  if (typeof value === 'string') return !isWellFormedText(value);
  if (Array.isArray(value)) return value.some((item) => hasMalformedText(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => !isWellFormedText(key) || hasMalformedText(item, depth + 1));
  }
  return false;
}

/**
 * Text with a lone surrogate (JSON can carry '\ud800') cannot be stored as typed: the database and
 * every screen would show '�' instead. The shared text schemas refuse it field by field with the
 * same message; this check refuses it in any field of any operation, so nothing that stores text
 * can forget. Runs after the guard, so an unauthorised caller still learns nothing.
 */
export function registerWellFormedText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.guard && hasMalformedText(request.body)) throw badRequest('validation.malformedText');
  });
}
