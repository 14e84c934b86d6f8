import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildBox, line, sendBatch } from '../../../test/support/traffic.ts';
import { createJobQueue } from '../jobs/jobs.ts';
import { nowIso } from '../time/clock.ts';

describe('/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: 'scrape-secret-1' });
  });
  afterAll(async () => t.close());

  const scrape = (remoteAddress: string, token?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('answers a scraper on this machine in the Prometheus format, by operation pattern and status', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'POST', url: '/api/current/shoptree', payload: {} });
    await createJobQueue(t.db).enqueue('test.metrics', null);
    const response = await scrape('127.0.0.1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(/storelens_http_request_duration_seconds_count\{operation="\/healthz",method="GET",status="200"\} 1/);
    expect(text).toMatch(/storelens_http_request_duration_seconds_count\{operation="\/api\/current\/shoptree",method="POST",status="401"\} 1/);
    expect(text).toContain('storelens_device_events_ingested_total 0');
    expect(text).toMatch(/storelens_jobs\{job="test.metrics",status="waiting"\} 1/);
    expect(text).toMatch(/storelens_database_connections\{dialect="(sqlite|postgres)"/);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('counts the device events accepted, and a replayed batch once', async () => {
    const { customerId, rootOrgId } = await buildCustomer(t.db, 'Metrics Co');
    const box = await buildBox(t.db, customerId, await buildShop(t.db, customerId, rootOrgId));
    const events = [line(box.cameraIds[0] ?? '', nowIso()), line(box.cameraIds[0] ?? '', nowIso(), 'out')];
    expect((await sendBatch(t.app, box.token, events, 'metrics-batch-1')).body.status).toBe(200);
    expect((await sendBatch(t.app, box.token, events, 'metrics-batch-1')).body.status).toBe(200);
    expect((await scrape('127.0.0.1')).body).toContain('storelens_device_events_ingested_total 2');
  });

  it('is not there for anyone else, unless they carry METRICS_TOKEN', async () => {
    expect((await scrape('203.0.113.5')).statusCode).toBe(404);
    expect((await scrape('203.0.113.5', 'wrong-secret-12')).statusCode).toBe(404);
    expect((await scrape('203.0.113.5', 'scrape-secret-1')).statusCode).toBe(200);
  });

  it('is not there for a visitor who came through a reverse proxy on this machine, unless they carry METRICS_TOKEN', async () => {
    const proxied = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers });
    expect((await proxied({ 'x-forwarded-for': '198.51.100.7' })).statusCode).toBe(404);
    expect((await proxied({ forwarded: 'for=198.51.100.7;proto=https' })).statusCode).toBe(404);
    expect((await proxied({ 'x-forwarded-for': '198.51.100.7', authorization: 'Bearer scrape-secret-1' })).statusCode).toBe(200);
  });
});
