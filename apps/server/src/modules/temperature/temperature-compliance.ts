import type { ComplianceRow } from '@storelens/contracts';
import { inBusinessHours, type LimitSet, limitsAt, type StoreClock } from './breach.ts';

const BUCKET_MS = 5 * 60_000;
const HOUR_MS = 60 * 60_000;

/** One sensor's hour as SQL counted it (temperature.repo complianceHours). */
export interface HourTally {
  sensorId: string;
  /** 'YYYY-MM-DDTHH' in UTC. */
  hour: string;
  n: number;
  withinOn: number;
  withinOff: number;
}

export const hourStartMs = (hour: string) => Date.parse(`${hour}:00:00.000Z`);

/**
 * Whether the hour lies wholly within business hours (true), wholly outside (false), or a change
 * falls inside it (null: its buckets are judged one by one). Checked at each bucket start, as the
 * engine judges a reading by the limits in force at its instant.
 */
export function hourRegime(clock: StoreClock, hourStart: number): boolean | null {
  const first = inBusinessHours(clock, hourStart);
  for (let at = hourStart + BUCKET_MS; at < hourStart + HOUR_MS; at += BUCKET_MS) if (inBusinessHours(clock, at) !== first) return null;
  return first;
}

/** A bucket is within limits when its lowest and highest readings both lie inside the limits in force at its start. */
export function bucketWithin(limits: LimitSet, clock: StoreClock, bucket: { bucket: string; min: number; max: number }): boolean {
  const { low, high } = limitsAt(limits, clock, Date.parse(bucket.bucket));
  return bucket.min >= low && bucket.max <= high;
}

/** Sums a store's measured and within buckets into its row (minutes: 5 per bucket). */
export function complianceRow(store: { shopId: string; shopName: string; sensors: number }, measured: number, within: number): ComplianceRow {
  return {
    ...store,
    measuredMinutes: measured * 5,
    withinMinutes: within * 5,
    share: measured > 0 ? Math.round((within / measured) * 10_000) / 10_000 : null,
  };
}
