import { AUDIENCE_TYPES, type AudienceRow, COMBINE_OPERATIONS, CROWD_LIMITS } from '@storelens/contracts';
import { Alert, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../../shared/lib/http.ts';
import { shopOptionsOf } from '../../../shared/lib/shopOptions.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { addAudience, updateAudience } from '../api.ts';
import { useAllAudiences } from '../hooks/useCrowd.ts';

interface Values {
  name: string;
  type: (typeof AUDIENCE_TYPES)[number];
  strategy: 'custom' | 'intelligent' | 'combined';
  shopIds: string[];
  range?: [Dayjs, Dayjs] | null;
  minVisits?: number | null;
  maxVisits?: number | null;
  minDwellMinutes?: number | null;
  maxDwellMinutes?: number | null;
  fromHour?: number | null;
  toHour?: number | null;
  operation?: (typeof COMBINE_OPERATIONS)[number];
  sourceIds?: string[];
}

const optional = (value: number | null | undefined) => (value === null || value === undefined ? {} : { value });

/**
 * Creating or changing an audience: name, type, strategy and the strategy's conditions (custom:
 * stores, acquisition dates, visit count, dwell, time of day; intelligent: its stores; combined:
 * operation and source audiences). The server checks every rule and names the one broken.
 */
export function AudienceForm({ editing, onClose, onSaved }: { editing: AudienceRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('crowd');
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const tree = useSessionStore((state) => state.shopTree);
  const shops = useMemo(() => shopOptionsOf(tree), [tree]);
  const audiences = useAllAudiences();
  const strategy = Form.useWatch('strategy', form) ?? editing?.strategy ?? 'custom';
  const initial: Partial<Values> = editing
    ? {
        name: editing.name,
        type: editing.type,
        strategy: editing.strategy === 'uploaded' ? 'custom' : editing.strategy,
        shopIds: editing.conditions.shopIds,
        range: editing.startDate && editing.endDate ? [dayjs(editing.startDate), dayjs(editing.endDate)] : null,
        minVisits: editing.conditions.minVisits,
        maxVisits: editing.conditions.maxVisits ?? null,
        minDwellMinutes: editing.conditions.minDwellMinutes ?? null,
        maxDwellMinutes: editing.conditions.maxDwellMinutes ?? null,
        fromHour: editing.conditions.fromHour ?? null,
        toHour: editing.conditions.toHour ?? null,
        ...(editing.conditions.operation ? { operation: editing.conditions.operation } : {}),
        sourceIds: editing.conditions.sourceIds,
      }
    : { type: 'inStore', strategy: 'custom', minVisits: 1, shopIds: [], operation: 'union', sourceIds: [] };

  const submit = async (values: Values) => {
    setRefusal(null);
    setSaving(true);
    const conditions = {
      shopIds: values.shopIds ?? [],
      ...(values.range ? { startDate: values.range[0].format('YYYY-MM-DD'), endDate: values.range[1].format('YYYY-MM-DD') } : {}),
      minVisits: values.minVisits ?? 1,
      ...(optional(values.maxVisits).value !== undefined ? { maxVisits: values.maxVisits as number } : {}),
      ...(optional(values.minDwellMinutes).value !== undefined ? { minDwellMinutes: values.minDwellMinutes as number } : {}),
      ...(optional(values.maxDwellMinutes).value !== undefined ? { maxDwellMinutes: values.maxDwellMinutes as number } : {}),
      ...(optional(values.fromHour).value !== undefined ? { fromHour: values.fromHour as number } : {}),
      ...(optional(values.toHour).value !== undefined ? { toHour: values.toHour as number } : {}),
      ...(values.operation ? { operation: values.operation } : {}),
      sourceIds: values.sourceIds ?? [],
    };
    try {
      if (editing) await updateAudience({ audienceId: editing.audienceId, name: values.name, type: values.type, conditions });
      else await addAudience({ name: values.name, type: values.type, strategy: values.strategy, conditions });
      onSaved();
    } catch (error) {
      setRefusal(isHttpError(error) ? error.message : t('saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={editing ? t('form.editTitle') : t('form.addTitle')}
      okText={t('form.save')}
      onOk={() => form.submit()}
      confirmLoading={saving}
      onCancel={onClose}
      maskClosable={false}
      width={640}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={(values) => void submit(values)} data-testid="audience-form">
        <Form.Item name="name" label={t('form.name')} rules={[{ required: true, message: t('messages:validation.required') }]}>
          <Input maxLength={64} data-testid="audience-name" />
        </Form.Item>
        <Form.Item name="type" label={t('form.type')}>
          <Radio.Group options={AUDIENCE_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))} />
        </Form.Item>
        <Form.Item
          name="strategy"
          label={t('form.strategy')}
          extra={strategy === 'intelligent' ? t('form.intelligentHint', { days: CROWD_LIMITS.intelligentDays }) : undefined}
        >
          <Radio.Group
            disabled={editing !== null}
            options={(['custom', 'intelligent', 'combined'] as const).map((value) => ({ value, label: t(`strategies.${value}`) }))}
          />
        </Form.Item>
        {strategy !== 'combined' && (
          <Form.Item name="shopIds" label={t('form.stores')}>
            <Select mode="multiple" options={shops} optionFilterProp="label" placeholder={t('form.stores')} data-testid="audience-shops" />
          </Form.Item>
        )}
        {strategy === 'custom' && (
          <>
            <Form.Item name="range" label={t('form.dates')} extra={t('form.datesHint', { days: CROWD_LIMITS.maxRangeDays })}>
              <DatePicker.RangePicker style={{ width: '100%' }} data-testid="audience-range" />
            </Form.Item>
            <Space wrap>
              <Form.Item name="minVisits" label={t('form.minVisits')}>
                <InputNumber min={1} max={1000} precision={0} data-testid="audience-min-visits" />
              </Form.Item>
              <Form.Item name="maxVisits" label={t('form.maxVisits')}>
                <InputNumber min={1} max={1000} precision={0} />
              </Form.Item>
              <Form.Item name="minDwellMinutes" label={t('form.minDwell')}>
                <InputNumber min={0} max={1440} precision={0} />
              </Form.Item>
              <Form.Item name="maxDwellMinutes" label={t('form.maxDwell')}>
                <InputNumber min={1} max={1440} precision={0} />
              </Form.Item>
              <Form.Item name="fromHour" label={t('form.fromHour')}>
                <InputNumber min={0} max={23} precision={0} />
              </Form.Item>
              <Form.Item name="toHour" label={t('form.toHour')}>
                <InputNumber min={1} max={24} precision={0} />
              </Form.Item>
            </Space>
          </>
        )}
        {strategy === 'combined' && (
          <>
            <Form.Item name="operation" label={t('form.operation')}>
              <Radio.Group options={COMBINE_OPERATIONS.map((value) => ({ value, label: t(`operations.${value}`) }))} />
            </Form.Item>
            <Form.Item name="sourceIds" label={t('form.sources')} extra={t('form.sourcesHint')}>
              <Select
                mode="multiple"
                optionFilterProp="label"
                options={(audiences.data?.list ?? [])
                  .filter((row) => row.audienceId !== editing?.audienceId)
                  .map((row) => ({ value: row.audienceId, label: row.name }))}
              />
            </Form.Item>
          </>
        )}
        {refusal && <Alert type="error" showIcon title={refusal} data-testid="audience-refusal" />}
      </Form>
    </Modal>
  );
}
