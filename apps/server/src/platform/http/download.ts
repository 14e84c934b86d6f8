import { type OperationDeclaration, XLSX_CONTENT_TYPE } from '@storelens/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { OperationGuard } from './context.ts';

export interface DownloadFile {
  fileName: string;
  content: Buffer;
  contentType?: string;
}

/**
 * A file download with the same guard as every operation (authority before validation). It is
 * not an envelope, so it cannot go through defineOperation: the body is the file itself, which the
 * web's HTTP client returns as a Blob (spec section 7); failures are still envelopes.
 */
export function defineDownload<Body extends z.ZodType | undefined, Query extends z.ZodType | undefined>(
  app: FastifyInstance,
  operation: {
    method: 'GET' | 'POST';
    url: string;
    summary: string;
    tags: string[];
    guard: OperationGuard;
    body?: Body;
    query?: Query;
    handler: (input: {
      body: Body extends z.ZodType ? z.infer<Body> : undefined;
      query: Query extends z.ZodType ? z.infer<Query> : undefined;
      request: FastifyRequest;
    }) => Promise<DownloadFile>;
  },
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
      security: [{ bearer: [] }],
    },
    handler: async (request, reply) => {
      const file = await operation.handler({
        body: request.body as Body extends z.ZodType ? z.infer<Body> : undefined,
        query: request.query as Query extends z.ZodType ? z.infer<Query> : undefined,
        request,
      });
      return reply
        .header('content-type', file.contentType ?? XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${asciiName(file.fileName)}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  });
}

function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
}

/** Registers a declared download (packages/contracts, response 'file'). */
export function registerDownload<Body extends z.ZodType | undefined, Query extends z.ZodType | undefined>(
  app: FastifyInstance,
  declaration: OperationDeclaration<Body, Query, 'file'>,
  handler: (input: {
    body: Body extends z.ZodType ? z.infer<Body> : undefined;
    query: Query extends z.ZodType ? z.infer<Query> : undefined;
    request: FastifyRequest;
  }) => Promise<DownloadFile>,
): void {
  if (declaration.method !== 'GET' && declaration.method !== 'POST') throw new Error(`${declaration.name}: a download is GET or POST`);
  defineDownload<Body, Query>(app, {
    method: declaration.method,
    url: declaration.path,
    summary: declaration.summary,
    tags: [...declaration.tags],
    guard: declaration.guard,
    ...(declaration.body ? { body: declaration.body } : {}),
    ...(declaration.query ? { query: declaration.query } : {}),
    handler,
  });
}
