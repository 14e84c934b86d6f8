import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('documents the device API and the traffic operations in the OpenAPI document', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const document = response.json() as { paths: Record<string, { post?: { requestBody?: unknown }; get?: { responses?: unknown } }> };
  for (const path of ['/api/device/v1/events', '/api/traffic/trend', '/api/traffic/export', '/api/calendarEvent/add', '/api/customerKvSetting/update']) {
    expect(document.paths[path]?.post, path).toBeDefined();
  }
  const events = JSON.stringify(document.paths['/api/device/v1/events']?.post?.requestBody);
  for (const type of ['line', 'passerby', 'visit', 'zoneDwell', 'heartbeat']) expect(events).toContain(`"${type}"`);
  expect(JSON.stringify(document.paths['/api/device/v1/events']?.post)).toContain('"ignoredExpired"');

  // The box configuration: every field with its description and an example.
  const config = JSON.stringify(document.paths['/api/device/v1/config']?.get?.responses);
  for (const field of ['version', 'boxId', 'timeZone', 'businessHours', 'collecting', 'closedAt', 'timeToStoreMinutes', 'blurFaces', 'cameras', 'enabled']) {
    expect(config).toMatch(new RegExp(`"${field}":\\{[^}]*"description":"[^"]+"`));
  }
  expect(config).toContain('"example":"Asia/Shanghai"');
  expect(config).toContain('"example":30');
});
