import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Compression of answers made in memory (JSON envelopes, the OpenAPI document, index.html) in our
 * own onSend hook rather than @fastify/compress: we only need the response side (that plugin also
 * inflates compressed request bodies, which no client of ours sends), and a stream is never
 * touched here: the web app's static files are compressed at build time (apps/web
 * scripts/compress-assets.mjs) and served as such by @fastify/static, and downloads
 * (defineDownload) are spreadsheets, already zip files.
 */

export type ContentEncoding = 'br' | 'gzip';

/** Below this a compressed answer saves less than its extra header and CPU cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const COMPRESSIBLE_TYPE = /^(application\/(json|problem\+json|javascript|xml)|text\/|image\/svg\+xml)/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encodings we offer, in the order we prefer them when the client weighs them equally. */
const OFFERED: readonly ContentEncoding[] = ['br', 'gzip'];

/** The client's best Accept-Encoding among ours: a weight of 0 refuses one, '*' stands for the rest. */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim());
    const quality = params.find((param) => param.startsWith('q='));
    const weight = quality ? Number.parseFloat(quality.slice(2)) : 1;
    if (coding) weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: ContentEncoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  let best: ContentEncoding | null = null;
  for (const coding of OFFERED) {
    if (weightOf(coding) > 0 && (best === null || weightOf(coding) > weightOf(best))) best = coding;
  }
  return best;
}

/** Adds Accept-Encoding to Vary, keeping whatever another part of the app put there. */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.some((value) => value === '*' || value.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...values, 'Accept-Encoding'].join(', '));
}

/**
 * Register before any plugin whose answers should be compressed (a plugin's context copies the
 * hooks that exist when it loads). Brotli at quality 4 costs about what gzip does on the fly and
 * still wins on size; the build's static files use quality 11.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    if (/\bno-transform\b/i.test(String(reply.getHeader('cache-control') ?? ''))) return payload;
    // The same URL may answer a small or a large body: caches must key every such answer by encoding.
    varyOnAcceptEncoding(reply);
    const size = Buffer.byteLength(payload);
    if (size < COMPRESSION_THRESHOLD_BYTES) return payload;
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed =
      encoding === 'br'
        ? await brotli(payload, {
            params: {
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : await gzip(payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
