import { temperatureOperations as ops, SENSOR_KINDS, type SensorRow } from '@storelens/contracts';
import { Form, Input, InputNumber, Modal, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { saveSensor } from '../api.ts';

interface Values {
  boxId: string;
  name: string;
  kind: (typeof SENSOR_KINDS)[number];
  low: number;
  high: number;
  offLow?: number | null;
  offHigh?: number | null;
  delayMinutes: number;
  enabled: boolean;
}

/** Adds a sensor to a box of the caller's stores, or changes one (`sensor`): limits, off-hours limits, delay. */
export function SensorModal({ open, sensor, onClose }: { open: boolean; sensor: SensorRow | null; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation('temperature');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const boxes = useOperation(ops.boxes, {}, { enabled: open });
  const initial: Partial<Values> = sensor
    ? {
        boxId: sensor.boxId,
        name: sensor.name,
        kind: sensor.kind,
        low: sensor.limits.low,
        high: sensor.limits.high,
        offLow: sensor.offHoursLimits?.low ?? null,
        offHigh: sensor.offHoursLimits?.high ?? null,
        delayMinutes: sensor.delayMinutes,
        enabled: sensor.enabled,
      }
    : { kind: 'fridge', low: 0, high: 5, delayMinutes: 30, enabled: true };
  return (
    <Modal
      open={open}
      title={sensor ? t('sensor.edit') : t('sensor.add')}
      okText={t('action.save')}
      confirmLoading={saving}
      destroyOnHidden
      onCancel={() => onClose(false)}
      onOk={() =>
        form.validateFields().then(async (values) => {
          setSaving(true);
          try {
            const offHours = values.offLow !== null && values.offLow !== undefined && values.offHigh !== null && values.offHigh !== undefined;
            await saveSensor({
              ...(sensor ? { sensorId: sensor.sensorId } : {}),
              boxId: values.boxId,
              name: values.name,
              kind: values.kind,
              limits: { low: values.low, high: values.high },
              offHoursLimits: offHours ? { low: values.offLow as number, high: values.offHigh as number } : null,
              delayMinutes: values.delayMinutes,
              enabled: values.enabled,
            });
            onClose(true);
          } finally {
            setSaving(false);
          }
        })
      }
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initial}>
        <Form.Item name="boxId" label={t('sensor.box')} rules={[{ required: true, message: t('sensor.required') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={boxes.isLoading}
            options={(boxes.data ?? []).map((box) => ({ value: box.boxId, label: `${box.name} (${box.mac})` }))}
            data-testid="sensor-box"
          />
        </Form.Item>
        <Form.Item name="name" label={t('columns.sensor')} rules={[{ required: true, whitespace: true, message: t('sensor.required') }, { max: 40 }]}>
          <Input maxLength={40} data-testid="sensor-name" />
        </Form.Item>
        <Form.Item name="kind" label={t('columns.kind')}>
          <Select options={SENSOR_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="low" label={t('sensor.low')} rules={[{ required: true, message: t('sensor.required') }]}>
            <InputNumber min={-60} max={80} step={0.5} />
          </Form.Item>
          <Form.Item name="high" label={t('sensor.high')} rules={[{ required: true, message: t('sensor.required') }]}>
            <InputNumber min={-60} max={80} step={0.5} />
          </Form.Item>
          <Form.Item name="offLow" label={t('sensor.offLow')}>
            <InputNumber min={-60} max={80} step={0.5} />
          </Form.Item>
          <Form.Item name="offHigh" label={t('sensor.offHigh')}>
            <InputNumber min={-60} max={80} step={0.5} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="delayMinutes" label={t('sensor.delay')} rules={[{ required: true, message: t('sensor.required') }]}>
            <InputNumber min={0} max={240} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t('sensor.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
