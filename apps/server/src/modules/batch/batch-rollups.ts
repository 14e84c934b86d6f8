import { receptionBandOf } from '@storelens/contracts';
import type { BatchCounter, DailyCounters } from './batch.repo.ts';
import { BATCH_DAILY_COUNTERS } from './batch.repo.ts';

export interface BatchFacts {
  local_date: string;
  type: 'single' | 'pair' | 'family' | 'group';
  count: number;
  stay_s: number;
  reception_started_at: string | null;
  reception_s: number | null;
}

export const emptyCounters = (): DailyCounters => Object.fromEntries(BATCH_DAILY_COUNTERS.map((name) => [name, 0])) as DailyCounters;

/** What one batch adds to its store-day: the counts, sums and its reception band. */
export function contributionOf(batch: BatchFacts): DailyCounters {
  const counters = emptyCounters();
  counters.batches = 1;
  counters.people = batch.count;
  counters[`type_${batch.type}` as BatchCounter] = 1;
  counters.stay_s = batch.stay_s;
  const received = batch.reception_started_at !== null;
  const seconds = received ? (batch.reception_s ?? 0) : null;
  if (received) {
    counters.received = 1;
    counters.reception_s = seconds ?? 0;
  }
  const band = receptionBandOf(seconds);
  counters[`band_${band}` as BatchCounter] = 1;
  counters[`people_${band}` as BatchCounter] = batch.count;
  return counters;
}

/** Sums of batches by local date: what ingest adds, and what a rebuild writes. */
export function dailyOf(batches: readonly BatchFacts[]): Map<string, DailyCounters> {
  const days = new Map<string, DailyCounters>();
  for (const batch of batches) {
    const day = days.get(batch.local_date) ?? emptyCounters();
    const add = contributionOf(batch);
    for (const name of BATCH_DAILY_COUNTERS) day[name] += add[name];
    days.set(batch.local_date, day);
  }
  return days;
}
