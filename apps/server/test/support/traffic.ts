import type { DeviceEvent } from '@storelens/contracts';
import type { FastifyInstance } from 'fastify';
import { createDevicesService } from '../../src/modules/devices/devices.service.ts';
import type { DB } from '../../src/platform/db/database.ts';
import { advanceClock, resetClock } from '../../src/platform/time/clock.ts';
import { call, type Envelope } from '../harness.ts';

/** Test helpers of the traffic tests: a box with cameras and its device token, and batch delivery. */
export interface TestBox {
  boxId: string;
  token: string;
  cameraIds: string[];
  shopId: string;
  customerId: string;
}

let counter = 0;

export async function buildBox(db: DB, customerId: string, shopId: string, cameras = 2): Promise<TestBox> {
  counter += 1;
  const devices = createDevicesService({ db });
  const mac = `02:BB:00:00:${Math.floor(counter / 256)
    .toString(16)
    .padStart(2, '0')}:${(counter % 256).toString(16).padStart(2, '0')}`.toUpperCase();
  const { boxId, token } = await devices.registerBox(customerId, { shopId, mac, name: `Box ${counter}` });
  const cameraIds: string[] = [];
  for (let index = 1; index <= cameras; index += 1) {
    cameraIds.push(
      await devices.addCamera(customerId, { shopId, boxId, name: `Entrance ${index}`, number: `T${counter}-C${index}`, deploymentArea: 'entrance' }),
    );
  }
  return { boxId, token, cameraIds, shopId, customerId };
}

let batchCounter = 0;
export function nextBatchId(): string {
  batchCounter += 1;
  return `batch-${Date.now().toString(36)}-${batchCounter}`;
}

export async function sendBatch(
  app: FastifyInstance,
  token: string,
  events: readonly (DeviceEvent | Record<string, unknown>)[],
  batchId = nextBatchId(),
  lang?: string,
): Promise<{ http: number; body: Envelope; headers: Record<string, unknown> }> {
  const response = await call(app, 'POST', '/api/device/v1/events', { batchId, events }, { token, ...(lang ? { lang } : {}) });
  return { http: response.http, body: response.body, headers: response.raw.headers };
}

/** Shorthands for events at an instant. */
export const line = (cameraId: string, at: string, direction: 'in' | 'out' = 'in', count = 1, staff = false) =>
  ({ type: 'line', cameraId, at, direction, count, staff }) as const;
export const passerby = (cameraId: string, at: string, count = 1) => ({ type: 'passerby', cameraId, at, count }) as const;
export const visit = (
  visitorId: string,
  enteredAt: string,
  minutes: number,
  extra: { gender?: 'male' | 'female' | 'unknown'; ageBand?: '0-17' | '18-24' | '25-34' | '35-44' | '45-54' | '55+' | 'unknown'; isStaff?: boolean } = {},
) =>
  ({
    type: 'visit',
    visitorId,
    enteredAt,
    exitedAt: new Date(Date.parse(enteredAt) + minutes * 60_000).toISOString(),
    gender: extra.gender ?? 'unknown',
    ageBand: extra.ageBand ?? 'unknown',
    isStaff: extra.isStaff ?? false,
  }) as const;

/** Puts the server clock at an instant, so fixtures with fixed dates stay within the device API's age limit. */
export function clockAt(iso: string): void {
  resetClock();
  advanceClock(Date.parse(iso) - Date.now());
}

const ROLLUP_TABLES = [
  'traffic_shop_hourly',
  'traffic_shop_daily',
  'traffic_shop_weekly',
  'traffic_shop_monthly',
  'traffic_entrance_hourly',
  'traffic_entrance_daily',
  'traffic_zone_daily',
] as const;

/** Every rollup row of a shop, in a comparable form, for 'gives the same numbers'. */
export async function rollupSnapshot(db: DB, shopId: string): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of ROLLUP_TABLES) {
    const rows = await db.selectFrom(table).selectAll().where('shop_id', '=', shopId).execute();
    result[table] = rows.map((row) => JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)))).sort();
  }
  return result;
}

/** What ingest and the rebuild decide per visit: new or repeat, the gap, the local date and hour. */
export async function visitHistory(db: DB, shopId: string): Promise<string[]> {
  const visits = await db
    .selectFrom('traffic_visits')
    .select(['visitor_id', 'entered_at', 'is_new', 'revisit_gap_s', 'local_date', 'hour'])
    .where('shop_id', '=', shopId)
    .orderBy('visitor_id')
    .orderBy('entered_at')
    .execute();
  return visits.map((row) => JSON.stringify(row));
}
