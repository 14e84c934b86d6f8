import { type ComplianceRow, temperatureOperations as ops, RoleId } from '@storelens/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildShop, buildUser, type Session, signIn } from '../../../test/factories.ts';
import { createTestApp, postersFor, type TestApp } from '../../../test/harness.ts';
import { buildBox, sendBatch, type TestBox } from '../../../test/support/traffic.ts';
import { seeded } from '../../bench/support.ts';
import { up as addHoursTable } from '../../platform/db/migrations/0039_temperature_hours.ts';
import { resetClock, setClock } from '../../platform/time/clock.ts';
import { addDays } from '../../platform/time/local-time.ts';
import { limitsAt } from './breach.ts';
import { purgeTemperature } from './temperature.jobs.ts';
import { PURGE_CHUNK, purgeChunk } from './temperature.repo.ts';
import { bucketCount } from './temperature-compliance.ts';
import { bucketBit, bucketOf, hourOf } from './temperature-rollup.ts';

/**
 * The batched ingest (issue 16 section 5) against the semantics of one reading at a time: the same
 * readings sent by one box in a few large batches (shuffled inside, with duplicates and a resend)
 * and by another box one minute per batch, as a live box does, give the same rollups, hours, latest
 * readings, breach states and alerts; both equal what is computed naively from the raw readings
 * stored, the compliance included. Stores in Kolkata (UTC+05:30), open 10:30-22:00, so a closing
 * time and the local midnight fall inside UTC hours.
 */
let t: TestApp;
const { data } = postersFor(() => t.app);
const MINUTE = 60_000;
const ZONE = 'Asia/Kolkata';
const HOURS = '10:30-22:00';
/** 15:00 to 20:00 UTC: 20:30 to 01:30 in Kolkata, across the closing time and midnight. */
const START = Date.parse('2026-06-01T15:00:00.000Z');
const MINUTES = 300;
let customerId: string;
let rootOrgId: string;
let admin: Session;
let batched: { shopId: string; box: TestBox; sensors: string[] };
let live: { shopId: string; box: TestBox; sensors: string[] };

const SENSORS = [
  { name: 'Fridge', kind: 'fridge', limits: { low: 0, high: 5 }, delayMinutes: 10 },
  { name: 'Deli', kind: 'displayCase', limits: { low: 0, high: 5 }, offHoursLimits: { low: 0, high: 10 }, delayMinutes: 5 },
  { name: 'Freezer', kind: 'freezer', limits: { low: -25, high: -15 }, delayMinutes: 0 },
  { name: 'Idle', kind: 'fridge', limits: { low: 0, high: 5 }, delayMinutes: 10, enabled: false },
];

/** Minute m of sensor s: mostly within, with excursions long and short, on both sides, and a few gaps. */
function readingsOf(sensors: readonly string[]): { type: 'temperature'; sensorId: string; at: string; celsius: number }[][] {
  const random = seeded(16_05);
  const minutes: { type: 'temperature'; sensorId: string; at: string; celsius: number }[][] = [];
  for (let minute = 0; minute < MINUTES; minute += 1) {
    const events = [];
    for (const [index, sensorId] of sensors.entries()) {
      if (random() < 0.05) continue;
      const noise = Math.round((random() - 0.5) * 10) / 10;
      let celsius = index === 2 ? -20 + noise : 3 + noise;
      if (minute >= 40 && minute < 60) celsius += 4.5;
      if (minute >= 100 && minute < 104) celsius += 6;
      if (minute >= 150 && minute < 175) celsius -= 8;
      if (minute >= 200 && minute < 232) celsius += 5;
      events.push({ type: 'temperature' as const, sensorId, at: new Date(START + minute * MINUTE).toISOString(), celsius: Math.round(celsius * 10) / 10 });
    }
    minutes.push(events);
  }
  return minutes;
}

async function storeWithSensors(name: string): Promise<{ shopId: string; box: TestBox; sensors: string[] }> {
  const shopId = await buildShop(t.db, customerId, rootOrgId, { name, timeZone: ZONE });
  await t.db.updateTable('shops').set({ business_hours: HOURS }).where('id', '=', shopId).execute();
  const box = await buildBox(t.db, customerId, shopId, 0);
  const sensors: string[] = [];
  for (const sensor of SENSORS) sensors.push((await data<{ sensorId: string }>(admin, ops.sensorSave.path, { boxId: box.boxId, ...sensor })).sensorId);
  return { shopId, box, sensors };
}

