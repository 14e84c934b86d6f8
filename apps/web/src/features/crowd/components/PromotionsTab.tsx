import type { PromotionRow } from '@storelens/contracts';
import {
  Alert,
  App,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Image,
  Input,
  Modal,
  Select,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  Upload,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaging } from '../../../shared/hooks/usePaging.ts';
import { requestConfirmation } from '../../../shared/lib/confirmModal.ts';
import { isHttpError } from '../../../shared/lib/http.ts';
import { CanButton } from '../../session/components/CanButton.tsx';
import { addPromotion, deleteMaterial, deletePromotion, fetchMaterial, updatePromotion, uploadMaterial } from '../api.ts';
import { useAllAudiences, useCrowdRefresh, usePromotionDetail, usePromotions } from '../hooks/useCrowd.ts';

interface Values {
  name: string;
  audienceId: string;
  range: [Dayjs, Dayjs];
  landingUrl?: string;
  description?: string;
}

/** A material image fetched with the session (no token in a URL). */
function MaterialImage({ promotionId, materialId, alt }: { promotionId: string; materialId: string; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let revoked: string | null = null;
    void fetchMaterial(promotionId, materialId).then((blob) => {
      revoked = URL.createObjectURL(blob);
      setUrl(revoked);
    });
    return () => {
      if (revoked) URL.revokeObjectURL(revoked);
    };
  }, [promotionId, materialId]);
  return url ? <Image src={url} alt={alt} width={120} /> : null;
}

const points = (value: number | null) => (value === null ? '--' : `${value > 0 ? '+' : ''}${value}`);
const rate = (value: number | null) => (value === null ? '--' : `${value}%`);

