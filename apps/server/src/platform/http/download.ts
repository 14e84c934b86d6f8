import type { Readable } from 'node:stream';
import { type OperationDeclaration, XLSX_CONTENT_TYPE } from '@storelens/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { OperationGuard } from './context.ts';

export interface DownloadFile {
  fileName: string;
  content: Buffer;
  contentType?: string;
  /** Shown in place (a playlist, a picture) rather than saved; a download by default. */
  inline?: boolean;
  /** Further headers the answer carries (e.g. what a screenshot is stamped with). */
  headers?: Record<string, string>;
}

/** Inclusive byte range. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * A file too large to hold in memory (a video segment): its size, and a way to open it whole or
 * a byte range of it. Range requests are answered 206 (one range), as players seek by ranges.
 */
export interface DownloadStream {
  fileName: string;
  contentType: string;
  size: number;
  open(range?: ByteRange): Promise<Readable>;
  inline?: boolean;
  cacheControl?: string;
}

/** One range of a Range header ('bytes=a-b', 'bytes=a-', 'bytes=-n') within a size; null: none asked; 'unsatisfiable'. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges or another unit: answered whole, as RFC 9110 allows.
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
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
    }) => Promise<DownloadFile | DownloadStream>;
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
      reply
        .header('content-type', file.contentType ?? XLSX_CONTENT_TYPE)
        .header(
          'content-disposition',
          `${file.inline ? 'inline' : 'attachment'}; filename="${asciiName(file.fileName)}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        );
      if (!('open' in file))
        return reply
          .header('cache-control', 'no-store')
          .headers(file.headers ?? {})
          .send(file.content);
      reply.header('cache-control', file.cacheControl ?? 'no-store').header('accept-ranges', 'bytes');
      const range = parseRange(request.headers.range, file.size);
      if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${file.size}`).send();
      if (range === null) return reply.header('content-length', file.size).send(await file.open());
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(await file.open(range));
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
  }) => Promise<DownloadFile | DownloadStream>,
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
