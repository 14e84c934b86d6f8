import { useMemo, useState } from 'react';
import { latestLocalDate } from '../lib/dateTime.ts';

/**
 * "Today" of a page about stores: the latest of their calendar days, not the viewer's. A regional
 * manager in London opening a Seoul store's day after 15:00 UTC means Seoul's new day; the
 * viewer's would show yesterday's data as today's. With no zone known, the viewer's today.
 */
export function useStoresToday(timeZones: readonly string[]): string {
  const key = timeZones.join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the zones' contents, not the array's identity, decide the day.
  return useMemo(() => latestLocalDate(timeZones, Date.now()), [key]);
}

/**
 * A day picked on a page about stores: their today until the person picks another one, so the
 * page follows a change of store to that store's today (a store a day ahead or behind) until then.
 */
export function useStoreDay(timeZones: readonly string[]): { day: string; today: string; setDay(day: string): void } {
  const today = useStoresToday(timeZones);
  const [picked, setDay] = useState<string | null>(null);
  return { day: picked ?? today, today, setDay };
}
