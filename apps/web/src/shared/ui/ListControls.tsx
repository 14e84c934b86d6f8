import { Input, Space, type TablePaginationConfig, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paging } from '../hooks/usePaging.ts';

/** A list card's title with what it lists for (an organisation, a shop) after it. */
export function TitleWithContext({ title, context }: { title: ReactNode; context?: ReactNode }) {
  return (
    <Space>
      {title}
      {context ? <Typography.Text type="secondary">{context}</Typography.Text> : null}
    </Space>
  );
}

/** The filter row above a list: search box first, then the page's own filters. */
export function ListFilters({ children }: { children: ReactNode }) {
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      {children}
    </Space>
  );
}

/** The list's keyword box; the page debounces the value before it asks the server. */
export function ListSearch(props: { value: string; onChange(value: string): void; placeholder: string; testId: string; width?: number }) {
  return (
    <Input.Search
      allowClear
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      placeholder={props.placeholder}
      style={{ width: props.width ?? 260 }}
      data-testid={props.testId}
    />
  );
}

/** Table paging of a server-side list: page sizes to choose and the total shown the same way everywhere. */
export function useTablePagination(paging: Paging, total: number): TablePaginationConfig {
  const { t } = useTranslation();
  return {
    current: paging.page,
    pageSize: paging.pageSize,
    total,
    showSizeChanger: true,
    showTotal: (count) => t('common:total', { n: count }),
    onChange: paging.onChange,
  };
}
