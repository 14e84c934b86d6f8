import { AI_TASK_LIMITS, AI_TASK_PRIORITIES, type AiItem, type AiTaskPriority, requiredText } from '@storelens/contracts';
import { App, Button, Card, Checkbox, Form, Input, Radio, Select, Skeleton, Space, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { cameraChoicesOfShop, shopChoicesOf } from '../../../shared/lib/shopChoices.ts';
import { schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { addAiTask, aiTaskNameExists, updateAiTask } from '../api.ts';
import { useAiItems, useAiTask, useAiTasksRefresh } from '../hooks/useAiTasks.ts';
import { AI_TASKS_PATH } from '../routes.tsx';

interface FormValues {
  name: string;
  shopIds: string[];
  cameraIds: string[];
  itemIds: string[];
  weekdays: number[];
  hours: [Dayjs, Dayjs];
  priority: AiTaskPriority;
}

const nameRule = schemaFieldRule(requiredText(AI_TASK_LIMITS.nameMaxChars));
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** Items grouped by class, as the select's option groups. */
function itemOptions(items: readonly AiItem[]) {
  const groups = new Map<string, { label: string; options: { value: string; label: string }[] }>();
  for (const item of items) {
    const group = groups.get(item.classId) ?? { label: item.className, options: [] };
    group.options.push({ value: item.itemId, label: item.name });
    groups.set(item.classId, group);
  }
  return [...groups.values()];
}

/** Add (manageAIInspection/addAiTask) and edit (manageAIInspection/editAiTask?taskId=) an AI task. */
export function AiTaskFormPage() {
  const { t } = useTranslation(['aiTasks', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const taskId = params.get('taskId') ?? '';
  const task = useAiTask(taskId);
  const items = useAiItems();
  const refresh = useAiTasksRefresh();
  const [form] = Form.useForm<FormValues>();
  const shopTree = useSessionStore((state) => state.shopTree);
  const cameraTree = useSessionStore((state) => state.cameraTree);
  const shops = useMemo(() => shopChoicesOf(shopTree), [shopTree]);
  const chosenShops = Form.useWatch('shopIds', form) ?? [];
  const cameraGroups = useMemo(
    () =>
      chosenShops.map((shopId) => ({
        label: shops.find((shop) => shop.value === shopId)?.label ?? shopId,
        options: cameraChoicesOfShop(cameraTree, shopId),
      })),
    [chosenShops, shops, cameraTree],
  );

  useEffect(() => {
    if (!task.data) return;
    const detail = task.data;
    form.setFieldsValue({
      name: detail.name,
      shopIds: detail.shops.map((shop) => shop.shopId),
      cameraIds: detail.cameras.map((camera) => camera.cameraId),
      itemIds: detail.items.map((item) => item.itemId),
      weekdays: detail.weekdays,
      hours: [dayjs(detail.startTime, 'HH:mm'), dayjs(detail.endTime, 'HH:mm')],
      priority: detail.priority,
    });
  }, [task.data, form]);

  if (taskId !== '' && !task.data) return <Skeleton active />;

  const submit = async (values: FormValues) => {
    // Cameras of a store taken off the list go with it.
    const cameraIds = values.cameraIds.filter((cameraId) => cameraGroups.some((group) => group.options.some((option) => option.value === cameraId)));
    const input = {
      name: values.name,
      cameraIds,
      itemIds: values.itemIds,
      weekdays: values.weekdays,
      startTime: values.hours[0].format('HH:mm'),
      endTime: values.hours[1].format('HH:mm'),
      priority: values.priority,
    };
    if (taskId === '') await addAiTask(input);
    else await updateAiTask({ ...input, taskId });
    void message.success(t('aiTasks:saved'));
    await refresh();
    void navigate(AI_TASKS_PATH);
  };

  return (
    <Card title={t(taskId === '' ? 'aiTasks:menu.add' : 'aiTasks:menu.edit')}>
      <Form<FormValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={{
          weekdays: WEEKDAYS,
          priority: 'high',
          shopIds: [],
          cameraIds: [],
          itemIds: [],
          hours: [dayjs('09:00', 'HH:mm'), dayjs('22:00', 'HH:mm')],
        }}
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        <Form.Item
          name="name"
          label={t('aiTasks:field.name')}
          validateDebounce={500}
          rules={[
            nameRule,
            {
              validator: async (_, value: string | undefined) => {
                if (!value?.trim()) return;
                if ((await aiTaskNameExists(value.trim(), taskId || undefined)).exists) throw new Error(t('aiTasks:nameTaken'));
              },
            },
          ]}
        >
          <Input maxLength={AI_TASK_LIMITS.nameMaxChars} data-testid="ai-task-name" />
        </Form.Item>
        <Form.Item name="shopIds" label={t('aiTasks:field.shops')} rules={[{ required: true, message: t('aiTasks:shopsRequired') }]}>
          <Select mode="multiple" options={shops} optionFilterProp="label" data-testid="ai-task-shops" />
        </Form.Item>
        <Form.Item name="cameraIds" label={t('aiTasks:field.cameras')} rules={[{ required: true, message: t('aiTasks:camerasRequired') }]}>
          <Select mode="multiple" options={cameraGroups} optionFilterProp="label" data-testid="ai-task-cameras" />
        </Form.Item>
        <Form.Item name="itemIds" label={t('aiTasks:field.items')} rules={[{ required: true, message: t('aiTasks:itemsRequired') }]}>
          <Select mode="multiple" options={itemOptions(items.data ?? [])} optionFilterProp="label" loading={items.isLoading} data-testid="ai-task-items" />
        </Form.Item>
        {/* A validator, not `required`: antd would put aria-required on the checkbox group's div, which ARIA does not allow there. */}
        <Form.Item
          name="weekdays"
          label={t('aiTasks:field.weekdays')}
          rules={[
            {
              validator: async (_, value: number[] | undefined) => {
                if (!value || value.length === 0) throw new Error(t('aiTasks:weekdaysRequired'));
              },
            },
          ]}
        >
          <Checkbox.Group options={WEEKDAYS.map((day) => ({ value: day, label: t(`aiTasks:weekdays.d${day}`) }))} />
        </Form.Item>
        <Form.Item
          name="hours"
          htmlFor="ai-task-hours"
          label={t('aiTasks:field.hours')}
          extra={t('aiTasks:hoursHint')}
          rules={[
            { required: true, message: t('aiTasks:hoursRequired') },
            {
              validator: async (_, value: [Dayjs, Dayjs] | undefined) => {
                if (value && value[0].format('HH:mm') === value[1].format('HH:mm')) throw new Error(t('aiTasks:hoursEmpty'));
              },
            },
          ]}
        >
          <TimePicker.RangePicker format="HH:mm" order={false} id={{ start: 'ai-task-hours', end: 'ai-task-hours-end' }} />
        </Form.Item>
        <label htmlFor="ai-task-hours-end" className="sl-visually-hidden">
          {t('aiTasks:field.hoursEnd')}
        </label>
        <Form.Item name="priority" label={t('aiTasks:field.priority')}>
          <Radio.Group options={AI_TASK_PRIORITIES.map((value) => ({ value, label: t(`aiTasks:priority.${value}`) }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="ai-task-save">
            {t('common:save')}
          </Button>
          <Button onClick={() => void navigate(AI_TASKS_PATH)}>{t('common:cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
