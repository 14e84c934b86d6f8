import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStoreDay } from './useStoreDay.ts';

// 2026-11-29 16:30 UTC: Seoul (UTC+9) is on the 30th, Los Angeles (UTC-8) still on the 29th.
const AT = Date.parse('2026-11-29T16:30:00Z');

describe('a store page’s day', () => {
  afterEach(() => vi.useRealTimers());

  it('is the store’s today, follows a change of store until the person picks a day, then keeps the pick', () => {
    vi.useFakeTimers({ now: AT, toFake: ['Date'] });
    const { result, rerender } = renderHook(({ zones }) => useStoreDay(zones), { initialProps: { zones: ['Asia/Seoul'] } });
    expect(result.current).toMatchObject({ day: '2026-11-30', today: '2026-11-30' });

    rerender({ zones: ['America/Los_Angeles'] });
    expect(result.current).toMatchObject({ day: '2026-11-29', today: '2026-11-29' });

    act(() => result.current.setDay('2026-11-20'));
    rerender({ zones: ['Asia/Seoul'] });
    expect(result.current).toMatchObject({ day: '2026-11-20', today: '2026-11-30' });
  });

  it('takes the latest day of several stores', () => {
    vi.useFakeTimers({ now: AT, toFake: ['Date'] });
    const { result } = renderHook(() => useStoreDay(['America/Los_Angeles', 'Asia/Seoul']));
    expect(result.current.today).toBe('2026-11-30');
  });
});
