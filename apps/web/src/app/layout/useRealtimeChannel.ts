import { type NoticeEvent, realtimeOperations } from '@storelens/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionStore } from '../../features/session/state/sessionStore.ts';
import { callOperation } from '../../shared/lib/operations.ts';
import { createRealtimeConnection } from '../../shared/realtime/realtimeConnection.ts';
import { emitRealtimeEvent, useRealtimeStore } from '../../shared/realtime/realtimeStore.ts';

/** A tab hidden this long lets go of its stream (browsers allow few connections per site); shown again, it reconnects and replays. */
export const HIDDEN_TAB_RELEASE_MS = 60_000;

/**
 * The shell's real-time channel (issue 15): one event stream per tab while a customer is selected.
 * Notice events set the bell's counts and keep the new message; every event is handed to the
 * pages listening (the dashboard). While the stream is down, the pages poll as before.
 */
export function useRealtimeChannel(): void {
  const cid = useSessionStore((state) => state.cid);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!cid || typeof EventSource === 'undefined') return;
    const store = useRealtimeStore.getState();
    const connection = createRealtimeConnection({
      fetchTicket: () => callOperation(realtimeOperations.ticket, undefined, { silent: true }),
      openEventSource: (url) => new EventSource(url),
      onEvent: (type, data) => {
        if (type === 'notice') {
          const notice = data as NoticeEvent;
          useSessionStore.getState().setNoticeCount(notice.counts);
          if (notice.message) store.addLiveMessage(notice.message);
        }
        emitRealtimeEvent(type, data);
      },
      onResync: () => {
        void queryClient.invalidateQueries({ queryKey: ['session', 'noticeCount'] });
        emitRealtimeEvent('resync', {});
      },
      onStatus: (status) => useRealtimeStore.getState().setStatus(status),
    });
    connection.start();

    let release: ReturnType<typeof setTimeout> | null = null;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        release ??= setTimeout(() => connection.stop(), HIDDEN_TAB_RELEASE_MS);
        return;
      }
      if (release) clearTimeout(release);
      release = null;
      connection.start();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      if (release) clearTimeout(release);
      connection.stop();
      useRealtimeStore.getState().clear();
    };
  }, [cid, queryClient]);
}
