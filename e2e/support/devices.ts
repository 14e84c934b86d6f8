import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { uniqueSuffix } from './admin.ts';
import { baseUrl } from './browser.ts';

/** A demo box with its device token, as seed-demo wrote it (docs/API.md). */
export interface DemoBox {
  customer: string;
  shopId: string;
  shopNumber: string;
  token: string;
  cameras: { cameraId: string; number: string }[];
}

export function demoBoxes(): DemoBox[] {
  return JSON.parse(fs.readFileSync(path.join(inject('dataDir'), 'demo-devices.json'), 'utf8')) as DemoBox[];
}

/** One batch of events through the device API, as the box would send it. */
export async function postDeviceEvents(
  box: DemoBox,
  events: unknown[],
  batchPrefix: string,
): Promise<{ status: number; msg: string; data: { accepted: number } }> {
  const response = await fetch(`${baseUrl()}/api/device/v1/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${box.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ batchId: `${batchPrefix}-${uniqueSuffix()}`, events }),
  });
  return (await response.json()) as { status: number; msg: string; data: { accepted: number } };
}

/**
 * People standing in front of the box's first camera: one track each (its own visitor) that
 * began 20 s ago and ended 5 s ago, so live occupancy counts them for the next two minutes.
 */
export function standingPeople(box: DemoBox, count: number, prefix: string): unknown[] {
  const started = Date.now() - 20_000;
  return Array.from({ length: count }, (_, index) => ({
    type: 'track',
    cameraId: box.cameras[0]?.cameraId ?? '',
    trackId: `${prefix}-${uniqueSuffix()}-${index}`,
    visitorId: `${prefix}-visitor-${uniqueSuffix()}-${index}`,
    startedAt: new Date(started).toISOString(),
    points: [
      [0, 300 + index * 10, 400],
      [15_000, 320 + index * 10, 420],
    ],
  }));
}
