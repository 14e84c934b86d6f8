import { Card, Descriptions, Empty, Skeleton, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAiTask } from '../hooks/useAiTasks.ts';
import { hoursLabel, weekdaysLabel } from '../labels.ts';

/** /taskManagement/detailsAi?taskId=: one AI task with its stores, cameras and items. */
export function AiTaskDetailPage() {
  const { t } = useTranslation(['aiTasks', 'common']);
  const [params] = useSearchParams();
  const taskId = params.get('taskId') ?? '';
  const task = useAiTask(taskId);
  if (taskId === '') return <Empty />;
  if (!task.data) return task.isError ? <Empty /> : <Skeleton active />;
  const detail = task.data;
  return (
    <Card title={detail.name} data-testid="ai-task-detail">
      <Descriptions
        column={2}
        items={[
          { key: 'state', label: t('aiTasks:field.enabled'), children: t(detail.enabled ? 'aiTasks:state.on' : 'aiTasks:state.off') },
          {
            key: 'priority',
            label: t('aiTasks:field.priority'),
            children: <Tag color={detail.priority === 'high' ? 'red' : 'blue'}>{t(`aiTasks:priority.${detail.priority}`)}</Tag>,
          },
          { key: 'weekdays', label: t('aiTasks:field.weekdays'), children: weekdaysLabel(t, detail.weekdays) },
          { key: 'hours', label: t('aiTasks:field.hours'), children: hoursLabel(t, detail.startTime, detail.endTime) },
          { key: 'items', label: t('aiTasks:field.items'), span: 2, children: detail.items.map((item) => <Tag key={item.itemId}>{item.name}</Tag>) },
          { key: 'updated', label: t('aiTasks:field.updatedAt'), children: new Date(detail.updatedAt).toLocaleString() },
        ]}
      />
      <Table
        style={{ marginTop: 16 }}
        rowKey="cameraId"
        pagination={false}
        dataSource={detail.cameras}
        columns={[
          { title: t('aiTasks:field.shop'), dataIndex: 'shopName' },
          { title: t('aiTasks:field.camera'), dataIndex: 'name' },
          { title: t('aiTasks:field.cameraNumber'), dataIndex: 'number' },
        ]}
      />
    </Card>
  );
}
