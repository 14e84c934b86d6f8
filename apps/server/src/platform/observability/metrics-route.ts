import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/session-hook.ts';
import type { Metrics } from './metrics.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** A scraper on this machine, or one carrying METRICS_TOKEN; everyone else is told nothing is here. */
export function mayScrape(request: FastifyRequest, metricsToken: string | null): boolean {
  const token = bearerToken(request.headers.authorization);
  if (metricsToken && token) {
    const given = Buffer.from(token);
    const expected = Buffer.from(metricsToken);
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) return true;
  }
  // A request that came through a proxy is not a scrape on this machine, whoever the proxy says sent
  // it: behind a reverse proxy on the same host every visitor's socket is loopback, and without
  // TRUST_PROXY the server cannot tell them apart, so any forwarding header closes the loopback door.
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) return false;
  // The socket's address: a forwarded header could be forged unless TRUST_PROXY names the proxy.
  return LOOPBACK.test(request.socket.remoteAddress ?? '') && LOOPBACK.test(request.ip);
}

/** Records every request's duration by route pattern (never the raw URL: ids would explode the labels) and serves /metrics. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, metricsToken: string | null): void {
  app.addHook('onResponse', async (request, reply) => {
    const operation = request.routeOptions.url ?? 'unmatched';
    if (operation === '/metrics') return;
    metrics.httpRequestDuration.observe({ operation, method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (request, reply) => {
    if (!mayScrape(request, metricsToken)) return reply.callNotFound();
    return reply
      .type(metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
