import type { TodoRow } from '@storelens/contracts';
import { Card, Flex, Input, Table, type TableColumnsType, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDebouncedValue } from '../../../../shared/hooks/useDebouncedValue.ts';
import { usePaging } from '../../../../shared/hooks/usePaging.ts';
import { formatDateTime } from '../../../../shared/lib/dateTime.ts';
import { SectionHeading } from '../../../../shared/ui/SectionHeading.tsx';
import { useSessionStore } from '../../../session/state/sessionStore.ts';
import { useTodoList } from '../../hooks/useInspection.ts';
import { todoDisposePath, todoResultPath } from '../../routes.tsx';
import { DoneList } from './DoneList.tsx';

/**
 * My inspection to-do (/myTodo/taskTodo, kept alive): the open assignments of the plans I handle in
 * my stores, soonest window first, each opening the doing page. Overdue ones stay until done.
 */
export function TodoListPage() {
  const { t } = useTranslation('inspectionPlans');
  const locale = useSessionStore((state) => state.locale);
  const [keyword, setKeyword] = useState('');
  const debounced = useDebouncedValue(keyword.trim(), 300);
  const paging = usePaging(debounced);
  const list = useTodoList({ page: paging.page, pageSize: paging.pageSize, ...(debounced ? { keyword: debounced } : {}) });

  const columns: TableColumnsType<TodoRow> = [
    { title: t('todo.columns.plan'), dataIndex: 'planName', key: 'plan' },
    { title: t('todo.columns.store'), dataIndex: 'shopName', key: 'store' },
    { title: t('todo.columns.phase'), dataIndex: 'batchId', key: 'phase' },
    {
      title: t('todo.columns.window'),
      key: 'window',
      render: (_, row) =>
        `${formatDateTime(row.windowStart, locale, { timeZone: row.timeZone })} – ${formatDateTime(row.windowEnd, locale, { timeZone: row.timeZone })}`,
    },
    {
      title: t('todo.columns.state'),
      key: 'state',
      render: (_, row) => (
        <Flex gap={4} wrap>
          <Tag color={row.state === 'inProgress' ? 'processing' : 'default'}>{t(`todo.state.${row.state}`)}</Tag>
          {row.overdue && <Tag color="error">{t('todo.state.overdue')}</Tag>}
        </Flex>
      ),
    },
    { title: t('todo.columns.items'), dataIndex: 'itemCount', key: 'items' },
    {
      title: t('todo.columns.actions'),
      key: 'actions',
      render: (_, row) => (
        <Link to={todoDisposePath(row.assignmentId)} data-testid={`todo-open-${row.assignmentId}`}>
          {t('todo.open')}
        </Link>
      ),
    },
  ];

  return (
    <Card size="small" data-testid="inspection-todo">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <SectionHeading style={{ margin: 0 }}>{t('todo.title')}</SectionHeading>
        <Input.Search
          allowClear
          style={{ width: 280 }}
          placeholder={t('todo.search')}
          aria-label={t('todo.search')}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          data-testid="inspection-todo-search"
        />
      </Flex>
      <Tabs
        data-testid="inspection-todo-tabs"
        items={[
          {
            key: 'todo',
            label: t('todo.tabTodo'),
            children: (
              <Table<TodoRow>
                rowKey="assignmentId"
                size="small"
                columns={columns}
                dataSource={list.data?.list ?? []}
                loading={list.isFetching}
                pagination={{ current: paging.page, pageSize: paging.pageSize, total: list.data?.total ?? 0, onChange: paging.onChange }}
                data-testid="inspection-todo-table"
              />
            ),
          },
          { key: 'done', label: t('todo.tabDone'), children: <DoneList keyword={debounced} resultPath={todoResultPath} /> },
        ]}
      />
    </Card>
  );
}
