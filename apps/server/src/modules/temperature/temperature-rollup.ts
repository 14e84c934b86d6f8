import type { TemperatureHoursTable, TemperatureRollupsTable } from '../../platform/db/schema.ts';
import type { LimitSet } from './breach.ts';
import { bucketCount } from './temperature-compliance.ts';

const BUCKET_MS = 5 * 60_000;

export type RollupRow = Omit<TemperatureRollupsTable, 'customer_id'>;
export type HourRow = Omit<TemperatureHoursTable, 'customer_id'>;

export const bucketOf = (at: string) => new Date(Math.floor(Date.parse(at) / BUCKET_MS) * BUCKET_MS).toISOString();
/** 'YYYY-MM-DDTHH' of an ISO instant in UTC. */
export const hourOf = (at: string) => at.slice(0, 13);
/** The bucket's bit in its hour's masks: bit i is the hour's i-th 5-minute bucket. */
export const bucketBit = (bucket: string) => 1 << Math.floor(Number(bucket.slice(14, 16)) / 5);

const within = (low: number, high: number, min: number, max: number) => min >= low && max <= high;

/**
 * What one batch's new readings of a sensor add (the ingest's aggregation, and the bench's history
 * fill): a row per 5-minute bucket (count, sum, min, max) and a row per UTC hour (the same sums and
 * the compliance masks of the buckets this batch touched, judged on this batch's part of each
 * bucket by the sensor's limits now: business-hours ones and off-hours ones, the business ones when
 * it has none). The repository adds them to the stored rows (temperature.repo addToRollups,
 * addToHours): a bucket stays within only while every batch's part of it was, which equals judging
 * its final min and max.
 */
export function aggregateReadings(
  sensorId: string,
  limits: LimitSet,
  readings: readonly { at: string; celsius: number }[],
): { rollups: RollupRow[]; hours: HourRow[] } {
  const buckets = new Map<string, RollupRow>();
  for (const reading of readings) {
    const key = bucketOf(reading.at);
    const bucket = buckets.get(key);
    if (!bucket) buckets.set(key, { sensor_id: sensorId, bucket: key, n: 1, sum: reading.celsius, min: reading.celsius, max: reading.celsius });
    else {
      bucket.n += 1;
      bucket.sum += reading.celsius;
      if (reading.celsius < bucket.min) bucket.min = reading.celsius;
      if (reading.celsius > bucket.max) bucket.max = reading.celsius;
    }
  }
  const [offLow, offHigh] = limits.offLow !== null && limits.offHigh !== null ? [limits.offLow, limits.offHigh] : [limits.low, limits.high];
  const hours = new Map<string, HourRow>();
  for (const bucket of buckets.values()) {
    const key = hourOf(bucket.bucket);
    const bit = bucketBit(bucket.bucket);
    const on = within(limits.low, limits.high, bucket.min, bucket.max) ? bit : 0;
    const off = within(offLow, offHigh, bucket.min, bucket.max) ? bit : 0;
    const hour = hours.get(key);
    if (!hour) {
      hours.set(key, {
        sensor_id: sensorId,
        hour: key,
        n: bucket.n,
        sum: bucket.sum,
        min: bucket.min,
        max: bucket.max,
        buckets: bit,
        within_on: on,
        within_off: off,
        buckets_n: 0,
        within_on_n: 0,
        within_off_n: 0,
      });
    } else {
      hour.n += bucket.n;
      hour.sum += bucket.sum;
      if (bucket.min < hour.min) hour.min = bucket.min;
      if (bucket.max > hour.max) hour.max = bucket.max;
      hour.buckets |= bit;
      hour.within_on |= on;
      hour.within_off |= off;
    }
  }
  for (const hour of hours.values()) {
    hour.buckets_n = bucketCount(hour.buckets);
    hour.within_on_n = bucketCount(hour.within_on);
    hour.within_off_n = bucketCount(hour.within_off);
  }
  return { rollups: [...buckets.values()], hours: [...hours.values()] };
}
