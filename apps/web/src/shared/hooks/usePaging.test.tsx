import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePaging } from './usePaging.ts';

describe('usePaging', () => {
  it('moves between pages and starts again from the first when the filter or the page size changes', () => {
    const { result, rerender } = renderHook(({ filter }) => usePaging(filter), { initialProps: { filter: 'a' } });
    act(() => result.current.onChange(3, 20));
    expect(result.current.page).toBe(3);
    rerender({ filter: 'b' });
    expect(result.current.page).toBe(1);
    act(() => result.current.onChange(2, 20));
    act(() => result.current.onChange(2, 50));
    expect(result.current).toMatchObject({ page: 1, pageSize: 50 });
  });
});
