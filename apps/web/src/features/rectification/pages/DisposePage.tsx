import { RECTIFICATION_LIMITS, requiredText } from '@storelens/contracts';
import { Alert, App, Button, Card, Empty, Flex, Form, Input, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { SectionHeading } from '../../../shared/ui/SectionHeading.tsx';
import { submitRectification } from '../api.ts';
import { AnswerView } from '../components/AnswerView.tsx';
import { BeforeAfter } from '../components/BeforeAfter.tsx';
import { HistoryTimeline } from '../components/HistoryTimeline.tsx';
import { ImageUploader, type UploadedImages } from '../components/ImageUploader.tsx';
import { ItemActions } from '../components/ItemActions.tsx';
import { ItemSummary } from '../components/ItemSummary.tsx';
import { useRectification, useRectificationRefresh } from '../hooks/useRectification.ts';
import { MY_RECTIFICATIONS_PATH } from '../routes.tsx';

const feedbackRule = schemaFieldRule(requiredText(RECTIFICATION_LIMITS.feedbackMaxChars));

/**
 * Answer a rectification (/myTodo/mendTodo/afterDeal/dispose?rectificationId=, hidden): what was
 * found and why an earlier answer was rejected, then the feedback and up to 9 photos. Only the
 * handler of an open item may answer (the page says so to anyone else; the server refuses anyway).
 */
export function DisposePage() {
  const { t } = useTranslation('rectification');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const refresh = useRectificationRefresh();
  const [params] = useSearchParams();
  const rectificationId = params.get('rectificationId') ?? '';
  const item = useRectification(rectificationId);
  const [form] = Form.useForm<{ feedback?: string }>();
  const [images, setImages] = useState<UploadedImages>({ mediaIds: [], busy: false });
  const [busy, setBusy] = useState(false);

  if (!rectificationId || item.isError) return <Empty description={t('detail.notFound')} />;
  if (!item.data) return <Spin />;
  const data = item.data;

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await submitRectification({ rectificationId, feedback: values.feedback ?? '', imageIds: images.mediaIds });
      void message.success(t('dispose.done'));
      await refresh();
      void navigate(MY_RECTIFICATIONS_PATH);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={16} data-testid="rectification-dispose" data-state={data.state}>
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <SectionHeading style={{ margin: 0 }}>{`${data.shopName} · ${data.itemName}`}</SectionHeading>
          <ItemActions item={data} answerHere />
        </Flex>
        <ItemSummary item={data} />
      </Card>
      <BeforeAfter item={data} />
      <Card size="small" data-testid="rectification-answer-form">
        <SectionHeading>{t('dispose.title')}</SectionHeading>
        {data.rejectReason && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('answer.rejected', { reason: data.rejectReason })}
            data-testid="rectification-dispose-rejected"
          />
        )}
        {data.abilities.submit ? (
          <Form form={form} layout="vertical" onFinish={() => void submit().catch(() => undefined)}>
            <Form.Item name="feedback" label={t('dispose.feedback')} rules={[feedbackRule]}>
              <Input.TextArea rows={4} maxLength={RECTIFICATION_LIMITS.feedbackMaxChars} showCount data-testid="rectification-feedback-input" />
            </Form.Item>
            <Form.Item label={t('dispose.images')} extra={t('images.hint', { max: RECTIFICATION_LIMITS.imagesMax })}>
              <ImageUploader onChange={setImages} testId="rectification-feedback-images" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} disabled={images.busy} data-testid="rectification-submit">
              {t('dispose.submit')}
            </Button>
          </Form>
        ) : (
          <Typography.Paragraph type="secondary" data-testid="rectification-dispose-closed">
            {t('dispose.notYours')}
          </Typography.Paragraph>
        )}
      </Card>
      {data.feedback && <AnswerView item={data} showRejection={false} />}
      <HistoryTimeline rectificationId={rectificationId} />
    </Flex>
  );
}