/** Promotions: name, audience, schedule, landing page, materials, and the measured effect in a drawer. */
export function PromotionsTab() {
  const { t } = useTranslation('crowd');
  const { message } = App.useApp();
  const paging = usePaging('');
  const list = usePromotions(paging.page, paging.pageSize);
  const audiences = useAllAudiences();
  const refresh = useCrowdRefresh();
  // The form's promotion: null closed, 'new' adding, or the row being changed.
  const [editing, setEditing] = useState<PromotionRow | 'new' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const detail = usePromotionDetail(open);
  const [form] = Form.useForm<Values>();

  const save = async (values: Values) => {
    setRefusal(null);
    const fields = {
      name: values.name,
      audienceId: values.audienceId,
      startDate: values.range[0].format('YYYY-MM-DD'),
      endDate: values.range[1].format('YYYY-MM-DD'),
      landingUrl: values.landingUrl ?? '',
      description: values.description ?? '',
    };
    try {
      if (editing && editing !== 'new') await updatePromotion({ promotionId: editing.promotionId, ...fields });
      else await addPromotion(fields);
      setEditing(null);
      message.success(t('saved'));
      void refresh();
    } catch (error) {
      setRefusal(isHttpError(error) ? error.message : t('saveFailed'));
    }
  };
  const startEditing = (row: PromotionRow) => {
    setRefusal(null);
    form.setFieldsValue({
      name: row.name,
      audienceId: row.audienceId,
      range: [dayjs(row.startDate), dayjs(row.endDate)],
      landingUrl: row.landingUrl,
      description: row.description,
    });
    setEditing(row);
  };
  const confirmDelete = (row: PromotionRow) =>
    void requestConfirmation({
      title: t('promotions.deleteTitle', { name: row.name }),
      body: t('promotions.deleteBody'),
      danger: true,
      onConfirm: () => true,
    }).then((yes) => {
      if (yes) void deletePromotion(row.promotionId).then(() => refresh());
    });
  const columns: TableColumnsType<PromotionRow> = [
    { key: 'name', title: t('promotions.name'), dataIndex: 'name' },
    { key: 'audience', title: t('promotions.audience'), dataIndex: 'audienceName', ellipsis: true },
    { key: 'dates', title: t('promotions.dates'), render: (_, row) => `${row.startDate} ~ ${row.endDate}` },
    { key: 'phase', title: t('promotions.phase'), render: (_, row) => <Tag>{t(`promotions.phases.${row.phase}`)}</Tag> },
    { key: 'materials', title: t('promotions.materials'), render: (_, row) => row.materials.length },
    {
      key: 'landing',
      title: t('promotions.landing'),
      ellipsis: true,
      render: (_, row) =>
        row.landingUrl ? (
          <a href={row.landingUrl} target="_blank" rel="noreferrer noopener">
            {row.landingUrl}
          </a>
        ) : (
          '--'
        ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, row) => (
        <Space size={0}>
          <CanButton
            permission="cueretail_crowd_manage"
            type="link"
            size="small"
            onClick={() => setOpen(row.promotionId)}
            data-testid={`promotion-open-${row.promotionId}`}
          >
            {t('promotions.open')}
          </CanButton>
          <CanButton permission="crowd_create" type="link" size="small" onClick={() => startEditing(row)} data-testid={`promotion-edit-${row.promotionId}`}>
            {t('promotions.edit')}
          </CanButton>
          <CanButton permission="crowd_create" type="link" size="small" danger onClick={() => confirmDelete(row)}>
            {t('actions.delete')}
          </CanButton>
        </Space>
      ),
    },
  ];
  const effect = detail.data?.effect;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <CanButton
        permission="crowd_create"
        type="primary"
        onClick={() => {
          form.resetFields();
          setRefusal(null);
          setEditing('new');
        }}
        data-testid="promotion-add"
      >
        {t('promotions.add')}
      </CanButton>
      <Table<PromotionRow>
        rowKey="promotionId"
        size="small"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isLoading}
        pagination={{ current: paging.page, pageSize: paging.pageSize, total: list.data?.total ?? 0, onChange: paging.onChange }}
        scroll={{ x: 'max-content' }}
        data-testid="promotion-list"
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('promotions.add') : t('promotions.editTitle')}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        maskClosable={false}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
          <Form.Item name="name" label={t('promotions.name')} rules={[{ required: true, message: t('messages:validation.required') }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="audienceId" label={t('promotions.audience')} rules={[{ required: true, message: t('messages:validation.required') }]}>
            <Select options={(audiences.data?.list ?? []).map((row) => ({ value: row.audienceId, label: row.name }))} />
          </Form.Item>
          <Form.Item name="range" label={t('promotions.dates')} rules={[{ required: true, message: t('messages:validation.required') }]}>
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="landingUrl" label={t('promotions.landing')}>
            <Input placeholder="https://" maxLength={500} />
          </Form.Item>
          <Form.Item name="description" label={t('promotions.description')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
        {refusal && <Alert type="error" showIcon title={refusal} />}
      </Modal>
      <Drawer open={open !== null} onClose={() => setOpen(null)} size={560} title={detail.data?.name ?? ''}>
        {detail.data && (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="promotion-detail">
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('promotions.audience')}>{detail.data.audienceName}</Descriptions.Item>
              <Descriptions.Item label={t('promotions.dates')}>{`${detail.data.startDate} ~ ${detail.data.endDate}`}</Descriptions.Item>
              <Descriptions.Item label={t('promotions.landing')}>{detail.data.landingUrl || '--'}</Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5}>{t('promotions.materials')}</Typography.Title>
            <Space wrap>
              {detail.data.materials.map((material) => (
                <Space key={material.materialId} orientation="vertical" size={0}>
                  <MaterialImage promotionId={detail.data.promotionId} materialId={material.materialId} alt={material.fileName} />
                  <CanButton
                    permission="crowd_create"
                    type="link"
                    size="small"
                    danger
                    onClick={() => void deleteMaterial(detail.data.promotionId, material.materialId).then(() => refresh())}
                  >
                    {t('actions.delete')}
                  </CanButton>
                </Space>
              ))}
            </Space>
            <Upload
              accept="image/jpeg,image/png,image/webp"
              showUploadList={false}
              beforeUpload={(file) => {
                uploadMaterial(detail.data.promotionId, file)
                  .then(() => refresh())
                  // The HTTP client already shows the server's refusal (a text file named .jpg, too large).
                  .catch(() => undefined);
                return false;
              }}
            >
              <CanButton permission="crowd_create">{t('promotions.addMaterial')}</CanButton>
            </Upload>
            <Typography.Title level={5}>{t('effect.title')}</Typography.Title>
            {effect && !effect.measurable && <Alert type="info" showIcon title={t('effect.notYet')} />}
            {effect?.measurable && (
              <>
                {effect.acquisitionOverlaps && <Alert type="warning" showIcon title={t('effect.overlaps')} data-testid="effect-overlaps" />}
                <Space size="large" wrap>
                  <Statistic title={t('effect.audienceDuring')} value={rate(effect.audience.duringRate)} />
                  <Statistic title={t('effect.controlDuring')} value={rate(effect.control.duringRate)} />
                  <Statistic title={t('effect.liftDuring')} value={points(effect.duringLiftPoints)} />
                </Space>
                <Space size="large" wrap>
                  <Statistic title={t('effect.audienceAfter')} value={rate(effect.audience.afterRate)} />
                  <Statistic title={t('effect.controlAfter')} value={rate(effect.control.afterRate)} />
                  <Statistic title={t('effect.liftAfter')} value={points(effect.afterLiftPoints)} />
                </Space>
                <Typography.Paragraph type="secondary">
                  {t('effect.method', {
                    audience: effect.audience.people,
                    control: effect.control.people,
                    baseline: `${effect.baseline.startDate} ~ ${effect.baseline.endDate}`,
                    after: `${effect.after.startDate} ~ ${effect.after.endDate}`,
                  })}
                </Typography.Paragraph>
              </>
            )}
          </Space>
        )}
      </Drawer>
    </Space>
  );
}
