import type { ComplianceRow } from '@storelens/contracts';

const BUCKET_MS = 5 * 60_000;
const BUCKETS = 12;

export const hourStartMs = (hour: string) => Date.parse(`${hour}:00:00.000Z`);

/** Set bits of a 12-bit mask, by table. */
const BITS = Array.from({ length: 1 << BUCKETS }, (_, mask) => {
  let count = 0;
  for (let rest = mask; rest > 0; rest >>= 1) count += rest & 1;
  return count;
});
export const bucketCount = (mask: number) => BITS[mask & ((1 << BUCKETS) - 1)] ?? 0;

/**
 * An hour's masks for the store (bit i its i-th 5-minute bucket): the buckets whose start lies in
 * business hours (their limits are the business-hours ones, as the engine judges a reading at its
 * instant), and those whose start lies in the range (a zone half an hour off UTC starts its days
 * inside a UTC hour).
 */
export function hourMasks(open: (atMs: number) => boolean, hourStart: number, fromMs: number, toMs: number): { open: number; inRange: number } {
  let openMask = 0;
  let inRange = 0;
  for (let index = 0; index < BUCKETS; index += 1) {
    const at = hourStart + index * BUCKET_MS;
    if (open(at)) openMask |= 1 << index;
    if (at >= fromMs && at < toMs) inRange |= 1 << index;
  }
  return { open: openMask, inRange };
}

/**
 * One sensor's hour counted (temperature_hours): buckets measured in the range, and those within
 * the limits in force at their start, the business-hours judgement where the store was open and the
 * off-hours one where it was closed.
 */
export function countHour(
  tally: { buckets: number; within_on: number; within_off: number },
  masks: { open: number; inRange: number },
): { measured: number; within: number } {
  const measured = tally.buckets & masks.inRange;
  return { measured: bucketCount(measured), within: bucketCount(((tally.within_on & masks.open) | (tally.within_off & ~masks.open)) & measured) };
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
