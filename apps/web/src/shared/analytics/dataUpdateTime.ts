import type { dataUpdateTimeResponseSchema } from '@storelens/contracts';
import { trafficOperations } from '@storelens/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import { useSessionStore } from '../../features/session/state/sessionStore.ts';
import { callOperation } from '../../shared/lib/operations.ts';
import { useDataUpdateTime } from '../routing/dataUpdateTime.ts';
import { formatDateTime } from './format.ts';

/** How often a page asks for the Data Update Time (the simulator and real boxes deliver every minute). */
export const DATA_UPDATE_TIME_REFRESH_MS = 60_000;

export function fetchDataUpdateTime(shopIds: readonly string[]): Promise<z.infer<typeof dataUpdateTimeResponseSchema>> {
  return callOperation(trafficOperations.dataUpdateTime, { shopIds: [...shopIds] });
}

/**
 * Puts a time (ISO-8601) into the breadcrumb's 'Data Update Time' (routes with
 * meta.showDataUpdateTime) in the reader's language; the page that supplied it clears it when it goes.
 */
export function usePublishDataUpdateTime(iso: string | null | undefined): void {
  const locale = useSessionStore((state) => state.locale);
  const set = useDataUpdateTime((state) => state.set);
  useEffect(() => {
    set(iso === undefined ? null : formatDateTime(iso, locale));
  }, [iso, locale, set]);
  useEffect(() => () => set(null), [set]);
}

/**
 * The breadcrumb's 'Data Update Time' for pages whose own answer does not carry it: the latest
 * delivery from the selected shops' boxes (`/api/traffic/dataUpdateTime`), refreshed every minute.
 */
export function useDataUpdateTimeFeed(shopIds: readonly string[], enabled = true): void {
  const cid = useSessionStore((state) => state.cid);
  const query = useQuery({
    queryKey: ['analytics', cid, 'dataUpdateTime', shopIds],
    queryFn: () => fetchDataUpdateTime(shopIds),
    enabled: enabled && cid !== null && shopIds.length > 0,
    refetchInterval: DATA_UPDATE_TIME_REFRESH_MS,
  });
  usePublishDataUpdateTime(query.data?.dataUpdatedAt);
}
