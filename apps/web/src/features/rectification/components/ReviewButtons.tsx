import { RECTIFICATION_LIMITS, requiredText } from '@storelens/contracts';
import { App, Button, type ButtonProps, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestConfirmation } from '../../../shared/lib/confirmModal.ts';
import { schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { reviewRectification } from '../api.ts';
import { useRectificationRefresh } from '../hooks/useRectification.ts';

const reasonRule = schemaFieldRule(requiredText(RECTIFICATION_LIMITS.reasonMaxChars));

/** The founder's or reviewer's decision on an answer: approve (changed), or reject with the reason the handler reads. */
export function ReviewButtons({ rectificationId, itemName }: { rectificationId: string; itemName: string }) {
  const { t } = useTranslation('rectification');
  const { message } = App.useApp();
  const refresh = useRectificationRefresh();
  const [form] = Form.useForm<{ reason?: string }>();
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);

  const approve = async () => {
    const confirmed = await requestConfirmation({
      title: t('review.approveTitle', { item: itemName }),
      body: t('review.approveBody'),
      onConfirm: async () => {
        await reviewRectification({ rectificationId, decision: 'approve' });
        return true;
      },
    });
    if (!confirmed) return;
    void message.success(t('review.approved'));
    await refresh();
  };

  const reject = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await reviewRectification({ rectificationId, decision: 'reject', reason: values.reason ?? '' });
      void message.success(t('review.rejected'));
      setRejecting(false);
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space>
      <Button type="primary" onClick={() => void approve()} data-testid="rectification-approve">
        {t('review.approve')}
      </Button>
      <Button danger onClick={() => setRejecting(true)} data-testid="rectification-reject">
        {t('review.reject')}
      </Button>
      <Modal
        open={rejecting}
        title={t('review.rejectTitle', { item: itemName })}
        onCancel={() => setRejecting(false)}
        onOk={() => void reject().catch(() => undefined)}
        okText={t('review.reject')}
        okButtonProps={{ danger: true, 'data-testid': 'rectification-reject-ok' } as ButtonProps}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="reason" label={t('review.reason')} rules={[reasonRule]} extra={t('review.reasonHint')}>
            <Input.TextArea rows={3} maxLength={RECTIFICATION_LIMITS.reasonMaxChars} showCount data-testid="rectification-reject-reason-input" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
