import { type TodoDoneRow, todoOperations } from '@storelens/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { Table, type TableColumnsType } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOperation } from '../../../../shared/hooks/useOperation.ts';
import { usePaging } from '../../../../shared/hooks/usePaging.ts';
import { formatDateTime } from '../../../../shared/lib/dateTime.ts';
import { useSessionStore } from '../../../session/state/sessionStore.ts';

/**
 * The to-do's done tab: submitted assignments, newest first, each opening its read-only result.
 * `offline` stops asking the server (the request would only fail, with an error modal), `kept`
 * stands in for what was not read this session (the on-site page reloaded offline), and
 * `onFirstPage` hears each first page the server answered, to keep it for then.
 */
export function DoneList({
  keyword,
  resultPath,
  offline = false,
  kept,
  onFirstPage,
}: {
  keyword: string;
  resultPath: (assignmentId: string) => string;
  offline?: boolean;
  kept?: TodoDoneRow[] | undefined;
  onFirstPage?: ((rows: TodoDoneRow[]) => void) | undefined;
}) {
  const { t } = useTranslation('inspectionPlans');
  const locale = useSessionStore((state) => state.locale);
  const paging = usePaging(keyword);
  const list = useOperation(
    todoOperations.todoDoneList,
    { page: paging.page, pageSize: paging.pageSize, ...(keyword ? { keyword } : {}) },
    { placeholderData: keepPreviousData, enabled: !offline },
  );
  const firstPage = paging.page === 1 && !keyword ? list.data?.list : undefined;
  useEffect(() => {
    if (firstPage) onFirstPage?.(firstPage);
  }, [firstPage, onFirstPage]);
  const columns: TableColumnsType<TodoDoneRow> = [
    { title: t('todo.columns.plan'), dataIndex: 'planName', key: 'plan' },
    { title: t('todo.columns.store'), dataIndex: 'shopName', key: 'store' },
    { title: t('todo.columns.phase'), dataIndex: 'batchId', key: 'phase' },
    { title: t('result.method'), key: 'method', render: (_, row) => (row.method ? t(`result.methods.${row.method}`) : '—') },
    { title: t('todo.columns.state'), key: 'counts', render: (_, row) => t('todo.counts', { passed: row.passed, failed: row.failed, invalid: row.invalid }) },
    { title: t('result.completedBy'), dataIndex: 'completedBy', key: 'by' },
    { title: t('result.completedAt'), key: 'at', render: (_, row) => formatDateTime(row.completedAt, locale, { timeZone: row.timeZone }) },
    {
      title: t('todo.columns.actions'),
      key: 'actions',
      render: (_, row) => (
        <Link to={resultPath(row.assignmentId)} data-testid={`todo-result-open-${row.assignmentId}`}>
          {t('todo.view')}
        </Link>
      ),
    },
  ];
  return (
    <Table<TodoDoneRow>
      rowKey="assignmentId"
      size="small"
      columns={columns}
      dataSource={list.data?.list ?? kept ?? []}
      loading={list.isFetching}
      scroll={{ x: true }}
      pagination={{ current: paging.page, pageSize: paging.pageSize, total: list.data?.total ?? kept?.length ?? 0, onChange: paging.onChange }}
      data-testid="inspection-done-table"
    />
  );
}
