import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (DESIGN section 8, issue 10). One registry per app, so tests that
 * build several apps in one process do not share counts. Platform parts and modules add theirs
 * through this object; /metrics (platform/observability/metrics-route.ts) exposes it.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'storelens_http_request_duration_seconds',
      help: 'HTTP request duration by operation (route pattern), method and status',
      labelNames: ['operation', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    deviceEvents: new Counter({
      name: 'storelens_device_events_ingested_total',
      help: 'Device events accepted through the device API (replayed batches not counted again)',
      registers: [registry],
    }),
    jobOutcomes: new Counter({
      name: 'storelens_job_outcomes_total',
      help: 'Job runs by job name and outcome (completed, retried, failed, interrupted)',
      labelNames: ['job', 'outcome'] as const,
      registers: [registry],
    }),
    /** A gauge read when /metrics is scraped. */
    gauge(name: string, help: string, labelNames: readonly string[], collect: (gauge: Gauge) => Promise<void> | void): Gauge {
      return new Gauge({
        name,
        help,
        labelNames: [...labelNames],
        registers: [registry],
        async collect() {
          this.reset();
          await collect(this);
        },
      });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
