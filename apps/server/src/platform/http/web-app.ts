import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';

/** Vite names every file under assets/ by its content hash: a changed file is a new URL. */
export const IMMUTABLE_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** index.html and other unhashed files: the browser may keep them but asks again each time (ETag). */
export const REVALIDATE_CACHE = 'no-cache';

export function webDistDir(config: AppConfig): string {
  return config.webDistDir ?? path.resolve(import.meta.dirname, '../../../../web/dist');
}

/**
 * Serves the built web app (`npm run build -w apps/web`) with an SPA fallback; API paths keep
 * their JSON 404, and so does a missing file under /assets/ (a stale tab asking for a chunk of
 * an older build must fail loudly, not receive index.html as JavaScript).
 * With compression on, each file is sent as the .br or .gz twin the build wrote beside it when
 * the client accepts that encoding (@fastify/static's preCompressed), else as it is.
 */
export function registerWebApp(app: FastifyInstance, config: AppConfig): void {
  const dist = webDistDir(config);
  if (!fs.existsSync(path.join(dist, 'index.html'))) return;
  const assetsDir = path.join(dist, 'assets') + path.sep;
  app.register(fastifyStatic, {
    root: dist,
    // One route per file found at start; everything else falls through to the route below.
    wildcard: false,
    index: false,
    preCompressed: config.httpCompression,
    // Our own Cache-Control in setHeaders (the default would be 'public, max-age=0' for all).
    cacheControl: false,
    // index.html is answered by the fallback route; the twins only ever stand in for their original.
    globIgnore: ['index.html', '**/*.br', '**/*.gz'],
    setHeaders: (response, filePath) => {
      response.setHeader('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE_ASSET_CACHE : REVALIDATE_CACHE);
      if (config.httpCompression) response.setHeader('vary', 'Accept-Encoding');
    },
  });
  app.get('/*', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url.startsWith('/assets/')) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
}