async function send(box: TestBox, events: readonly Record<string, unknown>[]): Promise<{ accepted: number; duplicates: number }> {
  const sent = await sendBatch(t.app, box.token, events);
  expect(sent.body.status, sent.body.msg).toBe(200);
  return sent.body.data as { accepted: number; duplicates: number };
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

async function stored(sensorId: string) {
  const [rollups, hours, sensor, alerts, readings] = await Promise.all([
    t.db.selectFrom('temperature_rollups').select(['bucket', 'n', 'sum', 'min', 'max']).where('sensor_id', '=', sensorId).orderBy('bucket').execute(),
    t.db
      .selectFrom('temperature_hours')
      .select(['hour', 'n', 'sum', 'min', 'max', 'buckets', 'within_on', 'within_off', 'buckets_n', 'within_on_n', 'within_off_n'])
      .where('sensor_id', '=', sensorId)
      .orderBy('hour')
      .execute(),
    t.db
      .selectFrom('temperature_sensors')
      .select(['last_at', 'last_celsius', 'breach_state', 'breach_side', 'breach_since', 'breach_limit', 'breach_peak', 'open_alert_id'])
      .where('id', '=', sensorId)
      .executeTakeFirstOrThrow(),
    t.db
      .selectFrom('temperature_alerts')
      .select(['side', 'limit_value', 'started_at', 'raised_at', 'ended_at', 'duration_s', 'peak'])
      .where('sensor_id', '=', sensorId)
      .orderBy('raised_at')
      .execute(),
    t.db.selectFrom('temperature_readings').select(['at', 'celsius']).where('sensor_id', '=', sensorId).orderBy('at').execute(),
  ]);
  return {
    rollups: rollups.map((row) => ({ ...row, sum: round(row.sum) })),
    hours: hours.map((row) => ({ ...row, sum: round(row.sum) })),
    sensor: { ...sensor, open_alert_id: sensor.open_alert_id !== null },
    alerts,
    readings,
  };
}

/** Rollups and hours from the raw readings, each bucket judged on its final min and max. */
function naiveSums(sensor: (typeof SENSORS)[number], readings: readonly { at: string; celsius: number }[]) {
  const buckets = new Map<string, { bucket: string; n: number; sum: number; min: number; max: number }>();
  for (const reading of readings) {
    const key = bucketOf(reading.at);
    const bucket = buckets.get(key) ?? { bucket: key, n: 0, sum: 0, min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY };
    bucket.n += 1;
    bucket.sum += reading.celsius;
    bucket.min = Math.min(bucket.min, reading.celsius);
    bucket.max = Math.max(bucket.max, reading.celsius);
    buckets.set(key, bucket);
  }
  const off = sensor.offHoursLimits ?? sensor.limits;
  const hours = new Map<string, { hour: string; n: number; sum: number; min: number; max: number; buckets: number; within_on: number; within_off: number }>();
  for (const bucket of buckets.values()) {
    const key = hourOf(bucket.bucket);
    const hour = hours.get(key) ?? {
      hour: key,
      n: 0,
      sum: 0,
      min: Number.POSITIVE_INFINITY,
      max: Number.NEGATIVE_INFINITY,
      buckets: 0,
      within_on: 0,
      within_off: 0,
    };
    const bit = bucketBit(bucket.bucket);
    hour.n += bucket.n;
    hour.sum += bucket.sum;
    hour.min = Math.min(hour.min, bucket.min);
    hour.max = Math.max(hour.max, bucket.max);
    hour.buckets |= bit;
    if (bucket.min >= sensor.limits.low && bucket.max <= sensor.limits.high) hour.within_on |= bit;
    if (bucket.min >= off.low && bucket.max <= off.high) hour.within_off |= bit;
    hours.set(key, hour);
  }
  return {
    rollups: [...buckets.values()].map((row) => ({ ...row, sum: round(row.sum) })),
    hours: [...hours.values()].map((row) => ({
      ...row,
      sum: round(row.sum),
      buckets_n: bucketCount(row.buckets),
      within_on_n: bucketCount(row.within_on),
      within_off_n: bucketCount(row.within_off),
    })),
    buckets: [...buckets.values()],
  };
}

beforeAll(async () => {
  t = await createTestApp({ sessionTtlHours: 24 * 100 });
  setClock(new Date(START + (MINUTES + 1) * MINUTE).toISOString());
  const customer = await buildCustomer(t.db, 'Batch Cold Co');
  customerId = customer.customerId;
  rootOrgId = customer.rootOrgId;
  admin = await signIn(t.app, (await buildUser(t.db, [{ customerId, roleId: RoleId.superManager }])).loginName, customerId);
  batched = await storeWithSensors('Batched');
  live = await storeWithSensors('Live');

  // One minute per batch, in time order: what a live box sends, and one reading of a sensor at a time.
  for (const events of readingsOf(live.sensors)) await send(live.box, events);

  // The same readings in a few large batches, each later than the one before, shuffled inside,
  // with a reading repeated inside a batch and a batch sent again under another batchId.
  const all = readingsOf(batched.sensors).flat();
  const shuffle = seeded(7);
  const sizes = [37, 250, 411, 90, 500];
  const batches: (typeof all)[] = [];
  for (let start = 0, index = 0; start < all.length; index += 1) {
    const size = sizes[index % sizes.length] ?? 100;
    batches.push(all.slice(start, start + size).sort(() => shuffle() - 0.5));
    start += size;
  }
  let accepted = 0;
  for (const [index, events] of batches.entries()) {
    const first = events[0];
    const answer = await send(batched.box, index === 1 && first ? [...events, { ...first }] : events);
    accepted += answer.accepted;
    if (index === 1) expect(answer.duplicates).toBe(1);
  }
  expect(accepted).toBe(all.length);
  const resend = await send(batched.box, batches[2] ?? []);
  expect(resend).toMatchObject({ accepted: 0, duplicates: batches[2]?.length });
}, 120_000);
afterAll(async () => {
  resetClock();
  await t.close();
});

describe('a batch written as a whole', () => {
  it('stores what one reading at a time stores: rollups, hours, latest reading, breach state and alerts', async () => {
    for (const [index, sensor] of SENSORS.entries()) {
      const one = await stored(batched.sensors[index] ?? '');
      const other = await stored(live.sensors[index] ?? '');
      expect(one.readings, sensor.name).toEqual(other.readings);
      expect(one.rollups, sensor.name).toEqual(other.rollups);
      expect(one.hours, sensor.name).toEqual(other.hours);
      expect(one.sensor, sensor.name).toEqual(other.sensor);
      expect(one.alerts, sensor.name).toEqual(other.alerts);
      // And both are what the raw readings say.
      const naive = naiveSums(sensor, one.readings);
      expect(one.rollups, sensor.name).toEqual(naive.rollups);
      expect(one.hours, sensor.name).toEqual(naive.hours);
      expect(one.sensor.last_at).toBe(one.readings.at(-1)?.at);
    }
    // The excursions alert: the fridge's warm 20 minutes (delay 10) and cold 25, the freezer's every one (delay 0); the idle sensor none.
    const fridge = await stored(batched.sensors[0] ?? '');
    expect(fridge.alerts.map((alert) => alert.side)).toEqual(['high', 'low', 'high']);
    // Raised and ended inside one large batch, each alert is closed (its id is known to the readings after it).
    expect(fridge.alerts.every((alert) => alert.ended_at !== null)).toBe(true);
    expect((await stored(batched.sensors[2] ?? '')).alerts.length).toBeGreaterThanOrEqual(3);
    expect((await stored(batched.sensors[3] ?? '')).alerts).toEqual([]);
  });

  it('gives the compliance computed from the raw readings, over local days that start inside a UTC hour', async () => {
    for (const date of ['2026-06-01', '2026-06-02']) {
      const rows = await data<ComplianceRow[]>(admin, ops.compliance.path, { shopIds: [batched.shopId, live.shopId], startDate: date, endDate: date });
      // Naive: every bucket of the enabled sensors' raw readings whose start lies in the local day, judged at its start.
      const from = Date.parse(`${addDays(date, -1)}T18:30:00.000Z`);
      const to = from + 86_400_000;
      let measured = 0;
      let within = 0;
      for (const [index, sensor] of SENSORS.entries()) {
        if (sensor.enabled === false) continue;
        const { buckets } = naiveSums(sensor, (await stored(batched.sensors[index] ?? '')).readings);
        const limits = {
          low: sensor.limits.low,
          high: sensor.limits.high,
          offLow: sensor.offHoursLimits?.low ?? null,
          offHigh: sensor.offHoursLimits?.high ?? null,
        };
        for (const bucket of buckets) {
          const start = Date.parse(bucket.bucket);
          if (start < from || start >= to) continue;
          measured += 1;
          const { low, high } = limitsAt(limits, { timeZone: ZONE, businessHours: HOURS }, start);
          if (bucket.min >= low && bucket.max <= high) within += 1;
        }
      }
      expect(measured, date).toBeGreaterThan(0);
      const expected = { sensors: 3, measuredMinutes: measured * 5, withinMinutes: within * 5, share: Math.round((within / measured) * 10_000) / 10_000 };
      expect(
        rows.find((row) => row.shopId === batched.shopId),
        date,
      ).toMatchObject(expected);
      expect(
        rows.find((row) => row.shopId === live.shopId),
        date,
      ).toMatchObject(expected);
    }
  });

  it("draws a day's curve from the 5-minute rollups, and an older one from the hours", async () => {
    const sensorId = batched.sensors[0] ?? '';
    const { rollups, hours } = await stored(sensorId);
    const recent = await data<{ points: { at: string; min: number; max: number }[] }>(admin, ops.curve.path, {
      sensorId,
      startDate: '2026-06-01',
      endDate: '2026-06-02',
    });
    expect(recent.points.map((point) => [point.at, point.min, point.max])).toEqual(rollups.map((row) => [row.bucket, row.min, row.max]));
    // Past the 5-minute rollups' retention (35 days), the same days come from the hours.
    setClock('2026-07-20T00:00:00.000Z');
    try {
      const old = await data<{ points: { at: string; min: number; avg: number; max: number }[] }>(admin, ops.curve.path, {
        sensorId,
        startDate: '2026-06-01',
        endDate: '2026-06-02',
      });
      expect(old.points).toEqual(
        hours.map((row) => ({ at: `${row.hour}:00:00.000Z`, min: row.min, avg: Math.round((row.sum / row.n) * 100) / 100, max: row.max })),
      );
    } finally {
      setClock(new Date(START + (MINUTES + 1) * MINUTE).toISOString());
    }
  });
});

describe('the migration that added the hours', () => {
  it('sums existing 5-minute rollups into the hours the ingest keeps', async () => {
    const kept = await Promise.all(batched.sensors.map(async (sensorId) => (await stored(sensorId)).hours));
    await t.db.deleteFrom('temperature_hours').where('customer_id', '=', customerId).execute();
    await addHoursTable(t.db as unknown as Kysely<unknown>);
    expect(await Promise.all(batched.sensors.map(async (sensorId) => (await stored(sensorId)).hours))).toEqual(kept);
  });
});

describe('retention', () => {
  it('deletes raw readings after 7 days, 5-minute rollups after 35 and hours after 400, in bounded chunks', async () => {
    const count = async (table: 'temperature_readings' | 'temperature_rollups' | 'temperature_hours') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('sensor_id', '=', batched.sensors[0] ?? '')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { readings: await count('temperature_readings'), rollups: await count('temperature_rollups'), hours: await count('temperature_hours') };
    expect(before.readings).toBeGreaterThan(0);
    const at = (days: number) => new Date(START + MINUTES * MINUTE + days * 86_400_000);
    await purgeTemperature(t.db, at(6));
    expect(await count('temperature_readings')).toBe(before.readings);
    await purgeTemperature(t.db, at(7.01));
    expect(await count('temperature_readings')).toBe(0);
    expect(await count('temperature_rollups')).toBe(before.rollups);
    await purgeTemperature(t.db, at(35.01));
    expect(await count('temperature_rollups')).toBe(0);
    expect(await count('temperature_hours')).toBe(before.hours);
    await purgeTemperature(t.db, at(399));
    expect(await count('temperature_hours')).toBe(before.hours);
    await purgeTemperature(t.db, at(400.01));
    expect(await count('temperature_hours')).toBe(0);
    // The live store's rows went with the batched one's: nothing of the fixture is left.
    expect(
      Number(
        (
          await t.db
            .selectFrom('temperature_hours')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
  });

  it('deletes a chunk at a time: at most the chunk and the rows of its last instant', async () => {
    // 4 sensors x 1,600 minutes: 6,400 readings, more than a chunk. Sent at their time (a device batch may not be older than 400 days).
    const start = Date.parse('2026-08-01T00:00:00.000Z');
    setClock(new Date(start + 1_601 * MINUTE).toISOString());
    const events = [];
    for (let minute = 0; minute < 1_600; minute += 1)
      for (const sensorId of batched.sensors) events.push({ type: 'temperature', sensorId, at: new Date(start + minute * MINUTE).toISOString(), celsius: 3 });
    // Older readings first out of the way, so the chunks below are these.
    while ((await purgeChunk(t.db, 'temperature_readings', new Date(start).toISOString())) > 0);
    for (let from = 0; from < events.length; from += 5_000) await send(batched.box, events.slice(from, from + 5_000));
    const cutoff = new Date(start + 1_600 * MINUTE).toISOString();
    const first = await purgeChunk(t.db, 'temperature_readings', cutoff);
    expect(first).toBeGreaterThanOrEqual(PURGE_CHUNK);
    expect(first).toBeLessThanOrEqual(PURGE_CHUNK + batched.sensors.length);
    expect(first + (await purgeChunk(t.db, 'temperature_readings', cutoff))).toBe(events.length);
    expect(await purgeChunk(t.db, 'temperature_readings', cutoff)).toBe(0);
  });
});
