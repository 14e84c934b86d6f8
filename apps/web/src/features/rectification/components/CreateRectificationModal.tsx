import { inspectionOperations, RECTIFICATION_LIMITS, requiredText } from '@storelens/contracts';
import { App, AutoComplete, type ButtonProps, Col, DatePicker, Form, Input, Modal, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOperation } from '../../../shared/hooks/useOperation.ts';
import { cameraChoicesOfShop, shopChoicesOf } from '../../../shared/lib/shopChoices.ts';
import { schemaFieldRule } from '../../../shared/ui/antdFormRules.ts';
import { useCan } from '../../session/hooks/useCan.ts';
import { useSessionStore } from '../../session/state/sessionStore.ts';
import { createRectification } from '../api.ts';
import { useHandlerCandidates, useRectificationRefresh } from '../hooks/useRectification.ts';
import { ImageUploader, type UploadedImages } from './ImageUploader.tsx';

interface Values {
  shopId?: string;
  itemName?: string;
  categoryName?: string;
  problem?: string;
  handlerId?: string;
  reviewerId?: string;
  deadline?: Dayjs | null;
  cameraId?: string;
  capturedAt?: Dayjs | null;
}

const itemNameRule = schemaFieldRule(requiredText(RECTIFICATION_LIMITS.itemNameMaxChars));
const problemRule = schemaFieldRule(requiredText(RECTIFICATION_LIMITS.problemMaxChars));

/**
 * Create a rectification by hand ('create rectification'): the store, the item (typed, or one of
 * the SOP's), the problem, its handler (the store's default one is chosen), a reviewer, the deadline
 * (left empty: the end of the store's day in three days), a camera and the time it showed the
 * problem (its frame becomes evidence, and the frame at the deadline the comparison), and photos.
 */
export function CreateRectificationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('rectification');
  const { message } = App.useApp();
  const refresh = useRectificationRefresh();
  const [form] = Form.useForm<Values>();
  const shopTree = useSessionStore((state) => state.shopTree);
  const cameraTree = useSessionStore((state) => state.cameraTree);
  const shops = useMemo(() => shopChoicesOf(shopTree), [shopTree]);
  const shopId = Form.useWatch('shopId', form);
  const cameraId = Form.useWatch('cameraId', form);
  const cameras = useMemo(() => cameraChoicesOfShop(cameraTree, shopId), [cameraTree, shopId]);
  const handlers = useHandlerCandidates(shopId);
  const canReadSop = useCan('cueretail_shopinspect_mngsop') === 'shown';
  const sop = useOperation(inspectionOperations.getSiItems, { includeFiled: false }, { enabled: open && canReadSop, staleTime: 60_000 });
  const [images, setImages] = useState<UploadedImages>({ mediaIds: [], busy: false });
  const [busy, setBusy] = useState(false);

  // A store chosen: its default handler, until someone picks another.
  const defaultHandler = handlers.data?.find((candidate) => candidate.isDefault)?.userId;
  useEffect(() => {
    if (defaultHandler && !form.getFieldValue('handlerId')) form.setFieldValue('handlerId', defaultHandler);
  }, [defaultHandler, form]);

  const itemOptions = (sop.data ?? []).map((group) => ({
    label: group.name,
    options: group.items.map((item) => ({ value: item.name, label: item.name, category: group.name })),
  }));

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const { rectificationId } = await createRectification({
        shopId: values.shopId ?? '',
        itemName: values.itemName ?? '',
        categoryName: values.categoryName ?? '',
        problem: values.problem ?? '',
        ...(values.handlerId ? { handlerId: values.handlerId } : {}),
        ...(values.reviewerId ? { reviewerId: values.reviewerId } : {}),
        ...(values.deadline ? { deadline: values.deadline.toISOString() } : {}),
        ...(values.cameraId ? { cameraId: values.cameraId, ...(values.capturedAt ? { capturedAt: values.capturedAt.toISOString() } : {}) } : {}),
        imageIds: images.mediaIds,
      });
      void message.success(t('create.done'));
      await refresh();
      onClose();
      return rectificationId;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('create.title')}
      width={720}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('create.ok')}
      confirmLoading={busy}
      okButtonProps={{ disabled: images.busy, 'data-testid': 'rectification-create-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} data-testid="rectification-create-form">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="shopId" label={t('create.store')} rules={[{ required: true, message: t('create.chooseStore') }]}>
              <Select
                showSearch
                optionFilterProp="label"
                options={shops}
                onChange={() => form.setFieldsValue({ handlerId: undefined, reviewerId: undefined, cameraId: undefined })}
                data-testid="rectification-create-store"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="handlerId" label={t('create.handler')} tooltip={t('create.handlerHint')}>
              <Select
                disabled={!shopId}
                loading={handlers.isFetching}
                options={(handlers.data ?? []).map((candidate) => ({
                  value: candidate.userId,
                  label: candidate.isDefault ? `${candidate.name} (${t('create.default')})` : candidate.name,
                }))}
                data-testid="rectification-create-handler"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="itemName" label={t('create.item')} rules={[itemNameRule]}>
              <AutoComplete
                options={itemOptions}
                filterOption={(input, option) => option !== undefined && 'value' in option && String(option.value).toLowerCase().includes(input.toLowerCase())}
                onSelect={(_, option) => {
                  if ('category' in option && typeof option.category === 'string') form.setFieldValue('categoryName', option.category);
                }}
              >
                <Input data-testid="rectification-create-item" maxLength={RECTIFICATION_LIMITS.itemNameMaxChars} />
              </AutoComplete>
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="categoryName" label={t('create.category')}>
              <Input maxLength={RECTIFICATION_LIMITS.categoryNameMaxChars} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="problem" label={t('create.problem')} rules={[problemRule]}>
              <Input.TextArea rows={3} maxLength={RECTIFICATION_LIMITS.problemMaxChars} showCount data-testid="rectification-create-problem" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="reviewerId" label={t('create.reviewer')} tooltip={t('create.reviewerHint')}>
              <Select allowClear disabled={!shopId} options={(handlers.data ?? []).map((candidate) => ({ value: candidate.userId, label: candidate.name }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="deadline" label={t('create.deadline')}>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                placeholder={t('create.deadlineHint', { days: RECTIFICATION_LIMITS.defaultDeadlineDays })}
                disabledDate={(day) => day.isBefore(dayjs(), 'day') || day.isAfter(dayjs().add(RECTIFICATION_LIMITS.deadlineMaxDays, 'day'))}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="cameraId" label={t('create.camera')} tooltip={t('create.cameraHint')}>
              <Select allowClear disabled={!shopId} options={cameras} placeholder={t('create.noCamera')} data-testid="rectification-create-camera" />
            </Form.Item>
          </Col>
          <Col span={12}>
            {cameraId && (
              <Form.Item name="capturedAt" label={t('create.capturedAt')}>
                <DatePicker
                  showTime={{ format: 'HH:mm:ss' }}
                  format="YYYY-MM-DD HH:mm:ss"
                  placeholder={t('create.capturedAtHint')}
                  disabledDate={(day) => day.isAfter(dayjs())}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            )}
          </Col>
        </Row>
        <Form.Item label={t('create.images')} extra={t('images.hint', { max: RECTIFICATION_LIMITS.imagesMax })}>
          <ImageUploader onChange={setImages} testId="rectification-create-images" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
