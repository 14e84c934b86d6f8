import type { OperationDeclaration } from '@storelens/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { OperationGuard } from './context.ts';
import { envelopeSchema, ok } from './envelope.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface OperationDefinition<Body extends z.ZodType | undefined, Query extends z.ZodType | undefined, Data extends z.ZodType> {
  method: Method;
  url: string;
  summary: string;
  tags: string[];
  guard: OperationGuard;
  body?: Body;
  query?: Query;
  response: Data;
  handler: (input: {
    body: Body extends z.ZodType ? z.infer<Body> : undefined;
    query: Query extends z.ZodType ? z.infer<Query> : undefined;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<z.infer<Data>>;
}

/**
 * Declares one API operation in the fixed order the design asks for: schema, guard (authority
 * before validation, see platform/authz/guard.ts), handler (which calls a service), envelope.
 */
export function defineOperation<Body extends z.ZodType | undefined, Query extends z.ZodType | undefined, Data extends z.ZodType>(
  app: FastifyInstance,
  operation: OperationDefinition<Body, Query, Data>,
): void {
  app.route({
    method: operation.method,
    url: operation.url,
    config: { guard: operation.guard },
    schema: {
      summary: operation.summary,
      tags: operation.tags,
      ...(operation.body ? { body: operation.body } : {}),
      ...(operation.query ? { querystring: operation.query } : {}),
      response: { 200: envelopeSchema(operation.response) },
      ...(operation.guard.auth === 'public' ? {} : { security: [{ bearer: [] }] }),
    },
    handler: async (request, reply) => {
      const data = await operation.handler({
        body: request.body as Body extends z.ZodType ? z.infer<Body> : undefined,
        query: request.query as Query extends z.ZodType ? z.infer<Query> : undefined,
        request,
        reply,
      });
      return ok(data);
    },
  });
}

/** Kept here for the routes not yet declared in the contracts. */
export { optionalBody } from '@storelens/contracts';

type Inferred<T> = T extends z.ZodType ? z.infer<T> : undefined;

/**
 * Registers a declared operation (packages/contracts): method, path, schemas and guard come from
 * the declaration; the handler validates nothing itself and calls a service.
 */
export function registerOperation<Body extends z.ZodType | undefined, Query extends z.ZodType | undefined, Data extends z.ZodType>(
  app: FastifyInstance,
  declaration: OperationDeclaration<Body, Query, Data>,
  handler: (input: { body: Inferred<Body>; query: Inferred<Query>; request: FastifyRequest; reply: FastifyReply }) => Promise<z.infer<Data>>,
): void {
  defineOperation<Body, Query, Data>(app, {
    method: declaration.method,
    url: declaration.path,
    summary: declaration.summary,
    tags: [...declaration.tags],
    guard: declaration.guard,
    ...(declaration.body ? { body: declaration.body } : {}),
    ...(declaration.query ? { query: declaration.query } : {}),
    response: declaration.response,
    handler,
  });
}
