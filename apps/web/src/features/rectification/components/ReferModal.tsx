import { RECTIFICATION_LIMITS, requiredText } from '@storelens/contracts';
import { App, type ButtonProps, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { referRectification } from '../api.ts';
import { useHandlerCandidates, useRectificationRefresh } from '../hooks/useRectification.ts';

const reasonRule = schemaFieldRule(requiredText(RECTIFICATION_LIMITS.reasonMaxChars));

/** Hand the item over to another person who may handle its store, with the reason (kept in the history). */
export function ReferModal({
  item,
  open,
  onClose,
  onDone,
}: {
  item: { rectificationId: string; shopId: string; handler: { userId: string } };
  open: boolean;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation('rectification');
  const { message } = App.useApp();
  const refresh = useRectificationRefresh();
  const [form] = Form.useForm<{ handlerId?: string; reason?: string }>();
  const candidates = useHandlerCandidates(open ? item.shopId : undefined);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await referRectification({ rectificationId: item.rectificationId, handlerId: values.handlerId ?? '', reason: values.reason ?? '' });
      void message.success(t('refer.done'));
      await refresh();
      onClose();
      onDone?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('refer.title')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('refer.ok')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'rectification-refer-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="handlerId" label={t('refer.to')} rules={[{ required: true, message: t('refer.choose') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={candidates.isFetching}
            options={(candidates.data ?? [])
              .filter((candidate) => candidate.userId !== item.handler.userId)
              .map((candidate) => ({ value: candidate.userId, label: candidate.name }))}
            data-testid="rectification-refer-to"
          />
        </Form.Item>
        <Form.Item name="reason" label={t('refer.reason')} rules={[reasonRule]}>
          <Input.TextArea rows={3} maxLength={RECTIFICATION_LIMITS.reasonMaxChars} showCount data-testid="rectification-refer-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
