import { useState } from 'react';

export interface Paging {
  page: number;
  pageSize: number;
  /** antd Table / Pagination onChange: a new page size starts again from the first page. */
  onChange(page: number, pageSize: number): void;
}

/**
 * Paging of a server-side list that starts from the first page whenever the filter changes
 * (another organisation, a search, a status): `filterKey` names the filter, e.g. JSON of its values.
 */
export function usePaging(filterKey: string, initialPageSize = 20): Paging {
  const [state, setState] = useState({ filterKey, page: 1, pageSize: initialPageSize });
  const page = state.filterKey === filterKey ? state.page : 1;
  return {
    page,
    pageSize: state.pageSize,
    onChange: (next, size) => setState({ filterKey, page: size === state.pageSize ? next : 1, pageSize: size }),
  };
}
