import { BATCH_LIMITS, type VisitorBatchRow } from '@storelens/contracts';
import { useEffect, useState } from 'react';
import { onRealtimeEvent, useRealtimeStore } from '../../../shared/realtime/realtimeStore.ts';
import { fetchNewBatches } from '../api.ts';

/**
 * Where new batches come from: batch.eventList with a cursor (the newest arrival the page has),
 * read when the server-sent-events channel says a shop's data changed, and polled only while that
 * channel is not open (reconnecting, or a role without the dashboard event). Pages only see
 * `useLiveBatches`.
 */
export interface LiveBatchSource {
  subscribe(shopIds: string[], onBatches: (batches: VisitorBatchRow[]) => void, onError: () => void): () => void;
}

/** `readBatches` is batch.eventList (a parameter so the unit test can count the reads). */
export function createRealtimeBatchSource(readBatches: typeof fetchNewBatches = fetchNewBatches): LiveBatchSource {
  return {
    subscribe(shopIds, onBatches, onError) {
      let cursor: string | undefined;
      let stopped = false;
      let reading = false;
      let readAgain = false;
      let timer: ReturnType<typeof setTimeout> | null = null;
      const controller = new AbortController();
      const wanted = new Set(shopIds);
      // One read at a time; events arriving during a read make one more read after it.
      const read = async (): Promise<void> => {
        if (reading) {
          readAgain = true;
          return;
        }
        reading = true;
        try {
          const answer = await readBatches(shopIds, cursor, controller.signal);
          cursor = answer.cursor || cursor;
          if (answer.batches.length > 0) onBatches(answer.batches);
        } catch {
          if (!stopped) onError();
        }
        reading = false;
        if (readAgain && !stopped) {
          readAgain = false;
          await read();
        }
      };
      const stopShopEvents = onRealtimeEvent('dashboard', (event) => {
        if (wanted.size === 0 || wanted.has(event.shopId)) void read();
      });
      const stopResync = onRealtimeEvent('resync', () => void read());
      const poll = () => {
        if (stopped) return;
        if (useRealtimeStore.getState().status !== 'open') void read();
        timer = setTimeout(poll, BATCH_LIMITS.realtimePollMs);
      };
      void read();
      timer = setTimeout(poll, BATCH_LIMITS.realtimePollMs);
      return () => {
        stopped = true;
        stopShopEvents();
        stopResync();
        controller.abort();
        if (timer) clearTimeout(timer);
      };
    },
  };
}

export const realtimeBatchSource = createRealtimeBatchSource();

/** The newest batches of the stores, updated as boxes report them (no reload): newest first, at most realtimeRows. */
export function useLiveBatches(shopIds: string[], source: LiveBatchSource = realtimeBatchSource) {
  const [batches, setBatches] = useState<VisitorBatchRow[]>([]);
  const [connected, setConnected] = useState(true);
  const key = shopIds.join(',');
  useEffect(() => {
    setBatches([]);
    const ids = key ? key.split(',') : [];
    return source.subscribe(
      ids,
      (arrived) => {
        setConnected(true);
        setBatches((known) => {
          const seen = new Set(arrived.map((row) => row.batchId));
          return [...arrived, ...known.filter((row) => !seen.has(row.batchId))].slice(0, BATCH_LIMITS.realtimeRows);
        });
      },
      () => setConnected(false),
    );
  }, [key, source]);
  return { batches, connected };
}
