import type { VisitorBatchRow } from '@storelens/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitRealtimeEvent, useRealtimeStore } from '../../../shared/realtime/realtimeStore.ts';
import { createRealtimeBatchSource, type LiveBatchSource, useLiveBatches } from './useLiveBatches.ts';

const row = (batchId: string): VisitorBatchRow => ({
  batchId,
  batchKey: batchId,
  shopId: 's1',
  shopName: 'Shop',
  timeZone: 'Asia/Shanghai',
  localDate: '2026-03-01',
  type: 'single',
  count: 1,
  enteredAt: '2026-03-01T02:00:00.000Z',
  exitedAt: '2026-03-01T02:10:00.000Z',
  staySeconds: 600,
  receptionStartedAt: null,
  receptionSeconds: null,
  visitorType: 'new',
  entrance: null,
  screenshots: 0,
  receivedAt: '2026-03-01T02:10:01.000Z',
});

/** A source the test drives by hand. */
function manualSource() {
  const listeners: { shopIds: string[]; onBatches: (rows: VisitorBatchRow[]) => void; onError: () => void; open: boolean }[] = [];
  const source: LiveBatchSource = {
    subscribe(shopIds, onBatches, onError) {
      const listener = { shopIds, onBatches, onError, open: true };
      listeners.push(listener);
      return () => {
        listener.open = false;
      };
    },
  };
  return { source, listeners };
}

describe('useLiveBatches', () => {
  it('puts arriving batches on top, once each, and follows the stores chosen', () => {
    const { source, listeners } = manualSource();
    const { result, rerender } = renderHook(({ shops }) => useLiveBatches(shops, source), { initialProps: { shops: ['s1'] } });
    expect(listeners[0]?.shopIds).toEqual(['s1']);
    act(() => listeners[0]?.onBatches([row('b2'), row('b1')]));
    act(() => listeners[0]?.onBatches([row('b3'), row('b2')]));
    expect(result.current.batches.map((batch) => batch.batchId)).toEqual(['b3', 'b2', 'b1']);
    act(() => listeners[0]?.onError());
    expect(result.current.connected).toBe(false);
    rerender({ shops: ['s2'] });
    // The old subscription is closed, the new one starts empty.
    expect(listeners[0]?.open).toBe(false);
    expect(listeners[1]?.shopIds).toEqual(['s2']);
    expect(result.current.batches).toEqual([]);
  });
});

describe('createRealtimeBatchSource', () => {
  afterEach(() => {
    vi.useRealTimers();
    useRealtimeStore.getState().setStatus('idle');
  });

  it("reads on its stores' data events with the cursor, and polls only while the channel is not open", async () => {
    vi.useFakeTimers();
    useRealtimeStore.getState().setStatus('open');
    const reads: (string | undefined)[] = [];
    let next = 1;
    const source = createRealtimeBatchSource(async (_shops, after) => {
      reads.push(after);
      const id = `b${next++}`;
      return { batches: [row(id)], cursor: id, serverTime: '2026-03-01T02:00:00.000Z' };
    });
    const arrived: string[] = [];
    const stop = source.subscribe(
      ['s1'],
      (rows) => arrived.push(...rows.map((one) => one.batchId)),
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toEqual([undefined]);
    // The channel is open: time alone reads nothing.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reads).toHaveLength(1);
    // Another shop's event is not ours; ours reads after the cursor.
    emitRealtimeEvent('dashboard', { shopId: 's9', at: '2026-03-01T02:00:00.000Z' });
    emitRealtimeEvent('dashboard', { shopId: 's1', at: '2026-03-01T02:00:00.000Z' });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toEqual([undefined, 'b1']);
    // The channel drops: the poll takes over.
    useRealtimeStore.getState().setStatus('down');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(reads).toEqual([undefined, 'b1', 'b2']);
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    emitRealtimeEvent('dashboard', { shopId: 's1', at: '2026-03-01T02:00:00.000Z' });
    expect(reads).toHaveLength(3);
    expect(arrived).toEqual(['b1', 'b2', 'b3']);
  });
});
