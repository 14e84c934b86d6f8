import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchHolidays, fetchNoticeCount } from '../../features/session/api.ts';
import { useSessionStore } from '../../features/session/state/sessionStore.ts';
import { useRealtimeOpen } from '../../shared/realtime/realtimeStore.ts';

/** While the real-time channel is down, the bell polls its counts this often (it is live otherwise). */
export const NOTICE_POLL_INTERVAL_MS = 60_000;

/**
 * What the spec fetches at start: notice counts and three years of holidays. The counts then come
 * live over the real-time channel; only while it is down are they polled every minute.
 */
export function useShellStartupData(): void {
  const cid = useSessionStore((state) => state.cid);
  const setNoticeCount = useSessionStore((state) => state.setNoticeCount);
  const setHolidays = useSessionStore((state) => state.setHolidays);
  const year = new Date().getFullYear();
  const live = useRealtimeOpen();

  const notices = useQuery({
    queryKey: ['session', 'noticeCount', cid],
    // A failed count is swallowed (spec section 7): the bell keeps the last known numbers.
    queryFn: fetchNoticeCount,
    refetchInterval: live ? false : NOTICE_POLL_INTERVAL_MS,
    enabled: cid !== null,
  });
  const holidays = useQuery({
    queryKey: ['session', 'holidays', cid, year],
    queryFn: () => fetchHolidays(year),
    enabled: cid !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (notices.data) setNoticeCount(notices.data);
  }, [notices.data, setNoticeCount]);
  useEffect(() => {
    if (holidays.data) setHolidays(holidays.data);
  }, [holidays.data, setHolidays]);
}
