import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { AI_TASK_PRIORITIES, type AiTaskPriority, type AiTaskRow } from '@storelens/contracts';
import { App, Button, Card, Popconfirm, Select, Space, Switch, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { shopChoicesOf } from '../../../shared/lib/shopChoices.ts';
import { ListFilters, ListSearch, useTablePagination } from '../../../shared/ui/ListControls.tsx';
import { useCan } from '../../session/hooks/useCan.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { removeAiTask, setAiTaskEnabled } from '../api.ts';
import { useAiItems, useAiTasks, useAiTasksRefresh } from '../hooks/useAiTasks.ts';
import { hoursLabel, weekdaysLabel } from '../labels.ts';
import { AI_TASK_ADD_PATH, aiTaskDetailPathFor, aiTaskEditPathFor } from '../routes.tsx';

/** /taskManagement/manageAIInspection: the AI tasks of the caller's stores, with filters, switches and deletion. */
export function AiTasksPage() {
  const { t } = useTranslation(['aiTasks', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const canChange = useCan('ai_plan_create');
  const shopTree = useSessionStore((state) => state.shopTree);
  const shops = useMemo(() => shopChoicesOf(shopTree), [shopTree]);
  const items = useAiItems();
  const refresh = useAiTasksRefresh();
  const [keyword, setKeyword] = useState('');
  const [shopIds, setShopIds] = useState<string[]>([]);
  const [itemId, setItemId] = useState<string | undefined>();
  const [priority, setPriority] = useState<AiTaskPriority | undefined>();
  const [enabled, setEnabled] = useState<boolean | undefined>();
  const debounced = useDebouncedValue(keyword.trim(), 500);
  const filter = { keyword: debounced || undefined, shopIds: shopIds.length > 0 ? shopIds : undefined, itemId, priority, enabled };
  const paging = usePaging(JSON.stringify(filter));
  const tasks = useAiTasks({ ...filter, page: paging.page, pageSize: paging.pageSize });
  const pagination = useTablePagination(paging, tasks.data?.total ?? 0);

  // A refusal is shown by the shared client's error modal; the catch at the call only keeps it from being unhandled.
  const toggle = async (row: AiTaskRow, next: boolean) => {
    await setAiTaskEnabled(row.taskId, next);
    void message.success(t(next ? 'aiTasks:enabledDone' : 'aiTasks:disabledDone'));
    await refresh();
  };
  const remove = async (row: AiTaskRow) => {
    await removeAiTask(row.taskId);
    void message.success(t('aiTasks:deleted'));
    await refresh();
  };

  const columns: TableColumnsType<AiTaskRow> = [
    { title: t('aiTasks:field.name'), dataIndex: 'name', render: (_, row) => <Link to={aiTaskDetailPathFor(row.taskId)}>{row.name}</Link> },
    {
      title: t('aiTasks:field.shops'),
      render: (_, row) => row.shops.map((shop) => (shop.closed ? `${shop.name} (${t('aiTasks:closed')})` : shop.name)).join(', '),
    },
    { title: t('aiTasks:field.items'), render: (_, row) => row.items.map((item) => <Tag key={item.itemId}>{item.name}</Tag>) },
    { title: t('aiTasks:field.schedule'), render: (_, row) => `${weekdaysLabel(t, row.weekdays)} ${hoursLabel(t, row.startTime, row.endTime)}` },
    {
      title: t('aiTasks:field.priority'),
      dataIndex: 'priority',
      render: (value: AiTaskPriority) => <Tag color={value === 'high' ? 'red' : 'blue'}>{t(`aiTasks:priority.${value}`)}</Tag>,
    },
    {
      title: t('aiTasks:field.enabled'),
      dataIndex: 'enabled',
      render: (value: boolean, row) => (
        <Switch
          checked={value}
          disabled={canChange !== 'shown'}
          onChange={(next) => void toggle(row, next).catch(() => undefined)}
          aria-label={t('aiTasks:field.enabled')}
        />
      ),
    },
    {
      title: t('common:actions'),
      render: (_, row) =>
        canChange === 'hidden' ? null : (
          <Space>
            <Button size="small" icon={<EditOutlined />} disabled={canChange !== 'shown'} onClick={() => void navigate(aiTaskEditPathFor(row.taskId))}>
              {t('aiTasks:edit')}
            </Button>
            <Popconfirm
              title={t('aiTasks:deleteConfirm', { name: row.name })}
              onConfirm={() => remove(row).catch(() => undefined)}
              disabled={canChange !== 'shown'}
            >
              <Button size="small" danger icon={<DeleteOutlined />} disabled={canChange !== 'shown'}>
                {t('aiTasks:delete')}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <Card
      title={t('aiTasks:menu.list')}
      extra={
        canChange === 'hidden' ? null : (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={canChange !== 'shown'}
            onClick={() => void navigate(AI_TASK_ADD_PATH)}
            data-testid="ai-task-add"
          >
            {t('aiTasks:add')}
          </Button>
        )
      }
    >
      <ListFilters>
        <ListSearch value={keyword} onChange={setKeyword} placeholder={t('aiTasks:searchPlaceholder')} testId="ai-task-search" />
        <Select
          mode="multiple"
          allowClear
          style={{ minWidth: 200 }}
          placeholder={t('aiTasks:filter.shops')}
          aria-label={t('aiTasks:field.shops')}
          options={shops}
          value={shopIds}
          onChange={setShopIds}
          optionFilterProp="label"
        />
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('aiTasks:filter.item')}
          aria-label={t('aiTasks:field.items')}
          options={(items.data ?? []).map((item) => ({ value: item.itemId, label: item.name }))}
          value={itemId}
          onChange={setItemId}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('aiTasks:filter.priority')}
          aria-label={t('aiTasks:field.priority')}
          options={AI_TASK_PRIORITIES.map((value) => ({ value, label: t(`aiTasks:priority.${value}`) }))}
          value={priority}
          onChange={setPriority}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('aiTasks:filter.state')}
          aria-label={t('aiTasks:field.enabled')}
          options={[
            { value: 'on', label: t('aiTasks:state.on') },
            { value: 'off', label: t('aiTasks:state.off') },
          ]}
          value={enabled === undefined ? undefined : enabled ? 'on' : 'off'}
          onChange={(value?: string) => setEnabled(value === undefined ? undefined : value === 'on')}
        />
      </ListFilters>
      <Table
        rowKey="taskId"
        columns={columns}
        dataSource={tasks.data?.list ?? []}
        loading={tasks.isLoading}
        pagination={pagination}
        data-testid="ai-task-table"
      />
    </Card>
  );
}
