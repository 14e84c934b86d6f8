import { HYGIENE_LIMITS, type HygieneRecordKind } from '@storelens/contracts';
import { App, DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { createDisinfection, createTraining, createWaste } from '../api.ts';
import { useEmployees, useHygieneRefresh } from '../hooks/useHygiene.ts';
import { ImageField } from './ImageField.tsx';
import { StoreSelect } from './StoreFilter.tsx';

interface Values {
  shopId: string;
  // training
  topic?: string;
  date?: Dayjs;
  trainer?: string;
  attendeeIds?: string[];
  // disinfection
  area?: string;
  method?: string;
  agent?: string;
  person?: string;
  // waste
  wasteType?: string;
  weightKg?: number;
  collector?: string;
  occurredAt?: Dayjs;
  imageId?: string;
}

/** A new training, disinfection or waste record: one column of fields, fit for a phone, with its photo. */
export function RecordModal({ kind, open, onClose }: { kind: HygieneRecordKind; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('hygiene');
  const { message } = App.useApp();
  const refresh = useHygieneRefresh();
  const [form] = Form.useForm<Values>();
  const shopId = Form.useWatch('shopId', form);
  const staff = useEmployees({ shopIds: shopId ? [shopId] : [], page: 1, pageSize: 100 });
  const required = [{ required: true, message: t('form.required') }];
  const text = (name: keyof Values, label: string, max: number = HYGIENE_LIMITS.textMaxChars) => (
    <Form.Item name={name} label={label} rules={[{ required: true, whitespace: true, message: t('form.required') }]}>
      <Input maxLength={max} data-testid={`hygiene-record-${name}`} />
    </Form.Item>
  );

  const save = async () => {
    const values = await form.validateFields();
    const image = values.imageId ? { imageId: values.imageId } : {};
    const occurredAt = (values.occurredAt ?? dayjs()).toISOString();
    if (kind === 'training')
      await createTraining({
        shopId: values.shopId,
        topic: values.topic ?? '',
        date: (values.date ?? dayjs()).format('YYYY-MM-DD'),
        trainer: values.trainer ?? '',
        attendeeIds: values.attendeeIds ?? [],
        ...image,
      });
    else if (kind === 'disinfection')
      await createDisinfection({
        shopId: values.shopId,
        area: values.area ?? '',
        method: values.method ?? '',
        agent: values.agent ?? '',
        person: values.person ?? '',
        occurredAt,
        imageId: values.imageId ?? '',
      });
    else
      await createWaste({
        shopId: values.shopId,
        wasteType: values.wasteType ?? '',
        weightKg: values.weightKg ?? 0,
        collector: values.collector ?? '',
        occurredAt,
        imageId: values.imageId ?? '',
      });
    void message.success(t('form.saved'));
    await refresh();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t(`records.${kind}.add`)}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      okButtonProps={{ 'data-testid': 'hygiene-record-save' }}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ date: dayjs(), occurredAt: dayjs() }}>
        <Form.Item name="shopId" label={t('columns.store')} rules={required}>
          <StoreSelect testId="hygiene-record-store" onChange={() => form.setFieldValue('attendeeIds', [])} />
        </Form.Item>
        {kind === 'training' && (
          <>
            {text('topic', t('columns.topic'))}
            <Form.Item name="date" label={t('columns.date')} rules={required}>
              <DatePicker style={{ width: '100%' }} inputReadOnly />
            </Form.Item>
            {text('trainer', t('columns.trainer'), HYGIENE_LIMITS.nameMaxChars)}
            <Form.Item name="attendeeIds" label={t('columns.attendees')} rules={required}>
              <Select
                mode="multiple"
                optionFilterProp="label"
                disabled={!shopId}
                options={(staff.data?.list ?? []).map((employee) => ({ value: employee.employeeId, label: employee.name }))}
                data-testid="hygiene-record-attendees"
              />
            </Form.Item>
          </>
        )}
        {kind === 'disinfection' && (
          <>
            {text('area', t('columns.area'))}
            {text('method', t('columns.method'))}
            {text('agent', t('columns.agent'))}
            {text('person', t('columns.person'), HYGIENE_LIMITS.nameMaxChars)}
          </>
        )}
        {kind === 'waste' && (
          <>
            {text('wasteType', t('columns.wasteType'))}
            <Form.Item name="weightKg" label={t('columns.weight')} rules={required}>
              <InputNumber
                min={0.001}
                max={HYGIENE_LIMITS.weightMaxKg}
                step={0.1}
                style={{ width: '100%' }}
                inputMode="decimal"
                data-testid="hygiene-record-weight"
              />
            </Form.Item>
            {text('collector', t('columns.collector'), HYGIENE_LIMITS.nameMaxChars)}
          </>
        )}
        {kind !== 'training' && (
          <Form.Item name="occurredAt" label={t('columns.time')} rules={required}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} inputReadOnly />
          </Form.Item>
        )}
        <Form.Item name="imageId" label={t(`records.${kind}.picture`)} rules={kind === 'training' ? [] : required}>
          <ImageField testId="hygiene-record-image" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
