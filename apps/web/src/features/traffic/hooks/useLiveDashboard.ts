import { useEffect, useRef } from 'react';
import { useRealtimeEvent } from '../../../shared/realtime/realtimeStore.ts';

/** Events that arrive together (several boxes of the shops shown) make one read, this long after the first. */
export const DASHBOARD_COALESCE_MS = 500;

/**
 * Reads the dashboard again when the real-time channel says one of its shops' data changed (or
 * that events were missed): a box's batch is on screen within a second or two of its commit.
 */
export function useLiveDashboard(shopIds: readonly string[], refetch: () => void): void {
  const shown = useRef(new Set(shopIds));
  shown.current = new Set(shopIds);
  const latest = useRef(refetch);
  latest.current = refetch;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const soon = () => {
    timer.current ??= setTimeout(() => {
      timer.current = null;
      latest.current();
    }, DASHBOARD_COALESCE_MS);
  };
  useRealtimeEvent('dashboard', (event) => {
    if (shown.current.has(event.shopId)) soon();
  });
  useRealtimeEvent('resync', soon);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
}
