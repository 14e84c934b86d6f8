import { FLOOR_PLAN, type FloorPlan, floorplanOperations as ops } from '@storelens/contracts';
import { Button, type ButtonProps, Form, Input, InputNumber, Modal, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callOperation, postFormToOperation } from '../../../shared/lib/operations.ts';

interface Values {
  name: string;
  number?: string;
  floor: number;
  pixelsPerMetre: number;
}

/**
 * Adds a floor plan (with its image) or edits one (name, number, floor, scale; a new image goes
 * through the upload and 'save by URL'). The server checks the image's content and size.
 */
export function PlanFormModal({
  shopId,
  plan,
  open,
  onClose,
  onSaved,
}: {
  shopId: string;
  plan: FloorPlan | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('floorplan');
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      if (plan) {
        await callOperation(ops.planUpdate, {
          planId: plan.id,
          name: values.name,
          number: values.number ?? '',
          floor: values.floor,
          ...(values.pixelsPerMetre !== plan.pixelsPerMetre ? { pixelsPerMetre: values.pixelsPerMetre } : {}),
        });
        if (file) {
          const form = new FormData();
          form.append('file', file, file.name);
          const uploaded = await postFormToOperation(ops.planImageUpload, form);
          await callOperation(ops.planSaveByUrl, { planId: plan.id, imageKey: uploaded.imageKey });
        }
      } else {
        const body = new FormData();
        body.append('shopId', shopId);
        body.append('name', values.name);
        body.append('number', values.number ?? '');
        body.append('floor', String(values.floor));
        body.append('pixelsPerMetre', String(values.pixelsPerMetre));
        if (file) body.append('file', file, file.name);
        await postFormToOperation(ops.planAdd, body);
      }
      setFile(null);
      onSaved();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={plan ? t('plans.edit') : t('plans.add')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'plan-form-ok' } as ButtonProps}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          plan ? { name: plan.name, number: plan.number, floor: plan.floor, pixelsPerMetre: plan.pixelsPerMetre } : { floor: 1, pixelsPerMetre: 40 }
        }
      >
        <Form.Item name="name" label={t('plans.name')} rules={[{ required: true, whitespace: true, max: FLOOR_PLAN.nameMaxChars }]}>
          <Input data-testid="plan-form-name" />
        </Form.Item>
        <Form.Item name="number" label={t('plans.number')} rules={[{ max: FLOOR_PLAN.numberMaxChars }]}>
          <Input />
        </Form.Item>
        <Form.Item name="floor" label={t('plans.floor')} rules={[{ required: true }]}>
          <InputNumber min={FLOOR_PLAN.minFloor} max={FLOOR_PLAN.maxFloor} precision={0} />
        </Form.Item>
        <Form.Item name="pixelsPerMetre" label={t('plans.scale')} rules={[{ required: true }]}>
          <InputNumber min={0.01} max={10_000} />
        </Form.Item>
        <Form.Item label={plan ? t('plans.replaceImage') : t('plans.image')} required={!plan}>
          <Upload
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
          >
            <Button data-testid="plan-form-file">{t('plans.chooseImage')}</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
