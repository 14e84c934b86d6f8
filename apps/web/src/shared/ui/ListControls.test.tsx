import { act, renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { usePaging } from '../hooks/usePaging.ts';
import { initI18n } from '../i18n/i18n.ts';
import { useTablePagination } from './ListControls.tsx';

describe('useTablePagination', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('pages a server-side list, shows its total and starts again from page one on a new page size', () => {
    const { result } = renderHook(() => {
      const paging = usePaging('filter');
      return useTablePagination(paging, 137);
    });
    expect(result.current).toMatchObject({ current: 1, pageSize: 20, total: 137, showSizeChanger: true });
    expect(result.current.showTotal?.(137, [1, 20])).toMatch(/137/);
    act(() => result.current.onChange?.(4, 20));
    expect(result.current.current).toBe(4);
    act(() => result.current.onChange?.(4, 50));
    expect(result.current).toMatchObject({ current: 1, pageSize: 50 });
  });
});
